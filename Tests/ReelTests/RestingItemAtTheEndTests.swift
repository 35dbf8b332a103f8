import ReelTesting
import Testing

@testable import Reel

/// A bounded list showing an even number of items per page has its snapping point, at either
/// end, in the gap between two items, equally far from both. The resting item there must be the
/// one whose (clamped) resting offset is the content offset, so that a fling toward it also ends
/// on it, with or without a data change in flight.
@Suite struct RestingItemAtTheEndTests {
  /// 20 pages of the vertical multi-item pager the fuzzer found it with: an 845-point viewport
  /// shows 4 items of 197.25 points, 8 apart, 16 from its edges.
  func makePager() -> Harness {
    let layout = PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200)
    #expect(layout.itemsPerPage(viewportExtent: 845) == 4)
    return makeList(count: 20, layout: layout, viewport: Size(width: 390, height: 845))
  }

  @Test func theRestingItemAtEitherEndRestsWhereTheContentIs() {
    let h = makePager()
    _ = h.list.placements
    // Items 0 and 1 rest at the start (item 1's resting offset is clamped to 0), 18 and 19 at
    // the end; 17 rests 102.625 points before the end.
    #expect(h.list.restingDataIndex == 1)
    #expect(isResting(h.list))
    h.list.contentOffset = h.list.maximumOffset
    #expect(h.list.restingDataIndex == 18)
    #expect(h.list.targetOffset(forVirtualIndex: 18, alignment: .resting) == h.list.maximumOffset)
    #expect(h.list.targetOffset(forVirtualIndex: 17, alignment: .resting) < h.list.maximumOffset)
    #expect(isResting(h.list))
  }

  @Test func aFlingToTheEndWithABatchInsertInFlightRestsOnTheItemItAimedAt() throws {
    let h = makePager()
    let clock = ManualClock()
    h.list.scrollToItem(at: 15)
    h.list.beginDrag(at: Point(x: 195, y: 400), time: clock.now)
    clock.advance(by: .milliseconds(16))
    h.list.drag(to: Point(x: 195, y: 360), time: clock.now)
    h.list.endDrag(at: clock.now, velocity: 4_000)
    #expect(h.list.restingOffset == h.list.maximumOffset, "flung to the end")
    h.list.run(seconds: 0.05, clock: clock)
    #expect(h.list.isMoving, "still in flight when the data changes")
    h.source.items.insert(contentsOf: [-1, -2, -3, -4], at: 5)
    try h.list.performBatchUpdates { $0.insert(at: 5..<9) }
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == h.list.maximumOffset)
    // Item 18 (now at 22) is the first whose resting offset is the end.
    #expect(h.list.restingDataIndex == 22)
    #expect(h.list.placements.first { $0.index == 22 }?.cell.identity == AnyHashable(18))
    #expect(isResting(h.list))
  }

  /// The extended fuzzer's input: a three-per-page pager of 5 items in a 465-point viewport,
  /// flung forward from before its start. Items 0 and 1 both rest at offset 0; the motion is
  /// headed for one of them, and an insert at 1 must carry the motion with *that* item, which
  /// the list names in `motionTargetDataIndex`.
  @Test func aFlingFollowsTheItemItNamesAsItsTargetWhenTwoItemsRestAtOneOffset() throws {
    let layout = PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200)
    #expect(layout.itemsPerPage(viewportExtent: 465) == 3)
    let h = makeList(count: 5, layout: layout, viewport: Size(width: 390, height: 465))
    let clock = ManualClock()
    _ = h.list.placements
    #expect(h.list.motionTargetDataIndex == nil, "nothing moves")
    #expect(h.list.targetOffset(forVirtualIndex: 0, alignment: .resting) == 0)
    #expect(h.list.targetOffset(forVirtualIndex: 1, alignment: .resting) == 0)
    h.list.beginDrag(at: Point(x: 195, y: 200), time: clock.now)
    clock.advance(by: .milliseconds(16))
    h.list.drag(to: Point(x: 195, y: 160), time: clock.now)
    h.list.endDrag(at: clock.now, velocity: 843)
    h.list.run(seconds: 0.032, clock: clock)
    let target = try #require(h.list.motionTargetDataIndex, "the fling is headed for an item")
    #expect(
      h.list.targetOffset(forVirtualIndex: target, alignment: .resting) == h.list.restingOffset,
      "the named item rests where the motion ends")
    let identity = h.source.items[target]
    h.source.items.insert(-1, at: 1)
    try h.list.performBatchUpdates { $0.insert(at: 1..<2) }
    let moved = try #require(h.list.motionTargetDataIndex)
    #expect(h.source.items[moved] == identity, "the motion follows its item, now at \(moved)")
    h.list.settle(clock: clock)
    #expect(h.list.motionTargetDataIndex == nil)
    #expect(
      h.list.targetOffset(forVirtualIndex: moved, alignment: .resting) == h.list.contentOffset,
      "it came to rest where that item rests")
  }

  /// Found by the extended fuzzer: at the end of the pager the resting item (18) rests at the
  /// clamped end, between two items. Made cyclic, nothing clamps any more: the list must rest
  /// on item 18 again (centred, as a cyclic list rests it), not keep the offset and let the
  /// tie between 17 and 18 fall to 17.
  @Test func aWrappingChangeAtTheEndKeepsTheRestingItem() {
    let h = makePager()
    _ = h.list.placements
    let clock = ManualClock()
    h.list.scrollToItem(at: 19)
    h.list.settle(clock: clock)
    #expect(!h.list.isMoving && isResting(h.list))
    #expect(h.list.contentOffset == h.list.maximumOffset)
    #expect(h.list.restingDataIndex == 18)
    h.list.wrapping = .cyclic
    #expect(h.list.restingDataIndex == 18)
    #expect(isResting(h.list), "resting on it, not between two items")
    h.list.settle(clock: clock)
    #expect(h.list.restingDataIndex == 18, "and no snap takes it elsewhere")
    h.list.wrapping = .bounded
    h.list.settle(clock: clock)
    #expect(h.list.restingDataIndex == 18)
    #expect(h.list.contentOffset == h.list.maximumOffset)
  }

  /// Noticed in review: `contentOffset = maximumOffset` on this pager, ticked to rest, came to
  /// rest at item 2 (offset 102.625), near the start. The list was not at rest at all: its
  /// first pass saw offset 0 exactly midway between the unclamped resting offsets of items 1
  /// (-102.625) and 2 (102.625), took the tie to item 2 and started a spring there, which the
  /// raw offset write did not stop. Compared clamped, item 1 rests at 0 and nothing moves.
  @Test(arguments: [5, 6, 20])
  func anEvenPagerAtRestAtEitherEndStaysThere(count: Int) {
    let layout = PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200)
    let h = makeList(count: count, layout: layout, viewport: Size(width: 390, height: 845))
    let clock = ManualClock()
    _ = h.list.placements
    #expect(!h.list.isMoving && !h.list.needsFrames, "a fresh pager at its start is at rest")
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == 0)
    #expect(h.list.restingDataIndex == 1)
    h.list.contentOffset = h.list.maximumOffset
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == h.list.maximumOffset, "\(count) items")
    #expect(h.list.restingDataIndex == count - 2)
    #expect(isResting(h.list))
  }

  /// Near either end the distance to the neighbour is the distance the content can move: a
  /// drag released one point short of the end is 99% of the way from item 17 (3181.375) to the
  /// end (3284), not 49.5% of the way to item 18's unclamped resting offset (3386.625), so it
  /// rests at the end; one released a point past the start rests at the start, not on item 2.
  @Test func aDragReleasedOnePointFromEitherEndRestsAtThatEnd() {
    let h = makePager()
    _ = h.list.placements
    let clock = ManualClock()
    func release(from offset: Double, by distance: Double) {
      h.list.contentOffset = offset
      h.list.beginDrag(at: Point(x: 195, y: 400), time: clock.now)
      clock.advance(by: .milliseconds(16))
      h.list.drag(to: Point(x: 195, y: 400 - distance), time: clock.now)
      #expect(h.list.contentOffset == offset + distance)
      h.list.endDrag(at: clock.now, velocity: 0)
      h.list.settle(clock: clock)
    }
    release(from: h.list.maximumOffset, by: -1)
    #expect(h.list.contentOffset == h.list.maximumOffset)
    #expect(h.list.restingDataIndex == 18)
    release(from: 0, by: 1)
    #expect(h.list.contentOffset == 0)
    #expect(h.list.restingDataIndex == 1)
  }
}
