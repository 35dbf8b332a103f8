import ReelTesting
import Testing

@testable import Reel

@Suite struct FocusTests {
  @Test func arrowsMapByAxisAndReadingDirection() {
    #expect(FocusMove.arrow(.down, axis: .vertical, direction: .leftToRight) == .lineForward)
    #expect(FocusMove.arrow(.right, axis: .vertical, direction: .leftToRight) == .laneForward)
    #expect(FocusMove.arrow(.right, axis: .vertical, direction: .rightToLeft) == .laneBackward)
    #expect(FocusMove.arrow(.left, axis: .horizontal, direction: .leftToRight) == .lineBackward)
    #expect(FocusMove.arrow(.left, axis: .horizontal, direction: .rightToLeft) == .lineForward)
    #expect(FocusMove.arrow(.up, axis: .horizontal, direction: .rightToLeft) == .laneBackward)
  }

  @Test func gridMovesByLinesAndLanes() {
    let h = makeList(count: 30, layout: UniformLayout(extent: 100, lanes: 3))
    h.list.focusedIndex = 4
    #expect(h.list.moveFocus(.lineForward, animated: false))
    #expect(h.list.focusedIndex == 7)
    h.list.moveFocus(.laneBackward, animated: false)
    #expect(h.list.focusedIndex == 6)
    h.list.moveFocus(.lineBackward, animated: false)
    h.list.moveFocus(.lineBackward, animated: false)
    #expect(h.list.focusedIndex == 0)
    #expect(!h.list.moveFocus(.lineBackward, animated: false))
    h.list.moveFocus(.end, animated: false)
    #expect(h.list.focusedIndex == 29)
    // The focused item was scrolled into view.
    #expect(h.list.visibleIndices.contains(29))
  }

  @Test func keysMoveTheFocusOnlyWhenAnItemHasIt() {
    let h = makeList(count: 100)
    let clock = ManualClock()
    #expect(h.list.handle(.forward))
    #expect(h.list.focusedIndex == nil)  // today's behaviour: the content scrolls by a line
    h.list.stopMotion(at: clock.now)
    h.list.setContentOffset(0, animated: false)
    h.list.focusedIndex = 18
    for _ in 0..<5 { h.list.handle(.forward) }
    #expect(h.list.focusedIndex == 23)
    h.list.tick(clock.now)
    clock.advance(seconds: 2)
    h.list.tick(clock.now)
    #expect(h.list.visibleIndices.contains(23))
    #expect(h.list.accessibilityPosition(ofItemAt: 23)?.description == "24 of 100")
  }

  @Test func focusCrossesTheSeamOfACyclicList() {
    let h = makeList(count: 10, wrapping: .cyclic)
    h.list.focusedIndex = 9
    h.list.moveFocus(.laneForward, animated: false)
    #expect(h.list.focusedIndex == 0)
    h.list.moveFocus(.lineBackward, animated: false)
    h.list.moveFocus(.lineBackward, animated: false)
    #expect(h.list.focusedIndex == 8)
    #expect(h.list.invariantViolations().isEmpty)
  }

  /// A page move past either end stops at the last item it can reach, headers and footers
  /// skipped; from that item it goes nowhere.
  @Test func pageMovesStopAtTheLastItemTheyCanReach() {
    let flat = FocusNavigation(sections: SectionIndex(flat: 10), itemsPerPage: 4)
    #expect(flat.target(from: 7, move: .pageForward) == 9)
    #expect(flat.target(from: 9, move: .pageForward) == nil, "already at the end")
    #expect(flat.target(from: 2, move: .pageBackward) == 0)
    // Rows: header 0, items 1–3, footer 4, header 5, items 6–8, footer 9.
    let sections = SectionIndex(itemCounts: [3, 3], headers: true, footers: true)
    let framed = FocusNavigation(sections: sections, itemsPerPage: 4)
    #expect(framed.target(from: 6, move: .pageForward) == 8)
    #expect(framed.target(from: 3, move: .pageBackward) == 1)
  }

  @Test func focusSkipsHeadersAcrossSections() {
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
    let groups = Groups([("A", ["ada", "alan"]), ("B", ["barbara", "bjarne"])], footers: true)
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 100)
    list.moveFocus(.home, animated: false)
    // Rows: header A, ada, alan, footer A, header B, barbara, bjarne, footer B.
    #expect(list.focusedIndex == 1)
    list.moveFocus(.lineForward, animated: false)
    list.moveFocus(.lineForward, animated: false)
    #expect(list.focusedIndex == 5)
    let position = list.accessibilityPosition(ofItemAt: 5)
    #expect(position?.description(sectionName: "B") == "item 1 of 2 in section B")
    list.moveFocus(.end, animated: false)
    #expect(list.focusedIndex == 6)
    #expect(!list.moveFocus(.lineForward, animated: false))
    list.selectionMode = .single
    list.activateFocusedItem()
    #expect(list.pathsForSelectedItems == [ItemPath(item: 1, section: 1)])
  }
}

@Suite struct FocusUnderPinnedHeaderTests {
  /// Rows are 30 points; section A's header is pinned at the top. Moving focus up onto the
  /// item just under the pinned header scrolls it clear, below the header (and the inset).
  @Test(arguments: [0.0, 12.0])
  func focusMovingUpScrollsClearOfThePinnedHeader(inset: Double) {
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
    let names = (0..<20).map { "a\($0)" }
    let groups = Groups([("A", names), ("B", ["b0", "b1"])])
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 150)
    list.pinsSectionHeaders = true
    list.pinnedHeaderInset = inset
    // Rows: header A (0), a0…a19 (1…20), header B (21), b0, b1.
    list.contentOffset = 300  // row 10 at the top, under the pinned header
    list.focusedIndex = 12
    #expect(list.moveFocus(.lineBackward, animated: false))
    #expect(list.moveFocus(.lineBackward, animated: false))
    #expect(list.focusedIndex == 10)
    let placements = list.placements
    let header = placements.first { $0.isPinned }
    let focused = placements.first { $0.index == 10 && !$0.isPinned }
    #expect(header != nil && focused != nil)
    if let header, let focused {
      #expect(focused.frame.minY >= header.frame.maxY - 1e-9, "\(focused.frame) \(header.frame)")
      #expect(abs(focused.frame.minY - (30 + inset)) < 1e-9)
    }
    // A focused item already clear of the header does not move the content.
    let offset = list.contentOffset
    #expect(list.moveFocus(.lineForward, animated: false))
    #expect(list.contentOffset == offset)
  }

  /// Without pinned headers the shortest scroll is kept: the item goes to the very top.
  @Test func withoutPinningTheItemGoesToTheTop() {
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
    let groups = Groups([("A", (0..<20).map { "a\($0)" })])
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 150)
    list.contentOffset = 300
    list.focusedIndex = 10
    list.moveFocus(.lineBackward, animated: false)
    #expect(list.contentOffset == 270)
  }
}
