/// A point in time on a monotonic clock, in nanoseconds from the clock's own origin.
///
/// Reel never reads a clock itself: frontends pass the current instant to
/// ``VirtualList/tick(_:)`` and stamp input events with it, so tests drive time by hand
/// (see `ReelTesting.ManualClock`) and get the same results every run.
public struct ReelInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: Int64

  /// Creates an instant from nanoseconds since the origin.
  @inlinable
  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// Creates an instant from seconds since the origin.
  ///
  /// - Precondition: `seconds` is finite.
  @inlinable
  public init(seconds: Double) {
    precondition(seconds.isFinite, "ReelInstant: seconds must be finite, got \(seconds)")
    self.nanoseconds = Int64((seconds * 1e9).rounded())
  }

  /// The origin.
  public static let zero = ReelInstant(nanoseconds: 0)

  /// Seconds since the origin.
  @inlinable public var seconds: Double { Double(nanoseconds) / 1e9 }

  /// The instant a duration later.
  @inlinable
  public func advanced(by duration: Duration) -> ReelInstant {
    let (seconds, attoseconds) = duration.components
    return ReelInstant(
      nanoseconds: nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  /// Seconds from another instant to this one (negative when this one is earlier).
  @inlinable
  public func seconds(since other: ReelInstant) -> Double {
    Double(nanoseconds - other.nanoseconds) / 1e9
  }

  /// The duration between two instants.
  @inlinable
  public static func - (lhs: ReelInstant, rhs: ReelInstant) -> Duration {
    .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
  }

  /// Orders instants by time.
  @inlinable
  public static func < (lhs: ReelInstant, rhs: ReelInstant) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// The time in seconds, e.g. `1.5s`.
  public var description: String { "\(seconds)s" }
}

/// A source of the current time for a frontend's frame loop.
///
/// Frontends read a clock once per frame and pass the instant to the list; tests use a manual
/// clock they advance by hand.
public protocol ReelClock: Sendable {
  /// The current instant.
  var now: ReelInstant { get }
}

/// The system's monotonic clock, with its origin at the clock's creation.
public struct SystemClock: ReelClock {
  private let origin = ContinuousClock.now

  /// Creates a clock whose origin is now.
  public init() {}

  /// The time since the clock was created.
  public var now: ReelInstant {
    let (seconds, attoseconds) = (ContinuousClock.now - origin).components
    return ReelInstant(nanoseconds: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
