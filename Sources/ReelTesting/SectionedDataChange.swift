import Reel

/// A change the conformance check asks a sectioned data source's model to make, before it tells
/// the list with `reloadData()` or `performBatchUpdates(_: SectionedBatchUpdate)`.
///
/// Sections and paths are already valid for the current sections when the subject receives
/// them, and ``batchUpdate`` is the update the kit tells the list.
///
/// ```swift
/// subject.mutateSections = { source, change in
///   if case .insertSection(let at, let count) = change { model.insertGroup(count, at: at) }
/// }
/// ```
public enum SectionedDataChange: Sendable, Hashable {
  /// Replace every section and item with new ones: `count` items split into sections the
  /// subject chooses (new identities).
  case reset(count: Int)
  /// Insert a new section of `count` new items at index `at`.
  case insertSection(at: Int, count: Int)
  /// Delete the section at `at` with its items.
  case deleteSection(at: Int)
  /// Move a section; `to` is its index after the move.
  case moveSection(from: Int, to: Int)
  /// Replace the items of a section with `count` new ones (the section keeps its identity).
  case reloadSection(at: Int, count: Int)
  /// Insert `count` new items at a path and after it, in its section.
  case insertItems(at: ItemPath, count: Int)
  /// Delete `count` items of a section, starting at a path.
  case deleteItems(at: ItemPath, count: Int)
  /// Move one item, within its section or to another; `to` is its path after the move.
  case moveItem(from: ItemPath, to: ItemPath)
  /// The item at a path changed content but keeps its identity.
  case updateItem(at: ItemPath)

  /// The update that tells a list about the change, or `nil` for ``reset(count:)`` (a reload).
  ///
  /// ```swift
  /// if let update = change.batchUpdate { try list.performBatchUpdates(update) }
  /// ```
  ///
  /// - Complexity: O(count) for the items named.
  public var batchUpdate: SectionedBatchUpdate? {
    var update = SectionedBatchUpdate()
    switch self {
    case .reset: return nil
    case .insertSection(let at, _): update.insertSections([at])
    case .deleteSection(let at): update.deleteSections([at])
    case .moveSection(let from, let to): update.moveSection(from, toSection: to)
    case .reloadSection(let at, _): update.reloadSections([at])
    case .insertItems(let path, let count):
      update.insertItems(
        at: (path.item..<(path.item + count)).map { ItemPath(item: $0, section: path.section) })
    case .deleteItems(let path, let count):
      update.deleteItems(
        at: (path.item..<(path.item + count)).map { ItemPath(item: $0, section: path.section) })
    case .moveItem(let from, let to): update.moveItem(at: from, to: to)
    case .updateItem(let path): update.reloadItems(at: [path])
    }
    return update
  }
}
