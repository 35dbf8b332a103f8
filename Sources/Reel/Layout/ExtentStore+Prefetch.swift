import CReelSupport

extension ExtentStore {
  /// Asks for the cache line holding `address` to be loaded, for reading, into every level of
  /// the data caches, without waiting for it.
  ///
  /// A random descent of a large store is a chain of dependent loads: a node's entries are
  /// searched before its child is known, and each of those loads waits for memory. Prefetching
  /// the other lines a level will read, once its node is known, lets them arrive together
  /// rather than one after another.
  ///
  /// It is `reel_prefetch` of the package's C module (`__builtin_prefetch`: a `prefetcht0` on
  /// x86-64, a `prfm` on arm64, nothing on targets without one), a hint: it never faults, reads
  /// nothing the program sees, and writes nothing.
  @inlinable @inline(__always)
  static func prefetch(_ address: UnsafeRawPointer) {
    reel_prefetch(address)
  }

  /// Prefetches the lines of a node's running ends and children (``entryEnd`` and
  /// ``entryRef``) that a search of its entries reads (up to ``fanout`` of them: 128 and 64
  /// bytes, in at most three lines and two), so that the search's dependent steps find them
  /// arriving, and its child is known one wait after the node is.
  @inlinable @inline(__always)
  func prefetchNode(at base: Int) {
    let ends = UnsafeRawPointer(entryEnd + base)
    Self.prefetch(ends)
    Self.prefetch(ends + 64)
    Self.prefetch(ends + (Self.fanout &* 8 &- 1))
    let refs = UnsafeRawPointer(entryRef + base)
    Self.prefetch(refs)
    Self.prefetch(refs + (Self.fanout &* 4 &- 1))
  }

  /// Prefetches the line of item `index`'s extent in the dense leaf that most likely holds it
  /// (``likelyLeafSlot(of:)``), before the descent finds the leaf: the extent's line then
  /// arrives with the descent's lines, not after them. A wrong guess costs a line of bandwidth,
  /// never a value.
  @inlinable @inline(__always)
  func prefetchLikelyExtent(of index: Int) {
    let slot = likelyLeafSlot(of: index)
    guard slot >= 0 else { return }
    // In the guessed leaf, the item is at its index's place in its leaf's capacity.
    let position = (slot & (Self.narrowBit &- 1)) &* Self.leafCapacity &+ index % Self.leafCapacity
    if slot & Self.narrowBit != 0 {
      Self.prefetch(UnsafeRawPointer(narrowSlab + position))
    } else {
      Self.prefetch(UnsafeRawPointer(wideSlab + position))
    }
  }

  /// The slot (as ``leafSlot`` holds it) of the dense leaf that most likely holds item `index`,
  /// or -1 for none: in a store built from its extents, leaf `k` holds items `32k ..< 32k + 32`
  /// and takes slot `k` of its slab (of the slab most dense leaves are in, when some are narrow
  /// and some wide), and updates of extents keep it there (a narrow leaf widened takes a wide
  /// slot). After insertions and removals the guess drifts by the items inserted or removed
  /// before `index`, and misses where it crosses a leaf.
  ///
  /// - Complexity: O(1), no access to the store's arrays.
  @inlinable @inline(__always)
  func likelyLeafSlot(of index: Int) -> Int {
    let guess = index / Self.leafCapacity
    if Int(narrowCount) >= slotCount {
      return guess < Int(narrowCount) ? guess | Self.narrowBit : -1
    }
    return guess < slotCount ? guess : -1
  }
}
