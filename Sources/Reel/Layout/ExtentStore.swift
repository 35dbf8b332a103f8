/// A sequence of non-negative extents with prefix sums: the measured-extent store behind
/// ``VariableLayout``.
///
/// A B+-tree kept in flat arrays (an arena): internal nodes hold up to ``fanout`` entries, each
/// the item count, extent sum and reference of a child; leaves are either a *run* (any number of
/// items of one extent, stored once) or *dense* (up to ``leafCapacity`` extents, one `Double`
/// each, in a shared slab). A fully estimated list of any size is one run: O(1) time and memory.
/// Measured items cost 8 bytes each in dense leaves, plus under 2 bytes of tree overhead.
///
/// Exactness: every extent is stored as given and read back as stored, never recomputed from
/// sums. Setting an extent compares the new value with the stored one exactly, so re-measuring
/// with the same value changes nothing, whatever the value. Sums are never updated by adding a
/// difference: after a change, the sums on the path to the root are recomputed from their parts
/// in a fixed order, so they are a function of the current extents and cannot drift, however many
/// updates came before (extents set back to 0 sum to exactly 0).
///
/// Prefix sums and searches share one order of additions (a running sum down the tree), so a
/// search and the prefix sums it is compared with always agree.
///
/// - Complexity: O(log n) per lookup, prefix sum, search, update, and insertion or removal of a
///   run of items; O(n) to build from n given extents.
@usableFromInline
internal struct ExtentStore: Sendable {
  /// Entries per internal node.
  @usableFromInline static var fanout: Int { 16 }
  /// Entry slots per node: the fanout and room for a splice of up to three entries before a split.
  @usableFromInline static var stride: Int { 18 }
  /// Extents per dense leaf (four cache lines).
  @usableFromInline static var leafCapacity: Int { 32 }

  // Internal nodes: node k's entries are at k * stride ..< k * stride + fill[k]. Per entry:
  // its item count, extent sum and child, and within its node the items up to and including it
  // (entryEnd) and the running sum of the entries before it (entryBefore), so that a descent
  // takes one addition per level and searches a node by bisection.
  // Leaves: a run has slot -1 and its extent in leafExtent; a dense leaf's extents are at
  // slot * leafCapacity ..< slot * leafCapacity + (its entry's count) in the slab.
  @usableFromInline var buffer: ExtentStoreBuffer
  @usableFromInline var nodeCount = 0
  @usableFromInline var leafCount = 0
  @usableFromInline var slotCount = 0
  @usableFromInline var freeNodes: ContiguousArray<Int32> = []
  @usableFromInline var freeLeaves: ContiguousArray<Int32> = []
  @usableFromInline var freeSlots: ContiguousArray<Int32> = []
  @inlinable var entryCount: UnsafeMutablePointer<Int> { buffer.entryCount }
  @inlinable var entrySum: UnsafeMutablePointer<Double> { buffer.entrySum }
  @inlinable var entryRef: UnsafeMutablePointer<Int32> { buffer.entryRef }
  @inlinable var entryEnd: UnsafeMutablePointer<Int> { buffer.entryEnd }
  @inlinable var entryBefore: UnsafeMutablePointer<Double> { buffer.entryBefore }
  @inlinable var fill: UnsafeMutablePointer<Int32> { buffer.fill }
  @inlinable var leafExtent: UnsafeMutablePointer<Double> { buffer.leafExtent }
  @inlinable var leafSlot: UnsafeMutablePointer<Int32> { buffer.leafSlot }
  @inlinable var slab: UnsafeMutablePointer<Double> { buffer.slab }
  // The path of the last descent of a mutation: node and entry position per level.
  @inlinable var pathNode: UnsafeMutablePointer<Int> { buffer.pathNode }
  @inlinable var pathSlot: UnsafeMutablePointer<Int> { buffer.pathSlot }
  /// The root node; nodes at depth `height - 1` have leaves as children.
  @usableFromInline var root = 0
  @usableFromInline var height = 1
  /// The number of items.
  @usableFromInline internal var count = 0
  /// The sum of all extents, equal to `prefix(count)`.
  @usableFromInline internal var total = 0.0
  /// How many updates regrouped items: moved them to another leaf or node (a split, a merge,
  /// a run cut up), after which the prefix sums of items before the update may differ by a
  /// rounding. Every other update (an extent set in a dense leaf, items inserted into a dense
  /// leaf with room or into a run of their extent) leaves the prefix sum of every item before
  /// it exactly as it was: the same additions of the same values in the same order. A list
  /// compares it before and after an update to refresh only the displayed slots that moved.
  @usableFromInline internal var regroupings = 0
  /// After a ``set(_:at:)``: every item below this index kept its prefix sum bit for bit (the
  /// same additions of the same values in the same order); `Int.max` when the call changed
  /// nothing. Conservative: 0 when the update split a node. A list measuring an item after
  /// its anchor item reads it to skip looking the anchor up again.
  @usableFromInline internal var stableBelow = Int.max
  /// Whether every extent ever stored is a whole number of sixty-fourths of a point (whole
  /// numbers, halves and quarters included). Then every sum below 2^46 is exact, whatever the
  /// order of its additions, so a change of one extent by `d` moves every later prefix sum by
  /// exactly `d`: a list shifts its displayed slots instead of asking for them again. Cleared
  /// by the first other extent stored, and kept clear until the store is rebuilt.
  @usableFromInline internal var extentsAreSixtyFourths = true

