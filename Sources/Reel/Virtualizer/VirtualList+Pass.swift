extension VirtualList {
  /// Runs a layout pass if anything changed since the last one.
  ///
  /// The pass reloads data if asked to, prepares the layout for a new viewport, recentres a
  /// cyclic offset, finds the visible virtual range plus overscan, recycles the cells that left
  /// it (``VirtualListDelegate/virtualList(_:didEndDisplaying:forItemAt:)``) and asks the data
  /// source for the cells that entered it
  /// (``VirtualListDelegate/virtualList(_:willDisplay:forItemAt:)``). When a callback changed the
  /// list (its offset, viewport or layout), the pass runs again, up to
  /// eight times, so that what ``placements`` returns is always current.
  ///
  /// Called from inside a data source or delegate callback it returns at once; the pass that is
  /// running sees the change.
  ///
  /// - Precondition: callbacks do not keep changing the list: after
  ///   eight passes the program stops with a message.
  /// - Complexity: O(log n + cells that changed); O(1) and allocation-free when nothing changed.
  @inlinable
  public func layoutIfNeeded() {
    if !state.needsLayout && state.offset == state.laidOutOffset
      && state.pendingMeasurements.isEmpty
    {
      return
    }
    performLayout()
  }

  /// Whether the last pass is current: nothing asked for another one and the offset is where the
  /// pass left it.
  @inlinable
  var isLaidOut: Bool { !state.needsLayout && state.offset == state.laidOutOffset }

  // The pass and the window diff are `@inlinable` so that they are specialized for the client's
  // cell type: unspecialized, every array operation on the window and the pools looks up generic
  // metadata at run time, which cost microseconds per pass (see Docs/Performance.md).
  @inlinable
  func performLayout() {
    guard state.callbackDepth == 0 else { return }
    applyPendingMeasurements()
    var passes = 0
    var changed = false
    repeat {
      precondition(
        passes < Self.maximumPassesPerLayout,
        "VirtualList: the layout did not settle after \(Self.maximumPassesPerLayout) passes: a "
          + "data source or delegate callback changes contentOffset, viewportSize or the layout "
          + "on every pass")
      passes += 1
      // Clear the flags first: a callback during the pass that sets them again asks for another.
      state.needsLayout = false
      changed = layoutOnce() || changed
      deliverEvents()
    } while !isLaidOut
    if changed { checkInvariants() }
    if state.hasPrefetchSource { prefetchAfterPass() }
  }

  /// One pass; returns whether it changed the window or the layout (what the debug invariant
  /// check looks at: a pass that only moved the offset within the same window changes neither).
  @inlinable
  func layoutOnce() -> Bool {
    var changed = false
    // Measurements anchor once per pass: the pass may reload, re-anchor or move the window.
    state.measurementAnchor = nil
    if state.needsReload || state.needsPrepare {
      reloadAndPrepare()
      changed = true
    }
    if state.window.slotsStale {
      settleMeasurements()
      changed = true
    }
    if state.wrapping == .cyclic { recentreWithDeparting() }
    // Only a motion that asked to be re-aimed has anything to do after the layout: the flag is
    // tested here, without the call, on every scrolling frame.
    if state.motion.needsRetarget { motionDidLayout() }
    // Settling at rest can land on the next loop's copy of the first item: exactly one period,
    // which is outside `0..<period`.
    if state.wrapping == .cyclic { recentreWithDeparting() }
    if state.newItemsBelow != 0 { clearNewItemsIfAtEnd() }
    checkCountInDebugBuilds()
    // The offset this pass lays out: a callback that moves the content during the window
    // update leaves the list not laid out, and the pass runs again.
    let laidOut = state.offset
    let range = targetRange()
    // Most scrolling frames keep the same window: skip the diff and the pools entirely then.
    if range != state.window.range
      || state.pools.deferring
    {
      changed = true
      state.pools.beginDeferringCaps()
      updateWindow(to: range)
      state.pools.endDeferringCaps()
      releaseExcessCells()
    }
    if state.pinsHeaders || state.pinned.mode != .none { updatePinnedHeader() }
    if !state.departing.isEmpty { noteDisplayedCount() }
    state.laidOutOffset = laidOut
    if laidOut != state.reportedOffset { noteDidScroll() }
    return changed
  }

  /// Recentres a cyclic offset, moving the departing cells with it: they are in content
  /// coordinates, outside the window that recentring moves.
  @inlinable
  func recentreWithDeparting() {
    let unshifted = state.offset
    recentre()
    if !state.departing.isEmpty { shiftDeparting(by: state.offset - unshifted) }
  }

  /// Reports the offset as scrolled, for delivery after the pass. Without a delegate the event
  /// is not collected: the delivery right after the pass would drop it (nothing runs between,
  /// so no delegate can be set in between), and the frame's delivery then finds nothing to do.
  @usableFromInline
  func noteDidScroll() {
    state.reportedOffset = state.laidOutOffset
    if state.hasDelegate { state.pendingEvents.insert(.didScroll) }
  }

  /// Reloads data and prepares the layout, as far as either is needed.
  @usableFromInline
  func reloadAndPrepare() {
    if state.needsReload { reload() }
    if state.needsPrepare { prepare() }
  }

  /// In debug builds, checks at every pass that the data source's count did not change behind
  /// the list's back; release builds check at reloads and batch updates only, keeping the
  /// scrolling path free of the call.
  @inlinable
  func checkCountInDebugBuilds() {
    #if DEBUG
      guard state.count > 0 || state.hasDataSource else { return }
      let source = verifiedSource()
      state.callbackDepth += 1
      let reported = source.numberOfItems(in: self)
      state.callbackDepth -= 1
      precondition(
        reported == state.count,
        "the data source now reports \(reported) items but the list was last told "
          + "\(state.count); call reloadData() or performBatchUpdates(_:) whenever the data "
          + "changes")
    #endif
  }

  /// In debug builds, checks every invariant after a pass; compiles to nothing in release.
  @inlinable
  func checkInvariants() {
    #if DEBUG
      let problems = invariantViolations(layingOut: false)
      precondition(
        problems.isEmpty,
        "VirtualList invariant broken after a layout pass: \(problems.joined(separator: "; "))")
    #endif
  }

  /// Delivers the scroll events collected during a pass or a tick, outside any callback.
  ///
  /// Called after every pass: with nothing to deliver (a frame of a list without a delegate) it
  /// returns at once, without the delivery's own frame.
  @usableFromInline
  func deliverEvents() {
    guard !state.pendingEvents.isEmpty, state.callbackDepth == 0 else { return }
    deliverPendingEvents()
  }

  /// Delivers the collected events, emptying them (dropped without a delegate).
  @usableFromInline @inline(never)
  func deliverPendingEvents() {
    let events = state.pendingEvents
    state.pendingEvents = []
    // Without a delegate (the flag spares the weak load), the events go nowhere.
    guard state.hasDelegate, let delegate = state.delegate else { return }
    if events.contains(.didScroll) { delegate.virtualListDidScroll(self) }
    if events.contains(.didEndDecelerating) { delegate.virtualListDidEndDecelerating(self) }
    if events.contains(.didEndScrollingAnimation) {
      delegate.virtualListDidEndScrollingAnimation(self)
    }
  }
}
