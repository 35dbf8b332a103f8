import ReelTesting
import Testing

@testable import Reel

/// The sectioned diffable data source: on seeded random sectioned snapshots its row diff, run
/// on the old rows, gives the new ones with the fewest moves; the list it drives shows the
/// snapshot, with cells kept by identity; and the edge cases (empty sections, every section
/// deleted, reconfigures, selection, anchoring, animation) behave.
@Suite struct SectionedDiffableDataSourceTests {
  typealias Snapshot = ListSnapshot<String, Int>

  /// The rows of a snapshot as identities, for the reference checks.
  func rows(_ snapshot: Snapshot, headers: Bool, footers: Bool) -> [SnapshotRow<String, Int>] {
    snapshot.rows(headers: headers, footers: footers)
  }

  @Test func theRowDiffTurnsOldRowsIntoNewOnesWithTheFewestMoves() throws {
    for seed in UInt64(0)..<300 {
      var random = RandomSnapshots(seed: seed)
      let old = random.snapshot()
      var new = old
      random.mutate(&new, count: random.rng.int(in: 0...8), marks: false)
      let headers = seed % 2 == 0
      let footers = seed % 3 == 0
      let update = new.rowUpdate(from: old, headers: headers, footers: footers, replaced: [])
      let before = rows(old, headers: headers, footers: footers)
      let after = rows(new, headers: headers, footers: footers)
      let result = try DiffReference.simulate(update, old: before, new: after)
      #expect(result == after, "seed \(seed)")
      // Inserted rows are new identities; deleted rows are gone.
      #expect(update.insertions.allSatisfy { !before.contains(after[$0]) }, "seed \(seed)")
      #expect(update.deletions.allSatisfy { !after.contains(before[$0]) }, "seed \(seed)")
      #expect(
        update.moves.count == DiffReference.fewestMoves(before, after), "seed \(seed)")
    }
  }

  @Test func reloadedItemsAreReloadedInPlaceOrDeletedAndInsertedWhenTheyMove() throws {
    for seed in UInt64(0)..<200 {
      var random = RandomSnapshots(seed: seed)
      let old = random.snapshot()
      var new = old
      random.mutate(&new, count: random.rng.int(in: 1...8), marks: true)
      let replaced = new.reloadedItemIdentifiers
      let update = new.rowUpdate(from: old, headers: true, footers: false, replaced: replaced)
      let before = rows(old, headers: true, footers: false)
      let after = rows(new, headers: true, footers: false)
      #expect(try DiffReference.simulate(update, old: before, new: after) == after, "seed \(seed)")
      let reloadedRows = Set(update.reloads.map { before[$0] })
      let movedRows = Set(update.moves.map { before[$0.from] })
      #expect(reloadedRows.isDisjoint(with: movedRows), "seed \(seed)")
      for item in replaced where old.indexOfItem(item) != nil {
        let row = SnapshotRow<String, Int>.item(item)
        // Replaced: reloaded where it stays, else deleted and inserted again.
        #expect(
          reloadedRows.contains(row)
            || (update.deletions.contains { before[$0] == row }
              && update.insertions.contains { after[$0] == row }),
          "seed \(seed), item \(item)")
      }
    }
  }

  @Test func theListShowsEverySnapshotOfARandomRun() {
    for seed in UInt64(0)..<60 {
      var random = RandomSnapshots(seed: seed)
      let fixture = SectionedDiffableFixture(headers: seed % 2 == 0, footers: seed % 3 == 0)
      var snapshot = random.snapshot(maxSections: 6, maxItems: 10)
      fixture.source.apply(snapshot)
      #expect(fixture.mismatches(snapshot) == [], "seed \(seed), first apply")
      for step in 0..<12 {
        random.mutate(&snapshot, count: random.rng.int(in: 1...6), marks: true)
        let rowCount = fixture.tags(snapshot).count
        fixture.list.setContentOffset(
          Double(random.rng.int(in: 0...max(0, rowCount * 10 - 60))), animated: false)
        fixture.source.apply(snapshot)
        #expect(fixture.mismatches(snapshot) == [], "seed \(seed), step \(step)")
        #expect(fixture.source.snapshot().reloadedItemIdentifiers.isEmpty)
        #expect(fixture.source.snapshot().itemIdentifiers == snapshot.itemIdentifiers)
      }
    }
  }

  @Test func emptySectionsShowTheirHeadersAndFooters() {
    let fixture = SectionedDiffableFixture(headers: true, footers: true)
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b", "c"])
    snapshot.appendItems([1, 2], toSection: "b")
    fixture.source.apply(snapshot)
    #expect(fixture.displayed().map(\.tag) == ["ha", "fa", "hb", "i1", "i2", "fb", "hc", "fc"])
    snapshot.moveItem(2, beforeItem: 1)
    snapshot.deleteItems([1])
    snapshot.appendItems([3], toSection: "a")
    fixture.source.apply(snapshot)
    #expect(fixture.displayed().map(\.tag) == ["ha", "i3", "fa", "hb", "i2", "fb", "hc", "fc"])
    #expect(fixture.mismatches(snapshot) == [])
  }

  @Test func deletingEverySectionEmptiesTheListAndItFillsAgain() {
    let fixture = SectionedDiffableFixture(headers: true)
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4], toSection: "b")
    fixture.source.apply(snapshot)
    #expect(fixture.displayed().count == 6)
    fixture.source.apply(Snapshot())
    #expect(fixture.displayed().isEmpty)
    #expect(fixture.list.sections.numberOfSections == 0)
    fixture.source.apply(snapshot)
    #expect(fixture.displayed().map(\.tag) == ["ha", "i1", "i2", "i3", "hb", "i4"])
  }

  @Test func itemsMovingAcrossMovedSectionsKeepTheirCells() {
    let fixture = SectionedDiffableFixture(headers: true)
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b", "c"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.appendItems([3, 4], toSection: "b")
    snapshot.appendItems([5], toSection: "c")
    fixture.source.apply(snapshot)
    let cells = Dictionary(
      uniqueKeysWithValues: fixture.list.placements.map { ($0.cell.tag, $0.cell) })
    fixture.provided.removeAll()
    // Section c moves first and item 2 moves into it, while b changes inside.
    snapshot.moveSection("c", beforeSection: "a")
    snapshot.moveItem(2, beforeItem: 5)
    snapshot.moveItem(4, beforeItem: 3)
    fixture.source.apply(snapshot)
    #expect(fixture.mismatches(snapshot) == [])
    #expect(fixture.displayed().map(\.tag) == ["hc", "i2", "i5", "ha", "i1", "hb", "i4", "i3"])
    #expect(fixture.provided == [])
    for placement in fixture.list.placements {
      #expect(placement.cell === cells[placement.cell.tag], "\(placement.cell.tag)")
    }
  }

  @Test func reconfiguredItemsKeepTheirCellsAndReloadedOnesGetNewOnes() {
    let fixture = SectionedDiffableFixture(headers: true)
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.appendItems([3], toSection: "b")
    fixture.source.apply(snapshot)
    let cellOf2 = fixture.list.placements.first { $0.cell.tag == "i2" }!.cell
    fixture.provided.removeAll()
    snapshot.moveItem(2, beforeItem: 3)
    snapshot.reconfigureItems([2])
    snapshot.reloadItems([1])
    fixture.source.apply(snapshot)
    #expect(fixture.reconfigured == [2])
    #expect(fixture.provided == [1])
    #expect(fixture.list.placements.first { $0.cell.tag == "i2" }!.cell === cellOf2)
    #expect(fixture.mismatches(snapshot) == [])
  }

  @Test func withoutAReconfigurerReconfiguredItemsAreReloaded() {
    let fixture = SectionedDiffableFixture(headers: false, reconfigures: false)
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 2])
    fixture.source.apply(snapshot)
    fixture.list.layoutIfNeeded()
    fixture.provided.removeAll()
    snapshot.reconfigureItems([2])
    fixture.source.apply(snapshot)
    fixture.list.layoutIfNeeded()
    #expect(fixture.provided == [2])
    #expect(fixture.reconfigured == [])
  }

  @Test func selectionFollowsItsItemAcrossSections() {
    let fixture = SectionedDiffableFixture(headers: true)
    fixture.list.selectionMode = .single
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.appendItems([3], toSection: "b")
    fixture.source.apply(snapshot)
    _ = fixture.list.selectItem(at: ItemPath(section: 0, item: 1))
    snapshot.moveItem(2, afterItem: 3)
    snapshot.insertSections(["z"], beforeSection: "a")
    fixture.source.apply(snapshot)
    #expect(fixture.list.pathsForSelectedItems == [ItemPath(section: 2, item: 1)])
    #expect(fixture.source.path(of: 2) == ItemPath(section: 2, item: 1))
    #expect(fixture.source.itemIdentifier(at: ItemPath(section: 2, item: 1)) == 2)
    #expect(fixture.source.sectionIdentifier(at: 0) == "z")
  }

  @Test func theFirstVisibleSurvivingRowKeepsItsPlace() {
    let fixture = SectionedDiffableFixture(headers: true, height: 50)
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b", "c"])
    for (section, base) in [("a", 0), ("b", 100), ("c", 200)] {
      snapshot.appendItems(Array(base..<base + 20), toSection: section)
    }
    fixture.source.apply(snapshot)
    // Row 30 is item 108 (a's header, 20 items, b's header, items 100…).
    fixture.list.setContentOffset(303, animated: false)
    let before = fixture.list.placements.first { $0.cell.tag == "i108" }!.frame
    snapshot.deleteSections(["a"])
    snapshot.insertItems([900, 901, 902], beforeItem: 101)
    snapshot.moveItem(105, beforeItem: 200)
    fixture.source.apply(snapshot)
    #expect(fixture.mismatches(snapshot) == [])
    #expect(fixture.list.placements.first { $0.cell.tag == "i108" }!.frame == before)
  }

  @Test func animatedAppliesSettleOnTheSnapshotWithinTheCellBound() {
    for seed in UInt64(0)..<20 {
      var random = RandomSnapshots(seed: seed)
      let fixture = SectionedDiffableFixture(headers: true, footers: seed % 2 == 0)
      fixture.list.updateAnimation = .default
      let clock = ManualClock()
      var snapshot = random.snapshot(maxSections: 5, maxItems: 8)
      fixture.source.apply(snapshot)
      fixture.list.tick(clock.now)
      for step in 0..<10 {
        random.mutate(&snapshot, count: random.rng.int(in: 1...5), marks: true)
        fixture.source.apply(snapshot, animatingDifferences: step % 3 != 0)
        for _ in 0..<(step % 4 == 0 ? 80 : 7) {
          clock.advance(seconds: 1.0 / 120)
          fixture.list.tick(clock.now)
        }
      }
      while fixture.list.isAnimatingUpdates {
        clock.advance(seconds: 1.0 / 120)
        fixture.list.tick(clock.now)
      }
      #expect(fixture.mismatches(snapshot) == [], "seed \(seed)")
      #expect(fixture.list.updateAnimation == .default)
      let alive = fixture.list.cellsCreated - fixture.list.cellsReleased
      #expect(
        alive <= fixture.list.largestWindowCount + fixture.list.poolCapacity, "seed \(seed)")
      #expect(fixture.list.invariantViolations().isEmpty, "seed \(seed)")
    }
  }

  @Test func notAnimatingDifferencesLandsAtOnce() {
    let fixture = SectionedDiffableFixture(headers: true)
    fixture.list.updateAnimation = .default
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 2, 3])
    fixture.source.apply(snapshot)
    fixture.list.layoutIfNeeded()
    snapshot.deleteItems([1])
    fixture.source.apply(snapshot, animatingDifferences: false)
    #expect(!fixture.list.isAnimatingUpdates)
    #expect(fixture.list.updateAnimation == .default)
    snapshot.deleteItems([2])
    fixture.source.apply(snapshot)
    #expect(fixture.list.isAnimatingUpdates)
  }
}
