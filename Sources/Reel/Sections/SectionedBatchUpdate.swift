/// Insertions, deletions, moves and reloads of whole sections and of items in sections, applied
/// at once by ``VirtualList/performBatchUpdates(_:)-(SectionedBatchUpdate)``.
///
/// The rules are UICollectionView's: section and item deletions, reloads and move sources name
/// *old* positions; insertions and move destinations name *new* positions. An item change may
/// not fall inside a section that the same update deletes, inserts, reloads or moves (change the
/// section, or make two updates).
///
/// ```swift
/// var update = SectionedBatchUpdate()
/// update.insertSections([0])
/// update.deleteItems(at: [ItemPath(item: 2, section: 3)])
/// try list.performBatchUpdates(update)
/// ```
public struct SectionedBatchUpdate: Sendable, Hashable {
  /// Old sections to delete.
  public var sectionDeletions: [Int] = []
  /// New sections to insert.
  public var sectionInsertions: [Int] = []
  /// Sections to move, from an old index to a new one.
  public var sectionMoves: [IndexChanges.Move] = []
  /// Old sections whose rows are all replaced (their item counts may change).
  public var sectionReloads: [Int] = []
  /// Old items to delete.
  public var itemDeletions: [ItemPath] = []
  /// New items to insert.
  public var itemInsertions: [ItemPath] = []
  /// Items to move, from an old path to a new one (across sections too).
  public var itemMoves: [(from: ItemPath, to: ItemPath)] = []
  /// Old items whose content changed.
  public var itemReloads: [ItemPath] = []

  /// An empty update.
  public init() {}

  /// Deletes old sections.
  public mutating func deleteSections(_ sections: some Sequence<Int>) {
    sectionDeletions.append(contentsOf: sections)
  }
  /// Inserts new sections.
  public mutating func insertSections(_ sections: some Sequence<Int>) {
    sectionInsertions.append(contentsOf: sections)
  }
  /// Moves a section from an old index to a new one.
  public mutating func moveSection(_ old: Int, toSection new: Int) {
    sectionMoves.append(IndexChanges.Move(from: old, to: new))
  }
  /// Replaces every row of old sections.
  public mutating func reloadSections(_ sections: some Sequence<Int>) {
    sectionReloads.append(contentsOf: sections)
  }
  /// Deletes old items.
  public mutating func deleteItems(at paths: some Sequence<ItemPath>) {
    itemDeletions.append(contentsOf: paths)
  }
  /// Inserts new items.
  public mutating func insertItems(at paths: some Sequence<ItemPath>) {
    itemInsertions.append(contentsOf: paths)
  }
  /// Moves an item from an old path to a new one.
  public mutating func moveItem(at old: ItemPath, to new: ItemPath) {
    itemMoves.append((old, new))
  }
  /// Marks the content of old items as changed.
  public mutating func reloadItems(at paths: some Sequence<ItemPath>) {
    itemReloads.append(contentsOf: paths)
  }

