/// A sequence of non-negative extents with prefix sums: the measured-extent store behind
/// ``VariableLayout``.
///
/// A B+-tree kept in flat arrays (an arena): internal nodes hold up to ``fanout`` entries, each
/// the item count, extent sum and reference of a child; leaves are either a *run* (any number of
/// items of one extent, stored once) or *dense* (up to ``leafCapacity`` extents in a slot of a
/// shared slab). A dense leaf is *narrow* while a `Float` holds each of its extents exactly
/// (whole points, halves, quarters: what frontends measure), 4 bytes each, and *wide* otherwise,
/// a `Double` each; a narrow leaf is widened at the first extent that does not fit. A fully
/// estimated list of any size is one run: O(1) time and memory. Measured items cost 4 bytes
/// each in narrow leaves (8 in wide ones), plus under 2 bytes of tree overhead.
///
/// Exactness: every extent is stored as given and read back as stored, never recomputed from
/// sums, and a narrow leaf stores only extents that read back bit for bit (a `Float` is widened
/// to the same `Double` before it is added anywhere, so sums do not depend on the width). Setting
/// an extent compares the new value with the stored one exactly, so re-measuring
/// with the same value changes nothing, whatever the value. Sums are never updated by adding a
/// difference where that could round: after a change, the sums on the path to the root are
/// recomputed from their parts in a fixed order, so they are a function of the current extents
/// and cannot drift, however many updates came before (extents set back to 0 sum to exactly 0).
/// The one exception gives the same bits: while every extent is a whole number of sixty-fourths
/// and the total is below 2^46, every sum is exact, and an update of one extent adds its change
/// to the sums on its path (``updateLeafSum(_:count:change:)``), which is what recomputing them
/// gives.
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
  // Leaves: a run has slot -1 and its extent in leafExtent; a wide dense leaf's extents are at
  // slot * leafCapacity ..< slot * leafCapacity + (its entry's count) in the wide slab, a narrow
  // one's (its slot has `narrowBit` set) at the same place of the narrow slab, with the bit off.
  @usableFromInline var buffer: ExtentStoreBuffer
  @usableFromInline var nodeCount = 0
  @usableFromInline var leafCount = 0
  @usableFromInline var slotCount = 0
  // Narrow slots: how many were taken, and the first free one (-1 for none). A free narrow
  // slot holds the next free one in its first four bytes, so that the narrow slots need no
  // free list beside the store's other fields (the store stays small enough to be copied
  // inline, which the list's passes do).
  @usableFromInline var narrowCount: Int32 = 0
  @usableFromInline var narrowFree: Int32 = -1
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
  @inlinable var wideSlab: UnsafeMutablePointer<Double> { buffer.wideSlab }
  @inlinable var narrowSlab: UnsafeMutablePointer<Float> { buffer.narrowSlab }
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
  /// Whether new dense leaves may be narrow (always, but in tests that compare a store with a
  /// twin whose leaves are all wide: the sums must be the same bit for bit). Kept in the buffer,
  /// where it costs the store no room.
  /// Whether every extent ever stored is a whole number of sixty-fourths of a point (whole
  /// numbers, halves and quarters included). Then every sum below 2^46 is exact, whatever the
  /// order of its additions, so a change of one extent by `d` moves every later prefix sum by
  /// exactly `d`: a list shifts its displayed slots instead of asking for them again. Cleared
  /// by the first other extent stored (``noteStored(_:)``), and kept clear until the store is
  /// rebuilt; kept in the buffer, where it costs the store no room.
  @inlinable internal var extentsAreSixtyFourths: Bool { buffer.sixtyFourths.pointee }

  /// Clears ``extentsAreSixtyFourths`` when `extent` is not a whole number of sixty-fourths.
  /// Called with every extent that enters the store, on a buffer the store owns alone.
  @inlinable @inline(__always)
  func noteStored(_ extent: Double) {
    if !Self.isSixtyFourths(extent) { buffer.sixtyFourths.pointee = false }
  }

  @usableFromInline internal var allowsNarrowLeaves: Bool {
    get { buffer.allowsNarrowLeaves }
    set {
      guard newValue != buffer.allowsNarrowLeaves else { return }
      buffer = ExtentStoreBuffer(
        copying: buffer, nodes: 0, leaves: 0, slots: 0, narrow: 0, allowsNarrowLeaves: newValue,
        used: usage)
    }
  }

  /// The parts of the buffer's arrays the store has taken (see ``ExtentStoreBuffer/Usage``).
  @inlinable var usage: ExtentStoreBuffer.Usage {
    ExtentStoreBuffer.Usage(
      nodes: nodeCount, leaves: leafCount, slots: slotCount, narrow: Int(narrowCount))
  }

  /// `count` items of one extent: O(1) time and memory for any count.
  ///
  /// - Precondition: `count ≥ 0`; `extent` is finite and `≥ 0`.
  @usableFromInline
  init(count: Int, extent: Double) {
    precondition(count >= 0, "ExtentStore: count must be ≥ 0, got \(count)")
    Self.checkExtent(extent)
    buffer = ExtentStoreBuffer(nodes: 1, leaves: 1, slots: 0, narrow: 0)
    noteStored(extent)
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
  /// `allowsNarrowLeaves` is for tests (see ``allowsNarrowLeaves``).
  ///
  /// - Precondition: every extent is finite and `≥ 0`.
  @usableFromInline
  init(_ values: some Collection<Double>, allowsNarrowLeaves: Bool = true) {
    self.init(count: 0, extent: 0)
    let built: Void? = values.withContiguousStorageIfAvailable {
      build(extents: $0, allowsNarrowLeaves: allowsNarrowLeaves)
    }
    if built == nil {
      ContiguousArray(values).withUnsafeBufferPointer {
        build(extents: $0, allowsNarrowLeaves: allowsNarrowLeaves)
      }
    }
  }

  /// Builds the store from the extents given (see ``init(_:allowsNarrowLeaves:)``).
  @usableFromInline
  mutating func build(extents: UnsafeBufferPointer<Double>, allowsNarrowLeaves: Bool) {
    // Room for every leaf and node up front: growing by copies would cost O(n log n). Plus
    // an eighth for the leaves that edits split off: the built leaves are full, so the first
    // inserts split them, and without the room the first split would copy the whole buffer
    // (about 0.5 s of copying and page faults at 10^7 items). Untouched room is allocated but
    // not resident.
    let n = extents.count
    let leaves = n / Self.leafCapacity + 1
    let room = leaves / 8 + 16
    // The chunks that become narrow leaves, counted first so that each slab gets its share.
    var narrowLeaves = 0
    if allowsNarrowLeaves {
      for start in Swift.stride(from: 0, to: n, by: Self.leafCapacity) {
        let chunk = extents[start..<min(start + Self.leafCapacity, n)]
        if Self.allFitNarrow(UnsafeBufferPointer(rebasing: chunk)) { narrowLeaves += 1 }
      }
    }
    buffer = ExtentStoreBuffer(
      // Nodes: built with fanout − 1 entries (a fifteenth of the leaves, a little more with
      // the levels above), and the nodes that the room's leaves split off, about half full.
      nodes: (leaves + room) / (Self.fanout - 4) + 64, leaves: leaves + room,
      slots: leaves - narrowLeaves + room, narrow: narrowLeaves + room,
      allowsNarrowLeaves: allowsNarrowLeaves,
      // What the build fills: every leaf and slot, and nodes of fanout − 1 entries.
      filled: ExtentStoreBuffer.Usage(
        nodes: leaves / (Self.fanout - 1), leaves: leaves, slots: leaves - narrowLeaves,
        narrow: narrowLeaves))
    for value in extents where !Self.isSixtyFourths(value) {
      noteStored(value)
      break
    }
    fill[0] = 0
    var builder = Builder()
    for start in Swift.stride(from: 0, to: n, by: Self.leafCapacity) {
      let chunk = extents[start..<min(start + Self.leafCapacity, n)]
      appendLeaf(UnsafeBufferPointer(rebasing: chunk), to: &builder)
    }
    build(from: builder)
  }

  /// Whether a `Float` holds every extent of a chunk exactly (one pass, no early exit, so that
  /// it vectorizes).
  @inlinable
  static func allFitNarrow(_ chunk: UnsafeBufferPointer<Double>) -> Bool {
    var misses = 0
    for value in chunk { misses &+= Double(Float(value)) == value ? 0 : 1 }
    return misses == 0
  }

  @usableFromInline
  static func checkExtent(_ extent: Double) {
    precondition(
      extent.isFinite && extent >= 0, "ExtentStore: extents must be finite and ≥ 0, got \(extent)")
  }

  /// Whether `extent` is a whole number of sixty-fourths (see ``extentsAreSixtyFourths``).
  @inlinable @inline(__always)
  static func isSixtyFourths(_ extent: Double) -> Bool {
    // From 2^52 on every Double is a whole number; below, the conversion truncates exactly.
    let scaled = extent * 64
    return !(abs(scaled) < 0x1p52) || scaled == Double(Int64(scaled))
  }

  /// Whether a narrow leaf can hold an extent: a `Float` reads it back bit for bit (a finite
  /// value equal to its widened `Float` has the same bits, the sign of a zero included).
  @inlinable @inline(__always)
  static func fitsNarrow(_ extent: Double) -> Bool { Double(Float(extent)) == extent }

  /// Whether a new dense leaf holding `extent` may be narrow: a `Float` holds it exactly and
  /// the store allows narrow leaves.
  @inlinable @inline(__always)
  func narrowHolds(_ extent: Double) -> Bool { allowsNarrowLeaves && Self.fitsNarrow(extent) }

  /// The bit of a dense leaf's `leafSlot` that marks it narrow; the bits below it are its slot.
  @inlinable @inline(__always)
  static var narrowBit: Int { 1 << 30 }

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
    if slot & Self.narrowBit != 0 {
      return Self.startAndExtent(
        in: narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, at: i, after: sum)
    }
    return Self.startAndExtent(in: wideSlab + slot &* Self.leafCapacity, at: i, after: sum)
  }

  /// The running sum of a dense leaf's extents before position `i`, from `start`, and the
  /// extent at `i`.
  @inlinable @inline(__always)
  static func startAndExtent<E: StoredExtent>(
    in values: UnsafeMutablePointer<E>, at i: Int, after start: Double
  ) -> (start: Double, extent: Double) {
    var sum = start
    for j in 0..<i { sum += values[j].extentValue }
    return (sum, values[i].extentValue)
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

/// An extent as a dense leaf stores it: a `Double`, or a `Float` that holds it exactly.
@usableFromInline
protocol StoredExtent {
  /// The extent, bit for bit as it was given.
  var extentValue: Double { get }
  /// The four extents from `pointer` on.
  static func four(at pointer: UnsafeMutablePointer<Self>) -> SIMD4<Double>
  /// An extent the type holds exactly (a narrow leaf's extents fit a `Float`).
  init(storing extent: Double)
}

extension Double: StoredExtent {
  @inlinable @inline(__always)
  var extentValue: Double { self }

  @inlinable @inline(__always)
  init(storing extent: Double) { self = extent }

  @inlinable @inline(__always)
  static func four(at pointer: UnsafeMutablePointer<Double>) -> SIMD4<Double> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Double>.self)
  }
}

extension Float: StoredExtent {
  @inlinable @inline(__always)
  var extentValue: Double { Double(self) }

  @inlinable @inline(__always)
  init(storing extent: Double) { self = Float(extent) }

  @inlinable @inline(__always)
  static func four(at pointer: UnsafeMutablePointer<Float>) -> SIMD4<Double> {
    SIMD4<Double>(UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self))
  }
}
