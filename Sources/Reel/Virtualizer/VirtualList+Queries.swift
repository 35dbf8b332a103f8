extension VirtualList {
  /// The main-axis length of the content (one loop in cyclic lists), insets included.
  public var contentExtent: Double {
    layoutIfNeeded()
    return wrapping == .cyclic ? currentLayout.period.extent : currentLayout.contentExtent
  }

  /// The size of the content: `contentExtent` along the main axis, the viewport across.
  public var contentSize: Size {
    let main = contentExtent
    let cross = axis.cross(of: viewportSize)
    return axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }

  /// The smallest resting offset: 0 in bounded lists, `-infinity` in cyclic ones.
  public var minimumOffset: Double { wrapping == .cyclic ? -.infinity : 0 }

  /// The largest resting offset: the content minus the viewport (never below 0) in bounded
  /// lists, `+infinity` in cyclic ones.
  @inlinable
  public var maximumOffset: Double {
    guard state.wrapping == .bounded else { return .infinity }
    applyPendingMeasurements()
    let content = state.layoutIsVariable ? state.variableContentExtent : currentLayout.contentExtent
    return max(0, content - viewportExtent)
  }

  /// The data indices of the items that intersect the viewport (overscan excluded), in window
  /// order; an item may appear twice in a short cyclic list.
  ///
  /// - Complexity: O(w) for w cells in the window.
  @inlinable
  public var visibleIndices: [Int] {
    layoutIfNeeded()
    let lo = state.offset
    let hi = state.offset + viewportExtent
    return state.window.entries.compactMap { entry in
      entry.slot.end > lo && entry.slot.offset < hi && entry.slot.extent > 0 ? entry.index : nil
    }
  }

  /// The displayed placement under a point in viewport coordinates, if any: the topmost one,
  /// so a pinned header wins over the row that slid under it. Cells animating out of an
  /// animated update (``Placement/isDeparting``) are not hit: their items are gone, so a tap
  /// must not select or highlight by their old index.
  ///
  /// - Complexity: O(w) for w displayed cells.
  public func placement(at point: Point) -> Placement<Cell>? {
    placements.last { !$0.isDeparting && $0.frame.contains(point) }
  }

  /// Selects the item under a point (a tap or click) and tells the delegate.
  ///
  /// With a ``selectionMode`` other than ``SelectionMode/none`` the selection follows the mode
  /// (a ``VirtualListSelectionDelegate`` may veto it) and headers and footers are not selected.
  ///
  /// - Returns: the data index chosen, or `nil` when no item is there or the delegate vetoed it.
  @discardableResult
  public func selectItem(at point: Point) -> Int? {
    guard let placement = placement(at: point) else { return nil }
    guard state.selection.mode != .none || state.delegate is any VirtualListSelectionDelegate<Cell>
    else {
      delegate?.virtualList(self, didSelectItemAt: placement.index)
      return placement.index
    }
    guard placement.kind == .item else { return nil }
    let before = state.selection.selected.count
    let chosen = userSelect(placement.index)
    return chosen || state.selection.selected.count != before ? placement.index : nil
  }

  /// The virtual index showing a data index that is nearest to the current position (the
  /// shorter way round in cyclic lists).
  ///
  /// - Precondition: `0 ≤ index < count`.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func nearestVirtualIndex(forItemAt index: Int) -> Int {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count, "index \(index) is out of bounds 0..<\(state.count)")
    guard wrapping == .cyclic else { return index }
    let reference = restingVirtualIndex ?? state.window.start + state.window.entries.count / 2
    let current = CyclicMath.dataIndex(reference, count: state.count)
    var delta = CyclicMath.dataIndex(index - current, count: state.count)
    if delta > state.count / 2 { delta -= state.count }
    return reference + delta
  }

  /// The *virtual* index of the item at the resting point: the one nearest the snapping point
  /// in snapping lists, else the first visible one; `nil` when nothing is displayed.
  ///
  /// Of two items equally near the snapping point (up to rounding: the point in the middle of
  /// the gap between them), a bounded list counts the one whose resting offset is nearer the
  /// content offset, and otherwise the earlier one, so an anchored change (axis, viewport,
  /// layout) that keeps the point mid-gap keeps the same item.
  ///
  /// In a cyclic list a virtual index counts loops too (it is any integer); its data index is
  /// ``restingDataIndex``. Pass it to calls that take virtual indices, such as
  /// ``animate(toVirtualIndex:alignment:)`` and ``targetOffset(forVirtualIndex:alignment:)``.
  @inlinable
  public var restingVirtualIndex: Int? {
    layoutIfNeeded()
    return captureAnchor()?.virtualIndex
  }

  /// The *data* index of the item at the resting point (``restingVirtualIndex`` reduced to
  /// `0..<numberOfItems`): the index to give the data source, ``scrollToItem(at:alignment:animated:)-(Int,_,_)``
  /// or page dots; `nil` when nothing is displayed.
  ///
  /// ```swift
  /// pageControl.currentPage = list.restingDataIndex ?? 0
  /// ```
  ///
  /// - Complexity: O(log n) plus the layout pass, if one is due.
  @inlinable
  public var restingDataIndex: Int? {
    restingVirtualIndex.map(dataIndex)
  }

  /// The data index of the item at the resting point.
  @available(*, deprecated, renamed: "restingDataIndex")
  @inlinable
  public var restingIndex: Int? { restingDataIndex }

  /// The virtual index of the item at the resting point.
  @available(*, deprecated, renamed: "restingVirtualIndex")
  public var restingItem: Int? { restingVirtualIndex }
}
