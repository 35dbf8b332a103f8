#if canImport(Glibc)
  import Glibc
#endif

/// The memory of an ``ExtentStore``: fixed-capacity arrays of plain values behind one reference.
///
/// Capacities never change: a store that needs more room copies its buffer into a larger one.
/// Every property is a constant, so reading one needs no exclusivity check and the arrays need
/// no reference counting or uniqueness check per access; copying a store retains one object.
/// The store keeps value semantics by copying a shared buffer before its first write
/// (``ExtentStore/makeUnique()``). No user code runs while the store's memory is accessed.
///
/// Dense leaves live in two slabs of slots of ``ExtentStore/leafCapacity`` extents: the wide
/// slab holds `Double`s, the narrow one `Float`s (for leaves whose every extent a `Float` holds
/// exactly).
@usableFromInline
final class ExtentStoreBuffer: @unchecked Sendable {
  /// Levels the mutation path can record; a tree of fanout ≥ 2 this deep holds 2⁶³ leaves.
  @usableFromInline static var maximumHeight: Int { 64 }

  @usableFromInline let nodeCapacity: Int
  @usableFromInline let leafCapacity: Int
  @usableFromInline let slotCapacity: Int
  @usableFromInline let narrowCapacity: Int
  /// Whether new dense leaves may be narrow (see ``ExtentStore/allowsNarrowLeaves``).
  @usableFromInline let allowsNarrowLeaves: Bool
  @usableFromInline let entryCount: UnsafeMutablePointer<Int>
  @usableFromInline let entrySum: UnsafeMutablePointer<Double>
  @usableFromInline let entryRef: UnsafeMutablePointer<Int32>
  @usableFromInline let entryEnd: UnsafeMutablePointer<Int>
  @usableFromInline let entryBefore: UnsafeMutablePointer<Double>
  @usableFromInline let fill: UnsafeMutablePointer<Int32>
  @usableFromInline let leafExtent: UnsafeMutablePointer<Double>
  @usableFromInline let leafSlot: UnsafeMutablePointer<Int32>
  @usableFromInline let wideSlab: UnsafeMutablePointer<Double>
  @usableFromInline let narrowSlab: UnsafeMutablePointer<Float>
  @usableFromInline let pathNode: UnsafeMutablePointer<Int>
  @usableFromInline let pathSlot: UnsafeMutablePointer<Int>
  /// Whether every extent the store held is a whole number of sixty-fourths (see
  /// ``ExtentStore/extentsAreSixtyFourths``): kept here, so that it costs the store no room.
  @usableFromInline let sixtyFourths: UnsafeMutablePointer<Bool>

  /// Room for `nodes` internal nodes, `leaves` leaves, `slots` wide and `narrow` narrow dense
  /// leaves, of which the store is about to fill `filled` (none by default): the whole huge
  /// pages of that part of each array are advised to be huge (see ``allocate(_:filled:)``).
  @usableFromInline
  init(
    nodes: Int, leaves: Int, slots: Int, narrow: Int, allowsNarrowLeaves: Bool = true,
    filled: Usage? = nil
  ) {
    self.allowsNarrowLeaves = allowsNarrowLeaves
    nodeCapacity = max(1, nodes)
    leafCapacity = max(1, leaves)
    slotCapacity = max(1, slots)
    narrowCapacity = max(1, narrow)
    let entries = nodeCapacity * ExtentStore.stride
    let filledEntries = (filled?.nodes ?? 0) * ExtentStore.stride
    let filledLeaves = filled?.leaves ?? 0
    entryCount = Self.allocate(entries, filled: filledEntries)
    entrySum = Self.allocate(entries, filled: filledEntries)
    entryRef = Self.allocate(entries, filled: filledEntries)
    entryEnd = Self.allocate(entries, filled: filledEntries)
    entryBefore = Self.allocate(entries, filled: filledEntries)
    fill = Self.allocate(nodeCapacity, filled: filled?.nodes ?? 0)
    leafExtent = Self.allocate(leafCapacity, filled: filledLeaves)
    leafSlot = Self.allocate(leafCapacity, filled: filledLeaves)
    wideSlab = Self.allocate(
      slotCapacity * ExtentStore.leafCapacity,
      filled: (filled?.slots ?? 0) * ExtentStore.leafCapacity)
    narrowSlab = Self.allocate(
      narrowCapacity * ExtentStore.leafCapacity,
      filled: (filled?.narrow ?? 0) * ExtentStore.leafCapacity)
    pathNode = .allocate(capacity: Self.maximumHeight)
    pathSlot = .allocate(capacity: Self.maximumHeight)
    pathNode.initialize(repeating: 0, count: Self.maximumHeight)
    pathSlot.initialize(repeating: 0, count: Self.maximumHeight)
    sixtyFourths = .allocate(capacity: 1)
    sixtyFourths.initialize(to: true)
  }

  /// How many nodes, leaves and wide and narrow slots of a buffer a store has taken: the
  /// prefixes of its arrays that a copy must carry (free ones included).
  @usableFromInline
  struct Usage {
    @usableFromInline var nodes: Int
    @usableFromInline var leaves: Int
    @usableFromInline var slots: Int
    @usableFromInline var narrow: Int

    @inlinable
    init(nodes: Int, leaves: Int, slots: Int, narrow: Int) {
      self.nodes = nodes
      self.leaves = leaves
      self.slots = slots
      self.narrow = narrow
    }
  }

