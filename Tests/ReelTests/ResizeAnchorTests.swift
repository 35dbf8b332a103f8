import ReelTesting
import Testing

@testable import Reel

@Suite struct ResizeAnchorTests {
  /// A viewport that grows past the resting item's far side must not move the anchor to the
  /// neighbour: the anchor is taken at the old viewport's snapping point.
  @Test func aSnappingListKeepsItsRestingItemCentredAcrossResizes() {
    for axis in [Axis.horizontal, .vertical] {
      let h = makeList(
        count: 20, layout: PagingLayout(insets: 16, spacing: 8), axis: axis, wrapping: .cyclic,
        viewport: Size(width: 390, height: 390))
      h.list.scrollToItem(at: 13, alignment: .resting)
      h.list.layoutIfNeeded()
      for size in [
        Size(width: 800, height: 800), Size(width: 300, height: 300), Size(width: 390, height: 844),
      ] {
        h.list.viewportSize = size
        h.list.tick(.zero)
        #expect(h.list.restingDataIndex == 13, "\(axis) \(size)")
        #expect(
          isResting(h.list),
          "\(axis) \(size) \(h.list.contentOffset) \(h.list.restingVirtualIndex.map { h.list.targetOffset(forVirtualIndex: $0, alignment: .resting) } ?? -1) \(h.list.scrollPhase)"
        )
      }
    }
  }

  /// Found by the extended fuzzer (corpus-features, `axis-change-with-the-snapping-point-in-a-
  /// gap`): a pager with 23-point items, 8 apart, stopped between items 14 and 15 with its
  /// snapping point in the gap, 3.5 points past item 14's end (a fraction 1.15 of its extent).
  /// Kept as a fraction of the 178.5-point items of the new axis, the point went 27 points past
  /// item 14's end, past the 8-point gap into item 15, and the list rested on 15. A point
  /// outside the anchor item keeps its distance in points from the item's nearer edge.
  @Test func anAxisChangeWithTheSnappingPointInAGapKeepsTheNearestItem() {
    let h = makeList(
      count: 795, layout: PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200),
      axis: .horizontal, viewport: Size(width: 55, height: 770), overscan: 0)
    let clock = ManualClock()
    h.list.setContentOffset(449, animated: false)
    h.list.layoutIfNeeded()
    #expect(h.list.restingDataIndex == 14, "the point is 3.5 points past 14, 4.5 before 15")
    h.list.axis = .vertical
    #expect(h.list.restingDataIndex == 14)
    h.list.settle(clock: clock)
    #expect(h.list.restingDataIndex == 14)
    #expect(isResting(h.list))
  }

  /// Found by the extended fuzzer (corpus-features, `axis-change-with-the-snapping-point-mid-
  /// gap`): a cyclic pager of 4 items a page (166 points, 8 apart) at offset 0, its snapping
  /// point exactly in the middle of the gap between items 1 and 2, rested on 1 (the nearer one
  /// searched first). An axis change kept the point 4 points past item 1's end, again the middle
  /// of the gap, but rounding made item 2 a hair nearer and the list counted 2 as its resting
  /// item. Equally near items, within rounding, keep the one searched first.
  @Test func anAxisChangeWithTheSnappingPointMidGapKeepsTheRestingItem() {
    for wrapping in [Wrapping.cyclic, .bounded] {
      for item in [1, 2, 10, 37, 100] where wrapping == .cyclic || item > 1 {
        let h = makeList(
          count: 118, layout: PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200),
          axis: .vertical, wrapping: wrapping, viewport: Size(width: 1_220, height: 720),
          overscan: 3)
        // Item k spans 16 + 174k ..< 182 + 174k; the point (360 into the viewport) at the
        // middle of the gap after item k.
        let offset = 174 * Double(item) - 174
        h.list.setContentOffset(offset, animated: false)
        h.list.layoutIfNeeded()
        #expect(h.list.restingDataIndex == item, "\(wrapping) \(item): the first of the two")
        h.list.axis = .horizontal
        #expect(h.list.restingDataIndex == item, "\(wrapping) \(item) \(h.list.contentOffset)")
        h.list.axis = .vertical
        #expect(h.list.restingDataIndex == item, "\(wrapping) \(item) \(h.list.contentOffset)")
      }
    }
  }
}
