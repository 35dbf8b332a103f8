extension VirtualList {
  /// Asks the data source for the count again, recycling every displayed cell, and keeps the
  /// anchor item in place: by identity when the data source gives identities, else by index. A
  /// motion in flight towards an item is re-aimed at the same item.
  func reload() {
    let gap = state.anchoring == .end ? endGap : nil
    let oldCount = state.count
    reloadKeepingAnchor()
    guard state.anchoring == .end else { return }
    if let gap {
      if followEnd(gap: gap, grew: state.count > oldCount) { animateToEnd() }
    } else if state.pendingEndPin {
      state.pendingEndPin = false
      pinToEnd(gap: 0)
    } else if state.count > oldCount {
      state.newItemsBelow += state.count - oldCount
    }
  }

  /// The reload proper: keeps the first visible item (by identity when possible) in place.
  func reloadKeepingAnchor() {
    let anchor = state.pendingAnchor ?? captureAnchor()
    state.pendingAnchor = nil
    let oldCount = state.count
    let target = motionTargetBeforeChange()
    state.pools.beginDeferringCaps()
    recycleAll()
    retireOutsidePin()
    state.needsReload = false
    let source = state.dataSource
    if source == nil && state.hasDataSource {
      preconditionFailure(
        "VirtualList: the data source was released before the list could load it; the list holds "
          + "it weakly, so keep a strong reference")
    }
    var reported = 0
    var shape: SectionIndex?
    if let source {
      state.callbackDepth += 1
      if let sectioned = source as? any SectionedListDataSource<Cell> {
        shape = sectioned.sections(in: self)
        reported = shape!.numberOfRows
      } else {
        reported = source.numberOfItems(in: self)
      }
      state.callbackDepth -= 1
      precondition(
        reported >= 0,
        "the data source's numberOfItems(in:) returned \(reported); counts must be ≥ 0")
    }
    state.count = reported
    state.isSectioned = shape != nil
    state.sections = shape ?? SectionIndex(flat: reported)
    state.asksForIdentities = true
    state.needsPrepare = true
    prepare()
    prefetchingDataDidChange()
    selectionDidReload()
    state.motion.dataDidReload()
    remapMotionTarget(target, oldCount: oldCount) { _, identity in
      guard let identity, let source else { return nil }
      return self.index(ofIdentity: identity, in: source)
    }
    guard let anchor, reported > 0, oldCount > 0 else {
      clampIfIdle()
      return
    }
    var index = min(anchor.index, reported - 1)
    if let identity = anchor.identity, let source,
      let found = self.index(ofIdentity: identity, in: source)
    {
      index = found
    }
    let cyclic = state.wrapping == .cyclic && anchor.wrapping == .cyclic
    restore(
      anchor,
      at: CyclicMath.remap(
        anchor.virtualIndex, oldCount: oldCount, toIndex: index, newCount: reported,
        cyclic: cyclic))
    clampIfIdle()
  }

  /// The data source's current index of an identity, if it is in range.
  func index(ofIdentity identity: AnyHashable, in source: any VirtualListDataSource<Cell>) -> Int? {
    state.callbackDepth += 1
    let found = source.virtualList(self, indexForItemWithIdentifier: identity)
    state.callbackDepth -= 1
    guard let found, found >= 0, found < state.count else { return nil }
    return found
  }

  /// Prepares the layout for the current context and restores a remembered anchor.
  func prepare() {
    var layout = takeLayout()
    layout.prepare(for: context)
    state.layout = layout
    state.preparedContext = context
    state.needsPrepare = false
    refreshSlots()
    if let anchor = state.pendingAnchor {
      state.pendingAnchor = nil
      if state.count > 0 { restore(anchor, at: virtualIndex(restoring: anchor)) }
    }
    if state.pendingEndPin {
      state.pendingEndPin = false
      pinToEnd(gap: 0)
    }
    // Clamp even without an anchor: an empty window (zero-extent viewport) has none, and the
    // offset must still come back into range when the viewport grows.
    clampIfIdle()
    state.motion.layoutDidChange()
  }

  /// Moves the layout out of the state for a mutating call (which may be user code), leaving a
  /// placeholder; put it back with `state.layout = layout`. Moving rather than copying keeps a
  /// layout's storage uniquely referenced, so the mutation does not copy it.
  @inlinable
  func takeLayout() -> any ListLayout {
    let layout = state.layoutStorage
    state.layout = PlaceholderLayout()
    return layout
  }

  /// Recomputes the window's cached slots from the layout.
  ///
  /// A window kept from a cyclic list can hold virtual indices that a bounded layout does not
  /// have (the loop before item 0 or after the last item, once `wrapping` becomes `.bounded`);
  /// those entries keep their old slots: the next pass retires them, as it does every entry
  /// outside its bounded range, before anything reads them.
  ///
  /// Slots of virtual indices before `stale` are known to be current and are kept.
  @inlinable
  func refreshSlots(from stale: Int = .min) {
    let layout = currentLayout
    let start = state.window.start
    let count = state.window.entries.count
    let kept = stale <= start ? 0 : stale >= start + count ? count : stale - start
    var valid = kept..<count
    if state.wrapping == .bounded {
      valid = valid.clamped(to: max(0, -start)..<max(0, state.count - start))
    }
    for i in valid {
      let slot = layout.slot(at: start + i)
      state.window.entries[i].slot = slot
    }
    state.window.slotsStale = false
  }

  /// In a bounded list at rest, keeps the offset inside the scrollable range.
  /// `maximum` is ``maximumOffset`` when the caller knows it (it asks the layout).
  @usableFromInline
  func clampIfIdle(maximum: Double? = nil) {
    guard state.wrapping == .bounded, state.motion.phase == .idle else { return }
    // Bounded: the smallest resting offset (`minimumOffset`) is 0.
    let clamped = min(max(state.offset, 0), maximum ?? maximumOffset)
    if clamped != state.offset { state.offset = clamped }
  }
}

/// Stands in for the list's layout while a mutating call runs on it outside the state.
@usableFromInline
struct PlaceholderLayout: ListLayout {
  @inlinable init() {}
  @usableFromInline func prepare(for context: LayoutContext) {}
  @usableFromInline var contentExtent: Double { 0 }
  @usableFromInline var period: LayoutPeriod { LayoutPeriod(items: 0, extent: 0) }
  @usableFromInline func slot(at virtualIndex: Int) -> Slot {
    Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0)
  }
  @usableFromInline func indices(intersecting interval: Range<Double>) -> Range<Int> { 0..<0 }
}
