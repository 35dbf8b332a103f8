import Reel
import ReelTesting
import Testing

/// `IndexChanges`' allocation-free path for updates already sorted (no moves, ascending,
/// distinct, in bounds) against its general validation, which the same update in another order
/// takes: the same changes, or the same error.
@Suite struct IndexChangesPresortedTests {
  /// The update's lists in descending order: the general validation's input.
  static func reversed(_ update: BatchUpdate) -> BatchUpdate {
    var other = update
    other.deletions.reverse()
    other.insertions.reverse()
    other.reloads.reverse()
    return other
  }

  /// The outcome of a validation: the changes, or the error's description.
  static func outcome(_ oldCount: Int, _ update: BatchUpdate) -> Result<IndexChanges, ReelError> {
    Result { () throws(ReelError) in try IndexChanges(oldCount: oldCount, update: update) }
  }

  @Test func sortedUpdatesGiveTheChangesOfTheGeneralValidation() throws {
    var general = 0
    for seed in UInt64(0)..<400 {
      var rng = SplitMix64(seed: seed)
      let oldCount = rng.int(in: 0...40)
      var update = IndexChangesPropertyTests.randomUpdate(&rng, oldCount: oldCount)
      update.moves = []
      update.deletions.sort()
      update.insertions.sort()
      update.reloads.sort()
      // The insertions were drawn for a count that included the moves' destinations.
      let newCount = oldCount - update.deletions.count + update.insertions.count
      update.insertions = update.insertions.filter { $0 < newCount }
      let fast = try IndexChanges(oldCount: oldCount, update: update)
      let reversed = Self.reversed(update)
      let slow = try IndexChanges(oldCount: oldCount, update: reversed)
      if reversed != update { general += 1 }
      #expect(fast == slow, "seed \(seed): \(update)")
      #expect(fast.deleted == update.deletions && fast.inserted == update.insertions)
      #expect(fast.reloaded == update.reloads && fast.moves.isEmpty, "seed \(seed)")
    }
    // Enough of the reversed updates really were out of order to test the general path.
    #expect(general > 300)
  }

  @Test func invalidSortedUpdatesThrowTheGeneralMessages() {
    var cases: [(Int, BatchUpdate)] = []
    var update = BatchUpdate()
    update.delete(at: [2, 5])
    cases.append((5, update))  // deletion out of bounds
    update = BatchUpdate()
    update.delete(at: [-1, 2])
    cases.append((5, update))  // negative deletion
    update = BatchUpdate()
    update.insert(at: [3, 7])
    cases.append((5, update))  // insertion past the new count (7 items: 6 is the last)
    update = BatchUpdate()
    update.delete(at: 1)
    update.reloads = [0, 1]
    cases.append((5, update))  // reloaded and deleted
    update = BatchUpdate()
    update.delete(at: [1, 1])
    cases.append((5, update))  // deleted twice: not ascending, general path
    for (oldCount, update) in cases {
      let result = Self.outcome(oldCount, update)
      guard case .failure(let error) = result else {
        Issue.record("\(update) on \(oldCount) items was accepted: \(result)")
        continue
      }
      guard case .invalidBatchUpdate(let message) = error else {
        Issue.record("\(update): unexpected error \(error)")
        continue
      }
      #expect(!message.isEmpty)
    }
    // The messages name the broken contract as the general validation does.
    var out = BatchUpdate()
    out.delete(at: [2, 5])
    #expect(
      Self.outcome(5, out).errorMessage == "deletion at 5 is outside the old bounds 0..<5")
    var both = BatchUpdate()
    both.delete(at: 1)
    both.reloads = [0, 1]
    #expect(
      Self.outcome(5, both).errorMessage == "item 1 is both reloaded and deleted or moved")
    var late = BatchUpdate()
    late.insert(at: [3, 7])
    #expect(
      Self.outcome(5, late).errorMessage
        == "insertion or move destination 7 is outside the new bounds 0..<7")
  }
}

extension Result where Failure == ReelError {
  /// The message of an invalid batch update, `nil` for anything else.
  fileprivate var errorMessage: String? {
    guard case .failure(.invalidBatchUpdate(let message)) = self else { return nil }
    return message
  }
}
