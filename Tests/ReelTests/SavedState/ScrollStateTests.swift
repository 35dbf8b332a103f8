import Foundation
import Reel
import ReelTesting
import Testing

/// Saving and restoring where a list was: JSON round trips restore the same placements without
/// re-measuring; changed data keeps the anchor by identity; another shape throws and goes to
/// the top.
@Suite struct ScrollStateTests {
  /// Keeps the data sources of the test alive (lists hold them weakly).
  final class Keep { var sources: [AnyObject] = [] }
  let keep = Keep()

  /// A list of messages measured with seeded sizes and scrolled with the wheel to `offset`.
  func scrolledList(
    _ items: [String], seed: UInt64 = 21, offset: Double, axis: Axis = .vertical
  ) -> (ArrayDataSource<String>, VirtualList<RecordingCell>) {
    let source = ArrayDataSource(items: items)
    let list = VirtualList<RecordingCell>(
      layout: VariableLayout(estimatedExtent: 50), axis: axis)
    source.install(on: list)
    list.viewportSize = Size(width: 400, height: 400)
    var rng = SplitMix64(seed: seed)
    let sizes = items.map { _ in Double(rng.int(in: 20...120)) }
    for step in [0.0, offset / 2, offset] {
      list.contentOffset = step
      for _ in 0..<3 {
        for placement in list.placements {
          list.setMeasuredExtent(sizes[placement.index], forItemAt: placement.index)
        }
      }
    }
    list.layoutIfNeeded()
    keep.sources.append(source)
    return (source, list)
  }

  func roundTrip(_ state: ScrollState) throws -> ScrollState {
    try JSONDecoder().decode(ScrollState.self, from: JSONEncoder().encode(state))
  }

  func frames(_ list: VirtualList<RecordingCell>) -> [String] {
    list.placements.map { "\($0.index)@\($0.frame)" }
  }

