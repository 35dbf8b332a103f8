import Foundation
import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// The timing curves alone, and the frames of a list animating an update ticked at 30, 60, 120
/// and 144 frames per second.
@Suite struct UpdateAnimationCurveTests {
  static let curves: [UpdateAnimation] = [
    .spring(response: 0.3), .timed(duration: 0.25), .timed(duration: 0.4, curve: .linear),
    .timed(duration: 0.2, curve: .easeOut),
  ]

  @Test(arguments: curves)
  func curvesStartAtZeroEndAtOneAndNeverGoBack(animation: UpdateAnimation) {
    #expect(animation.progress(elapsed: 0) == 0)
    #expect(animation.progress(elapsed: animation.duration) == 1)
    #expect(animation.progress(elapsed: animation.duration + 1) == 1)
    var previous = 0.0
    for step in 1...200 {
      let p = animation.progress(elapsed: animation.duration * Double(step) / 200)
      #expect(p >= previous && p <= 1, "progress went back or past 1 at step \(step): \(p)")
      previous = p
    }
  }

  @Test func theSpringIsCriticallyDampedAndSettlesWithinItsTolerance() {
    let spring = UpdateAnimation.spring(response: 0.5)
    let omega = 2 * Double.pi / 0.5
    let t = 0.1
    let expected = 1 - (1 + omega * t) * exp(-omega * t)
    #expect(abs(spring.progress(elapsed: t) - expected) < 1e-12)
    // Just before the end it is within 1e-4 of 1, so the snap to 1 is invisible.
    #expect(1 - spring.progress(elapsed: spring.duration * 0.999_999) < 1.01e-4)
    #expect(UpdateAnimation.none.progress(elapsed: 0) == 1)
    #expect(!UpdateAnimation.none.isAnimated && UpdateAnimation.default.isAnimated)
  }

  /// Frames, opacities and progress by item at an instant, after ticking a list that received an
  /// update at time 0 at `fps` frames per second up to `frames` frames.
  static func sample(fps: Int, until seconds: Double, animation: UpdateAnimation)
    -> [Int: [Double]]
  {
    let h = makeList(count: 200, viewport: Size(width: 300, height: 400))
    h.list.contentOffset = 440
    h.list.updateAnimation = animation
    h.list.tick(.zero)
    h.source.items.remove(at: 12)
    h.source.items.insert(-1, at: 14)
    try! h.list.performBatchUpdates {
      $0.delete(at: 12)
      $0.insert(at: 14)
    }
    h.list.tick(.zero)  // the update's animations start at this tick
    let frames = Int((seconds * Double(fps)).rounded())
    for frame in 1...frames { h.list.tick(ReelInstant(seconds: Double(frame) / Double(fps))) }
    var result: [Int: [Double]] = [:]
    for p in h.list.placements {
      let key = p.isDeparting ? -1_000 - p.index : h.source.items[p.index]
      result[key] = [p.frame.origin.y, p.frame.size.height, p.opacity, p.transition?.progress ?? 1]
    }
    return result
  }

  @Test(arguments: curves)
  func framesAgreeAt30_60_120And144FramesPerSecond(animation: UpdateAnimation) {
    // 30, 60, 120 and 144 fps share every 1/6 s.
    for instant in [1.0 / 6, 2.0 / 6] {
      let reference = Self.sample(fps: 30, until: instant, animation: animation)
      #expect(reference.values.contains { $0[3] < 1 } || instant >= animation.duration)
      for fps in [60, 120, 144] {
        let other = Self.sample(fps: fps, until: instant, animation: animation)
        #expect(other.keys.sorted() == reference.keys.sorted(), "fps \(fps) at \(instant)")
        for (key, values) in reference {
          for (a, b) in zip(values, other[key] ?? []) {
            #expect(abs(a - b) < 1e-9, "item \(key) at \(fps) fps, t = \(instant): \(a) vs \(b)")
          }
        }
      }
    }
  }

  @Test func invalidTimingStopsWithAMessage() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.updateAnimation = .timed(duration: 0)
      }, "UpdateAnimation.timed: duration must be finite and > 0, got 0.0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.updateAnimation = .spring(response: -.infinity)
      }, "UpdateAnimation.spring: response must be finite and > 0, got -inf")
  }

  /// The elapsed times a settle test is checked at: a grid over the whole animation, the few
  /// representable values on either side of its end (where a spring's closed form and its curve
  /// could disagree), and seeded random ones.
  static func elapsedSamples(_ animation: UpdateAnimation, seed: UInt64) -> [Double] {
    let duration = animation.duration
    var samples = [-1, -0.0, 0, Double.leastNonzeroMagnitude, 1e-9, 10, 1e6]
    samples += (0...400).map { duration * Double($0) / 200 }
    var around = duration
    var below = duration
    for _ in 0..<64 {
      around = around.nextUp
      below = below.nextDown
      samples += [around, below]
    }
    // The spring's own end, x = springSettleRadians, in seconds.
    if case .spring(let response) = animation {
      var end = UpdateAnimation.springSettleRadians * response / (2 * Double.pi)
      var before = end
      for _ in 0..<64 {
        end = end.nextUp
        before = before.nextDown
        samples += [end, before]
      }
    }
    var rng = SplitMix64(seed: seed)
    samples += (0..<2_000).map { _ in Double.random(in: 0...(2 * duration), using: &rng) }
    return samples
  }

  @Test(arguments: curves + [UpdateAnimation.none, .spring(response: 0.013)])
  func hasEndedIsExactlyTheCurveReachingOne(animation: UpdateAnimation) {
    let seed: UInt64 = 2_611
    for elapsed in Self.elapsedSamples(animation, seed: seed) {
      let progress = animation.progress(elapsed: elapsed)
      // `hasEnded` is exactly `progress >= 1`.
      #expect(
        animation.hasEnded(elapsed: elapsed) == (progress >= 1),
        "\(animation) at \(elapsed) s: progress \(progress) (seed \(seed))")
    }
  }
}
