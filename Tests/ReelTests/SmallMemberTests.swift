import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// Small public members, each against what its documentation says.
@Suite struct SmallMemberTests {
  /// A pager's `crossInsets` inset every page on both sides of the cross axis.
  @Test func pagerCrossInsetsInsetEveryPageAcross() {
    let h = makeList(
      count: 5, layout: PagingLayout(crossInsets: 12), viewport: Size(width: 390, height: 800))
    let frames = h.list.placements.map(\.frame)
    #expect(!frames.isEmpty)
    for frame in frames {
      #expect(frame.minX == 12)
      #expect(frame.width == 390 - 24)
    }
    var layout = PagingLayout()
    layout.crossInsets = 30
    #expect(layout.crossInsets == 30)
  }

  /// `effectiveSnapping` is the list's own snapping when it has one, else the layout's
  /// preference: none for uniform and variable layouts, a pager's for a pager.
  @Test func effectiveSnappingIsTheListsOwnElseTheLayoutsPreference() {
    let rows = makeList(count: 10)
    #expect(rows.list.effectiveSnapping == nil)
    let own = Snapping(alignment: .start(inset: 4), threshold: 0.5)
    rows.list.snapping = own
    #expect(rows.list.effectiveSnapping == own)
    let pager = makeList(count: 10, layout: PagingLayout(threshold: 0.25))
    #expect(pager.list.snapping == nil)
    #expect(pager.list.effectiveSnapping?.threshold == 0.25)
    pager.list.snapping = own
    #expect(pager.list.effectiveSnapping == own)
  }

  /// A saved scroll state records whether the list loops.
  @Test func theSavedShapeSaysWhetherTheListLoops() {
    for wrapping in [Wrapping.bounded, .cyclic] {
      let h = makeList(count: 30, wrapping: wrapping)
      _ = h.list.placements
      #expect(h.list.scrollState.shape.isCyclic == (wrapping == .cyclic))
    }
  }

  /// Headers and footers name their supplementary kind; items have none; a registration for
  /// supplementaries keeps its kind.
  @Test func supplementaryKinds() {
    #expect(ListElement.header(section: 2).supplementaryKind == .header)
    #expect(ListElement.footer(section: 2).supplementaryKind == .footer)
    #expect(ListElement.item(ItemPath(item: 0, section: 2)).supplementaryKind == nil)
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    let rows = list.register(RecordingCell.self) { RecordingCell() }
    let headers = list.register(RecordingCell.self, forSupplementaryOfKind: .header) {
      RecordingCell()
    }
    #expect(rows.supplementaryKind == nil)
    #expect(headers.supplementaryKind == .header)
  }

  /// The planner's `outstanding` items are those prefetched and not yet displayed: they leave
  /// it when they come into view, and all of them when the direction reverses.
  @Test func outstandingPrefetchesLeaveWhenShownOrCancelled() {
    var planner = PrefetchPlanner(minimumDistance: 3, maximumDistance: 3, itemsPerItemMoved: 0)
    _ = planner.update(window: 0..<10, offset: 0, itemExtent: 10, count: 100)
    #expect(planner.outstanding.isEmpty)
    _ = planner.update(window: 0..<10, offset: 5, itemExtent: 10, count: 100)
    #expect(planner.outstanding == [10, 11, 12])
    _ = planner.update(window: 1..<11, offset: 12, itemExtent: 10, count: 100)
    #expect(planner.outstanding == [11, 12, 13])
    let back = planner.update(window: 0..<10, offset: 4, itemExtent: 10, count: 100)
    #expect(back.cancel == [11, 12, 13])
    #expect(planner.outstanding.isEmpty)
  }

  /// Section shapes and sectioned updates hash alike when they are equal: a flat index and one
  /// plain section of the same items, sections built either way, updates built alike.
  @Test func equalSectionShapesAndUpdatesHashAlike() {
    func hash(_ value: some Hashable) -> Int {
      var hasher = Hasher()
      value.hash(into: &hasher)
      return hasher.finalize()
    }
    #expect(SectionIndex(flat: 7) == SectionIndex(itemCounts: [7]))
    #expect(hash(SectionIndex(flat: 7)) == hash(SectionIndex(itemCounts: [7])))
    let even = SectionIndex(sections: 3, itemsPerSection: 2, headers: true)
    #expect(even == SectionIndex(itemCounts: [2, 2, 2], headers: true))
    #expect(hash(even) == hash(SectionIndex(itemCounts: [2, 2, 2], headers: true)))
    #expect(even != SectionIndex(itemCounts: [2, 2, 2]))
    func update(reloading section: Int) -> SectionedBatchUpdate {
      var update = SectionedBatchUpdate()
      update.insertSections([1])
      update.moveItem(at: ItemPath(item: 0, section: 0), to: ItemPath(item: 2, section: 2))
      update.reloadSections([section])
      return update
    }
    #expect(update(reloading: 3) == update(reloading: 3))
    #expect(hash(update(reloading: 3)) == hash(update(reloading: 3)))
    #expect(update(reloading: 3) != update(reloading: 4))
  }

  /// `ArrayDataSource` counts the cells that left the display: every cell displayed and no
  /// longer on screen.
  @Test func theArraySourceCountsCellsThatLeft() {
    let h = makeList(count: 1_000)
    _ = h.list.placements
    #expect(h.source.endDisplayCount == 0)
    h.list.contentOffset = 44 * 100
    _ = h.list.placements
    #expect(h.source.endDisplayCount > 0)
    #expect(h.source.displayCount - h.source.endDisplayCount == h.list.cellsDisplayed)
    #expect(h.source.violations.isEmpty)
  }
}

/// Moves the content by a viewport every time a cell is displayed: no pass ever settles.
private final class RestlessDelegate: VirtualListDelegate {
  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    list.contentOffset += 1_000
  }
}

@Suite struct LayoutPassLimitExitTests {
  /// A callback that moves the list on every pass stops the program after
  /// `maximumPassesPerLayout` passes, with a message that names the cause.
  @Test func aCallbackThatMovesTheListOnEveryPassStopsAfterTheLimit() async {
    #expect(VirtualList<RecordingCell>.maximumPassesPerLayout == 8)
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<1_000_000))
        let list = laidOutList(source)
        let delegate = RestlessDelegate()
        list.delegate = delegate
        list.contentOffset = 400
        withExtendedLifetime((source, delegate)) { list.layoutIfNeeded() }
      },
      "VirtualList: the layout did not settle after 8 passes: a data source or delegate callback "
        + "changes contentOffset, viewportSize or the layout on every pass")
  }
}
