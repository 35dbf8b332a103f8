import Reel

/// Brute-force answers the diff is checked against: quadratic, obviously right.
enum DiffReference {
  /// The first duplicate of a sequence: the smallest second position whose identifier occurs
  /// earlier, with that earlier position.
  static func firstDuplicate<ID: Equatable>(_ items: [ID]) -> (id: ID, first: Int, second: Int)? {
    for second in items.indices {
      for first in 0..<second where items[first] == items[second] {
        return (items[second], first, second)
      }
    }
    return nil
  }

  /// The length of a longest common subsequence (dynamic programming over both sequences).
  static func longestCommonSubsequence<ID: Equatable>(_ a: [ID], _ b: [ID]) -> Int {
    guard !a.isEmpty && !b.isEmpty else { return 0 }
    var previous = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var row = [Int](repeating: 0, count: b.count + 1)
      for (j, y) in b.enumerated() {
        row[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], row[j])
      }
      previous = row
    }
    return previous[b.count]
  }

  /// The fewest moves any diff needs: the items in both, less the longest run of them whose
  /// order is kept.
  static func fewestMoves<ID: Equatable>(_ old: [ID], _ new: [ID]) -> Int {
    let common = old.filter { new.contains($0) }
    let commonNew = new.filter { old.contains($0) }
    return common.count - longestCommonSubsequence(common, commonNew)
  }

  /// Runs an update on an array the way a list does, through ``IndexChanges``: survivors and
  /// moved items carry their old identifiers; each inserted position takes the identifier the
  /// data source has there in `new` (as a list asks its data source for inserted items).
  static func simulate<ID>(_ update: BatchUpdate, old: [ID], new: [ID]) throws -> [ID] {
    let changes = try IndexChanges(oldCount: old.count, update: update)
    let carried = changes.remap(old.map { Optional($0) }, inserted: nil)
    return carried.indices.map { carried[$0] ?? new[$0] }
  }
}
