import Reel
import ReelTesting
import Testing

/// `ListSnapshot.difference(from:)` on seeded random pairs: the section-aware changes, run on
/// nested arrays the way a sectioned list runs them, give the new snapshot; so does the
/// flattened batch update on the concatenated items; moves are as few as the sections allow.
@Suite struct SnapshotDifferenceTests {
  typealias Snapshot = ListSnapshot<String, Int>

  /// Runs a section-aware difference on nested arrays: removes deleted items and move sources
  /// from their old sections, carries the sections through the section update (an inserted
  /// section arrives with its items from `new`), then puts inserted items (from `new`) and moved
  /// ones at their new paths.
  func simulate(_ difference: SnapshotDifference, old: Snapshot, new: Snapshot) throws -> [[Int]] {
    var sections = old.sectionIdentifiers.map {
      old.itemIdentifiers(inSection: $0).map(Optional.some)
    }
    var moved = [SnapshotItemPath: Int]()
    for move in difference.itemMoves {
      moved[move.to] = old.itemIdentifier(at: move.from)
      sections[move.from.section][move.from.item] = nil
    }
    for path in difference.itemDeletions { sections[path.section][path.item] = nil }
    let changes = try IndexChanges(oldCount: sections.count, update: difference.sections)
    let carried = changes.remap(sections.map { Optional($0.compactMap { $0 }) }, inserted: nil)
    var result = [[Int]]()
    for (index, items) in carried.enumerated() {
      guard var items else {
        result.append(new.itemIdentifiers(inSection: new.sectionIdentifiers[index]))
        continue
      }
      let arrivals =
        difference.itemInsertions.filter { $0.section == index }
        + moved.keys.filter { $0.section == index }
      for path in arrivals.sorted() {
        items.insert(moved[path] ?? new.itemIdentifier(at: path), at: path.item)
      }
      result.append(items)
    }
    return result
  }

  /// The fewest item moves a section-aware difference can have: in each surviving section, the
  /// items that stay in it less the longest run of them in kept order, plus every item that
  /// changes between surviving sections.
  func fewestMoves(old: Snapshot, new: Snapshot) -> Int {
    var moves = 0
    for section in new.sectionIdentifiers where old.indexOfSection(section) != nil {
      let before = old.itemIdentifiers(inSection: section)
      let after = new.itemIdentifiers(inSection: section)
      let stay = after.filter { before.contains($0) }
      moves += stay.count - DiffReference.longestCommonSubsequence(before, after)
      moves +=
        after.filter {
          guard let from = old.sectionIdentifier(containingItem: $0) else { return false }
          return from != section && new.indexOfSection(from) != nil
        }.count
    }
    return moves
  }

  @Test func randomPairsTurnTheOldSnapshotIntoTheNewOne() throws {
    for seed in UInt64(0)..<400 {
      var random = RandomSnapshots(seed: seed)
      let old = random.snapshot()
      var new = old
      let marks = seed % 2 == 1
      random.mutate(&new, count: random.rng.int(in: 0...12), marks: marks)
      let difference = new.difference(from: old)
      let context = "seed \(seed): \(old.sectionIdentifiers) → \(new.sectionIdentifiers)"
      let newSections = new.sectionIdentifiers.map { new.itemIdentifiers(inSection: $0) }
      #expect(try simulate(difference, old: old, new: new) == newSections, "\(context)")
      let flat = try DiffReference.simulate(
        difference.flattened, old: old.itemIdentifiers, new: new.itemIdentifiers)
      #expect(flat == new.itemIdentifiers, "\(context): flattened \(difference.flattened)")
      for path in difference.itemReloads {
        let item = old.itemIdentifier(at: path)
        #expect(new.reloadedItemIdentifiers.contains(item), "\(context): reload \(item)")
      }
      for index in difference.flattened.reloads {
        #expect(new.reloadedItemIdentifiers.contains(old.itemIdentifiers[index]), "\(context)")
      }
      for path in difference.itemReconfigures {
        let item = new.itemIdentifier(at: path)
        #expect(new.reconfiguredItemIdentifiers.contains(item), "\(context)")
        #expect(old.indexOfItem(item) != nil, "\(context): reconfigured \(item) is new")
      }
      if !marks {
        #expect(
          difference.itemMoves.count == fewestMoves(old: old, new: new),
          "\(context): moves \(difference.itemMoves)")
        #expect(
          difference.flattened.moves.count
            == DiffReference.fewestMoves(old.itemIdentifiers, new.itemIdentifiers), "\(context)")
      }
    }
  }

  @Test func sectionChangesCoverTheirItems() {
    var old = Snapshot()
    old.appendSections(["a", "b", "c"])
    old.appendItems([1, 2], toSection: "a")
    old.appendItems([3, 4], toSection: "b")
    old.appendItems([5], toSection: "c")
    var new = old
    new.moveItem(3, beforeItem: 1)  // b → a: a move between surviving sections
    new.deleteSections(["c"])
    new.insertSections(["d"], afterSection: "b")
    new.appendItems([6], toSection: "d")
    new.moveItem(4, beforeItem: 6)  // out of b into the inserted d
    new.moveSection("b", beforeSection: "a")
    let difference = new.difference(from: old)
    #expect(difference.sections.deletions == [2] && difference.sections.insertions == [2])
    #expect(difference.sections.moves.count == 1)
    #expect(
      difference.itemMoves == [
        SnapshotDifference.Move(
          from: SnapshotItemPath(section: 1, item: 0), to: SnapshotItemPath(section: 1, item: 0))
      ])
    // 4 went into an inserted section: deleted from b, not inserted (its section arrives whole).
    #expect(difference.itemDeletions == [SnapshotItemPath(section: 1, item: 1)])
    #expect(difference.itemInsertions.isEmpty)
    #expect(!difference.isEmpty)
    #expect(new.difference(from: new).isEmpty)
  }

  @Test func reloadedItemsThatMoveAreReplaced() {
    var old = Snapshot()
    old.appendSections(["a"])
    old.appendItems([1, 2, 3])
    var new = old
    new.moveItem(3, beforeItem: 1)
    new.reloadItems([3, 2])
    new.reconfigureItems([1])
    let difference = new.difference(from: old)
    // 2 stays: reloaded in place. 3 moves: deleted and inserted instead of moved.
    #expect(difference.itemReloads == [SnapshotItemPath(section: 0, item: 1)])
    #expect(difference.itemMoves.isEmpty)
    #expect(difference.itemDeletions == [SnapshotItemPath(section: 0, item: 2)])
    #expect(difference.itemInsertions == [SnapshotItemPath(section: 0, item: 0)])
    #expect(difference.itemReconfigures == [SnapshotItemPath(section: 0, item: 1)])
    #expect(difference.flattened.reloads == [1] && difference.flattened.moves.isEmpty)
    #expect(difference.flattenedReconfigures == [1])
  }
}
