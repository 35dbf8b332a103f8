import ReelTesting
import Testing

@testable import Reel

/// A list of fifty 100-point rows in a 400-point viewport, snapping each row's start to the
/// viewport's start, at rest on `item`.
private func makeSnappingList(_ snapping: Snapping, restingOn item: Int) -> Harness {
  let h = makeList(
    count: 50, layout: UniformLayout(extent: 100), viewport: Size(width: 300, height: 400))
  h.list.snapping = snapping
  h.list.contentOffset = Double(item) * 100
  _ = h.list.placements
  return h
}

/// Drags the content by `distance` points (toward later rows when positive) and lifts the
/// pointer with `velocity`; returns where the list says the motion will rest.
private func release(
  _ list: VirtualList<RecordingCell>, by distance: Double, velocity: Double, clock: ManualClock
) -> Double {
  list.beginDrag(at: Point(x: 150, y: 300), time: clock.now)
  clock.advance(by: .milliseconds(16))
  list.drag(to: Point(x: 150, y: 300 - distance), time: clock.now)
  list.endDrag(at: clock.now, velocity: velocity)
  return list.restingOffset
}

/// Where a snapping list comes to rest after a release, by the rules `Snapping` documents.
@Suite struct SnappingRuleTests {
  /// "Moves on to the neighbour once `threshold` of it would show": a release with no velocity
  /// exactly a quarter of the way to the next row, under a quarter threshold, moves on; one point
  /// less stays. Backward, a quarter of the way to the previous row moves back to it.
  @Test func aReleaseExactlyAtTheThresholdMovesOnToTheNeighbour() {
    let snapping = Snapping(alignment: .start(inset: 0), threshold: 0.25)
    let clock = ManualClock()
    let forward = makeSnappingList(snapping, restingOn: 0)
    #expect(release(forward.list, by: 25, velocity: 0, clock: clock) == 100)
    forward.list.settle(clock: clock)
    #expect(forward.list.contentOffset == 100)
    #expect(forward.list.restingDataIndex == 1)

    let short = makeSnappingList(snapping, restingOn: 0)
    #expect(release(short.list, by: 24, velocity: 0, clock: clock) == 0)

    let backward = makeSnappingList(snapping, restingOn: 5)
    #expect(release(backward.list, by: -25, velocity: 0, clock: clock) == 400)
    backward.list.settle(clock: clock)
    #expect(backward.list.restingDataIndex == 4)
  }

  /// "At most `maximumItemsPerFling` items per fling, counted from the item at rest when the
  /// drag began": a hard fling either way from row 10 rests one row on, however far it would
  /// have gone.
  @Test func aHardFlingMovesAtMostTheMaximumItemsFromWhereTheDragBegan() {
    let snapping = Snapping(alignment: .start(inset: 0), maximumItemsPerFling: 1)
    let clock = ManualClock()
    let forward = makeSnappingList(snapping, restingOn: 10)
    #expect(release(forward.list, by: 10, velocity: 8_000, clock: clock) == 1_100)
    forward.list.settle(clock: clock)
    #expect(forward.list.contentOffset == 1_100)
    #expect(forward.list.restingDataIndex == 11)

    let backward = makeSnappingList(snapping, restingOn: 10)
    #expect(release(backward.list, by: -10, velocity: -8_000, clock: clock) == 900)
    backward.list.settle(clock: clock)
    #expect(backward.list.restingDataIndex == 9)

    // Without the limit the same fling goes much further.
    let free = makeSnappingList(Snapping(alignment: .start(inset: 0)), restingOn: 10)
    #expect(release(free.list, by: 10, velocity: 8_000, clock: clock) > 1_500)
  }
}

/// Records the drag's callbacks in order, and the velocity the list reports when the pointer
/// is lifted.
private final class ReleaseRecorder: VirtualListDelegate {
  var calls: [String] = []
  var velocities: [Double] = []

  func virtualListWillBeginDragging(_ list: VirtualList<RecordingCell>) {
    calls.append("willBeginDragging")
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, willEndDraggingWithVelocity velocity: Double,
    targetOffset: inout Double
  ) {
    calls.append("willEndDragging")
    velocities.append(velocity)
  }

  func virtualListDidEndDecelerating(_ list: VirtualList<RecordingCell>) {
    calls.append("didEndDecelerating")
  }
}

/// The release velocity a list estimates when the frontend gives none (`endDrag(at:)`): by
/// least squares over the last 100 ms of the drag's samples, as the motion guide documents.
@Suite struct ReleaseVelocityTests {
  /// The pointer rests for 200 ms, then moves up at 1,000 points a second for the last 80 ms:
  /// only the last 100 ms count, so the content flings on toward later rows at 1,000 points a
  /// second (the pointer's speed, the opposite sign), whatever the pointer did before.
  @Test func theEstimateIsThePointersSpeedOverTheLastHundredMilliseconds() throws {
    let h = makeList(count: 1_000)
    let recorder = ReleaseRecorder()
    h.list.delegate = recorder
    h.list.contentOffset = 4_000
    _ = h.list.placements
    let start = ReelInstant.zero
    func at(_ milliseconds: Int64) -> ReelInstant {
      start.advanced(by: .milliseconds(milliseconds))
    }
    h.list.beginDrag(at: Point(x: 100, y: 600), time: at(0))
    h.list.drag(to: Point(x: 100, y: 600), time: at(100))
    h.list.drag(to: Point(x: 100, y: 600), time: at(200))
    // From here on the pointer is at 580 − (t − 300 ms) × 1,000 points a second.
    for (milliseconds, y) in [(300, 580.0), (320, 560), (340, 540), (360, 520), (380, 500)] {
      h.list.drag(to: Point(x: 100, y: y), time: at(Int64(milliseconds)))
    }
    let released = h.list.contentOffset
    #expect(released == 4_100)
    h.list.endDrag(at: at(380))
    let velocity = try #require(recorder.velocities.first)
    #expect(recorder.velocities.count == 1)
    #expect(abs(velocity - 1_000) < 1e-6, "estimated \(velocity) points a second")
    #expect(h.list.restingOffset > released, "the content flings on toward later rows")
    #expect(h.list.isMoving)
    let clock = ManualClock(at(380))
    h.list.settle(clock: clock)
    #expect(!h.list.isMoving)
    #expect(h.list.contentOffset == h.list.restingOffset)
    #expect(recorder.calls == ["willBeginDragging", "willEndDragging", "didEndDecelerating"])
  }
}
