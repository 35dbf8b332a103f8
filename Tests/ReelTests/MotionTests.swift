import ReelTesting
import Testing

@testable import Reel

/// A horizontal cyclic banner-like list: 5 pages of 358 points with 8-point spacing on 390.
func makePager(count: Int = 5, wrapping: Wrapping = .cyclic) -> Harness {
  makeList(
    count: count, layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal,
    wrapping: wrapping, viewport: Size(width: 390, height: 200), overscan: 0)
}

/// Drags from x0 to x1 over `duration` seconds in steps of 1/fps, then releases.
func fling(
  _ list: VirtualList<RecordingCell>, clock: ManualClock, from x0: Double, to x1: Double,
  duration: Double, fps: Double = 60
) {
  list.beginDrag(at: Point(x: x0, y: 10), time: clock.now)
  let steps = max(1, Int(duration * fps))
  for i in 1...steps {
    clock.advance(seconds: duration / Double(steps))
    list.drag(to: Point(x: x0 + (x1 - x0) * Double(i) / Double(steps), y: 10), time: clock.now)
    list.tick(clock.now)
  }
  list.endDrag(at: clock.now)
}

func isResting(_ list: VirtualList<RecordingCell>) -> Bool {
  guard let item = list.restingVirtualIndex else { return false }
  return abs(list.targetOffset(forVirtualIndex: item, alignment: .resting) - list.contentOffset)
    < 1e-9
}

/// The page of `makePager()` (5 pages every 366 points, resting at `k × 366`) a release comes to
/// rest on, by the documented rule: project the UIKit decay (rate 0.998 per millisecond), then
/// move on to the neighbour in the fling's direction once a third of the way to it.
func expectedPage(released x0: Double, velocity: Double, dragged: Double) -> Int {
  let rate = MotionConfiguration.normalDecelerationRate
  let projected = x0 + velocity / 1000 * rate / (1 - rate)
  let stride = 366.0
  let k = (projected / stride).rounded(.down)
  let fraction = projected / stride - k
  let direction = abs(velocity) >= 20 ? velocity.sign : dragged.sign
  let chosen =
    direction == .plus ? (fraction >= 1.0 / 3 ? k + 1 : k) : (1 - fraction >= 1.0 / 3 ? k : k + 1)
  return Int(chosen).magnitudeModulo(5)
}

extension Int {
  /// `self mod n` in `0..<n`, for any sign.
  func magnitudeModulo(_ n: Int) -> Int { ((self % n) + n) % n }
}

