/// Tuning for how a list moves: deceleration, springs, animations, rubber-banding.
///
/// The defaults follow UIKit (deceleration rate 0.998 per millisecond, rubber-band coefficient
/// 0.55) and libadwaita's carousel (a critically damped spring of mass 0.5 and stiffness 500).
public struct MotionConfiguration: Sendable, Hashable {
  /// UIKit's normal deceleration rate per millisecond.
  public static let normalDecelerationRate = 0.998
  /// UIKit's fast deceleration rate per millisecond (what paging carousels use).
  public static let fastDecelerationRate = 0.99

  /// The factor velocity keeps per millisecond of a fling, in `0..<1`.
  public var decelerationRate: Double = normalDecelerationRate
  /// The spring's mass; the spring is critically damped (no overshoot from rest).
  public var springMass: Double = 0.5
  /// The spring's stiffness.
  public var springStiffness: Double = 500
  /// The duration of animated programmatic scrolls, in seconds.
  public var animationDuration: Double = 0.3
  /// The timing curve of animated programmatic scrolls.
  public var timing: TimingCurve = .easeInOut
  /// How far past an edge a drag may pull, as the UIKit coefficient (0 disables rubber-banding).
  public var rubberBandCoefficient: Double = 0.55
  /// Seconds without wheel input after which a snapping list settles on an item.
  public var wheelSettleDelay: Double = 0.12
  /// Points an arrow key scrolls in a list without snapping; `nil` scrolls by one item.
  public var lineStep: Double? = nil
  /// Velocities below this, in points per second, count as a release without a fling.
  public var minimumFlingVelocity: Double = 20

  /// The default configuration.
  public init() {}

  /// The spring's angular frequency, `√(k / m)`.
  public var springFrequency: Double { (springStiffness / springMass).squareRoot() }
}

/// The shape of a timed animation's progress over its duration.
public enum TimingCurve: Sendable, Hashable {
  /// Constant speed.
  case linear
  /// Slow start and end (cubic).
  case easeInOut
  /// Fast start, slow end (cubic).
  case easeOut

  /// The progress in `0...1` at a time fraction in `0...1`.
  @inlinable
  public func progress(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    switch self {
    case .linear: return t
    case .easeInOut:
      return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2
    case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
    }
  }
}