  @Test func aJSONRoundTripRestoresTheSamePlacementsWithoutMeasuring() throws {
    let items = (0..<1_000).map { "m\($0)" }
    let (source, list) = scrolledList(items, offset: 3_000)
    let saved = list.scrollState
    let decoded = try roundTrip(saved)
    #expect(decoded == saved)
    #expect(decoded.anchorIdentifier == .string(items[decoded.anchorIndex]))

    // After a "restart": a fresh list over the same data, nothing measured.
    let (again, restored) = scrolledList(items, offset: 0)
    let fresh = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50))
    again.install(on: fresh)
    fresh.viewportSize = list.viewportSize
    fresh.layoutIfNeeded()
    try fresh.restoreScrollState(decoded)
    #expect(frames(fresh) == frames(list))
    #expect(fresh.contentOffset == list.contentOffset)
    let original = try #require(list.layout as? VariableLayout)
    let copy = try #require(fresh.layout as? VariableLayout)
    #expect(copy.measuredExtents == original.measuredExtents)
    withExtendedLifetime((source, restored)) {}
  }

  @Test func restoringAfterTheDataChangedKeepsTheAnchorByIdentity() throws {
    let items = (0..<500).map { "m\($0)" }
    let (_, list) = scrolledList(items, offset: 2_000)
    let saved = try roundTrip(list.scrollState)
    let anchor = items[saved.anchorIndex]
    let top = try #require(list.placements.first { $0.cell.identity == AnyHashable(anchor) })
      .frame.minY

    // Newer data: 7 items inserted before the anchor, 2 removed after it.
    var changed = items
    changed.insert(contentsOf: (0..<7).map { "new\($0)" }, at: 10)
    changed.removeSubrange((saved.anchorIndex + 20)..<(saved.anchorIndex + 22))
    let source = ArrayDataSource(items: changed)
    keep.sources.append(source)
    let fresh = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50))
    source.install(on: fresh)
    fresh.viewportSize = list.viewportSize
    try fresh.restoreScrollState(saved)
    let placement = try #require(fresh.placements.first { $0.cell.identity == AnyHashable(anchor) })
    #expect(placement.index == saved.anchorIndex + 7)
    #expect(placement.frame.minY == top)
  }

  @Test func anotherShapeThrowsAndFallsBackToTheTop() throws {
    let items = (0..<300).map { "m\($0)" }
    let (_, vertical) = scrolledList(items, offset: 1_500)
    let saved = vertical.scrollState
    let (_, horizontal) = scrolledList(items, offset: 900, axis: .horizontal)
    #expect(horizontal.contentOffset > 0)
    #expect {
      try horizontal.restoreScrollState(saved)
    } throws: { error in
      guard let error = error as? ScrollStateError,
        case .shapeMismatch(let from, let into, _) = error
      else { return false }
      return from.isHorizontal == false && into.isHorizontal
        && "\(error)".contains("the state is of a vertical list")
    }
    #expect(horizontal.contentOffset == 0)
    #expect(horizontal.placements.first?.index == 0)
  }

  @Test func aStateAtTheEndOfAChatRestoresToTheNewEnd() throws {
    let chat = Chat(count: 200)
    let saved = try roundTrip(chat.list.scrollState)
    #expect(saved.isAtEnd)
    let later = Chat(count: 230, seed: 99)
    try later.list.restoreScrollState(saved)
    later.measureDisplayed()
    #expect(later.endDrift == 0)
    #expect(later.list.isFollowingEnd)
  }

  @Test func forgettingMeasurementsKeepsTheAnchorAndTheEstimate() throws {
    let items = (0..<400).map { "m\($0)" }
    let (_, list) = scrolledList(items, offset: 2_500)
    let saved = list.scrollState
    let anchor = items[saved.anchorIndex]
    let top = try #require(list.placements.first { $0.cell.identity == AnyHashable(anchor) })
      .frame.minY
    list.invalidateMeasurements()
    let layout = try #require(list.layout as? VariableLayout)
    #expect(layout.measuredExtents.runs == [MeasuredExtents.Run(extent: 50, count: 400)])
    let placement = try #require(list.placements.first { $0.cell.identity == AnyHashable(anchor) })
    #expect(placement.frame.minY == top)
  }

  @Test func forgettingMeasurementsAtTheEndKeepsTheEnd() throws {
    let chat = Chat(count: 150)
    chat.list.invalidateMeasurements()
    #expect(chat.endDrift == 0)
    chat.measureDisplayed()
    #expect(chat.endDrift == 0)
  }

  @Test func zeroOneAndTwoItems() throws {
    for count in 0...2 {
      let items = (0..<count).map { "m\($0)" }
      let (_, list) = scrolledList(items, offset: 0)
      let saved = try roundTrip(list.scrollState)
      #expect(saved.shape.count == count)
      #expect(saved.measuredExtents?.count == count)
      let (_, fresh) = scrolledList(items, seed: 5, offset: 0)
      try fresh.restoreScrollState(saved)
      #expect(frames(fresh) == frames(list), "\(count) items")
    }
  }

  @Test func measuredExtentsAreRunsOfEqualExtents() throws {
    var layout = VariableLayout(estimatedExtent: 40)
    layout.prepare(
      for: LayoutContext(
        count: 100_000, viewportSize: Size(width: 1, height: 1), axis: .vertical, wrapping: .bounded
      ))
    _ = layout.setExtent(70, forItemAt: 10)
    _ = layout.setExtent(70, forItemAt: 11)
    _ = layout.setExtent(20, forItemAt: 99_999)
    let runs = layout.measuredExtents.runs
    #expect(
      runs == [
        .init(extent: 40, count: 10), .init(extent: 70, count: 2),
        .init(extent: 40, count: 99_987), .init(extent: 20, count: 1),
      ])
    var copy = VariableLayout(estimatedExtent: 40)
    copy.prepare(
      for: LayoutContext(
        count: 100_000, viewportSize: Size(width: 1, height: 1), axis: .vertical, wrapping: .bounded
      ))
    copy.restoreMeasurements(layout.measuredExtents)
    #expect(copy.contentExtent == layout.contentExtent)
    #expect(copy.slot(at: 12) == layout.slot(at: 12))
  }

  /// A list of `items` in rows of 44 with a spacing of 2, no overscan, in a viewport 5 points
  /// tall, laid out; its data source is kept in `sources` (lists hold theirs weakly).
  static func fivePointList(
    _ items: [String], insets: ContentInsets, sources: inout [ArrayDataSource<String>]
  ) -> VirtualList<RecordingCell> {
    let source = ArrayDataSource(items: items)
    let list = VirtualList<RecordingCell>(
      layout: UniformLayout(extent: 44, spacing: 2, insets: insets), overscan: 0)
    source.install(on: list)
    list.viewportSize = Size(width: 0, height: 5)
    list.layoutIfNeeded()
    sources.append(source)
    return list
  }

  /// A viewport that shows only the leading inset draws no cell; its state still names the
  /// first item, by identity, where it is (below the viewport): a restore puts it there again,
  /// also after items were inserted before it.
  @Test func aViewportShowingOnlyTheInsetSavesItsFirstItem() throws {
    var sources: [ArrayDataSource<String>] = []
    defer { withExtendedLifetime(sources) {} }
    func frames(_ list: VirtualList<RecordingCell>) -> [String] {
      list.placements.map { "\($0.index)@\($0.frame)" }
    }
    func list(_ items: [String]) -> VirtualList<RecordingCell> {
      Self.fivePointList(items, insets: ContentInsets(start: 10), sources: &sources)
    }
    let items = (0..<7).map { "m\($0)" }
    let shown = list(items)
    #expect(frames(shown).isEmpty)
    let saved = try JSONDecoder().decode(
      ScrollState.self, from: JSONEncoder().encode(shown.scrollState))
    #expect(saved.anchorIndex == 0)
    #expect(saved.anchorIdentifier == .string("m0"))
    #expect(saved.anchorPosition == 10)

    let same = list(items)
    same.contentOffset = 100
    try same.restoreScrollState(saved)
    #expect(same.contentOffset == 0)
    #expect(frames(same) == frames(shown))

    let changed = list(["n0", "n1", "n2"] + items)
    try changed.restoreScrollState(saved)
    // m0 is now item 3, at 10 + 3 × 46; it keeps its place 10 points below the viewport's top.
    #expect(changed.contentOffset == 3 * 46)
  }

  /// An item that ends exactly at the viewport's top is not visible: the state names the next
  /// item, which the viewport shows. When no item follows (the viewport shows only the space
  /// after the last item, here the gap and the trailing inset), the last item is saved where
  /// it is, ending at the top, and a restore after items were inserted before it puts it
  /// there again: the viewport shows the same trailing space.
  @Test func anItemEndingAtTheTopIsSavedOnlyWhenNoItemFollowsIt() throws {
    var sources: [ArrayDataSource<String>] = []
    defer { withExtendedLifetime(sources) {} }
    func list(_ items: [String]) -> VirtualList<RecordingCell> {
      Self.fivePointList(items, insets: ContentInsets(start: 10, end: 20), sources: &sources)
    }
    func roundTrip(_ list: VirtualList<RecordingCell>) throws -> ScrollState {
      try JSONDecoder().decode(ScrollState.self, from: JSONEncoder().encode(list.scrollState))
    }
    // Item 3 spans 148..<192 (10 + 3 × 46, 44 tall): at offset 192 it ends at the top.
    let longer = list((0..<8).map { "m\($0)" })
    longer.contentOffset = 192
    #expect(longer.placements.map(\.index) == [4])
    let next = try roundTrip(longer)
    #expect(next.anchorIndex == 4)
    #expect(next.anchorIdentifier == .string("m4"))
    #expect(next.anchorPosition == 2)

    // Four items: the viewport (192..<197) shows only the gap and the trailing inset.
    let items = (0..<4).map { "m\($0)" }
    let shown = list(items)
    shown.contentOffset = 192
    #expect(shown.contentOffset == 192)
    #expect(shown.placements.map(\.index).isEmpty)
    let saved = try roundTrip(shown)
    #expect(saved.anchorIndex == 3)
    #expect(saved.anchorIdentifier == .string("m3"))
    #expect(saved.anchorPosition == -44)

    let changed = list(["n0", "n1", "n2"] + items)
    try changed.restoreScrollState(saved)
    // m3 is now item 6, at 10 + 6 × 46 = 286: it ends at the top again, nothing is drawn.
    #expect(changed.contentOffset == 286 + 44)
    #expect(changed.placements.map(\.index).isEmpty)
    #expect(changed.maximumOffset - changed.contentOffset == shown.maximumOffset - 192)
  }

}