  /// Equal when every list is equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionDeletions == rhs.sectionDeletions && lhs.sectionInsertions == rhs.sectionInsertions
      && lhs.sectionMoves == rhs.sectionMoves && lhs.sectionReloads == rhs.sectionReloads
      && lhs.itemDeletions == rhs.itemDeletions && lhs.itemInsertions == rhs.itemInsertions
      && lhs.itemMoves.elementsEqual(rhs.itemMoves, by: { $0 == $1 })
      && lhs.itemReloads == rhs.itemReloads
  }

  /// Hashes every list.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(sectionDeletions)
    hasher.combine(sectionInsertions)
    hasher.combine(sectionMoves)
    hasher.combine(sectionReloads)
    hasher.combine(itemDeletions)
    hasher.combine(itemInsertions)
    for move in itemMoves {
      hasher.combine(move.from)
      hasher.combine(move.to)
    }
    hasher.combine(itemReloads)
  }

  /// The update in rows, given the sections before and after it.
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` for a position out of range, named twice, or
  ///   an item change inside a changed section; ``ReelError/inconsistentSectionCounts(_:)`` when
  ///   the sections after do not match the sections before with the update applied.
  /// - Complexity: O(s + d log d + r) for s sections, d changes and r rows of the sections
  ///   moved, inserted, deleted or reloaded.
  public func rowUpdate(from old: SectionIndex, to new: SectionIndex) throws(ReelError)
    -> BatchUpdate
  {
    guard old.hasHeaders == new.hasHeaders, old.hasFooters == new.hasFooters else {
      throw .inconsistentSectionCounts(
        "the sections' headers or footers were turned on or off; reload the data instead")
    }
    var sectionUpdate = BatchUpdate()
    sectionUpdate.delete(at: sectionDeletions)
    sectionUpdate.insert(at: sectionInsertions)
    sectionUpdate.moves = sectionMoves
    let sectionChanges = try IndexChanges(oldCount: old.numberOfSections, update: sectionUpdate)
    // Reloaded sections keep their place among the survivors; their rows are replaced there.
    var reloadedTargets: [Int] = []
    for section in sectionReloads {
      guard section >= 0, section < old.numberOfSections,
        let target = sectionChanges.newIndex(forOld: section),
        !sectionMoves.contains(where: { $0.from == section })
      else {
        throw .invalidBatchUpdate(
          "section \(section) is reloaded but is outside the old sections, deleted or moved")
      }
      reloadedTargets.append(target)
    }
    guard sectionChanges.newCount == new.numberOfSections else {
      throw .inconsistentSectionCounts(
        "the data source gives \(new.numberOfSections) sections, but the old "
          + "\(old.numberOfSections) with the update give \(sectionChanges.newCount)")
    }
    let touchedOld = Set(sectionDeletions + sectionReloads + sectionMoves.map(\.from))
    let touchedNew = Set(sectionInsertions + reloadedTargets + sectionMoves.map(\.to))
    func checkOld(_ path: ItemPath, _ what: String) throws(ReelError) {
      guard path.section >= 0, path.section < old.numberOfSections,
        path.item >= 0, path.item < old.numberOfItems(inSection: path.section)
      else { throw .invalidBatchUpdate("\(what) \(path) is outside the old sections") }
      guard !touchedOld.contains(path.section) else {
        throw .invalidBatchUpdate(
          "\(what) \(path) is in section \(path.section), which the update also changes")
      }
    }
    func checkNew(_ path: ItemPath, _ what: String) throws(ReelError) {
      guard path.section >= 0, path.section < new.numberOfSections,
        path.item >= 0, path.item < new.numberOfItems(inSection: path.section)
      else { throw .invalidBatchUpdate("\(what) \(path) is outside the new sections") }
      guard !touchedNew.contains(path.section) else {
        throw .invalidBatchUpdate(
          "\(what) \(path) is in section \(path.section), which the update also changes")
      }
    }
    // Item counts per new section, expected from the old ones and the update.
    var expected = [Int](repeating: 0, count: new.numberOfSections)
    for section in 0..<old.numberOfSections {
      if let target = sectionChanges.newIndex(forOld: section) {
        expected[target] = old.numberOfItems(inSection: section)
      }
    }
    for section in sectionInsertions + reloadedTargets {
      expected[section] = new.numberOfItems(inSection: section)
    }
    var rows = BatchUpdate()
    for path in itemDeletions {
      try checkOld(path, "deleted item")
      rows.delete(at: old.row(of: path))
      expected[sectionChanges.newIndex(forOld: path.section)!] -= 1
    }
    for path in itemReloads {
      try checkOld(path, "reloaded item")
      rows.reload(at: old.row(of: path))
    }
    for path in itemInsertions {
      try checkNew(path, "inserted item")
      expected[path.section] += 1
    }
    for move in itemMoves {
      try checkOld(move.from, "moved item")
      expected[sectionChanges.newIndex(forOld: move.from.section)!] -= 1
      guard move.to.section >= 0, move.to.section < new.numberOfSections else {
        throw .invalidBatchUpdate("moved item's destination \(move.to) is outside the new sections")
      }
      expected[move.to.section] += 1
    }
    for section in 0..<new.numberOfSections
    where expected[section] != new.numberOfItems(inSection: section) {
      throw .inconsistentSectionCounts(
        "section \(section) has \(new.numberOfItems(inSection: section)) items after the "
          + "update, but its items before with the update give \(expected[section])")
    }
    for path in itemInsertions { rows.insert(at: new.row(of: path)) }
    for move in itemMoves {
      try checkNew(move.to, "moved item's destination")
      rows.move(from: old.row(of: move.from), to: new.row(of: move.to))
    }
    // Whole sections: every row of a deleted or reloaded section leaves, every row of an
    // inserted or reloaded one arrives, every row of a moved one moves.
    for section in sectionDeletions + sectionReloads {
      rows.delete(at: old.rows(ofSection: section))
    }
    for section in sectionInsertions + reloadedTargets {
      rows.insert(at: new.rows(ofSection: section))
    }
    for move in sectionMoves {
      let from = old.rows(ofSection: move.from)
      let to = new.rows(ofSection: move.to)
      for offset in 0..<from.count {
        rows.move(from: from.lowerBound + offset, to: to.lowerBound + offset)
      }
    }
    return rows
  }
}
