import Reel
import ReelTesting
import Testing

/// `BatchUpdate(from:to:)` against the brute-force reference: applied to the old list it gives
/// the new one, it deletes and inserts exactly the identifiers that left and arrived, and it
/// moves as few items as possible.
@Suite struct IdentifierDiffTests {
  /// Checks one pair; `context` names the case (the seed of a random one).
  func check(_ old: [Int], _ new: [Int], _ context: String) throws {
    let update = try BatchUpdate(from: old, to: new)
    let result = try DiffReference.simulate(update, old: old, new: new)
    #expect(result == new, "\(context): \(old) → \(new) gave \(result) with \(update)")
    let oldSet = Set(old)
    let newSet = Set(new)
    #expect(
      Set(update.deletions.map { old[$0] }) == oldSet.subtracting(newSet),
      "\(context): deletions \(update.deletions) of \(old) → \(new)")
    #expect(
      Set(update.insertions.map { new[$0] }) == newSet.subtracting(oldSet),
      "\(context): insertions \(update.insertions) of \(old) → \(new)")
    let fewest = DiffReference.fewestMoves(old, new)
    #expect(
      update.moves.count == fewest,
      "\(context): \(update.moves.count) moves for \(old) → \(new), fewest is \(fewest)")
    for move in update.moves {
      #expect(old[move.from] == new[move.to], "\(context): move \(move) of \(old) → \(new)")
    }
    #expect(update.reloads.isEmpty, "\(context)")
    #expect(update.deletions == update.deletions.sorted(), "\(context)")
    #expect(update.insertions == update.insertions.sorted(), "\(context)")
  }

  /// A random pair: a random old list of distinct identifiers from a small pool, and a new one
  /// made from it by deletions, insertions of fresh identifiers and moves — or shuffled whole.
  static func randomPair(_ rng: inout SplitMix64) -> (old: [Int], new: [Int]) {
    let big = rng.int(in: 0...9) == 0
    let pool = big ? 400 : 40
    var old = Array(0..<pool)
    old.shuffle(using: &rng)
    old = Array(old.prefix(rng.int(in: 0...(big ? 300 : 30))))
    var new = old
    if rng.int(in: 0...5) == 0 {
      new.shuffle(using: &rng)
      return (old, new)
    }
    var fresh = pool
    for _ in 0..<rng.int(in: 0...(big ? 40 : 8)) {
      switch rng.int(in: 0...2) {
      case 0 where !new.isEmpty:
        new.remove(at: rng.int(in: 0...new.count - 1))
      case 1:
        new.insert(fresh, at: rng.int(in: 0...new.count))
        fresh += 1
      default:
        guard !new.isEmpty else { continue }
        let item = new.remove(at: rng.int(in: 0...new.count - 1))
        new.insert(item, at: rng.int(in: 0...new.count))
      }
    }
    return (old, new)
  }

  @Test func randomPairsMatchTheReference() throws {
    for seed in UInt64(0)..<600 {
      var rng = SplitMix64(seed: seed)
      let (old, new) = Self.randomPair(&rng)
      try check(old, new, "seed \(seed)")
    }
  }

  @Test func edgeCases() throws {
    let ten = Array(0..<10)
    try check([], [], "empty")
    try check([], ten, "empty to all new")
    try check(ten, [], "all deleted")
    try check(ten, ten, "unchanged")
    try check(ten, ten.reversed(), "reversed")
    try check(ten, Array(10..<20), "all replaced")
    try check([1], [1], "one kept")
    try check([1], [2], "one replaced")
    try check([1, 2], [2, 1], "two swapped")
    try check([1, 2], [2], "two, first deleted")
    try check([1, 2], [2, 3, 1], "two, swapped around an insertion")
    var rng = SplitMix64(seed: 99)
    try check(ten, ten.shuffled(using: &rng), "shuffled (seed 99)")
  }

  @Test func expectedUpdatesForSmallCases() throws {
    // Reversing n items keeps one in place and moves the rest.
    let reversed = try BatchUpdate(from: Array(0..<6), to: Array((0..<6).reversed()))
    #expect(reversed.moves.count == 5 && reversed.deletions.isEmpty && reversed.insertions.isEmpty)
    let swap = try BatchUpdate(from: ["a", "b"], to: ["b", "a"])
    #expect(swap.moves.count == 1)
    let allNew = try BatchUpdate(from: [String](), to: ["a", "b", "c"])
    #expect(allNew.insertions == [0, 1, 2] && allNew.moves.isEmpty && allNew.deletions.isEmpty)
    let allGone = try BatchUpdate(from: ["a", "b", "c"], to: [String]())
    #expect(allGone.deletions == [0, 1, 2] && allGone.moves.isEmpty && allGone.insertions.isEmpty)
    let mixed = try BatchUpdate(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"])
    #expect(mixed.deletions == [1] && mixed.insertions == [3])
    #expect(mixed.moves.map { [$0.from, $0.to] } == [[3, 0]])
  }

  @Test func randomDuplicatesAreRejectedWithTheirPositions() {
    for seed in UInt64(0)..<300 {
      var rng = SplitMix64(seed: seed)
      var (old, new) = Self.randomPair(&rng)
      // Duplicate one identifier in one of the two lists (or in both).
      let side = rng.int(in: 0...2)
      if side != 1, !old.isEmpty {
        old.insert(old[rng.int(in: 0...old.count - 1)], at: rng.int(in: 0...old.count))
      }
      if side != 0, !new.isEmpty {
        new.insert(new[rng.int(in: 0...new.count - 1)], at: rng.int(in: 0...new.count))
      }
      // The old list is checked first.
      guard let duplicate = DiffReference.firstDuplicate(old) ?? DiffReference.firstDuplicate(new)
      else { continue }
      let expected = ReelError.duplicateIdentifier(
        String(describing: duplicate.id), first: duplicate.first, second: duplicate.second)
      #expect(throws: expected, "seed \(seed): \(old) → \(new)") {
        try BatchUpdate(from: old, to: new)
      }
    }
  }

  @Test func duplicateMessageNamesTheIdentifierAndPositions() {
    do {
      _ = try BatchUpdate(from: ["a", "b"], to: ["x", "b", "y", "b"])
      Issue.record("a duplicate was accepted")
    } catch {
      #expect(error == .duplicateIdentifier("b", first: 1, second: 3))
      #expect(
        error.description
          == "duplicate identifier b at positions 1 and 3: the identifiers of a list must be unique"
      )
    }
  }

  @Test func largeListWithFewChangesKeepsNearlyEverything() throws {
    var rng = SplitMix64(seed: 5)
    let old = Array(0..<20_000)
    var new = old
    for _ in 0..<50 {
      let item = new.remove(at: rng.int(in: 0...new.count - 1))
      new.insert(item, at: rng.int(in: 0...new.count))
    }
    let update = try BatchUpdate(from: old, to: new)
    #expect(try DiffReference.simulate(update, old: old, new: new) == new)
    // Each random move displaces at most one item's relative order.
    #expect(update.moves.count <= 50 && !update.moves.isEmpty)
  }
}
