import ReelTesting
import Testing

@testable import Reel

/// A data source and delegate whose `didEndDisplaying` can call back into the list: the first
/// time it is told a cell ended, it runs `reentry` once.
final class ReenteringSource: VirtualListDataSource, VirtualListDelegate {
  var items: [Int]
  var ended: [ObjectIdentifier] = []
  var displayed: Set<ObjectIdentifier> = []
  var violations: [String] = []
  var reentry: ((VirtualList<RecordingCell>) -> Void)?

  init(count: Int) { items = Array(0..<count) }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    if displayed.contains(ObjectIdentifier(cell)) { violations.append("\(cell) handed out") }
    return cell
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    if !displayed.insert(ObjectIdentifier(cell)).inserted {
      violations.append("\(cell) displayed twice")
    }
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) {
    if displayed.remove(ObjectIdentifier(cell)) == nil {
      violations.append("\(cell) ended while not displayed")
    }
    ended.append(ObjectIdentifier(cell))
    if let reentry {
      self.reentry = nil
      reentry(list)
    }
  }
}

/// Departing cells retire when their animation ends; while updates animate, the placements hold
/// the departing cells. These tests check the order and uniqueness of retirements, callbacks that reenter
/// the list while cells retire, and that the held cells are the departing cells.
@Suite struct DepartureRetirementTests {
  static func makeList(count: Int) -> (VirtualList<RecordingCell>, ReenteringSource) {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: 1)
    let source = ReenteringSource(count: count)
    list.register("cell") { RecordingCell() }
    list.dataSource = source
    list.delegate = source
    list.viewportSize = Size(width: 300, height: 440)
    list.updateAnimation = .timed(duration: 1, curve: .linear)
    list.tick(.zero)
    return (list, source)
  }

  /// Deletes the items at `indices` (ascending) in one animated update made at `now`.
  static func delete(
    _ indices: [Int], from list: VirtualList<RecordingCell>, _ source: ReenteringSource,
    at now: ReelInstant
  ) throws {
    for index in indices.reversed() { source.items.remove(at: index) }
    try list.performBatchUpdates { update in
      for index in indices { update.delete(at: index) }
    }
    list.tick(now)  // the update's animations start at this tick
  }

  /// The cells of the departing cells, and those the snapshot holds.
  static func departingAndHeld(_ list: VirtualList<RecordingCell>) -> (
    [ObjectIdentifier], [ObjectIdentifier]
  ) {
    (
      list.state.departing.map { ObjectIdentifier($0.entry.cell) },
      list.state.snapshot?.heldCells.map { ObjectIdentifier($0) } ?? []
    )
  }

  @Test func cellsRetireOnceInTheOrderTheyDeparted() throws {
    let (list, source) = Self.makeList(count: 50)
    let first = list.placements.filter { [2, 4].contains($0.index) }.map {
      ObjectIdentifier($0.cell)
    }
    try Self.delete([2, 4], from: list, source, at: .zero)
    list.tick(ReelInstant(seconds: 0.5))
    let second = list.placements.filter { $0.index == 6 && !$0.isDeparting }.map {
      ObjectIdentifier($0.cell)
    }
    try Self.delete([6], from: list, source, at: ReelInstant(seconds: 0.5))
    list.tick(ReelInstant(seconds: 0.6))
    #expect(list.cellsDeparting == 3)
    // The first two end at 1 s, the third at 1.5 s.
    list.tick(ReelInstant(seconds: 1.2))
    #expect(source.ended == first)
    #expect(list.cellsDeparting == 1)
    list.tick(ReelInstant(seconds: 2))
    #expect(source.ended == first + second)
    #expect(list.cellsDeparting == 0)
    #expect(source.violations.isEmpty, "\(source.violations)")
    #expect(list.invariantViolations().isEmpty)
  }

  /// A `didEndDisplaying` that ends every animation (turning animation off) while cells retire:
  /// the cells gathered for that retirement and those still departing each retire once.
  @Test func aCallbackThatEndsTheAnimationsWhileCellsRetire() throws {
    let (list, source) = Self.makeList(count: 50)
    try Self.delete([1], from: list, source, at: .zero)
    list.tick(ReelInstant(seconds: 0.5))
    try Self.delete([3, 5], from: list, source, at: ReelInstant(seconds: 0.5))
    list.tick(ReelInstant(seconds: 0.6))
    #expect(list.cellsDeparting == 3)
    source.reentry = { list in list.updateAnimation = .none }
    list.tick(ReelInstant(seconds: 1.1))
    #expect(source.ended.count == 3)
    #expect(Set(source.ended).count == 3)
    #expect(list.cellsDeparting == 0)
    #expect(source.violations.isEmpty, "\(source.violations)")
    #expect(list.invariantViolations().isEmpty)
    // Later animated updates retire their cells as before.
    list.updateAnimation = .timed(duration: 1, curve: .linear)
    try Self.delete([2], from: list, source, at: ReelInstant(seconds: 1.1))
    list.tick(ReelInstant(seconds: 1.2))
    list.tick(ReelInstant(seconds: 2.3))
    #expect(source.ended.count == 4)
    #expect(source.violations.isEmpty, "\(source.violations)")
  }

  /// A `didEndDisplaying` that ticks the list again, later, while cells retire: the nested
  /// retirement gathers its cells in storage of its own.
  @Test func aCallbackThatTicksWhileCellsRetire() throws {
    let (list, source) = Self.makeList(count: 50)
    try Self.delete([1, 2], from: list, source, at: .zero)
    list.tick(ReelInstant(seconds: 0.5))
    try Self.delete([4], from: list, source, at: ReelInstant(seconds: 0.5))
    list.tick(ReelInstant(seconds: 0.6))
    source.reentry = { list in list.tick(ReelInstant(seconds: 1.7)) }
    list.tick(ReelInstant(seconds: 1.05))
    #expect(source.ended.count == 3)
    #expect(Set(source.ended).count == 3)
    #expect(list.cellsDeparting == 0)
    #expect(source.violations.isEmpty, "\(source.violations)")
    #expect(list.invariantViolations().isEmpty)
  }

  /// Random animated deletes, inserts and moves (seeded) at random frame intervals: whenever
  /// the snapshot is animated, the cells it holds are the departing cells, in their order.
  @Test func theHeldCellsAreTheDepartingCellsInOrder() throws {
    var checked = 0
    for seed in UInt64(1)...10 {
      var rng = SplitMix64(seed: seed)
      let (list, source) = Self.makeList(count: rng.int(in: 2...60))
      list.updateAnimation = .timed(duration: [0.1, 0.3, 1][rng.int(in: 0...2)], curve: .linear)
      var time = 0.0
      var next = 1_000
      for step in 0..<40 {
        if rng.int(in: 0...2) != 0 {
          let update = BatchUpdateWindowTests.randomUpdate(count: source.items.count, &rng)
          source.items = try BatchUpdateWindowTests.items(
            source.items, after: update, next: &next)
          try list.performBatchUpdates(update)
        }
        time += [1.0 / 120, 1.0 / 30, 0.1][rng.int(in: 0...2)]
        list.tick(ReelInstant(seconds: time))
        _ = list.placements.count
        let context = "seed \(seed) step \(step)"
        if list.isAnimatingUpdates {
          let (departing, held) = Self.departingAndHeld(list)
          #expect(held == departing, "\(context)")
          checked += 1
        }
        #expect(source.violations.isEmpty, "\(context): \(source.violations.prefix(2))")
        #expect(list.invariantViolations().isEmpty, "\(context)")
      }
    }
    #expect(checked > 100, "\(checked) animated frames checked")
  }
}
