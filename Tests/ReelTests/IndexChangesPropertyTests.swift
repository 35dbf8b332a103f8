import ReelTesting
import Testing

@testable import Reel

/// `IndexChanges`' O(log d) index mapping against the linear scan it replaced, on seeded random
/// updates.
@Suite struct IndexChangesPropertyTests {
  /// The linear mapping of Reel 1.0: scan the moves, then skip insertions one by one.
  struct LinearReference {
    let changes: IndexChanges

    func newIndex(forOld index: Int) -> Int? {
      if let move = changes.moves.first(where: { $0.from == index }) { return move.to }
      if changes.deleted.contains(index) { return nil }
      var result = index - changes.deleted.filter { $0 < index }.count
      for position in changes.inserted {
        guard position <= result else { break }
        result += 1
      }
      return result
    }

    func oldIndex(forNew index: Int) -> Int? {
      if let move = changes.moves.first(where: { $0.to == index }) { return move.from }
      if changes.inserted.contains(index) { return nil }
      var result = index - changes.inserted.filter { $0 < index }.count
      for position in changes.deleted {
        guard position <= result else { break }
        result += 1
      }
      return result
    }
  }

  /// A random valid update of a list of `oldCount` items.
  static func randomUpdate(_ rng: inout SplitMix64, oldCount: Int) -> BatchUpdate {
    var update = BatchUpdate()
    var free = Array(0..<oldCount)
    free.shuffle(using: &rng)
    let deletions = rng.int(in: 0...free.count)
    update.delete(at: free.prefix(deletions))
    free.removeFirst(deletions)
    let moves = rng.int(in: 0...min(free.count, 6))
    let movedFrom = Array(free.prefix(moves))
    free.removeFirst(moves)
    for index in free.prefix(rng.int(in: 0...free.count)) { update.reload(at: index) }
    let insertions = rng.int(in: 0...12)
    // Insertions and move destinations are distinct new indices.
    var destinations = Array(0..<(oldCount - deletions + insertions))
    destinations.shuffle(using: &rng)
    update.insert(at: destinations.prefix(insertions))
    for (from, to) in zip(movedFrom, destinations.dropFirst(insertions)) {
      update.move(from: from, to: to)
    }
    return update
  }

  @Test func matchesTheLinearMappingOnSeededUpdates() throws {
    for seed in UInt64(0)..<400 {
      var rng = SplitMix64(seed: seed)
      let oldCount = rng.int(in: 0...(seed % 4 == 0 ? 400 : 30))
      let update = Self.randomUpdate(&rng, oldCount: oldCount)
      guard let changes = try? IndexChanges(oldCount: oldCount, update: update) else {
        Issue.record("seed \(seed): the generator made an invalid update \(update)")
        continue
      }
      let reference = LinearReference(changes: changes)
      let newMap = (0..<oldCount).map(changes.newIndex(forOld:))
      let oldMap = (0..<changes.newCount).map(changes.oldIndex(forNew:))
      #expect(
        newMap == (0..<oldCount).map(reference.newIndex(forOld:)), "seed \(seed): \(update)")
      #expect(
        oldMap == (0..<changes.newCount).map(reference.oldIndex(forNew:)),
        "seed \(seed): \(update)")
      // The two maps are inverse, and agree with remap.
      for (old, new) in newMap.enumerated() {
        if let new { #expect(oldMap[new] == old, "seed \(seed): old \(old) → new \(new)") }
      }
      let remapped = changes.remap(Array(0..<oldCount), inserted: -1)
      #expect(remapped == oldMap.map { $0 ?? -1 }, "seed \(seed): \(update)")
    }
  }

  @Test func largeUpdatesMapEveryIndex() throws {
    // 10,000 scattered insertions and deletions: the linear scan would cost 10⁸ steps here.
    var update = BatchUpdate()
    update.delete(at: stride(from: 0, to: 100_000, by: 20))
    update.insert(at: stride(from: 5, to: 100_000, by: 20))
    update.move(from: 7, to: 99_999)
    let changes = try IndexChanges(oldCount: 100_000, update: update)
    #expect(changes.newCount == 100_000)
    let reference = LinearReference(changes: changes)
    #expect(changes.newIndex(forOld: 0) == nil)
    #expect(changes.newIndex(forOld: 7) == 99_999)
    // Old 1 is the first survivor: new 0 (old 0 is deleted, new 5 is the first insertion).
    #expect(changes.newIndex(forOld: 1) == 0)
    #expect(changes.oldIndex(forNew: 5) == nil)
    for old in stride(from: 1, to: 100_000, by: 997) where old % 20 != 0 && old != 7 {
      let new = try #require(changes.newIndex(forOld: old))
      #expect(new == reference.newIndex(forOld: old))
      #expect(changes.oldIndex(forNew: new) == old)
    }
  }

  @Test func theWalkMatchesTheSearchInAnyOrder() throws {
    // The batch update asks the window's old indices in ascending order (a cyclic window may
    // wrap once, back to a lower index): the walk must give the searched answers either way.
    for seed in UInt64(0)..<400 {
      var rng = SplitMix64(seed: seed)
      let oldCount = rng.int(in: 0...(seed % 4 == 0 ? 400 : 30))
      var update = Self.randomUpdate(&rng, oldCount: oldCount)
      // Without moves, half the time: the walk answers those updates (moves are searched).
      // The sources become survivors and the count is the same.
      if seed % 2 == 0 { update.moves = [] }
      guard let changes = try? IndexChanges(oldCount: oldCount, update: update) else {
        Issue.record("seed \(seed): the generator made an invalid update \(update)")
        continue
      }
      let split = oldCount == 0 ? 0 : rng.int(in: 0...(oldCount - 1))
      let ascending = Array(0..<oldCount)
      let wrapped = Array(split..<oldCount) + Array(0..<split)
      for order in [ascending, wrapped] {
        var walk = IndexChanges.Walk()
        for old in order {
          let walked = changes.survivingIndex(forOld: old, advancing: &walk)
          #expect(
            walked == changes.survivingIndex(forOld: old),
            "seed \(seed): old \(old) after a walk from \(order.first ?? 0): \(update)")
        }
      }
    }
  }
}
