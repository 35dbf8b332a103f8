/// Dense leaves of ``ExtentStore``: reading and writing their extents at either width, widening,
/// shifting and copying.
extension ExtentStore {
  /// Whether a dense leaf is narrow.
  @inlinable
  func isNarrow(_ leaf: Int) -> Bool { Int(leafSlot[leaf]) & Self.narrowBit != 0 }

  /// The extent at a position of a dense leaf.
  @inlinable
  func denseExtent(_ leaf: Int, at position: Int) -> Double {
    let slot = Int(leafSlot[leaf])
    if slot & Self.narrowBit != 0 {
      return Double(narrowSlab[(slot ^ Self.narrowBit) &* Self.leafCapacity &+ position])
    }
    return wideSlab[slot &* Self.leafCapacity &+ position]
  }

  /// Makes a dense leaf of `count` extents able to hold `value`: a narrow leaf that cannot is
  /// widened (its extents, the same values, move to a wide slot). Sums do not change.
  @inlinable
  mutating func makeRoom(for value: Double, in leaf: Int, count: Int) {
    if isNarrow(leaf) && !Self.fitsNarrow(value) { widen(leaf, count: count) }
  }

  /// Moves a narrow leaf's `count` extents to a new wide slot.
  @usableFromInline
  mutating func widen(_ leaf: Int, count: Int) {
    let narrowSlot = Int(leafSlot[leaf])
    let slot = newWideSlot()
    let source = narrowSlab + (narrowSlot ^ Self.narrowBit) * Self.leafCapacity
    let target = wideSlab + slot * Self.leafCapacity
    for j in 0..<count { target[j] = Double(source[j]) }
    freeSlot(narrowSlot)
    leafSlot[leaf] = Int32(slot)
  }

  /// Writes an extent at a position of a dense leaf that can hold it (see
  /// ``makeRoom(for:in:count:)``).
  @inlinable
  mutating func setDenseExtent(_ value: Double, in leaf: Int, at position: Int) {
    let slot = Int(leafSlot[leaf])
    if slot & Self.narrowBit != 0 {
      narrowSlab[(slot ^ Self.narrowBit) &* Self.leafCapacity &+ position] = Float(value)
    } else {
      wideSlab[slot &* Self.leafCapacity &+ position] = value
    }
  }

  /// Moves the extents at `range` of a dense leaf by `shift` positions within it (overlapping
  /// ranges allowed).
  @usableFromInline
  mutating func shiftDense(_ leaf: Int, range: Range<Int>, by shift: Int) {
    let slot = Int(leafSlot[leaf])
    if slot & Self.narrowBit != 0 {
      Self.shift(narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, range, by: shift)
    } else {
      Self.shift(wideSlab + slot &* Self.leafCapacity, range, by: shift)
    }
  }

  /// Removes items from a dense leaf of `count` extents: those whose indices are
  /// `indices[range]` (ascending, the leaf's first item at index `start`). The extents after
  /// each move down, in order, as ``shiftDense(_:range:by:)`` per run of them leaves them.
  ///
  /// - Precondition: the indices lie in `start..<start + count`; `range` is not empty.
  /// - Complexity: O(c) for the c extents after the first removed.
  @usableFromInline
  mutating func removeDense(
    _ leaf: Int, count: Int, deleting indices: [Int], _ range: Range<Int>, start: Int
  ) {
    let slot = Int(leafSlot[leaf])
    if slot & Self.narrowBit != 0 {
      Self.remove(
        indices, range, start: start,
        from: narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, count: count)
    } else {
      Self.remove(
        indices, range, start: start, from: wideSlab + slot &* Self.leafCapacity, count: count)
    }
  }

  /// ``removeDense(_:count:deleting:_:start:)`` on a leaf's values: the stretch after each
  /// removed position (up to the next one, or the end) moves down over the positions removed
  /// so far, in order (index minus `start` is a position).
  @inlinable @inline(__always)
  static func remove<E>(
    _ indices: [Int], _ range: Range<Int>, start: Int, from values: UnsafeMutablePointer<E>,
    count: Int
  ) {
    var kept = indices[range.lowerBound] &- start
    var next = range.lowerBound
    while next < range.upperBound {
      var read = indices[next] &- start &+ 1
      next &+= 1
      let stop = next < range.upperBound ? indices[next] &- start : count
      while read < stop {
        values[kept] = values[read]
        kept &+= 1
        read &+= 1
      }
    }
  }

  /// Moves the values at `range` by `shift` positions, in the order that overlapping ranges
  /// need (a loop, not `memmove`: a leaf moves a few dozen bytes).
  @inlinable @inline(__always)
  static func shift<E>(_ values: UnsafeMutablePointer<E>, _ range: Range<Int>, by shift: Int) {
    if shift > 0 {
      var j = range.upperBound
      while j > range.lowerBound {
        j &-= 1
        values[j &+ shift] = values[j]
      }
    } else if shift < 0 {
      for j in range { values[j &+ shift] = values[j] }
    }
  }

  /// A new dense leaf holding a copy of the extents at `range` of `leaf`: narrow when `leaf` is,
  /// or when every extent copied fits.
  @usableFromInline
  mutating func copyDense(_ leaf: Int, range: Range<Int>) -> Int {
    let source = Int(leafSlot[leaf])
    let count = range.count
    if source & Self.narrowBit != 0 {
      let target = newDenseLeaf(narrow: true)
      // The pointers after the allocation, which may move the buffer.
      let from = narrowSlab + ((source ^ Self.narrowBit) &* Self.leafCapacity &+ range.lowerBound)
      let to = narrowSlab + (Int(leafSlot[target]) ^ Self.narrowBit) &* Self.leafCapacity
      for j in 0..<count { to[j] = from[j] }
      return target
    }
    let values = wideSlab + (source &* Self.leafCapacity &+ range.lowerBound)
    let narrow = allowsNarrowLeaves && (0..<count).allSatisfy { Self.fitsNarrow(values[$0]) }
    let target = newDenseLeaf(narrow: narrow)
    let from = wideSlab + (source &* Self.leafCapacity &+ range.lowerBound)
    let slot = Int(leafSlot[target])
    if narrow {
      let to = narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity
      for j in 0..<count { to[j] = Float(from[j]) }
    } else {
      let to = wideSlab + slot &* Self.leafCapacity
      for j in 0..<count { to[j] = from[j] }
    }
    return target
  }
}
