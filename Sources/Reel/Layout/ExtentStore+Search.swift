extension ExtentStore {
  /// Where a search stands: a node at some level, the running sum and item count before it, and
  /// the item count of the entry that led to it.
  @usableFromInline
  struct SearchPoint {
    @usableFromInline var node: Int
    @usableFromInline var sum = 0.0
    @usableFromInline var k = 0
    @usableFromInline var leafItems = 0
    @usableFromInline var level = 0

    @inlinable @inline(__always)
    init(root: Int) { node = root }
  }

  /// ``search(_:perItem:strict:)`` from `point` on, the predicate holding at the start of its
  /// node (or leaf, at level `height`) and failing at its end.
  @inlinable @inline(__always)
  func finishSearch(
    _ limit: Double, perItem: Double, strict: Bool, from point: SearchPoint
  ) -> Int {
    @inline(__always) func holds(_ sum: Double, _ k: Int) -> Bool {
      let value = sum + Double(k) * perItem
      return strict ? value < limit : value <= limit
    }
    // Invariant: the predicate holds at the start of the current node, fails at its end.
    var node = point.node
    var sum = point.sum
    var k = point.k
    var leafCount = point.leafItems
    var level = point.level
    while level < height {
      let base = node &* Self.stride
      // The last entry whose start satisfies the predicate, by bisection.
      var lo = 0
      var hi = Int(fill[node]) &- 1
      while lo < hi {
        let mid = (lo &+ hi &+ 1) >> 1
        let e = base &+ mid
        if holds(sum + entryBefore[e], k &+ entryEnd[e &- 1]) { lo = mid } else { hi = mid &- 1 }
      }
      let e = base &+ lo
      sum += entryBefore[e]
      if lo > 0 { k &+= entryEnd[e &- 1] }
      node = Int(entryRef[e])
      leafCount = entryCount[e]
      level &+= 1
    }
    let slot = Int(leafSlot[node])
    if slot < 0 {
      let extent = leafExtent[node]
      let guess = (limit - sum - Double(k) * perItem) / (extent + perItem)
      return k
        &+ Self.searchRun(count: leafCount, guess: guess) { j in
          holds(sum + Self.runSum(j, extent), k &+ j)
        }
    }
    if slot & Self.narrowBit != 0 {
      return Self.searchLeaf(
        narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, count: leafCount, limit,
        perItem: perItem, strict: strict, after: sum, k: k)
    }
    return Self.searchLeaf(
      wideSlab + slot &* Self.leafCapacity, count: leafCount, limit, perItem: perItem,
      strict: strict, after: sum, k: k)
  }

  /// ``finishSearch(_:perItem:strict:from:)`` in a dense leaf of `leafCount` extents whose
  /// start is `start`, item `k`: the predicate holds at its start and fails at its end.
  @inlinable @inline(__always)
  static func searchLeaf<E: StoredExtent>(
    _ values: UnsafeMutablePointer<E>, count leafCount: Int, _ limit: Double, perItem: Double,
    strict: Bool, after start: Double, k: Int
  ) -> Int {
    @inline(__always) func holds(_ sum: Double, _ k: Int) -> Bool {
      let value = sum + Double(k) * perItem
      return strict ? value < limit : value <= limit
    }
    var sum = start
    var j = 0
    if perItem == 0 {
      // Without spacing the predicate is `sum ≤ limit` (`<`): the same value, fewer steps.
      while j < leafCount &- 1 {
        let nextSum = sum + values[j].extentValue
        guard strict ? nextSum < limit : nextSum <= limit else { break }
        sum = nextSum
        j &+= 1
      }
      return k &+ j
    }
    while j < leafCount &- 1 {
      let nextSum = sum + values[j].extentValue
      guard holds(nextSum, k &+ j &+ 1) else { break }
      sum = nextSum
      j &+= 1
    }
    return k &+ j
  }

  /// ``finishSearch(_:perItem:strict:from:)``, not strict, compiled once for the paired search.
  @inlinable @inline(never)
  func finishSearch(notStrict limit: Double, perItem: Double, from point: SearchPoint) -> Int {
    finishSearch(limit, perItem: perItem, strict: false, from: point)
  }

  /// ``finishSearch(_:perItem:strict:from:)``, strict, compiled once for the paired search.
  @inlinable @inline(never)
  func finishSearch(strict limit: Double, perItem: Double, from point: SearchPoint) -> Int {
    finishSearch(limit, perItem: perItem, strict: true, from: point)
  }

  /// The two searches of an interval in one descent: ``search(_:perItem:strict:)`` of
  /// `first` (not strict) and of `second` (strict), the same results as two calls.
  ///
  /// Both descend together while they choose the same entry (within a node, the entries'
  /// starts and the predicates are monotone, so an entry is the one a bisection chooses exactly
  /// when the predicate holds at its start and fails at the next one's); in a shared dense leaf,
  /// the second scan resumes where the first stopped when the predicate still holds there.
  ///
  /// - Precondition: `perItem` is finite and `≥ 0`.
  /// - Complexity: O(log n).
  @inlinable
  func searchPair(first: Double, second: Double, perItem: Double) -> (first: Int, second: Int) {
    @inline(__always) func holdsFirst(_ sum: Double, _ k: Int) -> Bool {
      sum + Double(k) * perItem <= first
    }
    @inline(__always) func holdsSecond(_ sum: Double, _ k: Int) -> Bool {
      sum + Double(k) * perItem < second
    }
    if holdsFirst(total, count) || !holdsFirst(0, 0) || holdsSecond(total, count)
      || !holdsSecond(0, 0)
    {
      return (
        search(first, perItem: perItem, strict: false),
        search(second, perItem: perItem, strict: true)
      )
    }
    var point = SearchPoint(root: root)
    while point.level < height {
      let node = point.node
      let base = node &* Self.stride
      let last = Int(fill[node]) &- 1
      var lo = 0
      var hi = last
      while lo < hi {
        let mid = (lo &+ hi &+ 1) >> 1
        let e = base &+ mid
        if holdsFirst(point.sum + entryBefore[e], point.k &+ entryEnd[e &- 1]) {
          lo = mid
        } else {
          hi = mid &- 1
        }
      }
      let e = base &+ lo
      // The second search chooses the same entry when its predicate holds at the entry's start
      // (entry 0 is taken to hold) and fails at the next entry's start (none after the last).
      let same =
        (lo == 0 || holdsSecond(point.sum + entryBefore[e], point.k &+ entryEnd[e &- 1]))
        && (lo == last || !holdsSecond(point.sum + entryBefore[e &+ 1], point.k &+ entryEnd[e]))
      let before = point
      point.sum += entryBefore[e]
      if lo > 0 { point.k &+= entryEnd[e &- 1] }
      point.node = Int(entryRef[e])
      point.leafItems = entryCount[e]
      point.level &+= 1
      if !same {
        // Apart from here: each goes on alone, the first from the entry it chose.
        return (
          finishSearch(notStrict: first, perItem: perItem, from: point),
          finishSearch(strict: second, perItem: perItem, from: before)
        )
      }
    }
    // One leaf for both.
    let slot = Int(leafSlot[point.node])
    if slot < 0 {
      return (
        finishSearch(notStrict: first, perItem: perItem, from: point),
        finishSearch(strict: second, perItem: perItem, from: point)
      )
    }
    if slot & Self.narrowBit != 0 {
      return searchPairInLeaf(
        narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, first: first, second: second,
        perItem: perItem, from: point)
    }
    return searchPairInLeaf(
      wideSlab + slot &* Self.leafCapacity, first: first, second: second, perItem: perItem,
      from: point)
  }

  /// ``searchPair(first:second:perItem:)`` in the dense leaf both searches reached, at `point`.
  @inlinable @inline(__always)
  func searchPairInLeaf<E: StoredExtent>(
    _ values: UnsafeMutablePointer<E>, first: Double, second: Double, perItem: Double,
    from point: SearchPoint
  ) -> (first: Int, second: Int) {
    @inline(__always) func holdsFirst(_ sum: Double, _ k: Int) -> Bool {
      sum + Double(k) * perItem <= first
    }
    @inline(__always) func holdsSecond(_ sum: Double, _ k: Int) -> Bool {
      sum + Double(k) * perItem < second
    }
    let k = point.k
    let leafCount = point.leafItems
    var sum = point.sum
    var j = 0
    if perItem == 0 {
      // Without spacing each predicate is the sum against its limit: the same values, fewer
      // steps (as in `finishSearch`).
      while j < leafCount &- 1 {
        let nextSum = sum + values[j].extentValue
        guard nextSum <= first else { break }
        sum = nextSum
        j &+= 1
      }
      let firstResult = k &+ j
      // The second scan passes every prefix up to j exactly when it passes the last of them.
      guard j == 0 || sum < second else {
        return (firstResult, finishSearch(strict: second, perItem: perItem, from: point))
      }
      while j < leafCount &- 1 {
        let nextSum = sum + values[j].extentValue
        guard nextSum < second else { break }
        sum = nextSum
        j &+= 1
      }
      return (firstResult, k &+ j)
    }
    while j < leafCount &- 1 {
      let nextSum = sum + values[j].extentValue
      guard holdsFirst(nextSum, k &+ j &+ 1) else { break }
      sum = nextSum
      j &+= 1
    }
    let firstResult = k &+ j
    guard j == 0 || holdsSecond(sum, k &+ j) else {
      return (firstResult, finishSearch(strict: second, perItem: perItem, from: point))
    }
    while j < leafCount &- 1 {
      let nextSum = sum + values[j].extentValue
      guard holdsSecond(nextSum, k &+ j &+ 1) else { break }
      sum = nextSum
      j &+= 1
    }
    return (firstResult, k &+ j)
  }
}
