import Foundation
import Reel
import ReelTesting
import Testing

/// Every tuning of `MotionConfiguration`, set through the list's `motionConfiguration`, changes
/// how the list moves as documented.
@Suite struct MotionConfigurationTests {
  /// A long vertical list of 44-point rows, idle in the middle.
  func middleOfALongList(_ configure: (inout MotionConfiguration) -> Void = { _ in }) -> Harness {
    let h = makeList(count: 100_000, layout: UniformLayout(extent: 44))
    var configuration = MotionConfiguration()
    configure(&configuration)
    h.list.motionConfiguration = configuration
    #expect(h.list.motionConfiguration == configuration)
    h.list.contentOffset = 2_000_000
    h.list.layoutIfNeeded()
    return h
  }

  /// How far a release at `velocity` points per second carries the list.
  func flingDistance(_ configure: (inout MotionConfiguration) -> Void, velocity: Double) -> Double {
    let h = middleOfALongList(configure)
    let clock = ManualClock()
    let start = h.list.contentOffset
    h.list.beginDrag(at: Point(x: 10, y: 300), time: clock.now)
    h.list.endDrag(at: clock.now, velocity: velocity)
    h.list.settle(clock: clock)
    return h.list.contentOffset - start
  }

  @Test func theDecelerationRateSetsHowFarAFlingCarries() {
    // The decay's distance is v / 1000 × r / (1 − r): about 499 × v/1000 at 0.998, 99 at 0.99.
    let normal = flingDistance({ _ in }, velocity: 1_000)
    let fast = flingDistance(
      { $0.decelerationRate = MotionConfiguration.fastDecelerationRate }, velocity: 1_000)
    #expect(abs(normal - 499) < 5, "normal rate carried \(normal)")
    #expect(abs(fast - 99) < 5, "fast rate carried \(fast)")
  }

  /// A pager dragged 200 points forward and released slowly backward: a release at or above the
  /// minimum fling velocity goes the way it was flung (back to the first page), one below it
  /// the way it was dragged (on to the second).
  @Test func slowReleasesBelowTheMinimumFlingVelocityGoTheWayTheyWereDragged() {
    func restingOffset(minimumFlingVelocity: Double) -> Double {
      let h = makePager(wrapping: .bounded)
      h.list.motionConfiguration.minimumFlingVelocity = minimumFlingVelocity
      let clock = ManualClock()
      h.list.beginDrag(at: Point(x: 300, y: 10), time: clock.now)
      h.list.drag(to: Point(x: 100, y: 10), time: clock.now)
      h.list.tick(clock.now)
      #expect(h.list.contentOffset == 200)
      h.list.endDrag(at: clock.now, velocity: -30)
      h.list.settle(clock: clock)
      return h.list.contentOffset
    }
    #expect(restingOffset(minimumFlingVelocity: 20) == 0)
    #expect(restingOffset(minimumFlingVelocity: 50) == 366)
  }

  @Test func animatedScrollsFollowTheDurationAndTiming() {
    for (duration, timing) in [(0.3, TimingCurve.easeInOut), (1.0, .linear), (0.5, .easeOut)] {
      let h = middleOfALongList {
        $0.animationDuration = duration
        $0.timing = timing
      }
      let clock = ManualClock()
      let start = h.list.contentOffset
      h.list.setContentOffset(start + 1_000, animated: true)
      h.list.tick(clock.now)  // the animation's first frame: its time starts here
      clock.advance(seconds: duration / 4)
      h.list.tick(clock.now)
      let expected = start + 1_000 * timing.progress(0.25)
      #expect(abs(h.list.contentOffset - expected) < 1e-6, "\(timing) over \(duration) s")
      clock.advance(seconds: duration * 3 / 4)
      h.list.tick(clock.now)
      #expect(h.list.contentOffset == start + 1_000, "\(timing) over \(duration) s")
      #expect(!h.list.isMoving)
    }
  }

  /// Pulled 100 points past the top and let go, the list springs back: a stiffer or lighter
  /// spring (a higher `√(k / m)`) is closer to the edge after the same time.
  @Test func theSpringsMassAndStiffnessSetHowFastABounceReturns() {
    func pulledBack(_ configure: (inout MotionConfiguration) -> Void) -> Double {
      let h = makeList(count: 100, layout: UniformLayout(extent: 44))
      var configuration = MotionConfiguration()
      configure(&configuration)
      h.list.motionConfiguration = configuration
      let clock = ManualClock()
      h.list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
      clock.advance(seconds: 0.5)
      h.list.drag(to: Point(x: 10, y: 400), time: clock.now)
      h.list.tick(clock.now)
      clock.advance(seconds: 0.5)
      h.list.endDrag(at: clock.now, velocity: 0)
      let released = h.list.contentOffset
      #expect(released < 0, "the drag pulled past the top")
      clock.advance(seconds: 0.05)
      h.list.tick(clock.now)
      return h.list.contentOffset / released
    }
    let base = pulledBack { _ in }
    let stiff = pulledBack { $0.springStiffness = 2_000 }
    let heavy = pulledBack { $0.springMass = 2 }
    #expect(stiff < base && base < heavy, "left of the pull: \(stiff), \(base), \(heavy)")
    var configuration = MotionConfiguration()
    configuration.springStiffness = 800
    configuration.springMass = 2
    #expect(configuration.springFrequency == 20)
  }

  @Test func withoutRubberBandingADragStopsAtTheEdge() {
    for coefficient in [0.0, 0.55] {
      let h = makeList(count: 100, layout: UniformLayout(extent: 44))
      h.list.motionConfiguration.rubberBandCoefficient = coefficient
      let clock = ManualClock()
      h.list.beginDrag(at: Point(x: 10, y: 100), time: clock.now)
      h.list.drag(to: Point(x: 10, y: 300), time: clock.now)
      h.list.tick(clock.now)
      if coefficient == 0 {
        #expect(h.list.contentOffset == 0)
      } else {
        #expect(h.list.contentOffset < 0 && h.list.contentOffset > -200)
      }
    }
  }

  @Test func anArrowKeyScrollsByTheLineStep() {
    let h = middleOfALongList { $0.lineStep = 30 }
    let clock = ManualClock()
    let start = h.list.contentOffset
    #expect(h.list.handle(.forward))
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == start + 30)
  }

  @Test func aSnappingListSettlesOnceTheWheelPausesForTheDelay() {
    let h = makePager(wrapping: .bounded)
    h.list.motionConfiguration.wheelSettleDelay = 0.5
    let clock = ManualClock()
    h.list.tick(clock.now)
    h.list.scroll(byWheel: 100, time: clock.now)
    clock.advance(seconds: 0.4)
    h.list.tick(clock.now)
    #expect(h.list.contentOffset == 100, "settled before the wheel paused for 0.5 s")
    clock.advance(seconds: 0.2)
    h.list.tick(clock.now)
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == 0, "came to rest on the nearest page")
  }
}
