import ReelTesting
import Testing

@testable import Reel

/// The walking matching of unique sequences (hashing only what is out of step) against the
/// hashing of every identifier: with unique identifiers the matching is fully determined, so the
/// two must agree exactly.
@Suite struct IdentifierMatchingTests {
  func expectSame(_ old: [Int], _ new: [Int], _ context: String) throws {
    let walked = try IdentifierMatching(unique: old, unique: new)
    let hashed = try IdentifierMatching(old: old, new: new)
    #expect(walked.newIndexOfOld == hashed.newIndexOfOld, "\(context): \(old) → \(new)")
    #expect(walked.oldIndexOfNew == hashed.oldIndexOfNew, "\(context): \(old) → \(new)")
  }

  @Test func agreesWithFullHashingOnSeededPairs() throws {
    for seed in UInt64(0)..<600 {
      var rng = SplitMix64(seed: seed)
      let (old, new) = IdentifierDiffTests.randomPair(&rng)
      try expectSame(old, new, "seed \(seed)")
    }
  }

  @Test func agreesOnLongShuffledListsWhereTheLookaheadGivesUp() throws {
    for seed in UInt64(0)..<4 {
      var rng = SplitMix64(seed: seed)
      let old = Array(0..<3_000)
      var new = old.shuffled(using: &rng)
      new.removeLast(100)
      new.insert(contentsOf: 5_000..<5_100, at: 1_000)
      try expectSame(old, new, "seed \(seed)")
    }
  }

  @Test func duplicatesSetAsideAreReportedAtTheirPositions() {
    // 7 is out of step in both lists (so it is hashed) and twice in the new one.
    #expect(throws: ReelError.duplicateIdentifier("7", first: 1, second: 4)) {
      try IdentifierMatching(unique: [1, 2, 3, 4, 5, 6], unique: [1, 7, 2, 3, 7, 4, 5, 6])
    }
    #expect(throws: ReelError.duplicateIdentifier("9", first: 0, second: 2)) {
      try IdentifierMatching(unique: [9, 8, 9], unique: [1, 2])
    }
  }
}
