import ReelTesting
import Testing

@testable import Reel

/// `SectionedLayout` under a real `VirtualList` fed by a sectioned data source: frames follow
/// the layout's slots, measured headers and items keep the first visible row in place, and a
/// sectioned batch update carries measured extents with their rows.
@Suite struct SectionedLayoutListTests {
  static let layout = SectionedLayout(
    itemExtent: .estimated(20), headerExtent: .estimated(30), footerExtent: .fixed(10), lanes: 2,
    itemSpacing: 2, laneSpacing: 4, sectionInsets: ContentInsets(start: 3, end: 5, crossStart: 6),
    sectionSpacing: 8, insets: ContentInsets(start: 1, end: 1))

  func makeList(_ groups: Groups) -> VirtualList<GroupCell> {
    let list = VirtualList<GroupCell>(layout: Self.layout, overscan: 1)
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 200)
    list.layoutIfNeeded()
    return list
  }

  @Test func framesFollowTheLayoutsSlots() throws {
    let groups = Groups(makeGroups([5, 0, 7, 1, 30, 12]), headers: true, footers: true)
    let list = makeList(groups)
    list.contentOffset = 150
    let layout = try #require(list.layout as? SectionedLayout)
    #expect(layout.sections == groups.sections(in: list))
    #expect(Set(list.placements.map(\.kind)) == [.header, .item, .footer])
    for placement in list.placements {
      let slot = layout.slot(at: placement.virtualIndex)
      #expect(placement.frame.minY == slot.offset - 150, "row \(placement.index)")
      #expect(placement.frame.height == slot.extent, "row \(placement.index)")
      #expect(placement.frame.minX == slot.crossOffset, "row \(placement.index)")
      // Headers and footers span the width; items share it in two lanes after the inset.
      #expect(placement.frame.width == (placement.kind == .item ? 95 : 200))
    }
  }

  @Test func measuringRowsAboveTheViewportKeepsTheFirstVisibleRowInPlace() {
    let groups = Groups(makeGroups([6, 4, 9, 20, 20]), headers: true, footers: true)
    let list = makeList(groups)
    list.contentOffset = 260
    let anchor = list.placements.first { $0.frame.minY >= 0 }!
    // Header 0 (30 → 50), an item of section 0 (its line 20 → 35), header 1 (30 → 12).
    list.setMeasuredExtent(50, forItemAt: 0)
    list.setMeasuredExtent(35, forItemAt: 2)
    list.setMeasuredExtent(12, forItemAt: list.sections.rows(ofSection: 1).lowerBound)
    let after = list.placements.first { $0.index == anchor.index }!
    #expect(after.frame.minY == anchor.frame.minY, "row \(anchor.index) stays in place")
    #expect(list.contentOffset == 260 + 20 + 15 - 18)
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func aSectionedUpdateCarriesMeasuredExtentsWithTheirRows() throws {
    let groups = Groups(makeGroups([3, 0, 4, 5]), headers: true, footers: true)
    let list = makeList(groups)
    let header3 = list.sections.rows(ofSection: 3).lowerBound
    list.setMeasuredExtent(44, forItemAt: header3)
    list.setMeasuredExtent(27, forItemAt: header3 + 2)
    groups.groups.remove(at: 1)
    groups.groups[0].names.insert("new", at: 0)
    var update = SectionedBatchUpdate()
    update.deleteSections([1])
    update.insertItems(at: [ItemPath(item: 0, section: 0)])
    try list.performBatchUpdates(update)
    list.layoutIfNeeded()
    let layout = try #require(list.layout as? SectionedLayout)
    let header2 = list.sections.rows(ofSection: 2).lowerBound
    #expect(layout.extent(ofRow: header2) == 44)
    #expect(layout.extent(ofRow: header2 + 2) == 27)
    #expect(layout.extent(ofRow: 1) == 20, "the inserted item takes the estimate")
    // Header, inset, three lines (27, 20, 20) with their spacing, inset, footer.
    let lines: Double = 27 + 2 + 20 + 2 + 20
    let frame = layout.sectionFrame(2)
    #expect(frame.upperBound - frame.lowerBound == 44 + 3 + lines + 5 + 10)
  }
}
