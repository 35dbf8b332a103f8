import Foundation
import ReelTesting
import Testing

@testable import Reel

/// A tick follows a curve with one sample of its offset: the velocity a re-aim needs is the
/// curve's at the last tick, worked out when asked, and the bounce after a fling crosses an
/// edge is the spring worked out once, at the release.
@Suite struct MotionSampleTests {
  /// The curve's own time at the driver's last tick, while a curve runs.
  static func curveTime(_ d: MotionDriver) -> Double? {
    guard d.motion.curve != nil, let start = d.motion.curveStart else { return nil }
    return max(0, d.now.seconds(since: start))
  }

  /// The motions a list runs: a free fling, a snapping fling, a fling that bounces off the end,
  /// an animated scroll and a spring re-aim.
  static func motions() -> [(name: String, driver: MotionDriver)] {
    var free = MotionDriver(offset: 0, geometry: MotionStrip(itemCount: 400, isBounded: false))
    free.motion.beginDrag(pointer: 0, time: free.now, startItem: nil, offset: &free.offset)
    free.release(velocity: 3_000)

    let pages = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
    var snapping = MotionDriver(offset: 100, geometry: pages)
    snapping.drag(from: 300, by: -70, over: 0.1)
    snapping.release()

    var bouncing = MotionDriver(offset: 700, geometry: MotionStrip())
    bouncing.motion.beginDrag(
      pointer: 0, time: bouncing.now, startItem: nil, offset: &bouncing.offset)
    bouncing.release(velocity: 3_000)

    var animated = MotionDriver(offset: 0, geometry: MotionStrip())
    animated.motion.setContentOffset(
      640, duration: 0.4, timing: .easeInOut, offset: &animated.offset, in: animated.geometry)

    var reaimed = MotionDriver(offset: 0, geometry: pages)
    reaimed.motion.animate(
      toVirtualIndex: 9, alignment: .resting, offset: &reaimed.offset, in: pages)
    reaimed.tick(seconds: 0.05)
    reaimed.motion.remapTarget(toVirtualIndex: 4)
    return [
      ("free fling", free), ("snapping fling", snapping), ("bounce", bouncing),
      ("animated scroll", animated), ("re-aimed spring", reaimed),
    ]
  }

