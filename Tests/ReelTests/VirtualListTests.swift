import ReelTesting
import Testing

@testable import Reel

func makeList(
  count: Int, layout: some ListLayout = UniformLayout(extent: 44), axis: Axis = .vertical,
  wrapping: Wrapping = .bounded, viewport: Size = Size(width: 390, height: 844), overscan: Int = 2,
  tracker: LifetimeTracker? = nil
) -> Harness {
  let list = VirtualList<RecordingCell>(
    layout: layout, axis: axis, wrapping: wrapping, overscan: overscan)
  let source = ArrayDataSource(items: Array(0..<count))
  source.install(on: list, tracker: tracker)
  list.viewportSize = viewport
  return Harness(list: list, source: source)
}

/// Keeps the data source alive: lists hold their data source weakly, as UIKit does.
struct Harness {
  let list: VirtualList<RecordingCell>
  let source: ArrayDataSource<Int>
}

@Suite struct VirtualListTests {
  @Test func displaysVisibleRangePlusOverscan() {
    let listH = makeList(count: 1_000)
    let list = listH.list
    let source = listH.source
    let placements = list.placements
    // 844 / 44 = 19.2 → 20 visible, plus 2 overscan after (none before index 0).
    #expect(placements.map(\.index) == Array(0..<22))
    #expect(placements[1].frame == Rect(x: 0, y: 44, width: 390, height: 44))
    #expect(list.visibleIndices == Array(0..<20))
    #expect(list.invariantViolations().isEmpty)
    #expect(source.displayedCellCount == 22)
  }

  @Test func emptyAndSingleItemLists() {
    let emptyH = makeList(count: 0)
    let empty = emptyH.list
    _ = emptyH.source
    #expect(empty.placements.isEmpty)
    #expect(empty.contentExtent == 0)
    #expect(empty.invariantViolations().isEmpty)
    let singleH = makeList(count: 1, wrapping: .cyclic)
    let single = singleH.list
    _ = singleH.source
    #expect(single.placements.map(\.index).allSatisfy { $0 == 0 })
    #expect(single.invariantViolations().isEmpty)
  }

