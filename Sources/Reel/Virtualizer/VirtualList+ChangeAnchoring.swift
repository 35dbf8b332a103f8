/// The parts of a batch update around the window's rebuild: what is remembered before the
/// window is detached (the anchor, the motion's target, the gap at the end), and the layout,
/// the anchor and the motion brought to the new data after it.
extension VirtualList {
  /// The part of a change before the window is detached: the anchor and the motion target.
  /// Inlinable so that it is specialized with `apply` (unspecialized, it looked up the list's
  /// generic metadata on every update).
  @inlinable
  func beginChange(_ changes: IndexChanges) -> PendingChange {
    selectionWillApply(changes)
    prefetchingDataDidChange()
    // An anchor remembered for a pending layout or viewport change, else the current one
    // (captured directly when none is pending: no optional to copy and destroy).
    let anchor: ListAnchor?
    if state.hasPendingAnchor {
      var remembered = state.pendingAnchor
      state.pendingAnchor = nil
      if let index = remembered?.index, changes.stayingIndex(forOld: index) == nil {
        remembered = nil
      }
      anchor = remembered ?? captureAnchor(surviving: changes)
    } else {
      anchor = captureAnchor(surviving: changes)
    }
    let gap = state.anchoring == .end ? endGap : nil
    return PendingChange(anchor: anchor, target: motionTargetBeforeChange(), endGap: gap)
  }

  /// The part of a change between detaching and rebuilding the window: the layout, the
  /// anchor and the motion. Returns the items a cyclic list's recentring shifted by.
  @inlinable
  func finishChange(_ changes: IndexChanges, _ before: PendingChange, oldCount: Int) -> Int {
    let newContext: LayoutContext
    if state.layoutIsVariable, let content = applyInPlace(changes) {
      // A variable layout changed in place, past the layout's setter: the figures it keeps
      // are kept here (its inset and spacing stay).
      newContext = content.context
      state.variableContentExtent = content.extent
      state.layoutGeneration &+= 1
    } else {
      var layout = takeLayout()
      layout.apply(changes)
      state.count = changes.newCount
      if !state.isSectioned { state.sections = SectionIndex(flat: changes.newCount) }
      newContext = context
      layout.prepare(for: newContext)
      state.layout = layout
    }
    state.preparedContext = newContext
    state.needsPrepare = false
    state.measurementAnchor = nil
    let cyclic = state.wrapping == .cyclic
    if let anchor = before.anchor, let newIndex = changes.newIndex(forOld: anchor.index),
      state.count > 0
    {
      restore(
        anchor,
        at: CyclicMath.remap(
          anchor.virtualIndex, oldCount: oldCount, toIndex: newIndex, newCount: state.count,
          cyclic: cyclic))
    }
    var animatesToEnd = false
    if let gap = before.endGap {
      animatesToEnd = followEnd(gap: gap, grew: changes.newCount > changes.oldCount)
    } else if state.pendingEndPin {
      state.pendingEndPin = false
      pinToEnd(gap: 0)
    } else {
      noteAppended(changes)
    }
    clampIfIdle()
    state.motion.dataDidReload()
    remapMotionTarget(before.target, oldCount: oldCount) { index, _ in
      changes.newIndex(forOld: index)
    }
    if animatesToEnd { animateToEnd() }
    if cyclic, let shift = recentringShift() { return shift.items }
    return 0
  }

  /// ``finishChange(_:_:oldCount:)``'s layout step on a variable layout, changed where it is
  /// stored: the changes applied, the new count adopted and the layout prepared for it. Returns
  /// the context it was prepared for and its content extent; `nil` (nothing changed) when the
  /// layout is not a variable layout.
  ///
  /// Moving the layout out and back (as for other layouts, whose code is the user's and runs
  /// outside the state) cost two existential copies and two refreshes of the layout's figures.
  /// A `VariableLayout` is Reel's own code, so it runs inside the access.
  @inlinable
  func applyInPlace(_ changes: IndexChanges) -> (context: LayoutContext, extent: Double)? {
    let oldCount = state.count
    state.count = changes.newCount
    // A flat list's context reads the count, a sectioned list's its sections (already new).
    let newContext = context
    let extent = state.layoutStorage.mutatingIfVariable { variable in
      variable.apply(changes)
      variable.prepare(for: newContext)
      return variable.contentExtent
    }
    guard let extent else {
      state.count = oldCount
      return nil
    }
    if !state.isSectioned { state.sections = SectionIndex(flat: changes.newCount) }
    return (newContext, extent)
  }
}

/// What a batch update remembers before it detaches the window.
@usableFromInline
struct PendingChange {
  @usableFromInline let anchor: ListAnchor?
  @usableFromInline let target: (virtualIndex: Int, identity: AnyHashable?)?
  /// The distance past the end when the list followed its end (see ``VirtualList/endGap``).
  @usableFromInline let endGap: Double?

  @inlinable
  init(anchor: ListAnchor?, target: (virtualIndex: Int, identity: AnyHashable?)?, endGap: Double?) {
    self.anchor = anchor
    self.target = target
    self.endGap = endGap
  }
}
