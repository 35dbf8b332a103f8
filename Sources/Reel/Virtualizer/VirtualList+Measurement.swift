extension VirtualList {
  /// Records the measured main-axis extent of an item (for measuring layouts such as
  /// ``VariableLayout``), keeping the first visible item in place.
  ///
  /// Call it after drawing or measuring displayed cells, as many times as there are cells to
  /// measure, as a cell measuring itself does. The measurements are applied together, as one
  /// ``measure(_:)`` batch (one anchoring, one update of the layout), by the next layout pass —
  /// or earlier, when something reads or changes what they move: the offset, the layout, a
  /// motion, a batch update. Setting the same extent again changes nothing. A drag or a motion
  /// in flight moves with the content.
  ///
  /// ```swift
  /// for placement in list.placements {
  ///   list.setMeasuredExtent(measure(placement.cell), forItemAt: placement.index)
  /// }
  /// ```
  ///
  /// - Precondition: the layout measures (``ListLayout/supportsMeasuredExtents``), the index is
  ///   in `0..<numberOfItems`, the extent is finite and `≥ 0`, and the call is not made from
  ///   inside a data source or delegate callback.
  /// - Complexity: amortized O(1); applying them costs what ``measure(_:)`` costs for them.
  @inlinable
  public func setMeasuredExtent(_ extent: Double, forItemAt index: Int) {
    guardNotInCallback("setMeasuredExtent(_:forItemAt:)")
    if state.needsReload || state.needsPrepare { layoutIfNeeded() }
    // A variable layout measures: told without copying the layout.
    precondition(
      state.layoutIsVariable || state.layoutStorage.supportsMeasuredExtents,
      "setMeasuredExtent(_:forItemAt:) needs a layout that measures, such as VariableLayout; "
        + "\(type(of: state.layoutStorage)) does not")
    precondition(
      index >= 0 && index < state.count,
      "setMeasuredExtent(_:forItemAt:): index \(index) is out of bounds 0..<\(state.count)")
    precondition(
      extent.isFinite && extent >= 0,
      "setMeasuredExtent(_:forItemAt:): extent must be finite and ≥ 0, got \(extent)")
    state.pendingMeasurements.measured.append(ExtentStore.Measured(index: index, extent: extent))
  }

  /// Applies the measurements given one at a time since the last time, as one batch.
  @inlinable
  func applyPendingMeasurements() {
    if !state.pendingMeasurements.isEmpty { applyPendingMeasurementsNow() }
  }

  /// ``applyPendingMeasurements()`` when there are some: out of line, so that the properties
  /// that test for them stay small enough to inline.
  @inlinable @inline(never)
  func applyPendingMeasurementsNow() {
    // Moved out, so that what applying them reads does not apply them again.
    var batch = MeasurementBatch(itemCount: 0)
    swap(&batch, &state.pendingMeasurements)
    applyMeasurements(&batch)
    batch.reset(itemCount: 0)
    swap(&batch, &state.pendingMeasurements)
  }

  /// Marks the window's slots stale after measurements whose first changed item is `first`:
  /// from that item on when the store changed in place in a bounded list (the slots before it
  /// are the same sums of the same extents), all of them otherwise.
  @inlinable
  func markSlotsStale(from first: Int, regrouped: Bool) {
    if state.wrapping == .bounded && !regrouped {
      state.window.markSlotsStale(from: first)
    } else {
      state.window.slotsStale = true
    }
  }

  /// After measurements in a list following its end: one look at the content's end pins the
  /// offset `gap` past it and clamps it.
  @inlinable
  func pinMeasuredListToEnd(gap: Double) {
    let maximum = maximumOffset
    pinToEnd(gap: gap, maximum: maximum)
    measurementDidChangeLayout(maximum: maximum)
  }

  /// Puts the measurement anchor, whose slot now starts at `slotOffset`, back at `position` in
  /// the viewport (moving a drag or a motion in flight with the content).
  @inlinable
  func keepMeasurementAnchor(at slotOffset: Double, position: Double) {
    let restored = slotOffset - position
    if restored != state.offset { shiftContent(by: restored - state.offset) }
    state.measurementAnchorOffset = state.offset
  }

  /// Captures the item that the measurements until the next pass keep in place
  /// (``ListState/measurementAnchor``).
  @inlinable
  func captureMeasurementAnchor() {
    if let anchor = captureAnchor() {
      state.measurementAnchor = (anchor.virtualIndex, anchor.position)
      state.measurementAnchorOffset = state.offset
    } else {
      state.measurementAnchor = nil
    }
  }

  /// The bookkeeping after a measured extent changed the layout; `maximum` is
  /// ``maximumOffset`` when the caller knows it.
  @usableFromInline
  func measurementDidChangeLayout(maximum: Double? = nil) {
    // Content that shrank under a list resting at its end keeps it pinned to the end.
    clampIfIdle(maximum: maximum)
    state.motion.layoutDidChange()
    state.needsLayout = true
  }

  /// Brings the window's frames up to date after measurements, once per pass.
  @inlinable
  func settleMeasurements() {
    let start = state.window.start
    let end = start + state.window.entries.count
    let first = max(start, state.window.slotsStaleFrom)
    // Measurements of items after the window (a chat's new message), or whose slots were
    // shifted exactly, leave its slots as they are; a few stale slots (a growing last message)
    // are asked for one by one.
    if first >= end {
      state.window.slotsStale = false
      return
    }
    if end - first <= 4 {
      refreshSlots(from: first)
      return
    }
    // A variable layout is read where it is stored: the walk writes only the window's slots,
    // never the layout, and runs no user code.
    if state.layoutIsVariable,
      state.layoutStorage.readingIfVariable({ refreshSlots(walking: $0, from: first) }) != nil
    {
      return
    }
    let layout = currentLayout
    if let sectioned = layout as? SectionedLayout {
      refreshSlots(walking: sectioned)
    } else {
      refreshSlots()
    }
  }

  /// Recomputes the window's slots from a variable layout in one walk of its store (one
  /// descent per leaf, not one per cell); the slots are the same as `slot(at:)`'s. Slots of
  /// virtual indices before `stale` are known to be current and are kept.
  @inlinable
  func refreshSlots(walking variable: VariableLayout, from stale: Int = .min) {
    withUnsafePointer(to: variable) { refreshSlots(walking: $0, from: stale) }
  }

  /// ``refreshSlots(walking:from:)`` on a layout borrowed in place (no copy of its store).
  @inlinable
  func refreshSlots(walking variable: UnsafePointer<VariableLayout>, from stale: Int = .min) {
    let start = state.window.start
    let end = start + state.window.entries.count
    let first = max(start, stale)
    if first < end {
      // The layout's figures and the store's addresses, read once: the walk copies nothing, and
      // the layout stays where it is stored, unchanged, through the walk.
      let walker = variable.pointee.slotWalker
      var i = first - start
      walker.forEachSlot(in: first..<end) { slot in
        state.window.entries[i].slot = slot
        i += 1
      }
    }
    state.window.slotsStale = false
  }

  /// Recomputes the window's slots from a sectioned layout in one walk per section.
  @usableFromInline
  func refreshSlots(walking sectioned: SectionedLayout) {
    var i = 0
    sectioned.forEachSlot(in: state.window.range) { slot in
      state.window.entries[i].slot = slot
      i += 1
    }
    state.window.slotsStale = false
  }
}