  /// `count` items of one extent: O(1) time and memory for any count.
  ///
  /// - Precondition: `count ≥ 0`; `extent` is finite and `≥ 0`.
  @usableFromInline
  init(count: Int, extent: Double) {
    precondition(count >= 0, "ExtentStore: count must be ≥ 0, got \(count)")
    Self.checkExtent(extent)
    extentsAreSixtyFourths = Self.isSixtyFourths(extent)
    buffer = ExtentStoreBuffer(nodes: 1, leaves: 1, slots: 0)
    nodeCount = 1
    fill[0] = 0
    if count > 0 {
      let leaf = newLeaf(run: extent)
      fill[0] = 1
      entryCount[0] = count
      entrySum[0] = Self.runSum(count, extent)
      entryRef[0] = Int32(leaf)
      entryEnd[0] = count
      entryBefore[0] = 0
      self.count = count
      total = entrySum[0]
    }
  }

  /// The extents given, in O(n); runs of at least a leaf of equal extents are stored once.
  ///
  /// - Precondition: every extent is finite and `≥ 0`.
  @usableFromInline
  init(_ values: some Collection<Double>) {
    self.init(count: 0, extent: 0)
    // Room for every leaf and node up front: growing by copies would cost O(n log n). Plus
    // an eighth for the leaves that edits split off: the built leaves are full, so the first
    // inserts split them, and without the room the first split would copy the whole buffer
    // (about 0.5 s of copying and page faults at 10^7 items). Untouched room is allocated but
    // not resident.
    let leaves = values.count / Self.leafCapacity + 1
    let room = leaves / 8 + 16
    buffer = ExtentStoreBuffer(
      // Nodes: built with fanout − 1 entries (a fifteenth of the leaves, a little more with
      // the levels above), and the nodes that the room's leaves split off, about half full.
      nodes: (leaves + room) / (Self.fanout - 4) + 64, leaves: leaves + room,
      slots: leaves + room)
    fill[0] = 0
    var builder = Builder()
    var chunk: [Double] = []
    chunk.reserveCapacity(Self.leafCapacity)
    for value in values {
      Self.checkExtent(value)
      if !Self.isSixtyFourths(value) { extentsAreSixtyFourths = false }
      chunk.append(value)
      if chunk.count == Self.leafCapacity {
        appendLeaf(chunk, to: &builder)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty { appendLeaf(chunk, to: &builder) }
    build(from: builder)
  }

  @usableFromInline
  static func checkExtent(_ extent: Double) {
    precondition(
      extent.isFinite && extent >= 0, "ExtentStore: extents must be finite and ≥ 0, got \(extent)")
  }

  /// Whether `extent` is a whole number of sixty-fourths (see ``extentsAreSixtyFourths``).
  @inlinable @inline(__always)
  static func isSixtyFourths(_ extent: Double) -> Bool {
    let scaled = extent * 64
    return scaled == scaled.rounded(.towardZero)
  }

  /// The sum of a run: one rounding, monotone in the count.
  @inlinable @inline(__always)
  static func runSum(_ count: Int, _ extent: Double) -> Double { Double(count) * extent }

  // MARK: Queries

  /// The extent of an item.
  ///
  /// - Precondition: `index` is in `0..<count`.
  /// - Complexity: O(log n).
  @inlinable
  func extent(at index: Int) -> Double { startAndExtent(of: index).extent }

  /// The sum of the extents of the first `index` items.
  ///
  /// - Precondition: `index` is in `0...count`.
  /// - Complexity: O(log n).
  @inlinable
  func prefix(_ index: Int) -> Double {
    index == count ? total : startAndExtent(of: index).start
  }

  /// The prefix sum before an item and its extent, in one descent.
  ///
  /// - Precondition: `index` is in `0..<count`.
  /// - Complexity: O(log n).
  @inlinable
  func startAndExtent(of index: Int) -> (start: Double, extent: Double) {
    precondition(
      index >= 0 && index < count, "ExtentStore: index \(index) is out of bounds 0..<\(count)")
    var node = root
    var i = index
    var sum = 0.0
    for _ in 0..<height {
      let base = node &* Self.stride
      let e = base &+ Self.entryPosition(of: i, in: node, entryEnd: entryEnd, fill: fill)
      sum += entryBefore[e]
      if e > base { i &-= entryEnd[e &- 1] }
      node = Int(entryRef[e])
    }
    let slot = Int(leafSlot[node])
    if slot < 0 {
      let extent = leafExtent[node]
      return (sum + Self.runSum(i, extent), extent)
    }
    let base = slot &* Self.leafCapacity
    for j in base..<(base &+ i) { sum += slab[j] }
    return (sum, slab[base &+ i])
  }

  /// The position in `node` of the entry holding item `i` of the node (the first whose running
  /// end is past `i`), by bisection of the running ends; the last entry when none is.
  @inlinable @inline(__always)
  static func entryPosition(
    of i: Int, in node: Int, entryEnd: UnsafeMutablePointer<Int>, fill: UnsafeMutablePointer<Int32>
  ) -> Int {
    let base = node &* Self.stride
    var lo = 0
    var hi = Int(fill[node]) &- 1
    while lo < hi {
      let mid = (lo &+ hi) >> 1
      if i < entryEnd[base &+ mid] { hi = mid } else { lo = mid &+ 1 }
    }
    return lo
  }

  /// The largest `k` in `0...count` with `prefix(k) + Double(k) * perItem ≤ limit` (`<` when
  /// `strict`), evaluated exactly as ``prefix(_:)`` evaluates it.
  ///
  /// - Precondition: `perItem` is finite and `≥ 0`.
  /// - Complexity: O(log n).
  @inlinable @inline(__always)
  func search(_ limit: Double, perItem: Double, strict: Bool) -> Int {
    @inline(__always) func holds(_ sum: Double, _ k: Int) -> Bool {
      let value = sum + Double(k) * perItem
      return strict ? value < limit : value <= limit
    }
    if holds(total, count) { return count }
    if !holds(0, 0) { return 0 }
    return finishSearch(limit, perItem: perItem, strict: strict, from: SearchPoint(root: root))
  }

  /// The largest `j` in `0..<count` for which a monotone predicate holds, given that it holds
  /// at 0: the guess and its successor are checked first, then the bracket they leave is bisected.
  @inlinable
  static func searchRun(count: Int, guess: Double, _ holds: (Int) -> Bool) -> Int {
    var lo = 0
    var hi = count &- 1
    let g = guess.isNaN ? 0 : min(max(Int(saturating: guess.rounded(.down)), 0), hi)
    if g > 0 {
      if holds(g) { lo = g } else { hi = g &- 1 }
    }
    if lo == g && g < hi {
      if holds(g &+ 1) { lo = g &+ 1 } else { hi = g }
    }
    while lo < hi {
      let mid = lo &+ (hi &- lo &+ 1) / 2
      if holds(mid) { lo = mid } else { hi = mid &- 1 }
    }
    return lo
  }
}