  @Test func twoItemCyclicListInAViewportFourItemsWideShowsEachItemTwice() {
    let listH = makeList(
      count: 2, layout: UniformLayout(extent: 100), axis: .horizontal, wrapping: .cyclic,
      viewport: Size(width: 400, height: 100), overscan: 0)
    let list = listH.list
    defer { withExtendedLifetime(listH) {} }
    let placements = list.placements
    #expect(placements.map(\.index) == [0, 1, 0, 1])
    #expect(Set(placements.map { ObjectIdentifier($0.cell) }).count == 4)
    #expect(placements.map(\.frame.minX) == [0, 100, 200, 300])
    list.contentOffset = 50
    #expect(list.placements.map(\.index) == [0, 1, 0, 1, 0])
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func scrollingAMillionRowsCreatesNoMoreCellsThanTheWindowPlusPools() {
    let tracker = LifetimeTracker()
    let listH = makeList(count: 1_000_000, tracker: tracker)
    let list = listH.list
    defer { withExtendedLifetime(listH) {} }
    var offset = 0.0
    let end = list.contentExtent - 844
    while offset < end {
      offset = min(end, offset + 4_999)
      list.contentOffset = offset
      list.layoutIfNeeded()
    }
    #expect(list.placements.last?.index == 999_999)
    #expect(list.cellsCreated <= list.largestWindowCount + list.poolCapacity)
    #expect(tracker.created == list.cellsCreated)
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func billionRowListLaysOutAtOnce() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let source = CountingDataSource(count: 1_000_000_000)
    list.register("cell") { RecordingCell() }
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 844)
    list.contentOffset = 44_000_000_000 - 844
    #expect(list.placements.last?.index == 999_999_999)
    #expect(list.placements.first?.index == 999_999_978)
    #expect(list.cellsCreated <= 30)
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func cyclicOffsetIsRecentredInvisibly() {
    let listH = makeList(
      count: 3, layout: UniformLayout(extent: 33.3), axis: .horizontal, wrapping: .cyclic,
      viewport: Size(width: 100, height: 10), overscan: 0)
    let list = listH.list
    defer { withExtendedLifetime(listH) {} }
    var previous: [(Int, Double)] = list.placements.map { ($0.index, $0.frame.minX) }
    for step in 1...500 {
      list.contentOffset += 7.7
      let now = list.placements.map { ($0.index, $0.frame.minX) }
      // Every item moved exactly 7.7 points left, whatever recentring happened.
      for (index, x) in now where x > -20 && x < 70 {
        let before = previous.first { $0.0 == index && abs($0.1 - 7.7 - x) < 1e-6 }
        #expect(before != nil, "step \(step): item \(index) at \(x) did not come from \(x + 7.7)")
      }
      #expect(list.contentOffset >= 0 && list.contentOffset < 99.9 + 1e-9)
      previous = now
    }
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func rightToLeftPlacesItemZeroAtTheRightEdge() {
    let list = VirtualList<RecordingCell>(
      layout: UniformLayout(extent: 100), axis: .horizontal, direction: .rightToLeft, overscan: 0)
    let source = ArrayDataSource(items: Array(0..<10))
    source.install(on: list)
    list.viewportSize = Size(width: 300, height: 50)
    #expect(list.placements.map(\.frame.minX) == [200, 100, 0])
    let clock = ManualClock()
    list.beginDrag(at: Point(x: 100, y: 10), time: clock.now)
    clock.advance(by: .milliseconds(16))
    list.drag(to: Point(x: 150, y: 10), time: clock.now)
    #expect(list.contentOffset == 50)
  }

  @Test func selectionReportsTheDataIndexAtTheSeam() {
    let listH = makeList(
      count: 5, layout: UniformLayout(extent: 100), axis: .horizontal, wrapping: .cyclic,
      viewport: Size(width: 300, height: 50))
    let list = listH.list
    let source = listH.source
    list.contentOffset = 450
    #expect(list.selectItem(at: Point(x: 60, y: 10)) == 0)
    #expect(list.selectItem(at: Point(x: 10, y: 10)) == 4)
    #expect(source.selections == [0, 4])
  }

  @Test func reuseCallsPrepareForReuseAndKeepsPoolsCapped() {
    let listH = makeList(count: 100, overscan: 0)
    let list = listH.list
    defer { withExtendedLifetime(listH) {} }
    list.viewportSize = Size(width: 390, height: 440)
    list.layoutIfNeeded()
    list.viewportSize = Size(width: 390, height: 44)
    list.layoutIfNeeded()
    #expect(list.cellsPooled == 5)
    #expect(list.cellsReleased == 4)
    list.contentOffset = 44 * 50
    let cell = list.placements[0].cell
    #expect(cell.reuseCount == 1)
    #expect(cell.item == 50)
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func severalCellKindsUseTheirOwnPools() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 10), overscan: 0)
    let source = ArrayDataSource(items: Array(0..<100)) { $0 % 3 == 0 ? "header" : "row" }
    source.install(on: list, identifiers: ["header", "row"])
    list.viewportSize = Size(width: 10, height: 100)
    for offset in stride(from: 0.0, through: 500, by: 3) {
      list.contentOffset = offset
      for placement in list.placements {
        #expect(placement.cell.reuseIdentifier == (placement.index % 3 == 0 ? "header" : "row"))
      }
    }
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func nothingChangedMeansNoCallbacks() {
    let listH = makeList(count: 100)
    let list = listH.list
    let source = listH.source
    list.layoutIfNeeded()
    let displays = source.displayCount
    for _ in 0..<10 { list.layoutIfNeeded() }
    list.contentOffset = list.contentOffset
    _ = list.placements
    #expect(source.displayCount == displays)
  }

  @Test func scrollToItemAlignsAndTakesTheShorterWayRound() {
    let listH = makeList(count: 1_000)
    let list = listH.list
    defer { withExtendedLifetime(listH) {} }
    list.scrollToItem(at: 500, alignment: .center)
    #expect(list.contentOffset == 500 * 44 + 22 - 422)
    list.scrollToItem(at: 0, alignment: .start)
    #expect(list.contentOffset == 0)
    list.scrollToItem(at: 999, alignment: .start)
    #expect(list.contentOffset == list.maximumOffset)
    let cyclicH = makeList(
      count: 10, layout: UniformLayout(extent: 100), axis: .horizontal, wrapping: .cyclic,
      viewport: Size(width: 100, height: 10))
    let cyclic = cyclicH.list
    _ = cyclicH.source
    cyclic.scrollToItem(at: 9, alignment: .start)
    // From item 0, item 9 is one step back, not nine forward.
    #expect(cyclic.placements.contains { $0.index == 9 && $0.frame.minX == 0 })
    #expect(cyclic.placements.contains { $0.index == 0 && $0.frame.minX == 100 })
  }
}

/// A data source of `count` items with nothing stored per item.
final class CountingDataSource: VirtualListDataSource {
  var count: Int
  init(count: Int) { self.count = count }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { count }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    return cell
  }
}
