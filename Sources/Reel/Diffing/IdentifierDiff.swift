/// The diff of two identifier sequences: Heckel's hashing match, then a longest increasing
/// subsequence over the matched items so that items whose relative order is kept do not move.
///
/// Linear in the number of identifiers for the matching (one hash table), O(m log m) for the m
/// matched items' order (O(m) when it is unchanged).
@usableFromInline
enum IdentifierDiff {
  /// The batch update that turns the old sequence of a matching into the new one.
  ///
  /// Unmatched old items are deleted and unmatched new items inserted; matched items outside
  /// one longest run of kept relative order are moved. An item that `isReloaded` (given its new
  /// index) is reloaded in place when it is kept, and deleted and inserted again when it moves:
  /// a batch update cannot both move and reload an item.
  ///
  /// - Complexity: O(n + m log m) for n identifiers and m matched items.
  @inlinable
  static func update(
    _ matching: IdentifierMatching, isReloaded: ((_ newIndex: Int) -> Bool)? = nil
  ) -> BatchUpdate {
    update(matching, LongestIncreasingRun.mark(matching.newIndexOfOld), isReloaded)
  }

  /// ``update(_:isReloaded:)`` with the buffers of a workspace.
  @inlinable
  static func update(
    _ matching: IdentifierMatching, isReloaded: ((_ newIndex: Int) -> Bool)?,
    workspace: inout DiffWorkspace
  ) -> BatchUpdate {
    LongestIncreasingRun.mark(matching.newIndexOfOld, in: &workspace)
    return update(matching, workspace.kept, isReloaded)
  }

  /// The update, given which old items keep their place. Integers only, except `isReloaded`.
  @usableFromInline
  static func update(
    _ matching: IdentifierMatching, _ kept: [Bool], _ isReloaded: ((_ newIndex: Int) -> Bool)?
  ) -> BatchUpdate {
    guard let isReloaded else { return update(matching, kept) }
    let newIndexOfOld = matching.newIndexOfOld
    let oldIndexOfNew = matching.oldIndexOfNew
    var update = BatchUpdate()
    for old in newIndexOfOld.indices {
      let new = newIndexOfOld[old]
      if new < 0 {
        update.deletions.append(old)
      } else if !kept[old] {
        if isReloaded(new) {
          update.deletions.append(old)
        } else {
          update.move(from: old, to: new)
        }
      } else if isReloaded(new) {
        update.reloads.append(old)
      }
    }
    for new in oldIndexOfNew.indices {
      let old = oldIndexOfNew[new]
      if old < 0 || (!kept[old] && isReloaded(new)) { update.insertions.append(new) }
    }
    return update
  }

  /// The update without reloads.
  @usableFromInline
  static func update(_ matching: IdentifierMatching, _ kept: [Bool]) -> BatchUpdate {
    var update = BatchUpdate()
    for (old, new) in matching.newIndexOfOld.enumerated() {
      if new < 0 {
        update.deletions.append(old)
      } else if !kept[old] {
        update.move(from: old, to: new)
      }
    }
    for (new, old) in matching.oldIndexOfNew.enumerated() where old < 0 {
      update.insertions.append(new)
    }
    return update
  }
}

extension BatchUpdate {
  /// The update that turns one sequence of unique identifiers into another: deletions,
  /// insertions and moves, in the index conventions of ``IndexChanges``.
  ///
  /// Items whose relative order is kept are not moved: the moves are as few as possible (the
  /// matched items outside one longest increasing run of their new positions).
  ///
  /// ```swift
  /// let update = try BatchUpdate(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"])
  /// // deletions [1] ("b"), insertions [3] ("e"), moves [3 → 0] ("d")
  /// try list.performBatchUpdates(update)
  /// ```
  ///
  /// - Throws: ``ReelError/duplicateIdentifier(_:first:second:)`` when an identifier occurs
  ///   twice in `old` (checked first) or in `new`, naming it and its two positions there.
  /// - Complexity: O(n + m log m) for n identifiers in all and m in both sequences; O(n) when
  ///   the items in both keep their order. A constant number of allocations, not one per item.
  @inlinable
  public init<ID: Hashable>(
    from old: some RandomAccessCollection<ID>, to new: some RandomAccessCollection<ID>
  ) throws(ReelError) {
    let matching = try IdentifierMatching(old: old, new: new)
    self = IdentifierDiff.update(matching)
  }
}
