/// The changes that turn one ``ListSnapshot`` into another, for sections and for items, in
/// UIKit's conventions: deletions, reloads and move sources name *old* positions; insertions,
/// move destinations and reconfigures name *new* ones.
///
/// ```swift
/// let difference = newSnapshot.difference(from: oldSnapshot)
/// difference.sections      // section deletions, insertions and moves, as a BatchUpdate
/// difference.itemMoves     // items that moved, from old to new section-item paths
/// difference.flattened     // the same change for a list of all items, one section after another
/// ```
///
/// Items of a deleted section are not listed as deleted (the section's deletion covers them),
/// nor are items of an inserted section listed as inserted. An item that moves out of a deleted
/// section or into an inserted one is listed as inserted or deleted in the surviving section.
/// Items that stay in their section (by identifier) and keep their relative order are not moved;
/// an item that changes sections always moves.
public struct SnapshotDifference: Sendable, Hashable {
  /// An item that moved from an old path to a new one.
  public struct Move: Sendable, Hashable {
    /// The old path.
    public var from: SnapshotItemPath
    /// The new path.
    public var to: SnapshotItemPath

    /// A move from an old path to a new one.
    public init(from: SnapshotItemPath, to: SnapshotItemPath) {
      self.from = from
      self.to = to
    }
  }

  /// Section deletions (old indices), insertions (new indices) and moves.
  public var sections = BatchUpdate()
  /// Old paths of deleted items, in surviving sections, ascending.
  public var itemDeletions: [SnapshotItemPath] = []
  /// New paths of inserted items, in surviving sections, ascending.
  public var itemInsertions: [SnapshotItemPath] = []
  /// Items moved, in old order.
  public var itemMoves: [Move] = []
  /// Old paths of items marked reloaded that stay in place, ascending. A reloaded item that also
  /// moves is deleted and inserted instead.
  public var itemReloads: [SnapshotItemPath] = []
  /// New paths of items marked reconfigured that survive the change, ascending.
  public var itemReconfigures: [SnapshotItemPath] = []
  /// The change for a list of every item, sections concatenated in order: what a list without
  /// sections applies. Reloaded items are in it; reconfigured ones are not (they keep their
  /// cells).
  public var flattened = BatchUpdate()
  /// Flat new indices of items marked reconfigured that survive, ascending.
  public var flattenedReconfigures: [Int] = []

  /// Whether nothing changes.
  public var isEmpty: Bool {
    sections == BatchUpdate() && flattened == BatchUpdate() && itemReconfigures.isEmpty
  }
}

extension ListSnapshot {
  /// The changes from an older snapshot to this one, with this snapshot's reload and
  /// reconfigure marks.
  ///
  /// ```swift
  /// var next = current
  /// next.deleteItems(["b"])
  /// next.appendItems(["e"])
  /// let difference = next.difference(from: current)
  /// ```
  ///
  /// - Complexity: O(n + m log m) for n items and sections in both, m in both.
  public func difference(from old: Self) -> SnapshotDifference {
    var result = SnapshotDifference()
    let sectionMatching = Self.match(old.sectionIdentifiers, sectionIdentifiers)
    result.sections = IdentifierDiff.update(sectionMatching)
    let oldFlat = FlatLayout(old.sectionItems)
    let newFlat = FlatLayout(sectionItems)
    let newItems = itemIdentifiers
    let matching = Self.match(old.itemIdentifiers, newItems)
    let reloaded = reloadedItemIdentifiers
    let isReloaded = { (new: Int) in !reloaded.isEmpty && reloaded.contains(newItems[new]) }
    result.flattened = IdentifierDiff.update(matching, isReloaded: isReloaded)
    // Kept in place: same section (by identifier) and inside one longest run of kept order.
    var keptNew = [Bool](repeating: false, count: newItems.count)
    for section in sectionIdentifiers.indices {
      let oldSection = sectionMatching.oldIndexOfNew[section]
      guard oldSection >= 0 else { continue }
      let range = newFlat.range(of: section)
      let positions = range.map { new in
        let old = matching.oldIndexOfNew[new]
        return old >= 0 && oldFlat.section[old] == oldSection ? oldFlat.item[old] : -1
      }
      for (offset, kept) in LongestIncreasingRun.mark(positions).enumerated() where kept {
        keptNew[range.lowerBound + offset] = true
      }
    }
    for old in matching.newIndexOfOld.indices {
      let oldPath = oldFlat.path(old)
      guard sectionMatching.newIndexOfOld[oldPath.section] >= 0 else { continue }
      let new = matching.newIndexOfOld[old]
      if new < 0 || sectionMatching.oldIndexOfNew[newFlat.section[new]] < 0 {
        result.itemDeletions.append(oldPath)
      } else if keptNew[new] {
        if isReloaded(new) { result.itemReloads.append(oldPath) }
      } else if isReloaded(new) {
        result.itemDeletions.append(oldPath)
      } else {
        result.itemMoves.append(SnapshotDifference.Move(from: oldPath, to: newFlat.path(new)))
      }
    }
    let reconfigured = reconfiguredItemIdentifiers
    for new in newItems.indices {
      let newPath = newFlat.path(new)
      let old = matching.oldIndexOfNew[new]
      if old >= 0 && !isReloaded(new) && reconfigured.contains(newItems[new]) {
        result.flattenedReconfigures.append(new)
        if sectionMatching.oldIndexOfNew[newPath.section] >= 0 {
          result.itemReconfigures.append(newPath)
        }
      }
      guard sectionMatching.oldIndexOfNew[newPath.section] >= 0 else { continue }
      if old < 0 || sectionMatching.newIndexOfOld[oldFlat.section[old]] < 0
        || (!keptNew[new] && isReloaded(new))
      {
        result.itemInsertions.append(newPath)
      }
    }
    return result
  }

  /// Matches identifiers that a snapshot keeps unique.
  @inlinable
  static func match<ID: Hashable>(_ old: [ID], _ new: [ID]) -> IdentifierMatching {
    var workspace = DiffWorkspace()
    return match(old, new, reusing: &workspace)
  }

  /// Matches identifiers that a snapshot keeps unique, into a workspace's arrays.
  @inlinable
  static func match<ID: Hashable>(
    _ old: [ID], _ new: [ID], reusing workspace: inout DiffWorkspace
  ) -> IdentifierMatching {
    do {
      return try IdentifierMatching(unique: old, unique: new, reusing: &workspace)
    } catch {
      preconditionFailure("ListSnapshot: a snapshot holds a duplicate: \(error)")
    }
  }
}

/// The section and in-section position of every item of a sectioned list, by flat index.
struct FlatLayout {
  /// The section of each flat index.
  var section: [Int] = []
  /// The position inside its section of each flat index.
  var item: [Int] = []
  /// The first flat index of each section, and the total count at the end.
  var starts: [Int] = [0]

  init<ID>(_ sections: [[ID]]) {
    for (index, items) in sections.enumerated() {
      section.append(contentsOf: repeatElement(index, count: items.count))
      item.append(contentsOf: 0..<items.count)
      starts.append(starts[starts.count - 1] + items.count)
    }
  }

  func range(of section: Int) -> Range<Int> { starts[section]..<starts[section + 1] }

  func path(_ flat: Int) -> SnapshotItemPath {
    SnapshotItemPath(section: section[flat], item: item[flat])
  }
}
