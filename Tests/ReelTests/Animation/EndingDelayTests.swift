import ReelTesting
import Testing

@testable import Reel

/// The animator keeps its spring's `ω` and the least time after which the spring has ended,
/// so that a tick divides nothing: the answers must be those of the curve's own test, to the
/// nanosecond and to the bit.
@Suite struct EndingDelayTests {
  /// Responses of every size a list sees, and a few odd ones.
  static let responses: [Double] = [
    1e-6, 0.001, 0.05, 0.1, 0.25, 0.3, 1.0 / 3, 0.35, 1, 2.5, 60, 86_400,
  ]

  @Test(arguments: responses)
  func theDelayIsTheFirstNanosecondTheSpringHasEnded(response: Double) throws {
    let spring = UpdateAnimation.spring(response: response)
    let delay = try #require(UpdateAnimator.endingDelay(of: spring), "no delay for \(response)")
    #expect(UpdateAnimator.hasEnded(spring, elapsed: delay), "not ended at \(delay) ns")
    #expect(!UpdateAnimator.hasEnded(spring, elapsed: delay - 1), "ended before \(delay) ns")
    // Within a few nanoseconds of the settling time.
    #expect(abs(Double(delay) - spring.duration * 1e9) <= max(2, spring.duration))
  }

  @Test(arguments: responses)
  func theAnimatorAnswersAsTheCurveAroundTheDelay(response: Double) throws {
    let seed: UInt64 = 77
    var rng = SplitMix64(seed: seed)
    var animator = UpdateAnimator()
    animator.animation = .spring(response: response)
    let delay = try #require(animator.endingDelay)
    let now: Int64 = 1_000_000_000_000
    animator.advance(to: ReelInstant(nanoseconds: now))
    // Around the delay, nanosecond by nanosecond; before the start; and anywhere.
    var elapsed = Array((delay - 3)...(delay + 3)) + [-5, -1, 0, 1]
    for _ in 0..<200 { elapsed.append(Int64(rng.int(in: 0...Int(2 * delay)))) }
    for e in elapsed {
      let start = ReelInstant(nanoseconds: now - e)
      let want = animator.animation.hasEnded(elapsed: Double(e) / 1e9)
      #expect(
        animator.hasEnded(since: start) == want,
        "response \(response), \(e) ns in: \(!want) instead of \(want) (seed \(seed))")
    }
  }

  @Test func otherTimingsHaveNoDelayAndTheAnimatorAsksTheCurve() {
    var animator = UpdateAnimator()
    for timing in [
      UpdateAnimation.none, .timed(duration: 0.25), .timed(duration: 1, curve: .linear),
    ] {
      animator.animation = timing
      #expect(animator.endingDelay == nil, "\(timing)")
      #expect(animator.springOmega.isNaN, "\(timing)")
      animator.advance(to: ReelInstant(nanoseconds: 10_000_000_000))
      for e: Int64 in [-1, 0, 1, 100_000_000, 249_999_999, 250_000_000, 999_999_999, 1_000_000_000]
      {
        let start = ReelInstant(nanoseconds: 10_000_000_000 - e)
        #expect(
          animator.hasEnded(since: start) == timing.hasEnded(elapsed: Double(e) / 1e9),
          "\(timing), \(e) ns in")
      }
    }
  }

  @Test func settingTheTimingKeepsItsOmegaAndDelay() throws {
    var animator = UpdateAnimator()
    #expect(animator.springOmega.isNaN && animator.endingDelay == nil)
    animator.animation = .spring(response: 0.3)
    #expect(animator.springOmega == UpdateAnimation.springOmega(response: 0.3))
    let short = try #require(animator.endingDelay)
    animator.animation = .spring(response: 0.6)
    #expect(animator.springOmega == UpdateAnimation.springOmega(response: 0.6))
    let long = try #require(animator.endingDelay)
    #expect(long > short)
    animator.animation = .timed(duration: 0.3)
    #expect(animator.springOmega.isNaN && animator.endingDelay == nil)
  }

  /// The animator's curve, with its kept `ω`, gives the bits of a curve that works `ω` out.
  @Test func theKeptOmegaSamplesTheSameBits() {
    var animator = UpdateAnimator()
    animator.animation = .spring(response: 0.3)
    let now = ReelInstant(nanoseconds: 5_000_000_000)
    animator.advance(to: now)
    var kept = animator.curve(at: now)
    var worked = MemoizedCurve(animation: animator.animation, now: now, memo: ProgressMemo())
    for step in 0..<120 {
      let start = ReelInstant(nanoseconds: now.nanoseconds - Int64(step) * 5_123_457)
      let a = kept.progress(since: start)
      let b = worked.progress(since: start)
      #expect(a.bitPattern == b.bitPattern, "step \(step): \(a) vs \(b)")
    }
  }
}
