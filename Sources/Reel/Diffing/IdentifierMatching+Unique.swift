extension IdentifierMatching {
  /// The most item comparisons spent looking ahead for realignment, per identifier, before the
  /// matching stops looking (a heavily shuffled list) and hashes the rest.
  @inlinable static var lookaheadBudgetPerItem: Int { 4 }

  /// The farthest a realignment looks ahead, in old plus new positions.
  @inlinable static var lookahead: Int { 8 }

  /// Matches two sequences that are each known to hold unique identifiers (a snapshot's), hashing
  /// only the identifiers that are out of step.
  ///
  /// It walks both sequences together: equal identifiers at the current positions are each
  /// other's match (they are unique). At a difference it looks a few positions ahead in both for
  /// the nearest pair that is equal again, and sets the skipped identifiers aside; those, and the
  /// rest once the lookahead stops paying, are matched through a hash table as in
  /// ``init(old:new:)``. With a few changes in a long list only the changed items are hashed.
  ///
  /// - Throws: ``ReelError/duplicateIdentifier(_:first:second:)`` when two set-aside identifiers
  ///   of one sequence are equal; duplicates that walk in step are not looked for, so the
  ///   sequences must be unique.
  /// - Complexity: O(n + m) comparisons, plus one hash per identifier that is out of step.
  @inlinable
  init<ID: Hashable>(unique old: [ID], unique new: [ID]) throws(ReelError) {
    var workspace = DiffWorkspace()
    try self.init(unique: old, unique: new, reusing: &workspace)
  }

  /// ``init(unique:unique:)``, writing the matches into a workspace's arrays (which it takes).
  @inlinable
  init<ID: Hashable>(
    unique old: [ID], unique new: [ID], reusing workspace: inout DiffWorkspace
  ) throws(ReelError) {
    var oldAside = [Int]()
    var newAside = [Int]()
    // Runs of identifiers in step: (old start, new start, length).
    var runs = [(old: Int, new: Int, count: Int)]()
    var budget = Self.lookaheadBudgetPerItem * (old.count + new.count) + 64
    var i = 0
    var j = 0
    while i < old.count && j < new.count {
      let (i0, j0) = (i, j)
      while i < old.count && j < new.count && old[i] == new[j] {
        i &+= 1
        j &+= 1
      }
      if i > i0 { runs.append((i0, j0, i &- i0)) }
      guard i < old.count && j < new.count else { break }
      // The nearest (a, b), by a + b, with old[i + a] == new[j + b].
      var step: (a: Int, b: Int)?
      if budget > 0 {
        search: for distance in 1...Self.lookahead {
          for a in 0...distance {
            let b = distance - a
            guard i + a < old.count && j + b < new.count else { continue }
            budget &-= 1
            if old[i + a] == new[j + b] {
              step = (a, b)
              break search
            }
          }
        }
      }
      let (a, b) = step ?? (1, 1)
      oldAside.append(contentsOf: i..<(i + a))
      newAside.append(contentsOf: j..<(j + b))
      i += a
      j += b
    }
    oldAside.append(contentsOf: i..<old.count)
    newAside.append(contentsOf: j..<new.count)
    let aside: IdentifierMatching
    do {
      aside = try IdentifierMatching(
        old: oldAside.lazy.map { old[$0] }, new: newAside.lazy.map { new[$0] })
    } catch {
      throw Self.inSequences(error, old: old, new: new, oldAside: oldAside, newAside: newAside)
    }
    var newIndexOfOld = [Int]()
    var oldIndexOfNew = [Int]()
    swap(&newIndexOfOld, &workspace.newIndexOfOld)
    swap(&oldIndexOfNew, &workspace.oldIndexOfNew)
    DiffWorkspace.fill(&newIndexOfOld, with: -1, count: old.count)
    DiffWorkspace.fill(&oldIndexOfNew, with: -1, count: new.count)
    self.newIndexOfOld = newIndexOfOld
    self.oldIndexOfNew = oldIndexOfNew
    Self.record(runs, aside, oldAside, newAside, &self.newIndexOfOld, &self.oldIndexOfNew)
  }

  /// A duplicate found among the set-aside identifiers, with its positions in the sequences.
  /// Old identifiers are checked first: a duplicate at the reported positions of the old ones is
  /// the old sequence's.
  @usableFromInline
  static func inSequences<ID: Hashable>(
    _ error: ReelError, old: [ID], new: [ID], oldAside: [Int], newAside: [Int]
  ) -> ReelError {
    guard case .duplicateIdentifier(let id, let first, let second) = error else { return error }
    if second < oldAside.count && old[oldAside[first]] == old[oldAside[second]] {
      return .duplicateIdentifier(id, first: oldAside[first], second: oldAside[second])
    }
    return .duplicateIdentifier(id, first: newAside[first], second: newAside[second])
  }

  /// Writes the matches of the runs in step and of the set-aside identifiers.
  @usableFromInline
  static func record(
    _ runs: [(old: Int, new: Int, count: Int)], _ aside: IdentifierMatching, _ oldAside: [Int],
    _ newAside: [Int], _ newIndexOfOld: inout [Int], _ oldIndexOfNew: inout [Int]
  ) {
    for run in runs {
      for k in 0..<run.count {
        newIndexOfOld[run.old + k] = run.new + k
        oldIndexOfNew[run.new + k] = run.old + k
      }
    }
    for (position, newPosition) in aside.newIndexOfOld.enumerated() where newPosition >= 0 {
      newIndexOfOld[oldAside[position]] = newAside[newPosition]
      oldIndexOfNew[newAside[newPosition]] = oldAside[position]
    }
  }
}
