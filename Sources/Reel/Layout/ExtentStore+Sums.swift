/// The sums of ``ExtentStore``: a leaf's and a node's, and those on the path to an update,
/// recomputed in a fixed order or, while they are exact, shifted by the change.
extension ExtentStore {
  /// The sum of the first `count` extents of a dense leaf's slot, in a fixed order (four
  /// interleaved sums of the extents as `Double`s, whatever the leaf's width).
  @inlinable
  func denseSum(slot: Int, count: Int) -> Double {
    if slot & Self.narrowBit != 0 {
      return Self.interleavedSum(
        narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, count: count)
    }
    return Self.interleavedSum(wideSlab + slot &* Self.leafCapacity, count: count)
  }

  /// The sum of `count` extents, in a fixed order: four interleaved sums (lane k of a vector
  /// adds the extents at positions k, k + 4, k + 8, …, in order; the rest goes to lane 0), then
  /// `(a + b) + (c + d)`. The same additions as four scalar sums, two vector additions per four
  /// extents.
  @inlinable @inline(__always)
  static func interleavedSum<E: StoredExtent>(_ values: UnsafeMutablePointer<E>, count: Int)
    -> Double
  {
    var lanes = SIMD4<Double>()
    var i = 0
    while i &+ 4 <= count {
      lanes += E.four(at: values + i)
      i &+= 4
    }
    var a = lanes[0]
    while i < count {
      a += values[i].extentValue
      i &+= 1
    }
    return (a + lanes[1]) + (lanes[2] + lanes[3])
  }

  /// The entry describing a leaf of `count` items.
  @inlinable
  func leafEntry(_ leaf: Int, count: Int) -> Entry {
    let slot = Int(leafSlot[leaf])
    let sum =
      slot < 0
      ? Self.runSum(count, leafExtent[leaf])
      : denseSum(slot: slot, count: count)
    return Entry(count: count, sum: sum, ref: leaf)
  }

  /// The entry describing an internal node: its entries' counts and sums added left to right.
  @inlinable
  func nodeEntry(_ node: Int) -> Entry {
    let base = node &* Self.stride
    var items = 0
    var sum = 0.0
    for e in base..<(base &+ Int(fill[node])) {
      items &+= entryCount[e]
      sum += entrySum[e]
    }
    return Entry(count: items, sum: sum, ref: node)
  }

  /// Recomputes a node's running counts and sums after its entries from position `first` on
  /// changed (all of them by default); returns its entry.
  ///
  /// The entries before `first` keep their running values, and the running sum resumes from
  /// them exactly as the full loop would (the same additions in the same order), so a partial
  /// refresh gives the values of a full one: an append or a change near a node's end costs a few
  /// entries, not the node.
  @inlinable
  mutating func refreshNode(_ node: Int, from first: Int = 0) -> Entry {
    let base = node &* Self.stride
    var items = 0
    var sum = 0.0
    let start = base &+ min(first, Int(fill[node]))
    if start > base {
      items = entryEnd[start &- 1]
      sum = entryBefore[start &- 1] + entrySum[start &- 1]
    }
    for e in start..<(base &+ Int(fill[node])) {
      entryBefore[e] = sum
      items &+= entryCount[e]
      sum += entrySum[e]
      entryEnd[e] = items
    }
    return Entry(count: items, sum: sum, ref: node)
  }

  /// Writes an entry at a position of the arrays.
  @inlinable
  mutating func write(_ entry: Entry, at position: Int) {
    entryCount[position] = entry.count
    entrySum[position] = entry.sum
    entryRef[position] = Int32(entry.ref)
  }

  /// After the node at path level `level` changed from its entry `first` on (all of it by
  /// default), refreshes its entry in every ancestor, then `count` and `total` (the running,
  /// left-to-right sum of the root's entries). Above `level` only the entries on the path
  /// changed, so each ancestor is refreshed from its path entry on.
  @inlinable
  mutating func propagate(fromLevel level: Int, from first: Int = 0) {
    var l = level
    var from = first
    while l > 0 {
      let entry = refreshNode(pathNode[l], from: from)
      l &-= 1
      from = pathSlot[l]
      let e = pathNode[l] &* Self.stride &+ from
      entryCount[e] = entry.count
      entrySum[e] = entry.sum
    }
    let entry = refreshNode(root, from: from)
    count = entry.count
    total = entry.sum
  }

