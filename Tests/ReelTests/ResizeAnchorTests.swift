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
        #expect(h.list.restingIndex == 13, "\(axis) \(size)")
        #expect(
          isResting(h.list),
          "\(axis) \(size) \(h.list.contentOffset) \(h.list.restingVirtualIndex.map { h.list.targetOffset(forVirtualIndex: $0, alignment: .resting) } ?? -1) \(h.list.scrollPhase)"
        )
      }
    }
  }
}
