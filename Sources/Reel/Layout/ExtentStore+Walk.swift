extension ExtentStore {
  /// What a walk of the store reads, taken out of it once: the addresses of its buffer's
  /// arrays, its root, height and count, all plain values (see ``walker``).
  ///
  /// A walk through it holds no reference and reads nothing from the store's own fields, so a
  /// caller whose closure writes memory the compiler cannot tell apart from the store (a
  /// window's entries) does not copy the store, retaining its buffer, to keep it as it was.
  /// Valid while the store it was read from lives and is not changed.
  @usableFromInline
  struct Walker {
    @usableFromInline let entryCount: UnsafeMutablePointer<Int>
    @usableFromInline let entryRef: UnsafeMutablePointer<Int32>
    @usableFromInline let entryEnd: UnsafeMutablePointer<Int>
    @usableFromInline let entryBefore: UnsafeMutablePointer<Double>
    @usableFromInline let fill: UnsafeMutablePointer<Int32>
    @usableFromInline let leafExtent: UnsafeMutablePointer<Double>
    @usableFromInline let leafSlot: UnsafeMutablePointer<Int32>
    @usableFromInline let wideSlab: UnsafeMutablePointer<Double>
    @usableFromInline let narrowSlab: UnsafeMutablePointer<Float>
    @usableFromInline let root: Int
    @usableFromInline let height: Int
    @usableFromInline let count: Int

    @inlinable
    init(_ store: ExtentStore) {
      entryCount = store.entryCount
      entryRef = store.entryRef
      entryEnd = store.entryEnd
      entryBefore = store.entryBefore
      fill = store.fill
      leafExtent = store.leafExtent
      leafSlot = store.leafSlot
      wideSlab = store.wideSlab
      narrowSlab = store.narrowSlab
      root = store.root
      height = store.height
      count = store.count
    }
  }

  /// The store's walker: what ``forEachStartAndExtent(in:_:)`` reads, read once.
  ///
  /// - Complexity: O(1).
  @inlinable
  var walker: Walker { Walker(self) }

  /// Calls `body` with the index, start and extent of every item in `range`, in order (see
  /// ``Walker/forEachStartAndExtent(in:_:)``).
  ///
  /// - Precondition: `range` lies in `0...count`.
  /// - Complexity: O(k + (k / 32 + 1) log n) for k items.
  @inlinable
  func forEachStartAndExtent(
    in range: Range<Int>, _ body: (_ index: Int, _ start: Double, _ extent: Double) -> Void
  ) {
    // The store is borrowed for the call: its buffer lives, unchanged, through the walk.
    walker.forEachStartAndExtent(in: range, body)
  }
}

extension ExtentStore.Walker {
  /// Calls `body` with the index, start and extent of every item in `range`, in order.
  ///
  /// The starts are the same values ``ExtentStore/startAndExtent(of:)`` returns (the same additions in the
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
        let base = node &* ExtentStore.stride
        e = base &+ ExtentStore.entryPosition(of: i, in: node, entryEnd: entryEnd, fill: fill)
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
          body(index, sum + ExtentStore.runSum(i, extent), extent)
          i &+= 1
          index &+= 1
        }
      } else {
        if slot & ExtentStore.narrowBit != 0 {
          ExtentStore.walkLeaf(
            narrowSlab + (slot ^ ExtentStore.narrowBit) &* ExtentStore.leafCapacity, from: i,
            after: sum,
            indices: index..<stop, body)
        } else {
          ExtentStore.walkLeaf(
            wideSlab + slot &* ExtentStore.leafCapacity, from: i, after: sum, indices: index..<stop,
            body)
        }
        index = stop
      }
      guard index < range.upperBound else { return }
      // The next leaf: the parent's next entry when there is one, else a descent from the root.
      let parent = e / ExtentStore.stride
      if e &+ 1 < parent &* ExtentStore.stride &+ Int(fill[parent]) {
        e &+= 1
        sum = sumAbove + entryBefore[e]
        node = Int(entryRef[e])
        i = 0
      } else {
        descend()
      }
    }
  }
}

extension ExtentStore {
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
