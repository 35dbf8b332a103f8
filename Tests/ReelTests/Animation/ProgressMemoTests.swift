import ReelTesting
import Testing

@testable import Reel

/// The progress an animator remembers within a tick (the memo of start instants and the bound
/// below which every start has settled) gives the curve's own values, tick after tick, forwards
/// and backwards in time.
@Suite struct ProgressMemoTests {
  static let animations: [UpdateAnimation] = [
    .spring(response: 0.3), .timed(duration: 0.25), .timed(duration: 0.4, curve: .linear),
  ]

  /// The curve's progress at `now` since `start`, worked out directly.
  static func expected(_ animation: UpdateAnimation, now: Int64, start: Int64) -> Double {
    animation.progress(elapsed: Double(now &- start) / 1e9)
  }

  @Test(arguments: animations)
  func rememberedProgressIsTheCurvesAtEveryTick(animation: UpdateAnimation) {
    let seed: UInt64 = 4_021
    var rng = SplitMix64(seed: seed)
    var animator = UpdateAnimator()
    animator.animation = animation
    // Start instants spread over a second, many of them settled at any tick; ticks mostly
    // forwards, sometimes backwards (a bound found at a later tick must not be used).
    let starts = (0..<40).map { _ in Int64(rng.int(in: 0...1_000)) * 1_000_000 }
    var now: Int64 = 500_000_000
    for tick in 0..<300 {
      now += Int64(rng.int(in: -40...60)) * 1_000_000
      animator.advance(to: ReelInstant(nanoseconds: now))
      var curve = MemoizedCurve(
        animation: animation, now: ReelInstant(nanoseconds: now), memo: animator.memo)
      for _ in 0..<12 {
        let start = starts[rng.int(in: 0...(starts.count - 1))]
        let want = Self.expected(animation, now: now, start: start)
        let got = curve.progress(since: ReelInstant(nanoseconds: start))
        #expect(
          got.bitPattern == want.bitPattern,
          "tick \(tick), now \(now), start \(start): \(got) instead of \(want) (seed \(seed))")
        #expect(
          animator.hasEnded(since: ReelInstant(nanoseconds: start)) == (want >= 1),
          "tick \(tick): hasEnded disagrees at start \(start) (seed \(seed))")
      }
      animator.memo = curve.memo
    }
  }

  @Test func aSettledStartSettlesEveryEarlierOneAndNoLaterOne() {
    var memo = ProgressMemo()
    #expect(memo.progress(since: ReelInstant(nanoseconds: 0)) == nil)
    memo.noteSettled(since: ReelInstant(nanoseconds: 1_000))
    #expect(memo.progress(since: ReelInstant(nanoseconds: 1_000)) == 1)
    #expect(memo.progress(since: ReelInstant(nanoseconds: -5)) == 1)
    #expect(memo.progress(since: ReelInstant(nanoseconds: 1_001)) == nil)
    // A later note never lowers the bound.
    memo.noteSettled(since: ReelInstant(nanoseconds: 10))
    #expect(memo.progress(since: ReelInstant(nanoseconds: 500)) == 1)
    memo.noteSettled(since: ReelInstant(nanoseconds: .max))
    #expect(memo.progress(since: ReelInstant(nanoseconds: .max - 1)) == 1)
  }

  @Test func aTickBackInTimeForgetsWhatHadSettled() {
    var animator = UpdateAnimator()
    animator.animation = .timed(duration: 0.25)
    let start = ReelInstant(nanoseconds: 0)
    animator.advance(to: ReelInstant(nanoseconds: 1_000_000_000))
    var curve = MemoizedCurve(
      animation: animator.animation, now: animator.now!, memo: animator.memo)
    #expect(curve.progress(since: start) == 1)
    animator.memo = curve.memo
    #expect(animator.memo.settledBefore > 0, "the settled start was not noted")
    // Back to mid-animation: the start has not settled there.
    animator.advance(to: ReelInstant(nanoseconds: 100_000_000))
    #expect(animator.memo.settledBefore == .min)
    #expect(!animator.hasEnded(since: start))
    curve = MemoizedCurve(animation: animator.animation, now: animator.now!, memo: animator.memo)
    #expect(
      curve.progress(since: start) == UpdateAnimation.timed(duration: 0.25).progress(elapsed: 0.1))
    // Forwards again, past the end: settled, and carried to the next tick.
    animator.advance(to: ReelInstant(nanoseconds: 2_000_000_000))
    curve = MemoizedCurve(animation: animator.animation, now: animator.now!, memo: animator.memo)
    #expect(curve.progress(since: start) == 1)
    animator.memo = curve.memo
    animator.advance(to: ReelInstant(nanoseconds: 2_000_000_001))
    #expect(animator.memo.progress(since: start) == 1, "the settled bound was not carried")
  }
}
