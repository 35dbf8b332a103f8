import Reel
import ReelTesting
import Testing

/// A `DiffableDataSource` driving a real `VirtualList`: after every apply the displayed cells
/// show the snapshot's items, surviving items keep their cells, and the first visible
/// surviving item stays where it was.
@Suite struct DiffableDataSourceTests {
  /// A list of 44-point rows in a 390 × 300 viewport with a diffable data source whose cells
  /// record their item; `reconfigured` counts in-place reconfigurations by item.
  final class Fixture {
    let list: VirtualList<RecordingCell>
    let dataSource: DiffableDataSource<RecordingCell, Int>
    let tracker = LifetimeTracker()
    var reconfigured: [Int: Int] = [:]

    init(wrapping: Wrapping = .bounded, reconfigures: Bool = true) {
      list = VirtualList(layout: UniformLayout(extent: 44), wrapping: wrapping)
      let tracker = tracker
      list.register("cell") { RecordingCell(tracker: tracker) }
      dataSource = DiffableDataSource(list: list) { list, index, item in
        let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        cell.item = index
        cell.identity = item
        return cell
      }
      if reconfigures {
        dataSource.cellReconfigurer = { [unowned self] cell, index, item in
          #expect(cell.identity == AnyHashable(item))
          cell.item = index
          reconfigured[item, default: 0] += 1
        }
      }
      list.viewportSize = Size(width: 390, height: 300)
    }

    func apply(_ items: [Int], reloading: [Int] = [], reconfiguring: [Int] = []) {
      var snapshot = ListSnapshot<String, Int>()
      snapshot.appendSections(["main"])
      snapshot.appendItems(items)
      snapshot.reloadItems(reloading)
      snapshot.reconfigureItems(reconfiguring)
      dataSource.apply(snapshot)
    }

    /// Problems with the displayed cells: each shows the snapshot's item at its index.
    func cellProblems() -> [String] {
      var problems = list.invariantViolations() + tracker.violations
      for placement in list.placements {
        let expected = AnyHashable(dataSource.itemIdentifiers[placement.index])
        if placement.cell.identity != expected {
          problems.append(
            "index \(placement.index) shows \(String(describing: placement.cell.identity)), "
              + "expected \(expected)")
        }
      }
      return problems
    }

    /// The first visible item among those in `survivors`, with its cell and on-screen start.
    func firstVisible(among survivors: Set<Int>) -> (item: Int, cell: RecordingCell, y: Double)? {
      let height = list.viewportSize.height
      for placement in list.placements
      where placement.frame.maxY > 0 && placement.frame.minY < height {
        let item = dataSource.itemIdentifiers[placement.index]
        if survivors.contains(item) { return (item, placement.cell, placement.frame.minY) }
      }
      return nil
    }
  }

  @Test func firstApplyShowsTheItems() {
    let fixture = Fixture()
    #expect(fixture.list.placements.isEmpty)
    fixture.apply(Array(100..<200))
    #expect(fixture.list.numberOfItems == 100)
    #expect(fixture.list.placements.map(\.cell.identity) == (100..<109).map { AnyHashable($0) })
    #expect(fixture.cellProblems().isEmpty)
  }

