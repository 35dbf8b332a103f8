/// The fast paths of batch updates that change only items outside the displayed ones: an item
/// appended to a chat or a log, a change far above or below the viewport. The window keeps its
/// cells (no re-keying, no rebuild); the next pass extends or trims it as usual.
extension VirtualList {
  /// Applies a change through a fast path when it touches only items outside the window, and
  /// returns how far the window's indices moved (0 for changes after it); `nil` when the change
  /// needs the general path.
  ///
  /// Eligible: a bounded list whose layout keeps the slots of the items before a change in
  /// place (variable and uniform layouts), no moves, no animation, nothing pending (anchor, end
  /// pin, preparation). Changes after everything shown need no anchor at all; changes before
  /// the window (two items of margin, for a snapping anchor's neighbours) anchor as the general
  /// path does and shift the window's indices. The window's slots are refreshed by the next
  /// pass — a leaf split in the store can change the order of the additions behind them, by a
  /// rounding — unless the change appended items that a variable layout's store took in place
  /// (see `ExtentStore.regroupings`). Gives the placements the general path gives (tested
  /// against it on seeded random updates).
  ///
  /// Inlinable, as the whole fast path is, so that it is specialized for the client's cell
  /// type: unspecialized, each read of the window looks up its generic metadata, which costs
  /// more than the rest of an append.
  @inlinable
  func applyOutsideWindow(_ changes: IndexChanges) -> Int? {
    // The check holds a copy of the layout: it ends before the layout is mutated, so that the
    // store's buffer stays uniquely referenced and is not copied.
    guard let place = placeOfChanges(changes) else { return nil }
    selectionWillApply(changes)
    prefetchingDataDidChange()
    if place == .after {
      let slotsKept = applyAfterWindow(changes)
      finishOutsideChange(slotsKept: slotsKept)
      return 0
    }
    let shift = applyBeforeWindow(changes)
    finishOutsideChange()
    return shift
  }

  /// The fast path for changes before the window: the anchor kept as the general path keeps
  /// it, and the window's indices shifted. Returns the shift.
  ///
  /// Inlinable, so that it, the anchor's capture and ``finishChange(_:_:oldCount:)`` are
  /// specialized for the client's cell type (unspecialized, each looks up the generic metadata
  /// of the state).
  @inlinable
  func applyBeforeWindow(_ changes: IndexChanges) -> Int {
    let start = state.window.start
    let shift = changes.newCount - changes.oldCount
    let before = PendingChange(
      anchor: captureAnchor(), target: motionTargetBeforeChange(),
      endGap: state.anchoring == .end ? endGap : nil)
    _ = finishChange(changes, before, oldCount: changes.oldCount)
    state.window.start = start + shift
    return shift
  }

  /// Where a change's indices lie relative to the window, when a fast path can apply it.
  @usableFromInline
  enum ChangePlace { case before, after }

  /// Whether the change is eligible for a fast path, and which one.
  @inlinable
  func placeOfChanges(_ changes: IndexChanges) -> ChangePlace? {
    guard changes.moves.isEmpty, state.wrapping == .bounded,
      !state.animator.animation.isAnimated, state.pendingAnchor == nil, !state.pendingEndPin,
      !state.needsPrepare
    else { return nil }
    // The flags the layout's setter keeps: no copy of the layout, no dynamic type.
    guard state.layoutIsVariable || state.layoutIsUniform else { return nil }
    if changesFollow(changes) { return .after }
    let start = state.window.start
    let shift = changes.newCount - changes.oldCount
    guard isLaidOut, !state.window.entries.isEmpty, (changes.deleted.last ?? .min) < start - 2,
      (changes.reloaded.last ?? .min) < start - 2, (changes.inserted.last ?? .min) < start + shift
    else { return nil }
    return .before
  }

  /// Whether every change is after the last item shown: the window's last, and — when the
  /// offset moved since the last pass — the item under the anchoring point, which the general
  /// path would keep in place.
  @inlinable
  func changesFollow(_ changes: IndexChanges) -> Bool {
    var shown = state.window.start + state.window.entries.count - 1
    if !isLaidOut, state.count > 0, let prepared = state.preparedContext {
      let point =
        state.offset + (effectiveSnapping?.anchor(viewportExtent: prepared.viewportExtent) ?? 0)
      let layout = currentLayout
      shown = max(shown, layout.indices(intersecting: point..<point.nextUp).lowerBound)
    }
    return (changes.deleted.first ?? .max) > shown && (changes.inserted.first ?? .max) > shown
      && (changes.reloaded.first ?? .max) > shown
  }

  /// Changes after everything shown: the layout's O(log n) update and the end kept in place;
  /// no item shown moves, so there is no anchor to capture or restore. Returns whether the
  /// window's slots are known to be unchanged: items appended to a variable layout whose store
  /// did not regroup items (see `ExtentStore.regroupings`).
  ///
  /// Inlinable, so that it is specialized for the client's cell type (unspecialized, it and the
  /// layout's move look up the state's generic metadata on every append).
  @inlinable
  func applyAfterWindow(_ changes: IndexChanges) -> Bool {
    let gap = state.anchoring == .end ? endGap : nil
    let target = motionTargetBeforeChange()
    let oldCount = state.count
    var layout = takeLayout()
    let appends =
      changes.deleted.isEmpty && changes.reloaded.isEmpty
      && (changes.inserted.first ?? oldCount) >= oldCount
    let regroupings = appends ? VariableLayout.regroupings(of: layout) : nil
    layout.apply(changes)
    state.count = changes.newCount
    if !state.isSectioned { state.sections = SectionIndex(flat: changes.newCount) }
    let context = self.context
    layout.prepare(for: context)
    state.layout = layout
    state.preparedContext = context
    state.measurementAnchor = nil
    var animatesToEnd = false
    if let gap, state.animatesFollowingEnd {
      animatesToEnd = followEnd(gap: gap, grew: changes.newCount > oldCount)
      clampIfIdle()
    } else if let gap {
      let maximum = maximumOffset
      pinToEnd(gap: gap, maximum: maximum)
      clampIfIdle(maximum: maximum)
    } else {
      noteAppended(changes)
      clampIfIdle()
    }
    state.motion.dataDidReload()
    remapMotionTarget(target, oldCount: oldCount) { index, _ in changes.newIndex(forOld: index) }
    if animatesToEnd { animateToEnd() }
    guard let regroupings else { return false }
    return VariableLayout.regroupings(of: layout) == regroupings
  }

  /// The window's slots to refresh (unless `slotsKept`) and a pass to run.
  @inlinable
  func finishOutsideChange(slotsKept: Bool = false) {
    if !slotsKept && !state.window.entries.isEmpty { state.window.slotsStale = true }
    state.laidOutOffset = .nan
    state.needsLayout = true
  }
}