@Suite struct MotionTests {
  @Test func flingsOfManyVelocitiesEndCentredOnAnItem() {
    for distance in stride(from: -900.0, through: 900, by: 37) {
      for duration in [0.05, 0.1, 0.3] {
        let h = makePager()
        let list = h.list
        let clock = ManualClock()
        fling(list, clock: clock, from: 200, to: 200 + distance, duration: duration)
        let expected = expectedPage(
          released: list.contentOffset, velocity: list.state.motion.lastVelocity, dragged: -distance
        )
        list.settle(clock: clock)
        #expect(list.scrollPhase == .idle)
        #expect(
          isResting(list), "distance \(distance) duration \(duration) at \(list.contentOffset)")
        #expect(
          list.restingDataIndex == expected,
          "distance \(distance) duration \(duration): the page the snapping rule picks")
        #expect(list.invariantViolations().isEmpty)
      }
    }
  }

  @Test func slowDragPastAThirdMovesOnButLessStaysPut() {
    for (drag, expected) in [(-130.0, 1), (-100.0, 0), (130.0, 4), (100.0, 0)] {
      let h = makePager()
      let clock = ManualClock()
      h.list.beginDrag(at: Point(x: 200, y: 10), time: clock.now)
      clock.advance(seconds: 0.5)
      h.list.drag(to: Point(x: 200 + drag, y: 10), time: clock.now)
      clock.advance(seconds: 0.5)
      h.list.endDrag(at: clock.now)
      h.list.settle(clock: clock)
      #expect(h.list.restingDataIndex == expected, "drag \(drag)")
      #expect(isResting(h.list))
    }
  }

  @Test func theSameFlingGivesTheSameCurveAtEveryFrameRate() {
    var curves: [[Double]] = []
    for fps in [30.0, 60, 120, 144] {
      let h = makePager()
      let clock = ManualClock()
      h.list.beginDrag(at: Point(x: 300, y: 10), time: clock.now)
      clock.advance(by: .milliseconds(20))
      h.list.drag(to: Point(x: 280, y: 10), time: clock.now)
      clock.advance(by: .milliseconds(20))
      h.list.drag(to: Point(x: 240, y: 10), time: clock.now)
      h.list.endDrag(at: clock.now)
      let release = clock.now
      var samples: [Double] = []
      var t = 0.0
      // Sample at every 1/6 s (a common instant of all four rates), ticking at `fps` between.
      while t < 2 {
        t += 1 / fps
        clock.advance(
          by: release.advanced(by: .nanoseconds(Int64((t * 1e9).rounded()))) - clock.now)
        h.list.tick(clock.now)
        let k = (t * 6).rounded()
        if abs(t * 6 - k) < 1e-6 { samples.append(h.list.contentOffset) }
      }
      curves.append(samples)
    }
    for curve in curves.dropFirst() {
      #expect(curve.count == curves[0].count)
      for (a, b) in zip(curve, curves[0]) { #expect(abs(a - b) < 0.5) }
    }
  }

  @Test func interruptingEveryPhaseStillEndsAtRest() {
    for phaseTime in stride(from: 0.0, through: 0.6, by: 0.05) {
      let h = makePager()
      let list = h.list
      let clock = ManualClock()
      fling(list, clock: clock, from: 300, to: 100, duration: 0.1)
      list.run(seconds: phaseTime, clock: clock)
      // A new drag in the middle of the fling, then a programmatic animation interrupted by a resize.
      fling(list, clock: clock, from: 100, to: 160, duration: 0.05)
      list.run(seconds: 0.02, clock: clock)
      // The key aims one item past the fling's target; the resize and the reload keep that aim.
      guard let aimed = list.state.motion.target?.virtualIndex else {
        Issue.record("interrupted at \(phaseTime): the second fling has no target item")
        continue
      }
      list.handle(.forward)
      list.run(seconds: 0.1, clock: clock)
      list.viewportSize = Size(width: 500, height: 200)
      list.run(seconds: 0.05, clock: clock)
      list.reloadData()
      list.settle(clock: clock)
      #expect(list.scrollPhase == .idle)
      #expect(isResting(list), "interrupted at \(phaseTime): offset \(list.contentOffset)")
      #expect(
        list.restingDataIndex == (aimed + 1).magnitudeModulo(5), "interrupted at \(phaseTime)")
      #expect(list.invariantViolations().isEmpty)
    }
  }

  @Test func boundedRubberBandReturnsExactlyToTheEdge() {
    let h = makeList(count: 50)
    let list = h.list
    let clock = ManualClock()
    list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
    clock.advance(seconds: 0.2)
    list.drag(to: Point(x: 10, y: 400), time: clock.now)
    #expect(list.contentOffset < 0)
    #expect(list.contentOffset > -300)
    clock.advance(seconds: 0.2)
    list.endDrag(at: clock.now)
    list.settle(clock: clock)
    #expect(list.contentOffset == 0)
    // A fling towards the end overshoots, bounces and rests exactly at the far edge.
    list.contentOffset = list.maximumOffset - 100
    list.beginDrag(at: Point(x: 10, y: 600), time: clock.now)
    for _ in 0..<3 {
      clock.advance(by: .milliseconds(16))
      list.drag(to: Point(x: 10, y: 600 - 40), time: clock.now)
    }
    clock.advance(by: .milliseconds(16))
    list.drag(to: Point(x: 10, y: 400), time: clock.now)
    list.endDrag(at: clock.now)
    var overshoot = 0.0
    while list.isMoving {
      clock.advance(by: .milliseconds(8))
      list.tick(clock.now)
      overshoot = max(overshoot, list.contentOffset - list.maximumOffset)
    }
    #expect(overshoot > 0)
    #expect(list.contentOffset == list.maximumOffset)
  }

  @Test func decelerationProjectsLikeUIKit() {
    let h = makeList(count: 10_000)
    let list = h.list
    list.contentOffset = 10_000
    let clock = ManualClock()
    list.beginDrag(at: Point(x: 0, y: 500), time: clock.now)
    list.endDrag(at: clock.now, velocity: 1_000)
    // UIKit: offset + (v / 1000) · r / (1 − r) = 10000 + 499.
    #expect(abs(list.restingOffset - (10_000 + 0.998 / 0.002)) < 1e-6)
    list.settle(clock: clock)
    #expect(abs(list.contentOffset - (10_000 + 0.998 / 0.002)) < 1e-6)
  }

  @Test func idleTicksDoNoWork() {
    let h = makePager()
    let clock = ManualClock()
    h.list.tick(clock.now)
    #expect(!h.list.needsFrames)
    let displays = h.source.displayCount
    for _ in 0..<100 {
      clock.advance(by: .milliseconds(16))
      h.list.tick(clock.now)
    }
    #expect(h.source.displayCount == displays)
    #expect(!h.list.isMoving)
  }

  @Test func cyclicFlingReportsTheRightDataIndexAcrossTheSeam() {
    let h = makePager(count: 3)
    let clock = ManualClock()
    for step in 1...20 {
      h.list.handle(.backward)
      h.list.settle(clock: clock)
      #expect(h.list.restingDataIndex == ((-step % 3) + 3) % 3)
    }
    #expect(abs(h.list.contentOffset) < 3 * 366)
  }
}

