extension VirtualList {
  /// How many items the list lets the user select (``SelectionMode/none`` by default: a tap then
  /// only calls ``VirtualListDelegate/virtualList(_:didSelectItemAt:)``).
  ///
  /// Each ``Placement`` tells whether its item is selected (``Placement/isSelected``) and
  /// highlighted (``Placement/isHighlighted``); while nothing is selected or highlighted that
  /// costs one test of a flag per placement.
  public var selectionMode: SelectionMode {
    get { state.selection.mode }
    set { state.selection.mode = newValue }
  }

  /// The selection as a value: selected rows, highlighted row.
  public var selection: SelectionModel {
    layoutIfNeeded()
    return state.selection
  }

  /// The selected data indices (rows in a sectioned list), ascending.
  ///
  /// - Complexity: O(k log k) for k selected items.
  public var indicesForSelectedItems: [Int] {
    layoutIfNeeded()
    return state.selection.selectedRows
  }

  /// The selected item paths of a sectioned list, in order.
  public var pathsForSelectedItems: [ItemPath] {
    layoutIfNeeded()
    let sections = state.sections
    return state.selection.selectedRows.compactMap { sections.element(atRow: $0).itemPath }
  }

  /// Whether the item at a data index (a row) is selected. While drawing, read
  /// ``Placement/isSelected`` and ``Placement/isHighlighted`` instead:
  ///
  /// ```swift
  /// for placement in list.placements {
  ///   draw(placement.cell, in: placement.frame,
  ///        selected: placement.isSelected, pressed: placement.isHighlighted)
  /// }
  /// ```
  ///
  /// - Complexity: O(1), plus the layout pass if one is due.
  public func isItemSelected(at index: Int) -> Bool {
    layoutIfNeeded()
    return state.selection.contains(index)
  }

  /// Whether the item at a data index is highlighted (a pointer is down on it).
  ///
  /// - Complexity: O(1).
  public func isItemHighlighted(at index: Int) -> Bool { state.selection.highlighted == index }

  /// The highlighted data index, if any.
  public var highlightedIndex: Int? { state.selection.highlighted }

  /// Selects the item at a data index without asking the delegate (a programmatic change, as
  /// UIKit's); in single mode it replaces the selection. Returns whether the selection changed;
  /// always `false` when ``selectionMode`` is ``SelectionMode/none``.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems` and is an item, not a header or footer.
  /// - Complexity: O(1) amortized, plus one identity call to the data source.
  @discardableResult
  public func selectItem(at index: Int) -> Bool {
    checkSelectable(index, "selectItem(at:)")
    return record(index)
  }

