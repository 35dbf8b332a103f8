import Reel

/// A random edit of the rows on screen, what `d` applies: some deleted, one moved, some new
/// rows inserted, all among the visible rows, drawn from a seeded generator so that the same
/// seed gives the same edit.
///
/// The rules, in order, on the identifiers of the visible rows (`window`), each position drawn
/// with ``SplitMix64/next(below:)``:
/// 1. delete ``deletions`` rows (fewer when fewer than `deletions + 1` show): remove the one at
///    a random position, again;
/// 2. move one row (when at least two are left): take it out at a random position and put it
///    back at a random position of what is left;
/// 3. insert ``insertions`` new rows, each at a random position in `0...count`, with the next
///    new identifiers.
struct RowDiff: Equatable {
  /// Rows deleted per edit.
  static let deletions = 2
  /// Rows inserted per edit.
  static let insertions = 2

  /// The visible rows' identifiers after the edit.
  var window: [Int]
  /// The identifiers deleted, inserted and moved (at most one).
  var deleted: [Int] = []
  var inserted: [Int] = []
  var moved: Int?

  /// Draws an edit of `window` from `random`; new rows take identifiers from `nextID` on.
  static func random(
    of window: [Int], nextID: inout Int, random: inout SplitMix64
  ) -> RowDiff {
    var diff = RowDiff(window: window)
    for _ in 0..<min(deletions, max(0, window.count - 1)) {
      diff.deleted.append(diff.window.remove(at: random.next(below: diff.window.count)))
    }
    if diff.window.count >= 2 {
      let row = diff.window.remove(at: random.next(below: diff.window.count))
      diff.window.insert(row, at: random.next(below: diff.window.count + 1))
      diff.moved = row
    }
    for _ in 0..<insertions {
      diff.window.insert(nextID, at: random.next(below: diff.window.count + 1))
      diff.inserted.append(nextID)
      nextID += 1
    }
    return diff
  }

  /// The batch update that turns `old` (the window before the edit) into ``window``, for a
  /// window that starts at data index `start`: deletions at old indices, insertions at new
  /// ones, and the moved row from its old index to its new one.
  ///
  /// - Complexity: O(n) for n rows in the window.
  func update(from old: [Int], start: Int) -> BatchUpdate {
    var oldIndex: [Int: Int] = [:]
    for (offset, id) in old.enumerated() { oldIndex[id] = start + offset }
    var update = BatchUpdate()
    update.delete(at: deleted.compactMap { oldIndex[$0] }.sorted())
    for (offset, id) in window.enumerated() {
      if let from = oldIndex[id] {
        if id == moved { update.move(from: from, to: start + offset) }
      } else {
        update.insert(at: start + offset)
      }
    }
    return update
  }

  /// "2 deleted, 1 moved, 2 inserted", for the message line.
  var summary: String {
    "\(deleted.count) deleted, \(moved == nil ? 0 : 1) moved, \(inserted.count) inserted"
  }
}

/// SplitMix64: a small seeded generator whose whole state is one word, so an edit can be
/// predicted from the seed alone.
struct SplitMix64: Equatable {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A position in `0..<count` (the next value modulo `count`).
  ///
  /// - Precondition: `count > 0`.
  mutating func next(below count: Int) -> Int {
    precondition(count > 0, "SplitMix64.next(below:): count must be > 0, got \(count)")
    return Int(next() % UInt64(count))
  }
}
