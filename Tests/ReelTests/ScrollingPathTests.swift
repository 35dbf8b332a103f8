import ReelTesting
import Testing

@testable import Reel

/// The scrolling path computes a `UniformLayout`'s window and slots from a copy the list keeps in
/// step with its layout, and skips the delegate's weak load while none is set: whatever the
/// layout or delegate changes, what the list displays and reports must stay the same.
@Suite struct ScrollingPathTests {
  /// Every placement's frame is the layout's slot for its item, moved by the offset.
  func framesMatchTheLayout(_ list: VirtualList<RecordingCell>) -> Bool {
    let placements = list.placements  // the pass first: it prepares a new layout
    let layout = list.layout
    return !placements.isEmpty
      && placements.allSatisfy { placement in
        let slot = layout.slot(at: placement.virtualIndex)
        return placement.frame.minY == slot.offset - list.contentOffset
          && placement.frame.height == slot.extent
      }
  }

  @Test func swappingBetweenUniformAndVariableLayoutsPlacesItemsByTheCurrentOne() {
    let h = makeList(count: 1_000, viewport: Size(width: 390, height: 400))
    defer { withExtendedLifetime(h) {} }
    h.list.contentOffset = 4_400
    #expect(h.list.placements.first?.index == 98)
    h.list.layout = VariableLayout(estimatedExtent: 10)
    #expect(framesMatchTheLayout(h.list))
    #expect(h.list.placements.map(\.frame.height).allSatisfy { $0 == 10 })
    h.list.layout = UniformLayout(extent: 30)
    #expect(framesMatchTheLayout(h.list))
    #expect(h.list.placements.map(\.frame.height).allSatisfy { $0 == 30 })
    h.list.contentOffset += 3_000  // a scroll-only pass, on the uniform path
    #expect(framesMatchTheLayout(h.list))
    #expect(h.list.placements.first?.frame.minY ?? 1 <= 0)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func aUniformLayoutsNewCountAndSpacingReachTheScrollingPath() {
    let h = makeList(count: 1_000, viewport: Size(width: 390, height: 400))
    defer { withExtendedLifetime(h) {} }
    h.list.layoutIfNeeded()
    h.list.contentOffset = h.list.maximumOffset
    #expect(h.list.placements.last?.index == 999)
    var layout = h.list.layout as? UniformLayout
    layout?.spacing = 6
    h.list.layout = layout!
    h.list.contentOffset = h.list.maximumOffset
    #expect(framesMatchTheLayout(h.list))
    #expect(h.list.placements.last?.index == 999)
    h.source.items = Array(0..<10)
    h.source.itemsDidChange()
    h.list.reloadData()
    h.list.contentOffset = 0
    #expect(h.list.placements.map(\.index) == Array(0..<10))
    #expect(h.list.invariantViolations().isEmpty)
  }

  final class Scrolls: VirtualListDelegate {
    var count = 0
    func virtualListDidScroll(_ list: VirtualList<RecordingCell>) { count += 1 }
  }

  @Test func aDelegateSetAfterScrollingWithoutOneHearsTheNextScroll() {
    let h = makeList(count: 1_000)
    defer { withExtendedLifetime(h) {} }
    h.list.contentOffset = 100
    h.list.layoutIfNeeded()
    let scrolls = Scrolls()
    h.list.delegate = scrolls
    h.list.contentOffset = 200
    h.list.layoutIfNeeded()
    #expect(scrolls.count == 1)
    h.list.delegate = nil
    h.list.contentOffset = 300
    h.list.layoutIfNeeded()
    #expect(scrolls.count == 1, "a cleared delegate was told")
  }

  @Test func aReleasedDelegateIsNotToldAndTheListKeepsScrolling() {
    let h = makeList(count: 1_000)
    defer { withExtendedLifetime(h) {} }
    var scrolls: Scrolls? = Scrolls()
    h.list.delegate = scrolls
    h.list.contentOffset = 100
    h.list.layoutIfNeeded()
    #expect(scrolls?.count == 1)
    scrolls = nil
    h.list.contentOffset = 2_000
    #expect(h.list.placements.first?.index == 43)  // item 45 at the top, 2 of overscan
    #expect(h.list.delegate == nil)
  }
}