  @Test(arguments: [Wrapping.bounded, .cyclic])
  func randomDiffsKeepCellsAndTheAnchor(_ wrapping: Wrapping) throws {
    var anchored = 0
    for seed in UInt64(0)..<40 {
      var rng = SplitMix64(seed: seed)
      let fixture = Fixture(wrapping: wrapping)
      var items = Array(0..<300)
      var fresh = 300
      fixture.apply(items)
      fixture.list.contentOffset = 44 * 120 + Double(rng.int(in: 0...43))
      for step in 0..<15 {
        let context = "seed \(seed) step \(step) (\(wrapping))"
        var next = items
        for _ in 0..<rng.int(in: 1...25) {
          switch rng.int(in: 0...2) {
          case 0: next.remove(at: rng.int(in: 0...next.count - 1))
          case 1:
            next.insert(fresh, at: rng.int(in: 0...next.count))
            fresh += 1
          default:
            next.insert(
              next.remove(at: rng.int(in: 0...next.count - 1)), at: rng.int(in: 0...next.count - 1))
          }
        }
        let survivors = Set(next)
        // The anchor is the first visible item the update keeps in place: not moved.
        let moves = try BatchUpdate(from: items, to: next).moves
        let before = fixture.firstVisible(
          among: survivors.subtracting(moves.map { items[$0.from] }))
        let keptCells = Dictionary(
          fixture.list.placements.compactMap { placement in
            let item = items[placement.index]
            return survivors.contains(item) ? (item, placement.cell) : nil
          }, uniquingKeysWith: { first, _ in first })
        fixture.apply(next)
        items = next
        #expect(fixture.cellProblems() == [], "\(context)")
        guard let before else { continue }
        anchored += 1
        let after = fixture.list.placements.first {
          fixture.dataSource.itemIdentifiers[$0.index] == before.item && $0.frame.maxY > 0
        }
        #expect(after?.frame.minY == before.y, "\(context): anchor item \(before.item)")
        #expect(after?.cell === before.cell, "\(context): the anchor item changed cells")
        for placement in fixture.list.placements {
          let item = items[placement.index]
          if let cell = keptCells[item] {
            #expect(placement.cell === cell, "\(context): item \(item) changed cells")
          }
        }
      }
    }
    // Most diffs keep a visible item to anchor on; a run that anchored none proved nothing.
    #expect(anchored >= 300, "only \(anchored) of 600 diffs had an anchor item to check")
  }

  @Test func reloadedItemsGetFreshCellsAndReconfiguredOnesKeepTheirs() {
    let fixture = Fixture()
    fixture.apply(Array(0..<50))
    let cells = fixture.list.placements.map(\.cell)
    fixture.apply(Array(0..<50), reloading: [2], reconfiguring: [3, 4, 40])
    let after = fixture.list.placements.map(\.cell)
    #expect(after[2] !== cells[2] || cells[2].reuseCount > 0)
    #expect(after[3] === cells[3] && after[4] === cells[4])
    // Only displayed items are reconfigured: 40 is far off screen.
    #expect(fixture.reconfigured == [3: 1, 4: 1])
    #expect(fixture.cellProblems().isEmpty)
  }

  @Test func withoutAReconfigurerReconfiguredItemsAreReloaded() {
    let fixture = Fixture(reconfigures: false)
    fixture.apply(Array(0..<50))
    let cell = fixture.list.placements[3].cell
    let reuses = cell.reuseCount
    fixture.apply(Array(0..<50), reconfiguring: [3])
    let after = fixture.list.placements[3].cell
    #expect(after !== cell || after.reuseCount > reuses)
    #expect(fixture.cellProblems().isEmpty)
  }

  @Test func identitiesComeFromTheSnapshot() {
    let fixture = Fixture()
    fixture.apply([7, 3, 9])
    let source = fixture.dataSource
    #expect(source.virtualList(fixture.list, identifierForItemAt: 1) == AnyHashable(3))
    #expect(source.virtualList(fixture.list, indexForItemWithIdentifier: AnyHashable(9)) == 2)
    #expect(source.virtualList(fixture.list, indexForItemWithIdentifier: AnyHashable("9")) == nil)
    #expect(source.index(of: 7) == 0 && source.index(of: 4) == nil)
    #expect(source.itemIdentifier(at: 2) == 9)
    fixture.apply([9, 7])
    #expect(source.index(of: 9) == 0 && source.index(of: 3) == nil)
    let snapshot = source.snapshot(section: "main")
    #expect(snapshot.itemIdentifiers == [9, 7] && snapshot.sectionIdentifiers == ["main"])
  }

  @Test func reloadDataKeepsTheAnchorByIdentity() {
    let fixture = Fixture()
    fixture.apply(Array(0..<200))
    fixture.list.contentOffset = 44 * 50 + 10
    let before = fixture.firstVisible(among: Set(0..<200))!
    // A snapshot applied while the list has a pending reload joins the reload.
    fixture.list.reloadData()
    fixture.apply([-1, -2] + Array(0..<200))
    let after = fixture.firstVisible(among: Set(0..<200))!
    #expect(after.item == before.item && after.y == before.y)
    #expect(fixture.cellProblems().isEmpty)
  }
}
