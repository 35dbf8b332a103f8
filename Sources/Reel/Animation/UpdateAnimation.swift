import Foundation

/// How batch updates animate: the timing of moving, appearing and disappearing cells.
///
/// Every curve is a function of the time elapsed since the update, so a frontend ticking at 30,
/// 60, 120 or 144 frames per second draws the same frames at the instants it shares.
///
/// ```swift
/// list.updateAnimation = .spring(response: 0.3)   // or .default, .timed(duration: 0.25), .none
/// try list.performBatchUpdates { $0.insert(at: 0) }
/// ```
public enum UpdateAnimation: Sendable, Hashable {
  /// Updates land at once (the default of ``VirtualList/updateAnimation``).
  case none
  /// A timing curve over a fixed duration in seconds.
  case timed(duration: Double, curve: TimingCurve)
  /// A critically damped spring: fast at first, no overshoot. `response` is the spring's
  /// period in seconds; it is considered settled once within 1/10,000 of its target,
  /// after about 1.9 × `response`.
  case spring(response: Double)

  /// A critically damped spring with a 0.3 s response (settled after about 0.56 s).
  public static let `default` = UpdateAnimation.spring(response: 0.3)

  /// A timed animation with an ease-in-out curve.
  ///
  /// - Precondition: `duration` is finite and `> 0`.
  public static func timed(duration: Double) -> UpdateAnimation {
    .timed(duration: duration, curve: .easeInOut)
  }

  /// `ωt` at which a critically damped spring is within 1e-4 of its target:
  /// `(1 + x)·e^(−x) = 1e-4`.
  @usableFromInline static let springSettleRadians = 11.7459

  /// `ω = 2π / response`, a spring's angular frequency in radians per second.
  @inlinable @inline(__always)
  static func springOmega(response: Double) -> Double {
    2 * Double.pi / response
  }

  /// `ωt`, a spring's phase `elapsed` seconds in. The curve and the settle tests all read this
  /// one expression, so they agree to the bit; a sampler that keeps `ω` (``MemoizedCurve``)
  /// gets the same phase without the division.
  @inlinable @inline(__always)
  static func springRadians(response: Double, elapsed: Double) -> Double {
    springOmega(response: response) * elapsed
  }

  /// A spring's progress `elapsed` seconds in, and whether it has settled, from its `ω`.
  @inlinable @inline(__always)
  static func springSample(omega: Double, elapsed: Double) -> (progress: Double, settled: Bool) {
    guard elapsed > 0 else { return (0, false) }
    let x = omega * elapsed
    if x >= springSettleRadians { return (1, true) }
    return (1 - (1 + x) * Exponential.exp(-x), false)
  }

  /// Whether updates animate at all.
  @inlinable public var isAnimated: Bool {
    if case .none = self { return false }
    return true
  }

  /// How long an animation lasts, in seconds (0 for ``none``).
  ///
  /// - Complexity: O(1).
  public var duration: Double {
    switch self {
    case .none: return 0
    case .timed(let duration, _): return duration
    case .spring(let response):
      return Self.springSettleRadians * response / (2 * Double.pi)
    }
  }

  /// The progress in `0...1` after `elapsed` seconds: 0 at the start, exactly 1 from
  /// ``duration`` on, never overshooting.
  ///
  /// - Complexity: O(1).
  public func progress(elapsed: Double) -> Double {
    sample(elapsed: elapsed).progress
  }

  /// The progress after `elapsed` seconds, and whether the animation has settled by then (the
  /// progress is then exactly 1, as ``isSettled(elapsed:)`` says): both from one look at the
  /// case, with the curve evaluated only while it runs.
  ///
  /// - Complexity: O(1).
  @inlinable
  func sample(elapsed: Double) -> (progress: Double, settled: Bool) {
    switch self {
    case .spring(let response):
      return Self.springSample(omega: Self.springOmega(response: response), elapsed: elapsed)
    case .timed(let duration, let curve):
      guard elapsed > 0 else { return (0, false) }
      if elapsed >= duration { return (1, true) }
      return (curve.progress(elapsed / duration), false)
    case .none:
      return (1, true)
    }
  }

  /// Whether the animation has ended after `elapsed` seconds: exactly when
  /// `progress(elapsed:) >= 1`, but a spring's is known from `elapsed` alone: below
  /// ``springSettleRadians`` its remaining `(1 + x)·e^(−x)` is at least about 1e-4, so its
  /// progress is below 1.
  ///
  /// - Complexity: O(1); no exponential for a spring.
  @inlinable
  func hasEnded(elapsed: Double) -> Bool {
    switch self {
    case .spring(let response):
      guard elapsed > 0 else { return false }
      return Self.springRadians(response: response, elapsed: elapsed) >= Self.springSettleRadians
    case .none, .timed:
      return progress(elapsed: elapsed) >= 1
    }
  }

  /// Whether the animation has settled after `elapsed` seconds by a test that needs no curve:
  /// when it is `true`, ``progress(elapsed:)`` is exactly 1 (a spring past
  /// ``springSettleRadians``, a timed curve past its duration, or no animation).
  ///
  /// - Complexity: O(1).
  @usableFromInline
  func isSettled(elapsed: Double) -> Bool {
    switch self {
    case .none: return true
    case .timed(let duration, _): return elapsed > 0 && elapsed >= duration
    case .spring(let response):
      return elapsed > 0
        && Self.springRadians(response: response, elapsed: elapsed) >= Self.springSettleRadians
    }
  }

  /// Checks the parameters; the list calls it when the animation is set.
  func validate() {
    switch self {
    case .none: break
    case .timed(let duration, _):
      precondition(
        duration.isFinite && duration > 0,
        "UpdateAnimation.timed: duration must be finite and > 0, got \(duration)")
    case .spring(let response):
      precondition(
        response.isFinite && response > 0,
        "UpdateAnimation.spring: response must be finite and > 0, got \(response)")
    }
  }
}