@Suite struct ProgrammaticScrollTests {
  final class Events: VirtualListDelegate {
    var ended = 0
    func virtualListDidEndScrollingAnimation(_ list: VirtualList<RecordingCell>) { ended += 1 }
  }

  @Test func timedScrollFollowsItsCurveAndEndsExactly() {
    let h = makeList(count: 10_000)
    let events = Events()
    h.list.delegate = events
    let clock = ManualClock()
    h.list.tick(clock.now)
    h.list.setContentOffset(1_000, duration: 1, timing: .linear)
    h.list.tick(clock.now)  // the animation starts at this tick
    clock.advance(seconds: 0.25)
    h.list.tick(clock.now)
    #expect(abs(h.list.contentOffset - 250) < 1e-9)
    clock.advance(seconds: 0.5)
    h.list.tick(clock.now)
    #expect(abs(h.list.contentOffset - 750) < 1e-9)
    clock.advance(seconds: 0.5)
    h.list.tick(clock.now)
    #expect(h.list.contentOffset == 1_000)
    #expect(h.list.scrollPhase == .idle)
    #expect(events.ended == 1)
  }

  @Test func easeOutIsAheadOfLinearHalfWay() {
    let h = makeList(count: 10_000)
    let clock = ManualClock()
    h.list.tick(clock.now)
    h.list.setContentOffset(1_000, duration: 1, timing: .easeOut)
    h.list.tick(clock.now)
    clock.advance(seconds: 0.5)
    h.list.tick(clock.now)
    #expect(h.list.contentOffset > 800)
    #expect(h.list.contentOffset < 1_000)
  }
}

/// Anchoring corrections seen from the list: a measurement during a drag, a change at rest.
@Suite struct MotionAnchoringTests {
  @Test func aMeasurementDuringADragKeepsTheContentUnderAnUnmovedFinger() {
    let h = makeList(
      count: 10, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 100, height: 200))
    let list = h.list
    list.contentOffset = 100
    _ = list.placements
    let clock = ManualClock()
    list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
    list.setMeasuredExtent(100, forItemAt: 0)
    #expect(list.contentOffset == 150, "item 2 stays at the viewport's top")
    clock.advance(seconds: 1.0 / 60)
    list.drag(to: Point(x: 10, y: 100), time: clock.now)
    #expect(list.contentOffset == 150, "the finger has not moved")
    list.drag(to: Point(x: 10, y: 90), time: clock.now)
    #expect(list.contentOffset == 160)
  }

  @Test func anUpdateDuringAFlingMovesTheFlingWithTheContent() throws {
    let h = makeList(
      count: 1_000, layout: UniformLayout(extent: 50), viewport: Size(width: 100, height: 200))
    let list = h.list
    list.contentOffset = 5_000
    _ = list.placements
    let clock = ManualClock()
    list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
    list.endDrag(at: clock.now, velocity: 1_500)
    list.run(seconds: 0.1, clock: clock)
    let resting = list.restingOffset
    let moving = list.contentOffset
    #expect(list.isMoving && resting > moving)
    h.source.items.insert(contentsOf: [-1, -2], at: 0)
    try list.performBatchUpdates { $0.insert(at: [0, 1]) }
    #expect(list.contentOffset == moving + 100)
    #expect(list.restingOffset == resting + 100, "the fling's destination moved with the content")
    list.settle(clock: clock)
    #expect(list.contentOffset == resting + 100)
  }

  @Test func aChangeAtRestLeavesTheListIdleOnceAPassRan() {
    let h = makeList(
      count: 100, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 100, height: 200))
    let list = h.list
    list.contentOffset = 300
    _ = list.placements
    #expect(!list.needsFrames)
    list.setMeasuredExtent(80, forItemAt: 7)
    #expect(list.needsFrames, "a pass is due")
    _ = list.placements
    #expect(!list.needsFrames && list.scrollPhase == .idle)
    list.viewportSize = Size(width: 100, height: 260)
    _ = list.placements
    #expect(!list.needsFrames && list.scrollPhase == .idle)
    list.contentOffset = 5_000
    list.reloadData()
    _ = list.placements
    #expect(!list.needsFrames && list.contentOffset == list.maximumOffset)
  }

  @Test func onlyARealSnapKeepsASnappingListTicking() {
    let h = makePager(count: 8, wrapping: .bounded)
    let list = h.list
    list.scrollToItem(at: 3)
    _ = list.placements
    list.viewportSize = Size(width: 390, height: 300)
    _ = list.placements
    #expect(!list.needsFrames && isResting(list), "still on item 3: nothing to animate")
    list.contentOffset += 100
    list.viewportSize = Size(width: 390, height: 200)
    _ = list.placements
    #expect(list.needsFrames && list.scrollPhase == .decelerating, "off an item: a snap")
    list.settle(clock: ManualClock())
    #expect(isResting(list) && !list.needsFrames)
  }
}
