extension VirtualList {
  /// The list's shape as a ``ScrollState`` records it.
  var scrollShape: ScrollState.Shape {
    let sections = state.sections
    let perSection =
      state.isSectioned
      ? (0..<sections.numberOfSections).map { sections.numberOfItems(inSection: $0) } : nil
    return ScrollState.Shape(
      count: state.count, itemsPerSection: perSection, isHorizontal: state.axis == .horizontal,
      isCyclic: state.wrapping == .cyclic)
  }

  /// Where the list is scrolled, to save and restore with ``restoreScrollState(_:)``: the first
  /// visible item (the resting item when snapping) by identity and index, its position, whether
  /// the list is at its end, its shape, and a ``VariableLayout``'s or ``MasonryLayout``'s
  /// extents. An item that ends
  /// exactly at the viewport's leading edge is not visible: the next one is the anchor. When the
  /// viewport shows only the leading inset, the first item is saved where it is, below the
  /// viewport; when it shows only the space after the last item, the last item, above it. The
  /// identity is asked from the data source when no cell shows the item.
  ///
  /// - Complexity: O(log n) plus O(n) to copy a ``VariableLayout``'s extents, and the layout
  ///   pass if one is due.
  public var scrollState: ScrollState {
    layoutIfNeeded()
    // A viewport that shows only an inset has no cells, but its first item still has a place.
    let anchor = captureAnchor(evenWithoutCells: true)
    let layout = currentLayout
    var position = 0.0
    var indexInLoop: Int?
    if let anchor {
      // The item's start relative to the viewport, whatever the snapping.
      position = layout.slot(at: anchor.virtualIndex).offset - state.offset
      let loop = layout.period.items
      if state.wrapping == .cyclic && loop > 0 {
        // Which copy of the data: a loop of a cyclic grid holds several, in other lanes.
        indexInLoop = CyclicMath.dataIndex(anchor.virtualIndex, count: loop)
      }
    }
    // The anchor may have no cell (an inset fills the viewport): its identity is asked for.
    var identity = anchor?.identity
    if identity == nil, let anchor, state.asksForIdentities, let source = state.dataSource {
      state.callbackDepth += 1
      identity = source.virtualList(self, identifierForItemAt: anchor.index)
      state.callbackDepth -= 1
    }
    return ScrollState(
      shape: scrollShape, anchorIndex: anchor?.index ?? 0,
      anchorIdentifier: identity.flatMap { ScrollState.Identifier($0) },
      anchorPosition: position, isAtEnd: state.count > 0 && offsetIsAtEnd,
      measuredExtents: (layout as? VariableLayout)?.measuredExtents
        ?? (layout as? MasonryLayout)?.measuredExtents,
      anchorIndexInLoop: indexInLoop)
  }

