extension VirtualList {
  /// The item with keyboard focus, as a data index (a row in a sectioned list); `nil` (the
  /// default) when the list has none. While an item has focus, ``handle(_:)`` moves the focus
  /// and scrolls it into view instead of scrolling the content by lines.
  ///
  /// - Precondition: set to an item in `0..<numberOfItems` (not a header or footer), or `nil`.
  public var focusedIndex: Int? {
    get {
      layoutIfNeeded()
      return state.focusedRow
    }
    set {
      layoutIfNeeded()
      if let row = newValue {
        precondition(
          row >= 0 && row < state.count,
          "focusedIndex: index \(row) is out of bounds 0..<\(state.count)")
        precondition(
          state.sections.kind(ofRow: row) == .item,
          "focusedIndex: row \(row) is a section header or footer; only items take focus")
      }
      state.focusedRow = newValue
    }
  }

  /// Moves the focus and scrolls the newly focused item into view (the shortest scroll that
  /// shows it, along the shorter way round in a cyclic list); returns whether the focus moved.
  /// Without a focused item, focus goes to the resting item first.
  ///
  /// ```swift
  /// list.moveFocus(.arrow(.right, axis: list.axis, direction: list.direction))
  /// ```
  ///
  /// Moves skip headers and footers; in a grid (``UniformLayout`` or ``SectionedLayout`` lanes,
  /// a ``MasonryLayout``) a line move goes to the item below or above, in the same lane; a
  /// cyclic list's moves cross its seam.
  ///
  /// - Complexity: O(log s) plus the layout pass, if one is due.
  @discardableResult
  public func moveFocus(_ move: FocusMove, animated: Bool = true) -> Bool {
    layoutIfNeeded()
    guard state.count > 0 else { return false }
    guard let focused = state.focusedRow ?? restingItemRow() else { return false }
    if state.focusedRow == nil {
      state.focusedRow = focused
      reveal(nearestVirtualIndex(forItemAt: focused), animated: animated)
      return true
    }
    let virtual = nearestVirtualIndex(forItemAt: focused)
    let layout = currentLayout
    let target: Int?
    if move == .lineForward || move == .lineBackward, GridLines.needed(for: layout) {
      let sections = state.sections
      let count = state.count
      let lines = GridLines(
        layout: layout, count: count, cyclic: state.wrapping == .cyclic,
        isItem: { sections.kind(ofRow: CyclicMath.dataIndex($0, count: count)) == .item })
      target = lines.target(from: virtual, forward: move == .lineForward)
    } else {
      let navigation = FocusNavigation(
        sections: state.sections, lanes: (layout as? UniformLayout)?.lanes ?? 1,
        itemsPerPage: max(1, visibleIndices.count - 1), cyclic: state.wrapping == .cyclic)
      target = navigation.target(from: virtual, move: move)
    }
    guard let target else { return false }
    state.focusedRow = dataIndex(target)
    reveal(target, animated: animated)
    return true
  }

  /// The user activated the focused item (Enter or Space): selects it as a tap would.
  /// Returns whether an item was focused.
  @discardableResult
  public func activateFocusedItem() -> Bool {
    guard let focused = focusedIndex else { return false }
    userSelect(focused)
    return true
  }

  /// The position of the item at a data index (a row), for assistive technologies; `nil` for a
  /// header or footer.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  /// - Complexity: O(log s).
  public func accessibilityPosition(ofItemAt index: Int) -> AccessibilityPosition? {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count,
      "accessibilityPosition(ofItemAt:): index \(index) is out of bounds 0..<\(state.count)")
    let sections = state.sections
    guard state.isSectioned else {
      return AccessibilityPosition(position: index + 1, count: state.count)
    }
    guard let path = sections.element(atRow: index).itemPath else { return nil }
    return AccessibilityPosition(
      position: path.item + 1, count: sections.numberOfItems(inSection: path.section),
      section: path.section)
  }

  /// The move a navigation key makes on the focus.
  func focusMove(for key: NavigationKey) -> FocusMove {
    switch key {
    case .backward: .lineBackward
    case .forward: .lineForward
    case .pageBackward: .pageBackward
    case .pageForward: .pageForward
    case .home: .home
    case .end: .end
    }
  }

  /// The first item at or after the resting row.
  private func restingItemRow() -> Int? {
    guard let resting = restingDataIndex else { return nil }
    let navigation = FocusNavigation(sections: state.sections, cyclic: state.wrapping == .cyclic)
    if state.sections.kind(ofRow: resting) == .item { return resting }
    return navigation.target(from: resting, move: .laneForward).map(dataIndex)
  }

  /// Scrolls the least that shows a virtual row, clear of a pinned section header: a row that
  /// would sit under its section's pinned header scrolls to just below it instead.
  private func reveal(_ virtual: Int, animated: Bool) {
    if let path = pathHiddenUnderPinnedHeader(virtual) {
      scrollToItem(at: path, alignment: .start, animated: animated)
      return
    }
    if animated {
      animate(toVirtualIndex: virtual, alignment: .nearest)
    } else {
      withMotion { motion, offset, geometry in
        motion.jump(toVirtualIndex: virtual, alignment: .nearest, offset: &offset, in: geometry)
      }
    }
  }

  /// The path of a virtual row that the shortest scroll to it would leave under its section's
  /// pinned header (and the pinned inset); `nil` when headers are not pinned or the row clears
  /// them.
  private func pathHiddenUnderPinnedHeader(_ virtual: Int) -> ItemPath? {
    guard state.pinsHeaders, state.sections.hasHeaders, state.count > 0 else { return nil }
    let sections = state.sections
    let row = dataIndex(virtual)
    guard let path = sections.element(atRow: row).itemPath else { return nil }
    let layout = currentLayout
    let headerRow = sections.rows(ofSection: path.section).lowerBound
    guard sections.kind(ofRow: headerRow) == .header else { return nil }
    let header = virtual - row + headerRow
    let cover = layout.slot(at: header).extent + state.pinInset
    let target = targetOffset(forVirtualIndex: virtual, alignment: .nearest)
    return layout.slot(at: virtual).offset < target + cover ? path : nil
  }
}