  /// Deselects the item at a data index without asking the delegate; returns whether it was
  /// selected.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  /// - Complexity: O(1).
  @discardableResult
  public func deselectItem(at index: Int) -> Bool {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count,
      "deselectItem(at:): index \(index) is out of bounds 0..<\(state.count)")
    return state.selection.deselect(index)
  }

  /// Selects the item at a path of a sectioned list.
  ///
  /// - Precondition: the path names an item of the list.
  @discardableResult
  public func selectItem(at path: ItemPath) -> Bool { selectItem(at: row(of: path, "selectItem")) }

  /// Deselects the item at a path of a sectioned list.
  ///
  /// - Precondition: the path names an item of the list.
  @discardableResult
  public func deselectItem(at path: ItemPath) -> Bool {
    deselectItem(at: row(of: path, "deselectItem"))
  }

  /// Deselects every item without asking the delegate.
  public func deselectAll() { state.selection.removeAll() }

  /// A pointer went down: highlights the item under it (if the selection delegate allows) and
  /// returns its data index. Headers and footers are never highlighted.
  @discardableResult
  public func highlightItem(at point: Point) -> Int? {
    state.selection.highlighted = nil
    guard let placement = placement(at: point), placement.kind == .item else { return nil }
    if let delegate = state.delegate as? any VirtualListSelectionDelegate<Cell>,
      !delegate.virtualList(self, shouldHighlightItemAt: placement.index)
    {
      return nil
    }
    state.selection.highlighted = placement.index
    return placement.index
  }

  /// The pointer went up or away: nothing is highlighted.
  public func unhighlight() { state.selection.highlighted = nil }

  /// The user chose the item at a data index (a tap, a click, Enter on the focused item): asks
  /// the selection delegate, updates the selection as the mode says (a tap on a selected item
  /// deselects it in multiple mode) and tells the delegate. Returns whether the item is selected
  /// afterwards (with ``SelectionMode/none``, whether the delegate was told).
  @discardableResult
  func userSelect(_ index: Int) -> Bool {
    let delegate = state.delegate
    let asking = delegate as? any VirtualListSelectionDelegate<Cell>
    state.selection.highlighted = nil
    if state.selection.contains(index) {
      guard state.selection.mode == .multiple else { return true }
      if let asking, !asking.virtualList(self, shouldDeselectItemAt: index) { return true }
      state.selection.deselect(index)
      asking?.virtualList(self, didDeselectItemAt: index)
      return false
    }
    if let asking, !asking.virtualList(self, shouldSelectItemAt: index) { return false }
    let replaced = state.selection.rowsReplaced(bySelecting: index)
    if state.selection.mode != .none { record(index) }
    for row in replaced { asking?.virtualList(self, didDeselectItemAt: row) }
    delegate?.virtualList(self, didSelectItemAt: index)
    return true
  }

  /// Records a selection with the item's identity, asked outside any access to the state.
  @discardableResult
  private func record(_ index: Int) -> Bool {
    guard state.selection.mode != .none, !state.selection.contains(index) else { return false }
    var identity: AnyHashable?
    if state.asksForIdentities, let source = state.dataSource {
      state.callbackDepth += 1
      identity = source.virtualList(self, identifierForItemAt: index)
      state.callbackDepth -= 1
    }
    return state.selection.select(index, identity: identity)
  }

  /// Whether any placement carries a mark: something is selected or highlighted.
  @usableFromInline var hasPlacementMarks: Bool {
    !state.selection.selected.isEmpty || state.selection.highlighted != nil
  }

  /// The selection as the placements report it: empty while nothing is selected or highlighted.
  @usableFromInline var placementSelection: PlacementSelection {
    guard !state.selection.selected.isEmpty || state.selection.highlighted != nil else {
      return PlacementSelection()
    }
    return PlacementSelection(state.selection)
  }

  /// Keeps the selection and the focus on the same items through a batch update.
  @inlinable
  func selectionWillApply(_ changes: IndexChanges) {
    state.selection.apply(changes)
    if let focused = state.focusedRow { state.focusedRow = changes.newIndex(forOld: focused) }
  }

  /// Keeps the selection on the same items after a reload: by identity, else by index. The
  /// focus stays on its row while that row is still an item.
  func selectionDidReload() {
    if let focused = state.focusedRow,
      focused >= state.count || state.sections.kind(ofRow: focused) != .item
    {
      state.focusedRow = nil
    }
    guard !state.selection.selected.isEmpty || state.selection.highlighted != nil else { return }
    var selection = state.selection
    let source = state.dataSource
    let sections = state.sections
    selection.remap(
      count: state.count,
      index: { identity in source.flatMap { self.index(ofIdentity: identity, in: $0) } },
      isSelectable: { sections.kind(ofRow: $0) == .item })
    state.selection = selection
  }

  private func checkSelectable(_ index: Int, _ operation: String) {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count,
      "\(operation): index \(index) is out of bounds 0..<\(state.count)")
    precondition(
      state.sections.kind(ofRow: index) == .item,
      "\(operation): row \(index) is a section header or footer; only items are selectable")
  }

  private func row(of path: ItemPath, _ operation: String) -> Int {
    layoutIfNeeded()
    let sections = state.sections
    precondition(
      path.section >= 0 && path.section < sections.numberOfSections
        && path.item >= 0 && path.item < sections.numberOfItems(inSection: path.section),
      "\(operation)(at:): item path \(path) is not an item of the list's "
        + "\(sections.numberOfSections) sections")
    return sections.row(of: path)
  }
}