  /// Sets the entry of the leaf at the bottom of the path, then refreshes the ancestors.
  @inlinable
  mutating func updateLeafEntry(count leafCount: Int) {
    let level = height &- 1
    let e = pathNode[level] &* Self.stride &+ pathSlot[level]
    let entry = leafEntry(Int(entryRef[e]), count: leafCount)
    if entryCount[e] == leafCount {
      // An extent changed, not a count: only the sums on the path move.
      entrySum[e] = entry.sum
      propagateSums(fromLevel: level, from: pathSlot[level])
      return
    }
    entryCount[e] = entry.count
    entrySum[e] = entry.sum
    propagate(fromLevel: level, from: pathSlot[level])
  }

  /// Sets the sum of `leaf`, the dense leaf at the bottom of the path, after one of its
  /// extents changed by `delta` (its count, `leafCount`, did not), then the sums of its
  /// ancestors: ``updateLeafEntry(count:)`` without reading the counts.
  ///
  /// When every sum is exact (``exactSumsAfter(change:)``), the sums on the path and the
  /// running sums after it move by exactly `delta`: they are shifted, the same values bit for
  /// bit as recomputed ones, without reading the leaf's other extents or the entries' sums
  /// after the path, and with no chain of additions from one level to the next.
  @inlinable
  mutating func updateLeafSum(_ leaf: Int, count leafCount: Int, change delta: Double) {
    let level = height &- 1
    let e = pathNode[level] &* Self.stride &+ pathSlot[level]
    assert(entryCount[e] == leafCount, "ExtentStore: a leaf's sum updated with another count")
    if exactSumsAfter(change: delta) {
      shiftPathSums(by: delta)
      return
    }
    entrySum[e] = leafEntry(leaf, count: leafCount).sum
    propagateSums(fromLevel: level, from: pathSlot[level])
  }

  /// Whether every sum the store holds is exact before and after a change of the total by
  /// `delta`: every extent it ever held is a whole number of sixty-fourths
  /// (``extentsAreSixtyFourths``) and the total is below 2^46 before and after. Every sum of
  /// extents (in any order, a run's product included) is then a multiple of 2^-6 below 2^52, so
  /// a `Double` holds it exactly: recomputing a sum and adding the change to it give the same
  /// bits.
  @inlinable @inline(__always)
  func exactSumsAfter(change delta: Double) -> Bool {
    let limit = 0x1p46
    return extentsAreSixtyFourths && total < limit && total + delta < limit
  }

  /// Adds `delta`, the exact change of one extent under the path (see
  /// ``exactSumsAfter(change:)``), to the sum of each entry on the path, to the running sums of
  /// the entries after it in each path node, and to the total: the values a refresh computes.
  @inlinable
  mutating func shiftPathSums(by delta: Double) {
    for level in 0..<height {
      let node = pathNode[level]
      let base = node &* Self.stride
      let e = base &+ pathSlot[level]
      entrySum[e] += delta
      for later in (e &+ 1)..<(base &+ Int(fill[node])) { entryBefore[later] += delta }
    }
    total += delta
  }

  /// ``propagate(fromLevel:from:)`` after a change of sums only (every count is as it was):
  /// the same running sums, recomputed in the same order, without rewriting the counts.
  @inlinable
  mutating func propagateSums(fromLevel level: Int, from first: Int) {
    var l = level
    var from = first
    while l > 0 {
      let sum = refreshNodeSums(pathNode[l], from: from)
      l &-= 1
      from = pathSlot[l]
      entrySum[pathNode[l] &* Self.stride &+ from] = sum
    }
    total = refreshNodeSums(root, from: from)
  }

  /// ``refreshNode(_:from:)``'s running sums alone, for a change that moved no item: returns
  /// the node's sum.
  @inlinable
  mutating func refreshNodeSums(_ node: Int, from first: Int) -> Double {
    let base = node &* Self.stride
    let end = base &+ Int(fill[node])
    let start = base &+ min(first, Int(fill[node]))
    var sum = 0.0
    if start > base { sum = entryBefore[start &- 1] + entrySum[start &- 1] }
    for e in start..<end {
      entryBefore[e] = sum
      sum += entrySum[e]
    }
    return sum
  }
}