/// A cyclic grid whose count is not a multiple of its lanes loops over several copies of the
/// data, each in other lanes: 10 items in 3 lanes repeat every 30 virtual indices, and item 4
/// sits in lane 1 in the first copy, lane 2 in the second and lane 0 in the third.
@Suite struct CyclicGridScrollStateTests {
  func makeGrid(_ source: ArrayDataSource<Int>) -> VirtualList<RecordingCell> {
    let list = VirtualList<RecordingCell>(
      layout: UniformLayout(extent: 100, spacing: 10, lanes: 3, laneSpacing: 10),
      wrapping: .cyclic, overscan: 1)
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 300)
    list.layoutIfNeeded()
    return list
  }

  func frames(_ list: VirtualList<RecordingCell>) -> [String] {
    list.placements.map { "\($0.index)@\($0.frame)" }.sorted()
  }

  /// Found by the fuzzer (corpus-features, `save-restore-in-a-cyclic-grid-after-drags-and-inserts`):
  /// the state kept only the anchor's data index, so a restore put the anchor in the first
  /// copy's lane, beside other neighbours, whatever copy it was saved in.
  @Test(arguments: [0.0, 55.0, 400.0, 500.0, 905.0, 1_200.0, -345.0])
  func aRestoreShowsTheSameCopyOfTheData(offset: Double) throws {
    let source = ArrayDataSource(items: Array(0..<10))
    let list = makeGrid(source)
    list.contentOffset = offset
    list.layoutIfNeeded()
    let saved = try JSONDecoder().decode(
      ScrollState.self, from: JSONEncoder().encode(list.scrollState))
    let again = ArrayDataSource(items: Array(0..<10))
    let fresh = makeGrid(again)
    try fresh.restoreScrollState(saved)
    #expect(frames(fresh) == frames(list), "saved at \(offset)")
    // Restoring a list's own state changes nothing.
    let before = frames(list)
    try list.restoreScrollState(saved)
    #expect(frames(list) == before, "saved at \(offset)")
    withExtendedLifetime((source, again)) {}
  }

  /// A state saved before the loop index was kept decodes, and restores the anchor item at its
  /// position in the first copy of the data.
  @Test func aStateWithoutTheLoopIndexRestoresInTheFirstCopy() throws {
    let source = ArrayDataSource(items: Array(0..<10))
    let list = makeGrid(source)
    list.contentOffset = 500
    list.layoutIfNeeded()
    let state = list.scrollState
    #expect(state.anchorIndex == 2)
    #expect(state.anchorIndexInLoop == 12, "item 2 of the second copy, in lane 0 of row 4")
    var json = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])
    json["anchorIndexInLoop"] = nil
    let old = try JSONDecoder().decode(
      ScrollState.self, from: JSONSerialization.data(withJSONObject: json))
    #expect(old.anchorIndexInLoop == nil)
    let again = ArrayDataSource(items: Array(0..<10))
    let fresh = makeGrid(again)
    try fresh.restoreScrollState(old)
    let anchor = try #require(
      fresh.placements.first {
        $0.index == state.anchorIndex && $0.frame.minY == state.anchorPosition
      })
    #expect(anchor.frame.minX == 220, "item 2 is in lane 2 in the first copy")
    withExtendedLifetime((source, again)) {}
  }
}
