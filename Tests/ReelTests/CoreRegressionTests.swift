import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// Calls a closure from `willDisplay`, once, then forwards nothing else.
final class OnDisplay: VirtualListDelegate {
  var action: ((VirtualList<RecordingCell>) -> Void)?

  init(_ action: @escaping (VirtualList<RecordingCell>) -> Void) { self.action = action }

  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    guard let action else { return }
    self.action = nil
    action(list)
  }
}

/// An `ArrayDataSource` whose `cellForItemAt` runs a closure once, before dequeuing.
final class OnCellFor: VirtualListDataSource {
  let items: ArrayDataSource<Int>
  var action: ((VirtualList<RecordingCell>) -> Void)?

  init(_ items: ArrayDataSource<Int>, _ action: @escaping (VirtualList<RecordingCell>) -> Void) {
    self.items = items
    self.action = action
  }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.items.count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    if let action {
      self.action = nil
      action(list)
    }
    return items.virtualList(list, cellForItemAt: index)
  }
}

/// An item and its main-axis position in the viewport.
struct Visible: Equatable, CustomStringConvertible {
  var index: Int
  var position: Double

  init(_ index: Int, _ position: Double) {
    self.index = index
    self.position = position
  }

  var description: String { "item \(index) at \(position)" }
}

/// The first placement that reaches into the viewport.
func firstVisible(_ list: VirtualList<RecordingCell>) -> Visible? {
  let placements = list.placements
  let horizontal = list.axis == .horizontal
  return placements.first {
    ($0.frame.maxX > 0 && horizontal) || ($0.frame.maxY > 0 && !horizontal)
  }
  .map { Visible($0.index, horizontal ? $0.frame.minX : $0.frame.minY) }
}

/// Regression tests for the core list's contracts: a layout change keeps the first visible item,
/// setters from inside callbacks take effect, data changes keep a fling's target, user code never
/// runs inside an access to the list's state, batch updates are validated, measurements during a
/// drag do not jump, an idle list stays idle, and broken data-source contracts stop with a message.
@Suite struct CoreRegressionTests {
  // MARK: replacing the layout keeps the first visible item

  @Test func replacingAUniformLayoutKeepsTheFirstVisibleItem() {
    let h = makeList(count: 1_000, layout: UniformLayout(extent: 10))
    h.list.contentOffset = 5_000
    #expect(firstVisible(h.list) == Visible(500, 0))
    h.list.layout = UniformLayout(extent: 20)
    let after = firstVisible(h.list)
    #expect(after?.index == 500, "item 500 must stay first")
    #expect(after?.position == 0, "at the same viewport position")
    #expect(h.list.contentOffset == 10_000)
  }

  @Test
  func replacingWithAFreshVariableLayoutKeepsTheFirstVisibleItem() {
    let h = makeList(count: 1_000, layout: UniformLayout(extent: 10))
    h.list.contentOffset = 5_003
    #expect(firstVisible(h.list) == Visible(500, -3))
    h.list.layout = VariableLayout(estimatedExtent: 20)
    let after = firstVisible(h.list)
    #expect(after?.index == 500)
    #expect(after?.position == -3)
  }

  @Test func changingLanesKeepsTheFirstVisibleItem() {
    // Row 37 of a one-lane list of 44-point rows, 10 points scrolled into it.
    let h = makeList(count: 1_000, layout: UniformLayout(extent: 44))
    h.list.contentOffset = 37 * 44 + 10
    #expect(firstVisible(h.list) == Visible(37, -10))
    h.list.layout = UniformLayout(extent: 44, lanes: 3)
    // Item 37 is now in row 12 of three lanes, beside 36 and 38: that row stays where it was.
    let item = h.list.placements.first { $0.index == 37 }
    #expect(item?.frame.minY == -10, "item 37 keeps its place")
    #expect(firstVisible(h.list) == Visible(36, -10))
  }

  @Test func changingAxisKeepsTheFirstVisibleItem() {
    let h = makeList(count: 1_000, layout: UniformLayout(extent: 44))
    h.list.contentOffset = 37 * 44 + 10
    #expect(firstVisible(h.list) == Visible(37, -10))
    h.list.axis = .horizontal
    let after = firstVisible(h.list)
    #expect(after?.index == 37)
    #expect(after?.position == -10)
  }

  @Test func changingWrappingKeepsTheFirstVisibleItem() {
    let h = makeList(count: 100, layout: UniformLayout(extent: 44))
    h.list.contentOffset = 37 * 44 + 10
    #expect(firstVisible(h.list) == Visible(37, -10))
    h.list.wrapping = .cyclic
    #expect(firstVisible(h.list) == Visible(37, -10))
    h.list.wrapping = .bounded
    #expect(firstVisible(h.list) == Visible(37, -10))
  }

