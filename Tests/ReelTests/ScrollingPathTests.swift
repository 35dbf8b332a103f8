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

  /// A jump at rest in a bounded uniform list reads the slot and the range from the list's copy
  /// of the layout instead of the motion's geometry: it must land where the geometry says, for
  /// every alignment, with and without snapping, with insets, spacing and lanes, at both ends.
  @Test func aJumpAtRestLandsWhereTheMotionGeometryAims() {
    let layouts = [
      UniformLayout(extent: 44),
      UniformLayout(
        extent: 30, spacing: 6, lanes: 3, insets: ContentInsets(start: 17, end: 23)),
    ]
    let alignments: [ScrollAlignment] = [.start, .center, .end, .nearest, .resting]
    for layout in layouts {
      for snapping in [nil, Snapping(alignment: .start(inset: 8)), Snapping(alignment: .center)] {
        let h = makeList(count: 1_000, layout: layout, viewport: Size(width: 390, height: 400))
        defer { withExtendedLifetime(h) {} }
        h.list.snapping = snapping
        for index in [0, 1, 2, 500, 501, 997, 998, 999, 3] {
          for alignment in alignments {
            let expected = h.list.targetOffset(forVirtualIndex: index, alignment: alignment)
            h.list.scrollToItem(at: index, alignment: alignment)
            #expect(
              h.list.contentOffset == expected,
              "item \(index) \(alignment), snapping \(String(describing: snapping))")
            #expect(h.list.scrollPhase == .idle && h.list.motionTargetDataIndex == nil)
          }
        }
        #expect(h.list.invariantViolations().isEmpty)
      }
    }
  }

  /// A jump during an animated scroll stops it where it was last ticked, forgets its target,
  /// and lands on the item as a jump at rest would.
  @Test func aJumpDuringAnAnimationStopsItAndForgetsItsTarget() {
    let h = makeList(count: 1_000, viewport: Size(width: 390, height: 400))
    defer { withExtendedLifetime(h) {} }
    let clock = ManualClock()
    h.list.tick(clock.now)
    h.list.scrollToItem(at: 600, alignment: .center, animated: true)
    h.list.tick(clock.now)
    clock.advance(by: .milliseconds(50))
    h.list.tick(clock.now)
    #expect(h.list.scrollPhase == .animating && h.list.motionTargetDataIndex == 600)
    h.list.scrollToItem(at: 40, alignment: .start)
    #expect(h.list.scrollPhase == .idle && h.list.motionTargetDataIndex == nil)
    #expect(h.list.contentOffset == 40 * 44)
    #expect(!h.list.isMoving)
    clock.advance(by: .seconds(2))
    h.list.tick(clock.now)
    #expect(h.list.contentOffset == 40 * 44)
    #expect(h.list.restingDataIndex == 40)
    #expect(h.list.invariantViolations().isEmpty)
  }

  /// A measurement during an animated scroll asks the motion to re-aim at its next tick; a jump
  /// that stops the motion before that tick, onto the offset where the list already is (so no
  /// pass follows), leaves nothing to re-aim: the list is idle and needs no frames.
  @Test func aJumpOntoTheCurrentOffsetAfterAChangeMidAnimationLeavesTheListIdle() {
    for layout: any ListLayout in [VariableLayout(estimatedExtent: 44), UniformLayout(extent: 44)] {
      let h = makeList(count: 1_000, layout: layout, viewport: Size(width: 390, height: 400))
      defer { withExtendedLifetime(h) {} }
      let clock = ManualClock()
      h.list.tick(clock.now)
      h.list.scrollToItem(at: 600, alignment: .center, animated: true)
      h.list.tick(clock.now)
      clock.advance(by: .milliseconds(50))
      h.list.tick(clock.now)
      if h.list.layout.supportsMeasuredExtents {
        h.list.setMeasuredExtent(90, forItemAt: 0)
      } else {
        h.list.layout = UniformLayout(extent: 44, spacing: 1)
      }
      h.list.layoutIfNeeded()
      #expect(h.list.scrollPhase == .animating, "\(type(of: layout))")
      // `.nearest` to a fully shown item does not move the offset.
      let shown = h.list.placements.first { $0.frame.minY >= 0 && $0.frame.maxY <= 400 }
      let offset = h.list.contentOffset
      h.list.scrollToItem(at: shown?.index ?? 0, alignment: .nearest)
      h.list.layoutIfNeeded()
      #expect(h.list.contentOffset == offset, "\(type(of: layout))")
      #expect(h.list.scrollPhase == .idle, "\(type(of: layout))")
      #expect(!h.list.needsFrames, "\(type(of: layout))")
    }
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

  /// Without a delegate, a row leaving the top goes to its pool without the general recycling
  /// (moved to the end of the window and taken from there): its cell must come back for the
  /// row entering at the bottom, the others keep their cells, and none is made or lost.
  @Test func aRowLeavingTheTopWithoutADelegateGoesToItsPoolAndComesBack() {
    let h = makeList(
      count: 1_000, layout: UniformLayout(extent: 20), viewport: Size(width: 100, height: 100),
      overscan: 1)
    defer { withExtendedLifetime(h) {} }
    let list = h.list
    list.delegate = nil
    h.source.providesIdentities = false
    list.contentOffset = 40
    _ = list.placements
    #expect(!list.state.hasDelegate && list.state.identities.isEmpty)
    for step in 0..<60 {
      let before = list.placements.map { ObjectIdentifier($0.cell) }
      let created = list.cellsCreated
      let pooled = list.cellsPooled
      // One row leaves at the top and one enters at the bottom, in one pass.
      list.contentOffset += 20
      let after = list.placements
      let first = step + 2  // row 2 (offset 40) less the overscan of 1, one row further
      #expect(after.map(\.index) == Array(first..<(first + before.count)), "step \(step)")
      #expect(after.map { ObjectIdentifier($0.cell) } == before.dropFirst() + [before[0]])
      #expect(after.allSatisfy { $0.cell.item == $0.index }, "step \(step)")
      #expect(list.cellsCreated == created && list.cellsPooled == pooled, "step \(step)")
    }
    // At the end, rows leave and none enters: each leaving cell stays in its pool.
    list.contentOffset = list.maximumOffset - 10
    _ = list.placements
    let pooled = list.cellsPooled
    let displayed = list.cellsDisplayed
    list.contentOffset = list.maximumOffset
    _ = list.placements
    #expect(list.cellsDisplayed == displayed - 1 && list.cellsPooled == pooled + 1)
    #expect(list.invariantViolations().isEmpty)
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
