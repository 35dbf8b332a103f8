extension VirtualList {
  /// The items of a bounded variable list that intersect `offset..<offset + extent`, read from
  /// the window's slots instead of searching the layout's store; `nil` when the window cannot
  /// tell (the caller then asks the layout).
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
  func visibleRangeFromWindow(offset: Double, extent: Double) -> Range<Int>? {
    let start = state.windowStart
    let n = state.window.count
    guard state.layoutIsVariable, state.wrapping == .bounded, n >= 2, start >= 0,
      start &+ n <= state.count, !state.slotsStale, !state.needsPrepare
    else { return nil }
    let inset = state.variableInset
    let spacing = state.variableSpacing
    // The limits of `indices(intersecting:)`, computed as it computes them.
    let lo = offset - inset
    let hi = (offset + extent) - inset
    guard lo >= 0 && hi > 0 else { return nil }
    let ended = inset + (lo + spacing)
    let started = inset + hi
    let exact = inset == 0
    let entries = state.window
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
