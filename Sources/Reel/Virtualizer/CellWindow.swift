/// The window: the cells displayed for one contiguous range of virtual indices, in order, each
/// with its item's data index, pool, row kind and slot (its place in content coordinates).
///
/// The list changes the window as the viewport moves — it recycles the entries that leave and
/// asks the data source for the ones that enter — and keeps the slots in step with the layout.
/// After measurements only some slots may be out of date: ``slotsStaleFrom`` tells which, and
/// the slots before it answer for the layout without asking it (``currentSlot(of:)``,
/// ``visibleRange(offset:extent:count:inset:spacing:)``).
///
/// Only Reel's own code runs on it: it holds cells but never calls them.
@usableFromInline
struct CellWindow<Cell: ReusableCell> {
  /// One entry per virtual index of ``range``, in order.
  @usableFromInline var entries = ContiguousArray<WindowEntry<Cell>>()
  /// The virtual index of the first entry.
  @usableFromInline var start = 0
  /// Storage for entries being built before they are inserted at the front, kept between
  /// passes so that scrolling back does not allocate.
  @usableFromInline var scratch = ContiguousArray<WindowEntry<Cell>>()
  /// The most cells ever displayed at once (entries plus a pinned header's own cell): with the
  /// pools' caps, the bound on the cells alive.
  @usableFromInline var largestCount = 0
  /// The first virtual index whose slot may be out of date: `Int.max` when every slot is
  /// current, `Int.min` when all may be stale. A measurement in a bounded list changes the slots
  /// from its item on only (the prefix sums before it are the same additions of the same
  /// extents), so the pass refreshes just those.
  @usableFromInline var slotsStaleFrom = Int.max

  @inlinable
  init() {
    entries.reserveCapacity(64)
    scratch.reserveCapacity(64)
  }

  /// The virtual indices shown.
  @inlinable var range: Range<Int> { start..<(start + entries.count) }

  /// Whether any slot may be out of date. Setting it marks every slot stale, or none.
  @inlinable var slotsStale: Bool {
    get { slotsStaleFrom != .max }
    set { slotsStaleFrom = newValue ? .min : .max }
  }

  /// Notes that the slots from virtual index `first` on may be out of date.
  @inlinable
  mutating func markSlotsStale(from first: Int) {
    if first < slotsStaleFrom { slotsStaleFrom = first }
  }

  /// Notes that `count` cells are displayed now.
  @inlinable
  mutating func noteDisplayed(_ count: Int) {
    if count > largestCount { largestCount = count }
  }

  /// The slot of a virtual index when the window shows it and the slot is current; `nil`
  /// otherwise. The caller knows whether the slots were made by the current layout.
  ///
  /// - Complexity: O(1).
  @inlinable
  func currentSlot(of virtualIndex: Int) -> Slot? {
    let position = virtualIndex &- start
    guard virtualIndex < slotsStaleFrom, position >= 0, position < entries.count else {
      return nil
    }
    return entries[position].slot
  }

  /// The items of a bounded variable list that intersect `offset..<offset + extent`, read from
  /// the window's slots instead of searching the layout's store; `nil` when the window cannot
  /// tell (the caller then asks the layout). The slots must be the layout's, made by
  /// `VariableLayout` with the leading `inset` and `spacing` for `count` items.
  ///
  /// The window's slots are the layout's `slot(at:)` bit for bit once the pass has settled its
  /// measurements, and a slot's offset is the layout's leading inset plus the very sum that the
  /// store's search compares with its limit. Adding the inset is monotone, so a slot offset
  /// strictly below (above) the inset plus the limit means the sum is below (above) the limit:
  /// each predicate of `VariableLayout.indices(intersecting:)` is decided exactly, and a tie is
  /// undecided unless the inset is 0 (then the offset is the sum itself). The first visible
  /// item is where the predicate "ended at or before the offset" holds and fails at the next
  /// item, the last where "starts before the end" does; a scroll of a few points moves either
  /// by an item or two, so the scans from the window's ends take a few steps, where the store's
  /// paired search descends the tree. Both need the prefix sums to be monotone, as the store's
  /// bisection does.
  ///
  /// - Complexity: O(w) for w cells in the window, usually a few steps; no descent of the store.
  @inlinable
  func visibleRange(
    offset: Double, extent: Double, count: Int, inset: Double, spacing: Double
  ) -> Range<Int>? {
    let n = entries.count
    guard n >= 2, start >= 0, start &+ n <= count, !slotsStale else { return nil }
    // The limits of `indices(intersecting:)`, computed as it computes them.
    let lo = offset - inset
    let hi = (offset + extent) - inset
    guard lo >= 0 && hi > 0 else { return nil }
    let ended = inset + (lo + spacing)
    let started = inset + hi
    let exact = inset == 0
    // Whether item `start + j` ended at or before the offset: its start at or before
    // `lo + spacing`; `nil` when the window cannot tell.
    @inline(__always) func hasEnded(_ j: Int) -> Bool? {
      let x = entries[j].slot.offset
      return x < ended ? true : x > ended ? false : exact ? true : nil
    }
    // Whether item `start + j` starts before the interval's end.
    @inline(__always) func startsBefore(_ j: Int) -> Bool? {
      let x = entries[j].slot.offset
      return x < started ? true : x > started ? false : exact ? false : nil
    }
    // The last item that ended, from the window's start: it must hold there and fail before
    // the window's end.
    guard hasEnded(0) == true else { return nil }
    var first = 0
    while true {
      guard first &+ 1 < n, let next = hasEnded(first &+ 1) else { return nil }
      if !next { break }
      first &+= 1
    }
    // The last item that starts before the end, from the window's end: it must fail there
    // and hold after the first visible item.
    var last = n &- 1
    guard startsBefore(last) == false else { return nil }
    while true {
      last &-= 1
      guard last >= 0, let holds = startsBefore(last) else { return nil }
      if holds { break }
    }
    let lower = start &+ first
    return lower..<max(lower, start &+ last &+ 1)
  }
}