  @Test func theVelocityIsTheCurvesDerivativeAtTheLastTick() {
    for (name, start) in Self.motions() {
      var d = start
      var checked = 0
      while d.motion.needsFrames && checked < 2_000 {
        d.tick(seconds: 1.0 / 120)
        guard let t = Self.curveTime(d), let curve = d.motion.curve else { continue }
        let v = d.motion.lastVelocity
        #expect(v == curve.sample(t).velocity, "\(name) at \(t) s")
        #expect(d.offset == curve.sample(t).offset, "\(name) at \(t) s")
        // The derivative of the offsets around the tick (the timed curve's velocity is itself a
        // forward difference of its progress: a looser bound).
        let h = 1e-6
        guard t > h else { continue }
        let slope = (curve.offset(at: t + h) - curve.offset(at: t - h)) / (2 * h)
        #expect(
          abs(v - slope) <= 1e-3 * max(1, abs(v)) + (name == "animated scroll" ? 1 : 0),
          "\(name) at \(t) s: velocity \(v), slope \(slope)")
        checked += 1
      }
      #expect(checked > 10, "\(name): the motion ran")
      #expect(d.motion.phase == .idle && d.motion.lastVelocity == 0, "\(name) rests")
    }
  }

  #if DEBUG
    @Test func aTickSamplesTheCurveOnce() {
      for (name, start) in Self.motions() {
        var d = start
        var ticks = 0
        while d.motion.needsFrames && ticks < 2_000 {
          let before = d.motion.curveSamples
          d.tick(seconds: 1.0 / 144)
          ticks += 1
          let following = d.motion.phase != .idle
          #expect(
            d.motion.curveSamples - before == (following ? 1 : 0),
            "\(name): tick \(ticks) sampled \(d.motion.curveSamples - before) times")
          // Asking for the velocity works it out; it is not another tick's sample.
          _ = d.motion.lastVelocity
          #expect(d.motion.curveSamples - before == (following ? 1 : 0), "\(name)")
        }
        #expect(ticks > 10 && d.motion.phase == .idle, "\(name) came to rest")
      }
    }

    /// A list's tick, W9-animated's way: flings one after another, an animated batch update
    /// every 30 frames (each re-aims the fling at the next tick), every placement read.
    @Test func aListsTickSamplesTheCurveOnce() throws {
      let h = makeList(
        count: 2_000, layout: VariableLayout(estimatedExtent: 50),
        viewport: Size(width: 390, height: 844))
      let list = h.list
      list.updateAnimation = .default
      var moving = 0
      for frame in 0..<600 {
        let now = ReelInstant(nanoseconds: Int64(frame) * 1_000_000_000 / 120)
        if !list.isMoving {
          list.beginDrag(at: Point(x: 0, y: 400), time: now)
          list.endDrag(
            at: now, velocity: list.contentOffset > list.maximumOffset / 2 ? -3_000 : 3_000)
        }
        if frame % 30 == 15, let first = list.visibleIndices.first,
          first + 6 < h.source.items.count
        {
          h.source.items.remove(at: first + 4)
          h.source.items.remove(at: first + 2)
          h.source.items.insert(10_000 + frame, at: first + 1)
          try list.performBatchUpdates {
            $0.delete(at: [first + 2, first + 4])
            $0.insert(at: first + 1)
          }
        }
        let before = list.state.motion.curveSamples
        let following = list.isMoving
        list.tick(now)
        _ = list.placements.map(\.frame)
        let samples = list.state.motion.curveSamples - before
        // A tick that ends the curve rests on its end without sampling it.
        #expect(
          samples == (following && list.isMoving ? 1 : 0), "frame \(frame): \(samples) samples")
        if following && list.isMoving { moving += 1 }
      }
      #expect(moving > 500)
    }
  #endif

  @Test func aBounceIsTheSpringFromTheEdgeAtTheCrossingSpeed() throws {
    var d = MotionDriver(offset: 700, geometry: MotionStrip())
    d.motion.beginDrag(pointer: 0, time: d.now, startItem: nil, offset: &d.offset)
    let released = d.release(velocity: 3_000)
    let plan = try #require(released)
    let edge = try #require(d.motion.curve?.edge)
    let end = d.geometry.maximumOffset
    #expect(edge.offset == end && edge.time > 0)
    // The bounce as a sample past the edge worked it out before: from the decay's velocity at
    // the crossing.
    let speed = plan.natural.sample(edge.time).velocity
    let bounce = MotionCurve.spring(
      from: end, velocity: speed, to: end, omega: d.motion.springOmega)
    var after = 0
    while d.motion.needsFrames {
      d.tick(seconds: 1.0 / 60)
      guard let t = Self.curveTime(d), t >= edge.time else { continue }
      #expect(d.offset == bounce.sample(t - edge.time).offset, "at \(t) s")
      #expect(d.motion.lastVelocity == bounce.sample(t - edge.time).velocity, "at \(t) s")
      after += 1
    }
    #expect(after > 5, "the bounce ran")
    #expect(d.offset == end && d.events == [.didEndDecelerating])
  }

  @Test func aShiftKeepsTheVelocityOfTheLastTick() {
    // A timed curve's velocity depends on `to − from`, which moving both by a period can round
    // differently: the velocity of the last tick is the unshifted curve's.
    var d = MotionDriver(offset: 0.1, geometry: MotionStrip(itemCount: 10, isBounded: false))
    d.motion.setContentOffset(
      0.7, duration: 1, timing: .linear, offset: &d.offset, in: d.geometry)
    d.tick(seconds: 0)
    d.tick(seconds: 0.25)
    let velocity = d.motion.lastVelocity
    #expect(velocity != 0)
    d.motion.shift(by: 1_000_000, items: 20_000)
    d.offset += 1_000_000
    #expect(d.motion.lastVelocity == velocity)
    d.tick(seconds: 0.25)
    #expect(abs(d.offset - 1_000_000.1 - 0.3) < 1e-6)
  }

  /// A re-aim of a fling or an animation headed for no item, in a list that does not snap, asks
  /// only for the scrollable range: a list whose layout Reel knows works it out without copying
  /// the layout; the same layout behind a forwarding wrapper goes through the general path.
  /// Flings, changes under them (the content shrinks past the fling's rest, the viewport grows,
  /// items arrive) and animated scrolls give both lists the same offsets at every frame.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func aReaimInRangeMatchesTheGeneralPath(wrapping: Wrapping) throws {
    let seed: UInt64 = 2_026_112_7
    var rng = SplitMix64(seed: seed)
    let extents = (0..<80).map { _ in Double(rng.int(in: 20...90)) }
    let layouts: [any ListLayout] = [
      VariableLayout(extents: extents, estimatedExtent: 50), UniformLayout(extent: 44),
    ]
    for layout in layouts {
      let fast = makeList(count: 80, layout: layout, wrapping: wrapping)
      let reference = makeList(
        count: 80, layout: OutsideWindowUpdateTests.Forwarding(inner: layout), wrapping: wrapping)
      var reaims = 0
      for h in [fast, reference] {
        h.list.viewportSize = Size(width: 390, height: 600)
        h.list.layoutIfNeeded()
        h.list.contentOffset = wrapping == .bounded ? h.list.maximumOffset - 1_200 : 300
      }
      for frame in 0..<720 {
        let now = ReelInstant(nanoseconds: Int64(frame) * 1_000_000_000 / 120)
        for h in [fast, reference] {
          let list = h.list
          if !list.isMoving && frame % 90 == 0 {
            list.beginDrag(at: Point(x: 0, y: 300), time: now)
            list.endDrag(at: now, velocity: frame % 180 == 0 ? 2_800 : -2_200)
          }
          if frame % 90 == 45 {
            list.setContentOffset(list.contentOffset + 700, duration: 0.5, timing: .easeOut)
          }
          if frame % 90 == 20 && h.source.items.count > 30 {
            // The content shrinks under the motion: its rest may leave the range.
            let last = h.source.items.count
            h.source.items.removeLast(12)
            try list.performBatchUpdates { $0.delete(at: Array(last - 12..<last)) }
          }
          if frame % 90 == 60 {
            h.source.items.append(contentsOf: 1_000 + frame..<1_004 + frame)
            let count = h.source.items.count
            try list.performBatchUpdates { $0.insert(at: Array(count - 4..<count)) }
          }
          if frame % 90 == 70 {
            list.viewportSize.height = list.viewportSize.height == 600 ? 700 : 600
          }
          let resting = list.restingOffset
          list.tick(now)
          if h.list === fast.list && list.isMoving && list.restingOffset != resting { reaims += 1 }
        }
        #expect(
          fast.list.contentOffset == reference.list.contentOffset
            && fast.list.scrollPhase == reference.list.scrollPhase
            && fast.list.restingOffset == reference.list.restingOffset,
          "\(wrapping) \(type(of: layout)) frame \(frame): \(fast.list.contentOffset) (\(fast.list.scrollPhase)) vs \(reference.list.contentOffset) (\(reference.list.scrollPhase))"
        )
        #expect(fast.list.invariantViolations().isEmpty)
      }
      if wrapping == .bounded {
        #expect(reaims > 0, "\(type(of: layout)): the content left a rest out of range")
      }
    }
  }
}
