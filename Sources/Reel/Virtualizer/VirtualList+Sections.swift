extension VirtualList {
  /// The list's sections, as the data source last gave them: one section of
  /// ``numberOfItems`` items for a data source without sections.
  ///
  /// Converts between rows (the indices of ``Placement/index``), ``ItemPath``s and flat item
  /// indices in O(log s).
  ///
  /// Reading it after the data source was set or reloaded runs ``layoutIfNeeded()`` first, so
  /// it describes the current data source (from inside a data source or delegate callback, the
  /// shape the running pass loaded).
  ///
  /// - Complexity: O(1), plus the layout pass when a reload is pending.
  public var sections: SectionIndex {
    if state.needsReload { layoutIfNeeded() }
    return state.sections
  }

  /// What the row of a placement shows.
  ///
  /// - Precondition: `row` is in `0..<numberOfItems`.
  /// - Complexity: O(log s), plus the layout pass when a reload is pending.
  public func element(atRow row: Int) -> ListElement { sections.element(atRow: row) }

  /// A cell for the item the list is asking for, by path.
  ///
  /// - Precondition: called from
  ///   ``SectionedListDataSource/virtualList(_:cellForItemAt:)-(_,ItemPath)`` with the path it
  ///   was asked for, and the identifier was registered.
  /// - Complexity: O(log s).
  public func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath)
    -> Cell
  {
    dequeue(
      poolKey(reuseIdentifier), forRow: row(ofRequested: path),
      caller: "dequeueReusableCell(withReuseIdentifier:for:)")
  }

  /// A header or footer cell for the section the list is asking for, by reuse identifier.
  ///
  /// - Precondition: called from
  ///   ``SectionedListDataSource/virtualList(_:supplementaryCellOfKind:inSection:)`` with the
  ///   kind and section it was asked for, and the identifier was registered.
  /// - Complexity: O(log s).
  public func dequeueReusableSupplementaryCell(
    ofKind kind: SupplementaryKind, withReuseIdentifier reuseIdentifier: String,
    inSection section: Int
  ) -> Cell {
    dequeue(
      poolKey(reuseIdentifier), forRow: row(ofRequested: kind, inSection: section),
      caller: "dequeueReusableSupplementaryCell(ofKind:withReuseIdentifier:inSection:)")
  }

  /// The row of an item the data source dequeues for, checked against the row asked for.
  @usableFromInline
  func row(ofRequested path: ItemPath) -> Int {
    let sections = state.sections
    guard path.section >= 0, path.section < sections.numberOfSections, path.item >= 0,
      path.item < sections.numberOfItems(inSection: path.section)
    else {
      preconditionFailure(
        "a cell was dequeued for item \(path), which is outside the list's sections; "
          + "\(requestedDescription())")
    }
    let row = sections.row(of: path)
    checkRequested(row, ListElement.item(path))
    return row
  }

  /// The row of a header or footer the data source dequeues for, checked against the row asked
  /// for.
  @usableFromInline
  func row(ofRequested kind: SupplementaryKind, inSection section: Int) -> Int {
    let sections = state.sections
    guard section >= 0, section < sections.numberOfSections else {
      preconditionFailure(
        "a \(kind) was dequeued for section \(section), which is outside the list's "
          + "\(sections.numberOfSections) sections; \(requestedDescription())")
    }
    guard let row = sections.row(of: kind, inSection: section) else {
      preconditionFailure(
        "a \(kind) was dequeued, but the data source's sections have no \(kind)s "
          + "(SectionIndex(…, \(kind)s: false)); \(requestedDescription())")
    }
    checkRequested(row, kind == .header ? .header(section: section) : .footer(section: section))
    return row
  }

  private func checkRequested(_ row: Int, _ element: ListElement) {
    guard let requested = state.pools.requestedIndex, requested != row else { return }
    preconditionFailure(
      "a cell was dequeued for \(describe(element)) while the list asked for "
        + "\(describe(state.sections.element(atRow: requested))); dequeue for the element asked for"
    )
  }

  private func requestedDescription() -> String {
    guard let requested = state.pools.requestedIndex else {
      return "the list is not asking for a cell"
    }
    return "the list asked for \(describe(state.sections.element(atRow: requested)))"
  }

  private func describe(_ element: ListElement) -> String {
    switch element {
    case .item(let path): return "item \(path)"
    case .header(let section): return "the header of section \(section)"
    case .footer(let section): return "the footer of section \(section)"
    }
  }

  /// Applies insertions, deletions, moves and reloads of sections and items at once, keeping
  /// the first visible surviving row in place, as
  /// ``performBatchUpdates(_:)-(BatchUpdate)`` does for a list without sections.
  ///
  /// Update the data source first, then describe the change:
  ///
  /// ```swift
  /// groups.insert(("Q", ["Quinn"]), at: 16)
  /// var update = SectionedBatchUpdate()
  /// update.insertSections([16])
  /// try list.performBatchUpdates(update)
  /// ```
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` for positions out of range, named twice, or
  ///   item changes inside changed sections; ``ReelError/inconsistentSectionCounts(_:)`` when the
  ///   data source's new sections do not match the update. The list has then reloaded its data.
  /// - Precondition: the data source is a ``SectionedListDataSource``; not called from inside a
  ///   data source or display callback.
  /// - Complexity: O(s + d log d + w) for s sections, d changed rows and w displayed cells.
  public func performBatchUpdates(_ update: SectionedBatchUpdate) throws(ReelError) {
    guardNotInCallback("performBatchUpdates(_:)")
    applyPendingMeasurements()
    guard let source = state.dataSource as? any SectionedListDataSource<Cell> else {
      preconditionFailure(
        "performBatchUpdates(_: SectionedBatchUpdate) needs a SectionedListDataSource; use "
          + "performBatchUpdates(_: BatchUpdate) for a list without sections")
    }
    if state.needsReload {
      // Nothing of the old data is displayed yet: the pending reload takes the update.
      state.needsLayout = true
      return
    }
    let old = state.sections
    let new = source.sections(in: self)
    let changes: IndexChanges
    do throws(ReelError) {
      let rows = try update.rowUpdate(from: old, to: new)
      changes = try IndexChanges(oldCount: old.numberOfRows, update: rows)
    } catch {
      reloadData()
      throw error
    }
    retireOutsidePin()
    state.sections = new
    apply(changes)
  }

  /// Scrolls so that an item sits at an alignment, clear of a pinned header: an item scrolled
  /// to the start sits below its section's pinned header, not under it.
  ///
  /// - Precondition: the path names an item of ``sections``.
  /// - Complexity: O(log n).
  public func scrollToItem(
    at path: ItemPath, alignment: ScrollAlignment = .start, animated: Bool = false
  ) {
    layoutIfNeeded()
    let sections = state.sections
    precondition(
      path.section >= 0 && path.section < sections.numberOfSections && path.item >= 0
        && path.item < sections.numberOfItems(inSection: path.section),
      "scrollToItem(at:alignment:animated:): item \(path) is outside the list's sections")
    let row = sections.row(of: path)
    let virtual = nearestVirtualIndex(forItemAt: row)
    var target = targetOffset(forVirtualIndex: virtual, alignment: alignment)
    if state.pinsHeaders, sections.hasHeaders, alignment == .start {
      let header = virtual - row + sections.rows(ofSection: path.section).lowerBound
      target -= currentLayout.slot(at: header).extent + state.pinInset
      target = max(target, currentLayout.slot(at: header).offset - state.pinInset)
    }
    if state.wrapping == .bounded { target = min(max(target, minimumOffset), maximumOffset) }
    setContentOffset(target, animated: animated)
  }
}
