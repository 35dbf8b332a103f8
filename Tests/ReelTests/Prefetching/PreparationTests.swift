import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// A data source that counts the cells it binds per item, can make each bind take time on a
/// manual clock, and checks the display callbacks pair up.
final class PreparingSource: VirtualListDataSource, VirtualListDelegate {
  var items: [Int]
  /// Binds per data index since the last reset.
  var binds: [Int: Int] = [:]
  /// Runs inside every `cellForItemAt` (a bind that takes time, a misuse).
  var onBind: ((VirtualList<RecordingCell>) -> Void)?
  var displayed = Set<ObjectIdentifier>()
  var violations: [String] = []

  init(count: Int) { items = Array(0..<count) }

  func install(on list: VirtualList<RecordingCell>) {
    list.register("cell") { RecordingCell() }
    list.dataSource = self
    list.delegate = self
  }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    cell.identity = AnyHashable(items[index])
    binds[index, default: 0] += 1
    onBind?(list)
    return cell
  }

  func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt index: Int)
    -> AnyHashable?
  {
    AnyHashable(items[index])
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? {
    (identifier.base as? Int).flatMap { items.firstIndex(of: $0) }
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    if !displayed.insert(ObjectIdentifier(cell)).inserted {
      violations.append("willDisplay for item \(index) on a displayed cell")
    }
    if cell.item != index { violations.append("item \(index) displayed a cell bound to \(cell)") }
    cell.isDisplayed = true
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) {
    if displayed.remove(ObjectIdentifier(cell)) == nil {
      violations.append("didEndDisplaying for item \(index) without willDisplay")
    }
    cell.isDisplayed = false
  }
}

/// A list of 44-point rows in an 844-point viewport, without overscan: 20 rows show.
private func makePreparingList(count: Int = 1_000, wrapping: Wrapping = .bounded) -> (
  VirtualList<RecordingCell>, PreparingSource
) {
  let list = VirtualList<RecordingCell>(
    layout: UniformLayout(extent: 44), wrapping: wrapping, overscan: 0)
  let source = PreparingSource(count: count)
  source.install(on: list)
  list.viewportSize = Size(width: 390, height: 844)
  list.layoutIfNeeded()
  // The first call only notes where the content is: preparation follows movement.
  list.prepareUpcomingCells(for: .seconds(1), clock: ManualClock())
  return (list, source)
}

@Suite struct PreparationTests {
  /// Each bind takes 1 ms on the clock: with 3.5 ms left, three cells fit and the fourth is not
  /// started, so the deadline is never passed.
  @Test func preparationStopsBeforeTheDeadline() {
    let (list, source) = makePreparingList()
    let clock = ManualClock()
    #expect(list.prepareUpcomingCells(for: .milliseconds(10), clock: clock) == 0)  // never moved
    list.contentOffset = 440
    list.layoutIfNeeded()
    source.onBind = { _ in clock.advance(by: .milliseconds(1)) }
    let deadline = clock.now.advanced(by: .microseconds(3_500))
    let made = list.prepareUpcomingCells(until: deadline, clock: clock)
    #expect(made == 3)
    #expect(clock.now <= deadline)
    // The window shows 10..<30; the cells prepared are the next ones down, nearest first.
    #expect(list.indicesOfPreparedCells == [30, 31, 32])
    #expect(list.placements.allSatisfy { $0.index < 30 })
    #expect(list.invariantViolations().isEmpty)
    // A later call goes on where the budget ran out, in the same direction.
    #expect(list.prepareUpcomingCells(for: .microseconds(2_500), clock: clock) == 2)
    #expect(list.indicesOfPreparedCells == [30, 31, 32, 33, 34])
  }

  /// The window takes the prepared cells when their items scroll in: no second bind, one
  /// `willDisplay` each, and the same cell objects.
  @Test func preparedCellsAreDisplayedWithoutAnotherBind() throws {
    let (list, source) = makePreparingList()
    let clock = ManualClock()
    list.contentOffset = 440
    list.layoutIfNeeded()
    let made = list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    #expect(made == list.prefetchPlanner.distance(forMovement: 440, itemExtent: 44))
    let prepared = list.indicesOfPreparedCells
    #expect(prepared == Array(30..<(30 + made)))
    let created = list.cellsCreated
    source.binds = [:]
    list.contentOffset = 440 + 44 * 10  // ten rows on: 30..<40 come into view
    let shown = list.placements
    for index in 30..<40 {
      let placement = try #require(shown.first { $0.index == index })
      #expect(placement.cell.item == index)
    }
    #expect(source.binds.isEmpty, "rebound: \(source.binds)")
    // The rest wait, still ahead of the motion.
    #expect(list.indicesOfPreparedCells == Array(40..<(30 + made)))
    // The cells that left were pooled and reused for the prepared ones: nothing new was made.
    #expect(list.cellsCreated == created)
    #expect(source.violations.isEmpty)
    #expect(list.invariantViolations().isEmpty)
  }

