extension VirtualList {
  /// Whether the header of the section at the leading edge stays pinned while its section
  /// scrolls, pushed out by the next section's header (false by default).
  ///
  /// The pinned header comes last in ``placements`` with ``Placement/isPinned`` set, to be drawn
  /// above the cells. When its own row has scrolled out of the window, the list shows it with a
  /// cell of its own, dequeued from the data source like any header. Lists without headers
  /// pin nothing. The rule, including the hand-over between sections and cyclic lists, is in
  /// the "Sections and sticky headers" guide.
  public var pinsSectionHeaders: Bool {
    get { state.pinsHeaders }
    set {
      guard newValue != state.pinsHeaders else { return }
      state.pinsHeaders = newValue
      state.needsLayout = true
    }
  }

  /// How far from the viewport's leading edge pinned headers sit (0 by default): for a bar
  /// drawn over the top of the list.
  ///
  /// ``scrollToItem(at:alignment:animated:)-(ItemPath,_,_)`` keeps items clear of the pinned
  /// header and this inset.
  ///
  /// - Precondition: finite and `≥ 0`.
  public var pinnedHeaderInset: Double {
    get { state.pinInset }
    set {
      precondition(
        newValue.isFinite && newValue >= 0,
        "VirtualList.pinnedHeaderInset must be finite and ≥ 0, got \(newValue)")
      state.pinInset = newValue
      state.needsLayout = true
    }
  }

  /// The pinned header's section, or `nil` when no header is pinned.
  public var pinnedSection: Int? {
    layoutIfNeeded()
    guard state.pinned.mode != .none else { return nil }
    let rows = state.count
    return state.sections.section(
      containingRow: CyclicMath.dataIndex(state.pinned.virtualIndex, count: rows))
  }

  /// Works out the pinned header after the window changed or the content moved, and shows it:
  /// its window entry when its row is displayed, or a cell of its own otherwise.
  @inlinable
  func updatePinnedHeader() {
    guard state.pinsHeaders, state.sections.hasHeaders, state.count > 0, viewportExtent > 0
    else {
      unpin()
      return
    }
    let layout = currentLayout
    let line = state.offset + state.pinInset
    guard
      let (header, slot) = StickyHeaders.pinnedHeader(
        line: line, sections: state.sections, wrapping: state.wrapping, layout: layout)
    else {
      unpin()
      return
    }
    if state.window.range.contains(header) {
      retireOutsidePin()
      state.pinned.mode = .inWindow
    } else if state.pinned.mode != .outside || state.pinned.virtualIndex != header {
      retireOutsidePin()
      let entry = makeEntry(header, source: verifiedSource(), layout: layout)
      state.pinned.entry = entry
      state.pinned.mode = .outside
      state.window.noteDisplayed(state.window.entries.count + 1)
      if let delegate = state.delegate {
        state.callbackDepth += 1
        delegate.virtualList(self, willDisplay: entry.cell, forItemAt: entry.index)
        state.callbackDepth -= 1
      }
    }
    state.pinned.virtualIndex = header
    state.pinned.slot = slot
    if state.pinned.mode == .outside { noteDisplayedCount() }
  }

  /// Shows no pinned header.
  @inlinable
  func unpin() {
    guard state.pinned.mode != .none else { return }
    retireOutsidePin()
    state.pinned.mode = .none
  }

  /// Returns the pinned header's own cell, if it has one, to its pool.
  @usableFromInline
  func retireOutsidePin() {
    guard state.pinned.mode == .outside, let entry = state.pinned.entry else { return }
    state.pinned.entry = nil
    state.pinned.mode = .none
    retire(entry.cell, pool: entry.pool, index: entry.index, delegate: state.delegate)
    releaseExcessCells()
  }
}
