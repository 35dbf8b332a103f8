/// What one row of a sectioned list shows, by identity: a section's header or footer, or an
/// item. A snapshot's rows are unique (its sections and items are), so two snapshots' rows diff
/// like any two sequences of unique identifiers.
@usableFromInline
enum SnapshotRow<SectionID: Hashable, ItemID: Hashable>: Hashable {
  case header(SectionID)
  case item(ItemID)
  case footer(SectionID)
}

extension ListSnapshot {
  /// The rows a sectioned list shows for this snapshot: per section its header, its items, its
  /// footer, as ``SectionIndex`` lays them out.
  ///
  /// - Complexity: O(s + n) for s sections and n items; one allocation.
  func rows(headers: Bool, footers: Bool) -> [SnapshotRow<SectionID, ItemID>] {
    var rows = [SnapshotRow<SectionID, ItemID>]()
    let perSection = (headers ? 1 : 0) + (footers ? 1 : 0)
    rows.reserveCapacity(numberOfItems + perSection * numberOfSections)
    for (section, items) in zip(sectionIdentifiers, sectionItems) {
      if headers { rows.append(.header(section)) }
      for item in items { rows.append(.item(item)) }
      if footers { rows.append(.footer(section)) }
    }
    return rows
  }

  /// The list's sections for this snapshot.
  func sectionIndex(headers: Bool, footers: Bool) -> SectionIndex {
    SectionIndex(itemCounts: sectionItems.lazy.map(\.count), headers: headers, footers: footers)
  }

  /// The row update that turns a list showing `old` into one showing this snapshot: section
  /// insertions, deletions and moves are the insertions, deletions and moves of their header,
  /// items and footer; an item that changes sections moves; an item marked reloaded (or in
  /// `replaced`) is reloaded in place, or deleted and inserted when it also moves.
  ///
  /// Rows whose relative order is kept do not move, so a section that keeps its place among
  /// the others keeps its rows' places, and only the changed items move.
  ///
  /// - Complexity: O(r + m log m) for r rows in both snapshots and m rows in both.
  func rowUpdate(
    from old: Self, headers: Bool, footers: Bool, replaced: Set<ItemID>
  ) -> BatchUpdate {
    let oldRows = old.rows(headers: headers, footers: footers)
    let newRows = rows(headers: headers, footers: footers)
    let matching = ListSnapshot<SectionID, SnapshotRow<SectionID, ItemID>>.match(oldRows, newRows)
    guard !replaced.isEmpty else { return IdentifierDiff.update(matching) }
    return IdentifierDiff.update(matching) { new in
      guard case .item(let item) = newRows[new] else { return false }
      return replaced.contains(item)
    }
  }
}

extension VirtualList {
  /// Applies a row update whose sections after it are `new`: what
  /// ``performBatchUpdates(_:)-(SectionedBatchUpdate)`` does once it has turned its section and
  /// item changes into rows, with the same anchoring, pinned header and animation.
  ///
  /// A ``SectionedBatchUpdate`` cannot change items inside a section it also moves; a diff of
  /// rows can, so the sectioned diffable data source applies its diffs here.
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` when the rows do not fit the sections (a
  ///   bug of the caller); the list has then reloaded its data.
  func performRowUpdate(_ rows: BatchUpdate, sections new: SectionIndex) throws(ReelError) {
    guardNotInCallback("apply(_:animatingDifferences:)")
    if state.needsReload {
      // Nothing of the old data is displayed yet: the pending reload takes the update.
      state.needsLayout = true
      return
    }
    let old = state.sections
    let changes: IndexChanges
    do throws(ReelError) {
      changes = try IndexChanges(oldCount: old.numberOfRows, update: rows)
      guard changes.newCount == new.numberOfRows else {
        throw .inconsistentItemCount(expected: changes.newCount, reported: new.numberOfRows)
      }
    } catch {
      reloadData()
      throw error
    }
    retireOutsidePin()
    state.sections = new
    apply(changes)
  }
}