  /// Restores a saved ``scrollState``: the measured extents (when the list has a
  /// ``VariableLayout`` or a ``MasonryLayout``, the same counts and other extents), then the anchor item at its saved
  /// position — found
  /// by identity when the state has one and the data source knows it, else at the saved index
  /// (clamped to the count); in a cyclic list, in the same copy of the data in the layout's
  /// loop when that copy still shows the item (``ScrollState/anchorIndexInLoop``). A state saved at the end of a list anchored at the end restores to
  /// the end, following it. Any motion stops.
  ///
  /// Set the data source and the viewport first. When the data changed since the state was
  /// saved (other counts), the extents are not restored (they would belong to other items) and
  /// the anchor is found by identity.
  ///
  /// ```swift
  /// do { try list.restoreScrollState(saved) } catch { log("\(error)") }  // at the top
  /// ```
  ///
  /// - Throws: ``ScrollStateError/shapeMismatch(saved:current:reason:)`` when the state is of a
  ///   list of another axis, wrapping, or with sections where this one has none (or the
  ///   reverse); the list then scrolls to its top.
  /// - Precondition: not called from inside a data source or delegate callback.
  /// - Complexity: O(n) to restore n extents, O(log n) otherwise, plus the layout pass.
  public func restoreScrollState(_ saved: ScrollState) throws(ScrollStateError) {
    guardNotInCallback("restoreScrollState(_:)")
    layoutIfNeeded()
    stopMotion()
    state.pendingAnchor = nil
    state.pendingEndPin = false
    state.measurementAnchor = nil
    let current = scrollShape
    if let reason = saved.shape.mismatch(with: current) {
      moveForRestore(to: 0)
      throw .shapeMismatch(saved: saved.shape, current: current, reason: reason)
    }
    // Extents equal to the layout's are left as they are: the store rebuilt from them could
    // sum them in another order, and move items by a rounding.
    if let extents = saved.measuredExtents, saved.shape == current {
      restoreMeasuredExtents(extents)
    }
    guard state.count > 0 else {
      moveForRestore(to: 0)
      return
    }
    var index = min(max(saved.anchorIndex, 0), state.count - 1)
    if let identifier = saved.anchorIdentifier, let source = state.dataSource,
      let found = self.index(ofIdentity: identifier.identity, in: source)
    {
      index = found
    }
    state.newItemsBelow = 0
    if saved.isAtEnd && state.anchoring == .end {
      moveForRestore(to: maximumOffset)
    } else {
      let layout = currentLayout
      // The saved copy of the item in a cyclic loop, when it is still this item; else its first.
      var virtual = index
      if let inLoop = saved.anchorIndexInLoop, state.wrapping == .cyclic,
        inLoop >= 0, inLoop < layout.period.items, dataIndex(inLoop) == index
      {
        virtual = inLoop
      }
      moveForRestore(to: layout.slot(at: virtual).offset - saved.anchorPosition)
    }
  }

  /// Puts saved extents back into a ``VariableLayout`` or a ``MasonryLayout`` of as many items
  /// that does not have them already; other layouts keep theirs.
  func restoreMeasuredExtents(_ extents: MeasuredExtents) {
    let layout = currentLayout
    if var variable = layout as? VariableLayout, variable.count == extents.count,
      !variable.hasExtents(extents)
    {
      // The list's copy is released first, so that the store is changed in place.
      state.layout = PlaceholderLayout()
      variable.restoreMeasurements(extents)
      state.layout = variable
    } else if var masonry = layout as? MasonryLayout, masonry.count == extents.count,
      masonry.measuredExtents != extents
    {
      state.layout = PlaceholderLayout()
      masonry.restoreMeasurements(extents)
      state.layout = masonry
    } else {
      return
    }
    state.window.slotsStale = true
    state.motion.layoutDidChange()
  }

  /// Moves to an offset, clamped in bounded lists, and asks for a pass.
  func moveForRestore(to offset: Double) {
    state.offset = offset
    clampIfIdle()
    state.needsLayout = true
  }

  /// Forgets every measured extent (after a font or content-size change), keeping the anchor
  /// item in place — or the end, when the list follows its end: all items take the layout's
  /// estimate again until the frontend measures them anew. The layout is kept (its estimate,
  /// spacing and insets).
  ///
  /// ```swift
  /// fontsDidChange { list.invalidateMeasurements() }
  /// ```
  ///
  /// - Precondition: the layout is a ``VariableLayout``, and the call is not made from inside a
  ///   data source or delegate callback.
  /// - Complexity: O(1) for the layout, plus the next pass's O(w) for w displayed cells.
  public func invalidateMeasurements() {
    guardNotInCallback("invalidateMeasurements()")
    layoutIfNeeded()
    precondition(
      currentLayout is VariableLayout,
      "invalidateMeasurements() needs a VariableLayout; \(type(of: currentLayout)) has no "
        + "measurements to forget")
    let gap = state.anchoring == .end ? endGap : nil
    let anchor = gap == nil ? captureAnchor() : nil
    var layout = takeLayout() as! VariableLayout
    layout.forgetMeasurements()
    state.layout = layout
    state.window.slotsStale = true
    if let gap {
      pinToEnd(gap: gap)
    } else if let anchor {
      let restored = currentLayout.slot(at: anchor.virtualIndex).offset - anchor.position
      if restored != state.offset { shiftContent(by: restored - state.offset) }
    }
    measurementDidChangeLayout()
  }
}
