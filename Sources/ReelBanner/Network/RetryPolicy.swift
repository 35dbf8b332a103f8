/// How ``NetworkImageLoader`` retries transient failures: a few attempts with exponential
/// backoff.
///
/// Only ``NetworkImageError/isTransient`` failures are retried (timeouts, lost or refused
/// connections, truncated bodies, 5xx); a 4xx is not.
///
/// ```swift
/// let policy = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(200))
/// policy.delay(afterAttempt: 1)  // 200 ms, then 400 ms, 800 ms
/// ```
public struct RetryPolicy: Hashable, Sendable {
  /// Attempts in all, the first included; 1 means no retry.
  public var maximumAttempts: Int
  /// The wait before the second attempt.
  public var initialDelay: Duration
  /// Each further wait is the previous one times this factor.
  public var multiplier: Double
  /// No wait is longer than this.
  public var maximumDelay: Duration

  /// Creates a policy.
  ///
  /// - Precondition: `maximumAttempts >= 1`, `multiplier >= 1`, the delays are not negative.
  public init(
    maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(250),
    multiplier: Double = 2, maximumDelay: Duration = .seconds(5)
  ) {
    precondition(maximumAttempts >= 1, "RetryPolicy needs at least one attempt")
    precondition(multiplier >= 1, "RetryPolicy multiplier must be at least 1, got \(multiplier)")
    precondition(
      initialDelay >= .zero && maximumDelay >= .zero, "RetryPolicy delays must not be negative")
    self.maximumAttempts = maximumAttempts
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maximumDelay = maximumDelay
  }

  /// No retries.
  public static let never = RetryPolicy(maximumAttempts: 1)

  /// The wait after failed attempt number `attempt` (1 for the first attempt), before the next.
  ///
  /// - Complexity: O(attempt).
  public func delay(afterAttempt attempt: Int) -> Duration {
    var delay = initialDelay
    var step = 1
    while step < attempt && delay < maximumDelay {
      delay = delay * multiplier
      step += 1
    }
    return min(delay, maximumDelay)
  }
}
