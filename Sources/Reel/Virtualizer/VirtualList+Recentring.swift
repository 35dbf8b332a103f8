extension VirtualList {
  /// Shifts a cyclic offset by whole periods into `0..<period`, invisibly, with the window.
  @usableFromInline
  func recentre() {
    guard let shift = recentringShift() else { return }
    state.window.start -= shift.items
    refreshSlots()
  }

  /// Moves a cyclic offset that left `0..<period` back by whole periods, with the reported
  /// offset and any motion in flight, and returns the shift; `nil` when the offset is inside.
  /// The caller moves its virtual indices by `items`.
  ///
  /// A shift by whole periods is exact in floating point (Sterbenz), so the content does not
  /// move by even a rounding error.
  @usableFromInline
  func recentringShift() -> (items: Int, delta: Double)? {
    let period = currentLayout.period
    let offset = state.offset
    guard period.items > 0, period.extent > 0, offset < 0 || offset >= period.extent else {
      return nil
    }
    var loops = Int(saturating: (offset / period.extent).rounded(.down))
    var shifted = offset - Double(loops) * period.extent
    if shifted >= period.extent {
      loops += 1
      shifted -= period.extent
    }
    if shifted < 0 { shifted = 0 }
    let delta = shifted - offset
    state.offset = shifted
    state.reportedOffset += delta
    state.motion.shift(by: delta, items: -loops * period.items)
    if let target = state.motionTarget {
      state.motionTarget = (target.virtualIndex - loops * period.items, target.identity)
    }
    if let anchor = state.measurementAnchor {
      state.measurementAnchor = (anchor.virtualIndex - loops * period.items, anchor.position)
      state.measurementAnchorOffset += delta
    }
    return (loops * period.items, delta)
  }
}
