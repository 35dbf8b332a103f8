extension ExtentStore {
  /// Calls `body` with the index, start and extent of every item in `range`, in order.
  ///
  /// The starts are the same values ``startAndExtent(of:)`` returns (the same additions in the
  /// same order), at one descent for the first leaf instead of one per item: the next leaf
  /// under the same parent is reached from the parent's next entry (its running sum added to
  /// the sum above the parent's level, as a descent to it adds them), so a window of
  /// consecutive items costs about one lookup plus one addition per item.
  ///
  /// - Precondition: `range` lies in `0...count`.
  /// - Complexity: O(k + (k / 32 + 1) log n) for k items.
  @inlinable
  func forEachStartAndExtent(
    in range: Range<Int>, _ body: (_ index: Int, _ start: Double, _ extent: Double) -> Void
  ) {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count,
      "ExtentStore: range \(range) is out of bounds 0..<\(count)")
    var index = range.lowerBound
    guard index < range.upperBound else { return }
    // The descent to the first item's leaf; the running sum above the leaf's own entry is kept
    // (`sumAbove`), so that the next leaf under the same parent starts from it with that
    // entry's running sum: the very additions a descent to it would make.
    var node = root
    var i = index
    var sumAbove = 0.0
    var sum = 0.0
    var e = 0
    // Down from the root to the leaf of item `index`, as `startAndExtent(of:)` descends.
    @inline(__always) func descend() {
      node = root
      i = index
      sum = 0.0
      for level in 0..<height {
        let base = node &* Self.stride
        e = base &+ Self.entryPosition(of: i, in: node, entryEnd: entryEnd, fill: fill)
        if level == height &- 1 { sumAbove = sum }
        sum += entryBefore[e]
        if e > base { i &-= entryEnd[e &- 1] }
        node = Int(entryRef[e])
      }
    }
    descend()
    while true {
      let leafItems = entryCount[e]
      let stop = min(range.upperBound, index &+ (leafItems &- i))
      let slot = Int(leafSlot[node])
      if slot < 0 {
        let extent = leafExtent[node]
        while index < stop {
          body(index, sum + Self.runSum(i, extent), extent)
          i &+= 1
          index &+= 1
        }
      } else {
        if slot & Self.narrowBit != 0 {
          Self.walkLeaf(
            narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, from: i, after: sum,
            indices: index..<stop, body)
        } else {
          Self.walkLeaf(
            wideSlab + slot &* Self.leafCapacity, from: i, after: sum, indices: index..<stop, body)
        }
        index = stop
      }
      guard index < range.upperBound else { return }
      // The next leaf: the parent's next entry when there is one, else a descent from the root.
      let parent = e / Self.stride
      if e &+ 1 < parent &* Self.stride &+ Int(fill[parent]) {
        e &+= 1
        sum = sumAbove + entryBefore[e]
        node = Int(entryRef[e])
        i = 0
      } else {
        descend()
      }
    }
  }

  /// ``forEachStartAndExtent(in:_:)`` in one dense leaf: the items at `indices`, the first at
  /// position `i` of the leaf, whose start is `start` plus the extents before `i`.
  @inlinable @inline(__always)
  static func walkLeaf<E: StoredExtent>(
    _ values: UnsafeMutablePointer<E>, from i: Int, after start: Double, indices: Range<Int>,
    _ body: (_ index: Int, _ start: Double, _ extent: Double) -> Void
  ) {
    var sum = start
    for j in 0..<i { sum += values[j].extentValue }
    var position = i
    for index in indices {
      let extent = values[position].extentValue
      body(index, sum, extent)
      sum += extent
      position &+= 1
    }
  }
}