  /// Found by the extended fuzzer: a cyclic list at offset 0 shows the last items of the loop
  /// before item 0 (negative virtual indices); making it bounded refreshed those window slots
  /// from a measured layout that has no such items, and trapped in its extent store.
  @Test(arguments: [-2.0, 0.0, 4_312.0] as [Double])
  func makingACyclicMeasuredListBoundedWhereTheLoopShowsKeepsTheFirstItem(offset: Double) throws {
    let h = makeList(
      count: 100, layout: VariableLayout(estimatedExtent: 44), wrapping: .cyclic, overscan: 1)
    h.list.contentOffset = offset
    let before = firstVisible(h.list)
    #expect(h.list.placements.contains { $0.virtualIndex < 0 || $0.virtualIndex >= 100 })
    h.list.wrapping = .bounded
    let placements = h.list.placements
    #expect(placements.allSatisfy { $0.virtualIndex >= 0 && $0.virtualIndex < 100 })
    #expect(placements.allSatisfy { $0.virtualIndex == $0.index })
    #expect(h.list.invariantViolations().isEmpty)
    // The anchor item stays in view (at its place, or as near as the bounded range allows).
    let anchor = try #require(before)
    let shown = try #require(placements.first { $0.index == anchor.index })
    #expect(shown.frame.maxY > 0 && shown.frame.minY < 844)
    if offset == 0 { #expect(firstVisible(h.list) == anchor) }
  }

  @Test func changingAPagingListsAxisKeepsTheRestingPage() {
    let h = makeList(
      count: 100, layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal,
      viewport: Size(width: 390, height: 600), overscan: 0)
    h.list.scrollToItem(at: 37)
    #expect(h.list.restingDataIndex == 37)
    h.list.layout = PagingLayout(insets: 24, spacing: 8)
    #expect(h.list.restingDataIndex == 37, "the resting page stays")
    h.list.axis = .vertical
    #expect(h.list.restingDataIndex == 37)
    #expect(isResting(h.list))
  }

  // MARK: setters from inside callbacks take effect in the same read

  @Test func contentOffsetSetInWillDisplayTakesEffect() {
    let h = makeList(count: 1_000)
    let jump = OnDisplay { $0.contentOffset = 4_400 }
    h.list.delegate = jump
    let placements = h.list.placements
    #expect(h.list.contentOffset == 4_400)
    // 844 / 44 → items 100..<120 visible, 2 overscan each side.
    #expect(placements.map(\.index) == Array(98..<122))
    #expect(firstVisible(h.list) == Visible(100, 0))
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func viewportSizeSetInCellForItemAtTakesEffect() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let items = ArrayDataSource(items: Array(0..<1_000))
    items.install(on: list)
    let source = OnCellFor(items) { $0.viewportSize = Size(width: 390, height: 440) }
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 88)
    let placements = list.placements
    // 440 / 44 = 10 visible, plus 2 overscan after.
    #expect(placements.map(\.index) == Array(0..<12))
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func setContentOffsetInWillDisplayTakesEffect() {
    let h = makeList(count: 1_000)
    let jump = OnDisplay { $0.setContentOffset(8_800, animated: false) }
    h.list.delegate = jump
    _ = h.list.placements
    #expect(firstVisible(h.list) == Visible(200, 0))
  }

  // MARK: a data change during a fling keeps the target item

  /// A bounded horizontal pager of 30 pages resting on page 10, flung toward page 11.
  func flungFromTen() -> (Harness, ManualClock) {
    let h = makeList(
      count: 30, layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal,
      wrapping: .bounded, viewport: Size(width: 390, height: 200), overscan: 0)
    let clock = ManualClock()
    h.list.scrollToItem(at: 10)
    h.list.beginDrag(at: Point(x: 300, y: 100), time: clock.now)
    clock.advance(by: .milliseconds(16))
    h.list.drag(to: Point(x: 260, y: 100), time: clock.now)
    h.list.endDrag(at: clock.now, velocity: 600)
    #expect(h.list.restingOffset == h.list.targetOffset(forVirtualIndex: 11, alignment: .resting))
    h.list.run(seconds: 0.05, clock: clock)
    #expect(h.list.isMoving, "still in flight when the data changes")
    h.source.items.insert(contentsOf: [-1, -2], at: 0)
    h.source.itemsDidChange()
    return (h, clock)
  }

  /// Where the list came to rest: the resting index and the identity shown there.
  func rest(_ h: Harness, _ clock: ManualClock) -> (index: Int?, identity: AnyHashable?) {
    h.list.settle(clock: clock)
    let index = h.list.restingDataIndex
    let cell = h.list.placements.first { $0.index == index }?.cell
    return (index, cell?.identity)
  }

  @Test func aReloadWithIdentitiesDuringAFlingKeepsTheTargetItem() {
    let (h, clock) = flungFromTen()
    h.list.reloadData()
    let (index, identity) = rest(h, clock)
    #expect(identity == AnyHashable(11), "the item the user flung to")
    #expect(index == 13, "now at index 13")
    #expect(isResting(h.list))
  }

  @Test func aBatchInsertDuringAFlingKeepsTheTargetItem() throws {
    let (h, clock) = flungFromTen()
    try h.list.performBatchUpdates { $0.insert(at: 0..<2) }
    let (index, identity) = rest(h, clock)
    #expect(identity == AnyHashable(11), "the item the user flung to")
    #expect(index == 13, "now at index 13")
    #expect(isResting(h.list))
  }

  // MARK: user code never runs inside an access to the list's state

  @Test func aFactoryAndPrepareForReuseThatReEnterTheListKeepItConsistent() {
    // Re-entering from a factory was undefined behaviour inside the pools' in-place access
    // (where ordinary class storage traps on the overlapping access): it must simply work.
    final class Reentrant: VirtualListDataSource {
      var asked: Int?
      func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 100 }
      func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
        -> RecordingCell
      {
        asked = index
        defer { asked = nil }
        return list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
      }
    }
    let tracker = LifetimeTracker()
    let source = Reentrant()
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    var extraDequeues = 2
    var pooledSeen: [Int] = []
    list.register("cell") { [unowned list] in
      if extraDequeues > 0, let index = source.asked {
        extraDequeues -= 1
        // The nested dequeue's cell is not returned: the list takes it back to its pool.
        _ = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
      }
      pooledSeen.append(list.cellsPooled)
      return RecordingCell(tracker: tracker)
    }
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 440)
    #expect(list.placements.map(\.index) == Array(0..<12))
    list.contentOffset = 44 * 30
    #expect(list.placements.map(\.index) == Array(28..<42))
    #expect(extraDequeues == 0)
    #expect(list.invariantViolations().isEmpty)
    #expect(tracker.violations.isEmpty)
    #expect(tracker.created == list.cellsCreated)
    #expect(list.cellsCreated == list.cellsDisplayed + list.cellsPooled + list.cellsReleased)
    #expect(tracker.alive == list.cellsDisplayed + list.cellsPooled)
    #expect(pooledSeen.allSatisfy { $0 >= 0 })
  }

  // MARK: batch updates are validated while a reload is pending

  @Test func anInvalidBatchUpdateThrowsWhileAReloadIsPending() {
    let h = makeList(count: 10)
    _ = h.list.placements
    h.source.items = Array(0..<12)
    h.list.reloadData()
    #expect(throws: ReelError.self) { try h.list.performBatchUpdates { $0.delete(at: 50) } }
    // Thrown or not, the list ends up with the data source's items.
    #expect(h.list.numberOfItems == 12)
    #expect(h.list.invariantViolations().isEmpty)
  }

  // MARK: a measurement during a drag shifts the drag

  @Test func aMeasurementDuringADragDoesNotJumpUnderAnUnmovedFinger() {
    let h = makeList(
      count: 10, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 390, height: 200))
    let clock = ManualClock()
    h.list.contentOffset = 100
    _ = h.list.placements
    let finger = Point(x: 100, y: 100)
    h.list.beginDrag(at: finger, time: clock.now)
    h.list.setMeasuredExtent(100, forItemAt: 0)
    _ = h.list.placements
    #expect(h.list.contentOffset == 150, "item 2 stays under the finger")
    clock.advance(by: .milliseconds(16))
    h.list.drag(to: finger, time: clock.now)
    #expect(h.list.contentOffset == 150, "the finger has not moved")
  }

  // MARK: a pass alone leaves an idle list idle

  @Test func aChangeAtRestLeavesTheListIdleAfterOnePass() {
    let h = makeList(
      count: 100, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 390, height: 200))
    let clock = ManualClock()
    h.list.settle(clock: clock)
    #expect(!h.list.needsFrames)
    h.list.setMeasuredExtent(80, forItemAt: 1)
    h.list.layoutIfNeeded()
    #expect(!h.list.needsFrames, "after a measurement")
    h.source.items = Array(0..<90)
    h.list.reloadData()
    h.list.layoutIfNeeded()
    #expect(!h.list.needsFrames, "after a reload")
    h.list.viewportSize = Size(width: 390, height: 300)
    h.list.layoutIfNeeded()
    #expect(!h.list.needsFrames, "after a resize")
  }

  // MARK: contract breaks are caught at the next pass, with their message

  @Test func aCountChangeWithoutAReloadStopsAtTheNextPass() async {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let source = ArrayDataSource(items: Array(0..<10))
      let list = laidOutList(source)
      source.items = Array(0..<5)
      list.contentOffset = 1  // the same window: no cell is dequeued
      withExtendedLifetime(source) { list.layoutIfNeeded() }
    }
    expectMessage(exit, "the data source now reports 5 items but the list was last told 10")
  }

  @Test func aDataSourceReleasedBeforeTheFirstLayoutStopsWithTheReleaseMessage() async {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      do {
        let source = ArrayDataSource(items: Array(0..<100))
        source.install(on: list)
      }
      list.viewportSize = Size(width: 100, height: 100)
      list.layoutIfNeeded()
    }
    expectMessage(exit, "data source was released", "keep a strong reference")
  }

  @Test func aDataSourceReleasedBeforeAScrollStopsWithTheReleaseMessage() async {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      do {
        let source = ArrayDataSource(items: Array(0..<100))
        source.install(on: list)
      }
      list.viewportSize = Size(width: 100, height: 100)
      list.scrollToItem(at: 60)
    }
    expectMessage(exit, "data source was released", "keep a strong reference")
  }
}
