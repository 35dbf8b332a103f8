extension VirtualList {
  /// Whether, after a change of one extent by `d`, the slots of a bounded variable layout moved
  /// by exactly `d` (those after the changed item) or not at all (those before it), given that
  /// its spacing and leading inset are whole sixty-fourths
  /// (``ListState/variableFiguresAreSixtyFourths``) and its content extent was `contentBefore`
  /// and is now `after`.
  ///
  /// True when every extent the store ever held is a whole number of sixty-fourths of a point
  /// too (whole numbers, halves and quarters: what a terminal, a pixel grid or a 2× screen
  /// measures) and the content is below 2^46 points before and after the change: every sum the
  /// layout forms is then a multiple of 2^-6 below 2^52, exact in a `Double` whatever the order
  /// of its additions, so a slot's offset is its exact value before and after, and the two
  /// differ by exactly `d`.
  @inlinable
  static func slotsShiftExactly(
    _ variable: VariableLayout, contentBefore: Double, after: Double
  ) -> Bool {
    let limit = 0x1p46
    return variable.store.extentsAreSixtyFourths && contentBefore < limit && after < limit
  }

  /// Brings the window's slots up to date after the extent of virtual index `measured` changed
  /// by `delta` to `extent` in a layout whose slots shift exactly (``slotsShiftExactly(_:contentBefore:after:)``):
  /// the slots after it move by `delta`, its own takes the new extent, those before it stay.
  /// Slots already stale (from ``ListState/slotsStaleFrom`` on) stay stale, to be asked for by
  /// the pass. Returns `false`, changing nothing, when the window holds indices outside the
  /// items (a window kept from a cyclic list).
  ///
  /// The window's storage is written through one buffer access: no user code runs.
  ///
  /// - Complexity: O(w) for w displayed cells: no descent of the store.
  @inlinable
  func shiftWindowSlots(measured: Int, extent: Double, delta: Double) -> Bool {
    let start = state.windowStart
    let n = state.window.count
    guard start >= 0, start &+ n <= state.count else { return false }
    let first = measured &- start
    guard first < n else { return true }
    state.window.withUnsafeMutableBufferPointer { buffer in
      let entries = buffer.baseAddress.unsafelyUnwrapped
      var i = max(first, 0)
      if i == first {
        entries[i].slot.extent = extent
        i &+= 1
      }
      while i < n {
        entries[i].slot.offset += delta
        i &+= 1
      }
    }
    assert(windowSlotsAreCurrent(), "VirtualList: a shifted slot differs from the layout's")
    return true
  }

  /// Whether every window slot before ``ListState/slotsStaleFrom`` is the layout's, bit for
  /// bit (checked in debug builds after a shift).
  @usableFromInline
  func windowSlotsAreCurrent() -> Bool {
    let layout = currentLayout
    for (i, entry) in state.window.enumerated() {
      let v = state.windowStart + i
      guard v < state.slotsStaleFrom else { break }
      let expected = layout.slot(at: v)
      if expected.offset != entry.slot.offset || expected.extent != entry.slot.extent {
        return false
      }
    }
    return true
  }
}
