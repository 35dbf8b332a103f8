import Reel

/// Stands between the list and the subject's data source and delegate: it forwards every call,
/// checks the data source contract on the way, records violations and repairs the answer so
/// the engine's preconditions do not stop the check.
class CheckingDataSource<Cell: ReusableCell>: VirtualListDataSource, VirtualListDelegate {
  let inner: any VirtualListDataSource<Cell>
  let innerDelegate: (any VirtualListDelegate<Cell>)?
  let standIn: String
  /// The count the list was last allowed to see.
  var acceptedCount = 0
  /// True while the kit tells the list about a data change.
  var acceptingChanges = false
  var violations: [(Violation.Kind, String)] = []
  var displayed: [ObjectIdentifier: Int] = [:]
  var selections: [Int] = []
  /// Displayed cells the data source returned: (cell, index asked for, index shown at).
  var displayedCellsReturned: [(ObjectIdentifier, Int, Int)] = []

  /// Reports the displayed cells the data source returned since the last check: departing
  /// ones (animating out of an animated update) and stale ones.
  func reportDisplayedCellsReturned(departing: Set<ObjectIdentifier>) {
    for (cell, index, shownAt) in displayedCellsReturned {
      if departing.contains(cell) {
        record(
          .animation,
          "cellForItemAt(\(index)) got the cell of item \(shownAt), which is still animating out "
            + "of an animated update: a departing cell must never reach the data source")
      } else {
        record(
          .dataSource,
          "cellForItemAt(\(index)) returned a stale cell that is still displayed for item "
            + "\(shownAt); return a cell from dequeueReusableCell(withReuseIdentifier:for:)")
      }
    }
    displayedCellsReturned.removeAll()
  }
  /// Runs once, from inside the next `willDisplay` (extended operations).
  var onWillDisplay: ((VirtualList<Cell>) -> Void)?
  /// Runs once, from inside the next `cellForItemAt` (extended operations).
  var onCellForItem: ((VirtualList<Cell>) -> Void)?

  init(
    _ inner: any VirtualListDataSource<Cell>, delegate: (any VirtualListDelegate<Cell>)?,
    standIn: String
  ) {
    self.inner = inner
    self.innerDelegate = delegate
    self.standIn = standIn
  }

  func record(_ kind: Violation.Kind, _ message: String) { violations.append((kind, message)) }

  func numberOfItems(in list: VirtualList<Cell>) -> Int {
    var reported = inner.numberOfItems(in: list)
    if reported < 0 {
      record(.dataSource, "numberOfItems(in:) returned \(reported); counts must be ≥ 0")
      reported = 0
    }
    if acceptingChanges {
      // Accept the first count asked for after a change; a later drift is a violation too.
      acceptedCount = reported
      acceptingChanges = false
    } else if reported != acceptedCount {
      record(
        .dataSource,
        "the item count changed from \(acceptedCount) to \(reported) without reloadData() or "
          + "performBatchUpdates(_:)")
    }
    return acceptedCount
  }

  func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
    if let hook = onCellForItem {
      onCellForItem = nil
      hook(list)
    }
    let actual = max(0, inner.numberOfItems(in: list))
    guard index < actual else {
      record(
        .dataSource,
        "the list asked for item \(index) of the \(acceptedCount) it was told about, but the data "
          + "source now has \(actual): its count changed without a reload")
      return list.dequeueReusableCell(withReuseIdentifier: standIn, for: index)
    }
    return vet(list, index) { inner.virtualList(list, cellForItemAt: index) }
  }

  /// Checks a cell the data source returned for an index: dequeued in this call, not
  /// displayed, not animating out; a stand-in replaces a cell that breaks the contract.
  func vet(_ list: VirtualList<Cell>, _ index: Int, make: () -> Cell) -> Cell {
    let created = list.cellsCreated
    let pooled = list.cellsPooled
    let cell = make()
    let dequeued = (list.cellsCreated - created) + (pooled - list.cellsPooled)
    if let shownAt = displayed[ObjectIdentifier(cell)] {
      // A departing cell or a stale one: told apart at the next check, once the placements
      // show whether the cell is animating out.
      displayedCellsReturned.append((ObjectIdentifier(cell), index, shownAt))
      return list.dequeueReusableCell(withReuseIdentifier: standIn, for: index)
    }
    if dequeued < 1 {
      record(
        .dataSource,
        "cellForItemAt(\(index)) returned a cell without dequeuing one in this call (a stale "
          + "cached cell); return a cell from dequeueReusableCell(withReuseIdentifier:for:)")
      return list.dequeueReusableCell(withReuseIdentifier: standIn, for: index)
    }
    return cell
  }

  func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int) -> AnyHashable? {
    guard index < max(0, inner.numberOfItems(in: list)) else { return nil }
    return inner.virtualList(list, identifierForItemAt: index)
  }

  func virtualList(_ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable)
    -> Int?
  {
    let found = inner.virtualList(list, indexForItemWithIdentifier: identifier)
    if let found {
      let count = max(0, inner.numberOfItems(in: list))
      if found < 0 || found >= count {
        record(
          .dataSource,
          "indexForItemWithIdentifier(\(identifier)) returned \(found), outside 0..<\(count)")
      } else if let back = inner.virtualList(list, identifierForItemAt: found), back != identifier {
        record(
          .dataSource,
          "indexForItemWithIdentifier(\(identifier)) returned \(found), whose identifier is "
            + "\(back)")
      }
    }
    return found
  }

  // MARK: Delegate

  func virtualList(_ list: VirtualList<Cell>, willDisplay cell: Cell, forItemAt index: Int) {
    if let other = displayed.updateValue(index, forKey: ObjectIdentifier(cell)) {
      record(
        .delegate,
        "willDisplay for item \(index) with a cell already displayed for item \(other)")
    }
    innerDelegate?.virtualList(list, willDisplay: cell, forItemAt: index)
    if let hook = onWillDisplay {
      onWillDisplay = nil
      hook(list)
    }
  }

  func virtualList(_ list: VirtualList<Cell>, didEndDisplaying cell: Cell, forItemAt index: Int) {
    if displayed.removeValue(forKey: ObjectIdentifier(cell)) == nil {
      record(.delegate, "didEndDisplaying for item \(index) with a cell that was not displayed")
    }
    innerDelegate?.virtualList(list, didEndDisplaying: cell, forItemAt: index)
  }

  func virtualList(_ list: VirtualList<Cell>, didSelectItemAt index: Int) {
    selections.append(index)
    innerDelegate?.virtualList(list, didSelectItemAt: index)
  }

  func virtualListDidScroll(_ list: VirtualList<Cell>) { innerDelegate?.virtualListDidScroll(list) }

  func virtualListWillBeginDragging(_ list: VirtualList<Cell>) {
    innerDelegate?.virtualListWillBeginDragging(list)
  }

  func virtualList(
    _ list: VirtualList<Cell>, willEndDraggingWithVelocity velocity: Double,
    targetOffset: inout Double
  ) {
    innerDelegate?.virtualList(
      list, willEndDraggingWithVelocity: velocity, targetOffset: &targetOffset)
  }

  func virtualListDidEndDecelerating(_ list: VirtualList<Cell>) {
    innerDelegate?.virtualListDidEndDecelerating(list)
  }

  func virtualListDidEndScrollingAnimation(_ list: VirtualList<Cell>) {
    innerDelegate?.virtualListDidEndScrollingAnimation(list)
  }
}