  /// A copy of `other`, with room for at least `nodes`, `leaves`, `slots` and `narrow` slots
  /// (and `allowsNarrowLeaves` when given). Only the part of each array that `used` says the
  /// store took is copied (all of it without `used`): the room a store never touched is not
  /// resident, and copying it would read and write every page of it (a list measuring a
  /// huge list in bulk copied a few hundred kilobytes of untouched room at each growth).
  @usableFromInline
  convenience init(
    copying other: ExtentStoreBuffer, nodes: Int, leaves: Int, slots: Int, narrow: Int,
    allowsNarrowLeaves: Bool? = nil, used: Usage? = nil
  ) {
    let taken = used.map {
      Usage(
        nodes: min($0.nodes, other.nodeCapacity), leaves: min($0.leaves, other.leafCapacity),
        slots: min($0.slots, other.slotCapacity), narrow: min($0.narrow, other.narrowCapacity))
    }
    self.init(
      nodes: max(nodes, other.nodeCapacity), leaves: max(leaves, other.leafCapacity),
      slots: max(slots, other.slotCapacity), narrow: max(narrow, other.narrowCapacity),
      allowsNarrowLeaves: allowsNarrowLeaves ?? other.allowsNarrowLeaves,
      filled: taken
        ?? Usage(
          nodes: other.nodeCapacity, leaves: other.leafCapacity, slots: other.slotCapacity,
          narrow: other.narrowCapacity))
    let nodesTaken = taken?.nodes ?? other.nodeCapacity
    let leavesTaken = taken?.leaves ?? other.leafCapacity
    let slotsTaken = taken?.slots ?? other.slotCapacity
    let narrowTaken = taken?.narrow ?? other.narrowCapacity
    let entries = nodesTaken * ExtentStore.stride
    entryCount.update(from: other.entryCount, count: entries)
    entrySum.update(from: other.entrySum, count: entries)
    entryRef.update(from: other.entryRef, count: entries)
    entryEnd.update(from: other.entryEnd, count: entries)
    entryBefore.update(from: other.entryBefore, count: entries)
    fill.update(from: other.fill, count: nodesTaken)
    leafExtent.update(from: other.leafExtent, count: leavesTaken)
    leafSlot.update(from: other.leafSlot, count: leavesTaken)
    wideSlab.update(from: other.wideSlab, count: slotsTaken * ExtentStore.leafCapacity)
    narrowSlab.update(from: other.narrowSlab, count: narrowTaken * ExtentStore.leafCapacity)
    // A buffer grows in the middle of a mutation: the path it recorded comes along.
    pathNode.update(from: other.pathNode, count: Self.maximumHeight)
    pathSlot.update(from: other.pathSlot, count: Self.maximumHeight)
    sixtyFourths.pointee = other.sixtyFourths.pointee
  }

  // Each array is freed by its own call: a loop over them would first build an array of
  // their addresses on the heap.
  deinit {
    UnsafeMutableRawPointer(entryCount).deallocate()
    UnsafeMutableRawPointer(entryEnd).deallocate()
    UnsafeMutableRawPointer(entrySum).deallocate()
    UnsafeMutableRawPointer(entryBefore).deallocate()
    UnsafeMutableRawPointer(entryRef).deallocate()
    UnsafeMutableRawPointer(fill).deallocate()
    UnsafeMutableRawPointer(leafSlot).deallocate()
    UnsafeMutableRawPointer(leafExtent).deallocate()
    UnsafeMutableRawPointer(wideSlab).deallocate()
    UnsafeMutableRawPointer(narrowSlab).deallocate()
    pathNode.deallocate()
    pathSlot.deallocate()
    sixtyFourths.deallocate()
  }

  /// The size of a huge page (a transparent one on Linux), and the smallest array given one.
  @usableFromInline static var hugePage: Int { 2 << 20 }

  /// Uninitialized room for `count` values, aligned to a cache line when it takes 64 KiB or
  /// more, so that a dense leaf's slot (128 or 256 bytes) spans two or four lines, not three
  /// or five. An array of at least a huge page is aligned to one and, on Linux, the whole huge
  /// pages of its first `filled` values (the part the store is about to fill: what a build writes, or what a copy
  /// carries) are advised to be transparent huge pages: a random descent then touches a few
  /// huge pages rather than a 4 KiB page per level and leaf, which the TLB did not hold. The
  /// rest stays in ordinary pages, resident only where it is touched (a huge page is resident
  /// as a whole), and so do small arrays (small stores). Freed by
  /// `UnsafeMutableRawPointer.deallocate()`.
  @inline(__always)
  static func allocate<T>(_ count: Int, filled: Int) -> UnsafeMutablePointer<T> {
    // Below 64 KiB (a small store, in the first cache levels anyway) as before, inline: an
    // aligned allocation costs a few hundred instructions more, at each growth of a growing
    // store.
    if count * MemoryLayout<T>.stride < 64 << 10 { return .allocate(capacity: count) }
    return allocateAligned(count, filled: filled)
  }

  /// ``allocate(_:filled:)`` for an array of 64 KiB or more.
  @usableFromInline
  static func allocateAligned<T>(_ count: Int, filled: Int) -> UnsafeMutablePointer<T> {
    let bytes = count * MemoryLayout<T>.stride
    guard bytes >= hugePage else {
      return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        .bindMemory(to: T.self, capacity: count)
    }
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: hugePage)
    #if os(Linux) && canImport(Glibc)
      let advised = min(filled, count) * MemoryLayout<T>.stride / hugePage * hugePage
      // Advice only: where it is refused, the array is in ordinary pages.
      if advised > 0 { _ = madvise(raw, advised, MADV_HUGEPAGE) }
    #endif
    return raw.bindMemory(to: T.self, capacity: count)
  }

  /// Bytes allocated.
  var allocatedBytes: Int {
    nodeCapacity * (ExtentStore.stride * 36 + 4) + leafCapacity * 12 + slotCapacity
      * ExtentStore.leafCapacity * 8 + narrowCapacity * ExtentStore.leafCapacity * 4
      + Self.maximumHeight * 16
  }
}
