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
  @inlinable
  public func progress(elapsed: Double) -> Double {
    guard elapsed > 0 else { return isAnimated ? 0 : 1 }
    switch self {
    case .none:
      return 1
    case .timed(let duration, let curve):
      return elapsed >= duration ? 1 : curve.progress(elapsed / duration)
    case .spring(let response):
      // A critically damped spring: 1 − (1 + ωt)·e^(−ωt), settled once within 1e-4.
      let x = 2 * Double.pi / response * elapsed
      return x >= Self.springSettleRadians ? 1 : 1 - (1 + x) * Foundation.exp(-x)
    }
  }

  /// Whether an animation that started `elapsed` seconds ago has ended: its progress is 1.
  @inlinable
  func hasEnded(elapsed: Double) -> Bool {
    progress(elapsed: elapsed) >= 1
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