  /// Reversing returns the cells prepared below to the pools at the next call and prepares the
  /// ones above; the pools then hold them, prepared for reuse when dequeued again.
  @Test func aReversalReturnsWhatWasAhead() {
    let (list, source) = makePreparingList()
    let clock = ManualClock()
    list.contentOffset = 2_000
    list.layoutIfNeeded()
    list.contentOffset = 2_044
    list.layoutIfNeeded()
    list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    let below = list.indicesOfPreparedCells
    #expect(!below.isEmpty && below.allSatisfy { $0 > 2_044 / 44 })
    let pooled = list.cellsPooled
    list.contentOffset = 2_000
    list.layoutIfNeeded()
    list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    let above = list.indicesOfPreparedCells
    let first = list.placements.map(\.index).min() ?? 0
    #expect(!above.isEmpty && above.allSatisfy { $0 < first })
    // What was below went back to the pools (those beyond the caps were released): every cell
    // alive is displayed, pooled or prepared.
    #expect(list.cellsPooled == max(pooled, 5) || list.cellsReleased > 0)
    #expect(
      list.cellsCreated - list.cellsReleased
        == list.cellsDisplayed + list.cellsPooled + list.cellsPrepared)
    #expect(list.invariantViolations().isEmpty)
    #expect(source.violations.isEmpty)
  }

  /// A batch update or a reload changes what data indices name: the prepared cells go back to
  /// the pools, and the items that then scroll in show their own data.
  @Test func updatesAndReloadsReturnThePreparedCells() throws {
    let (list, source) = makePreparingList()
    let clock = ManualClock()
    list.contentOffset = 440
    list.layoutIfNeeded()
    list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    #expect(list.cellsPrepared > 0)
    source.items.insert(-1, at: 0)
    try list.performBatchUpdates { $0.insert(at: 0) }
    #expect(list.cellsPrepared == 0)
    #expect(list.invariantViolations().isEmpty)
    list.contentOffset += 44
    list.layoutIfNeeded()
    list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    #expect(list.cellsPrepared > 0)
    source.items.removeFirst(3)
    list.reloadData()
    #expect(list.cellsPrepared == 0)
    list.contentOffset += 44 * 10
    for placement in list.placements {
      #expect(placement.cell.identity == AnyHashable(source.items[placement.index]))
    }
    #expect(list.invariantViolations().isEmpty)
    #expect(source.violations.isEmpty)
  }

  /// Seeded random scrolling, preparation, updates and reloads in bounded and cyclic lists:
  /// after every step no cell is lost or shown twice, and every shown cell is bound to its item.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func nothingIsLostOrDuplicated(wrapping: Wrapping) throws {
    let seed = UInt64(0x5EED_0016) &+ (wrapping == .cyclic ? 1 : 0)
    var random = SplitMix64(seed: seed)
    let (list, source) = makePreparingList(count: 60, wrapping: wrapping)
    let clock = ManualClock()
    source.onBind = { _ in clock.advance(by: .microseconds(700)) }
    for step in 0..<400 {
      switch random.next() % 10 {
      case 0:
        source.items.append(1_000 + step)
        try list.performBatchUpdates { $0.insert(at: source.items.count - 1) }
      case 1:
        if source.items.count > 30 {
          source.items.remove(at: 5)
          try list.performBatchUpdates { $0.delete(at: 5) }
        }
      case 2:
        source.items.swapAt(0, source.items.count - 1)
        list.reloadData()
      case 3, 4, 5:
        let budget = Int64(random.next() % 5_000)
        list.prepareUpcomingCells(for: .microseconds(budget), clock: clock)
      default:
        let delta = Double(Int(random.next() % 400) - 150)
        list.contentOffset += delta
        list.layoutIfNeeded()
      }
      let problems = list.invariantViolations()
      try #require(problems.isEmpty, "seed \(seed), step \(step): \(problems)")
      for placement in list.placements {
        // Cells that survive an update keep what they were bound to: compare identities.
        try #require(
          placement.cell.identity == AnyHashable(source.items[placement.index])
            && placement.cell.isDisplayed,
          "seed \(seed), step \(step): item \(placement.index) shows \(placement.cell)")
      }
      try #require(source.violations.isEmpty, "seed \(seed): \(source.violations)")
    }
  }

  @Test func cyclicMovementTakesTheShorterWayRound() {
    var preparation = CellPreparation()
    #expect(preparation.movement(to: 10, period: 100) == 10)  // from where every list starts
    #expect(preparation.movement(to: 95, period: 100) == -15)  // recentred backwards
    #expect(preparation.movement(to: 95, period: 100) == -15)  // still: the last movement
    #expect(preparation.movement(to: 5, period: 100) == 10)
    #expect(preparation.movement(to: 60, period: 0) == 55)
  }

  @Test func theCostEstimateKeepsACellThatCannotFitFromStarting() {
    var preparation = CellPreparation()
    let now = ReelInstant(nanoseconds: 1_000)
    #expect(preparation.hasTime(at: now, before: ReelInstant(nanoseconds: 1_001)))
    #expect(!preparation.hasTime(at: now, before: now))
    preparation.record(cost: 400)
    #expect(preparation.hasTime(at: now, before: ReelInstant(nanoseconds: 1_400)))
    #expect(!preparation.hasTime(at: now, before: ReelInstant(nanoseconds: 1_399)))
    preparation.record(cost: 800)
    #expect(preparation.nanosecondsPerCell == 500)
  }

  @Test func preparingFromInsideACallbackStops() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let (list, source) = makePreparingList()
        source.onBind = { list in
          list.prepareUpcomingCells(for: .milliseconds(1), clock: ManualClock())
        }
        list.contentOffset = 440
        list.layoutIfNeeded()
      },
      "VirtualList.prepareUpcomingCells(until:clock:) was called from inside a data source or "
        + "delegate callback")
  }
}
