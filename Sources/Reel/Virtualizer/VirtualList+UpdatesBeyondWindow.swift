/// The fast path of batch updates that change only items after the displayed ones: an item
/// appended to a chat or a log, a change far below the viewport.
extension VirtualList {
  /// Whether a change touches only items after everything displayed (an append, typically) in
  /// a bounded list whose layout keeps the slots of the items before a change (variable and
  /// uniform layouts), with no animation, no move and nothing pending (anchor, end pin,
  /// preparation). The window's cells and the first visible item then keep their indices and
  /// places, and ``applyBeyondWindow(_:)`` needs neither the anchor nor a window rebuild.
  @usableFromInline
  func isBeyondWindow(_ changes: IndexChanges) -> Bool {
    guard changes.moves.isEmpty, state.wrapping == .bounded,
      !state.animator.animation.isAnimated, state.pendingAnchor == nil, !state.pendingEndPin,
      !state.needsPrepare
    else { return false }
    let layout = currentLayout
    guard layout is VariableLayout || layout is UniformLayout else { return false }
    // The last item shown: the window's, and — when the offset moved since the last pass — the
    // item under the anchoring point, which the general path would keep in place.
    var shown = state.windowStart + state.window.count - 1
    if !isLaidOut, state.count > 0, let prepared = state.preparedContext {
      let point =
        state.offset + (effectiveSnapping?.anchor(viewportExtent: prepared.viewportExtent) ?? 0)
      shown = max(shown, layout.indices(intersecting: point..<point.nextUp).lowerBound)
    }
    return (changes.deleted.first ?? .max) > shown && (changes.inserted.first ?? .max) > shown
      && (changes.reloaded.first ?? .max) > shown
  }

  /// The path of ``apply(_:)`` for changes after everything displayed: the layout's O(log n)
  /// update and the end kept in place. The window keeps its cells for the next pass to extend
  /// or trim; their slots are refreshed by that pass (a leaf split in the store can change the
  /// order of the additions behind them, by a rounding). Gives the placements the general path
  /// gives (tested against it on seeded random updates).
  @usableFromInline
  func applyBeyondWindow(_ changes: IndexChanges) {
    selectionWillApply(changes)
    let gap = state.anchoring == .end ? endGap : nil
    let target = motionTargetBeforeChange()
    let oldCount = state.count
    var layout = takeLayout()
    layout.apply(changes)
    state.count = changes.newCount
    layout.prepare(for: context)
    state.layout = layout
    state.preparedContext = context
    state.measurementAnchor = nil
    if !state.window.isEmpty { state.slotsStale = true }
    if let gap { pinToEnd(gap: gap) } else { noteAppended(changes) }
    clampIfIdle()
    state.motion.dataDidReload()
    remapMotionTarget(target, oldCount: oldCount) { index, _ in changes.newIndex(forOld: index) }
    state.laidOutOffset = .nan
    state.needsLayout = true
  }
}
