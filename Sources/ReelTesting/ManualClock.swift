import Reel

/// A clock that moves only when told to, for deterministic tests.
///
/// Like SwiftNIO's `EmbeddedEventLoop.advanceTime(by:)`, advancing is synchronous: nothing
/// waits on real time.
///
/// ```swift
/// let clock = ManualClock()
/// list.tick(clock.now)
/// clock.advance(by: .milliseconds(16))
/// list.tick(clock.now)
/// ```
public final class ManualClock: ReelClock, Sendable {
  private let instant: Locked<ReelInstant>

  /// Creates a clock at an instant (the origin by default).
  public init(_ start: ReelInstant = .zero) {
    instant = Locked(start)
  }

  /// The current instant.
  public var now: ReelInstant { instant.withLock { $0 } }

  /// Moves the clock forward.
  ///
  /// - Precondition: `duration ≥ 0`; clocks are monotonic.
  public func advance(by duration: Duration) {
    precondition(
      duration >= .zero, "ManualClock.advance(by:): duration must be ≥ 0, got \(duration)")
    instant.withLock { $0 = $0.advanced(by: duration) }
  }

  /// Moves the clock forward by seconds.
  public func advance(seconds: Double) {
    advance(by: .nanoseconds(Int64((seconds * 1e9).rounded())))
  }
}

extension VirtualList {
  /// Ticks the list at `fps` frames per second for `seconds`, advancing the clock, and returns
  /// the number of frames run.
  ///
  /// ```swift
  /// list.endDrag(at: clock.now, velocity: -2_000)
  /// list.run(seconds: 0.5, clock: clock)  // 30 frames at 60 fps
  /// ```
  ///
  /// - Precondition: `fps > 0` and `seconds ≥ 0`.
  /// - Complexity: O(frames) ticks, frames = `seconds × fps`.
  @discardableResult
  public func run(seconds: Double, fps: Double = 60, clock: ManualClock) -> Int {
    precondition(fps > 0 && seconds >= 0, "run(seconds:fps:clock:): need fps > 0, seconds ≥ 0")
    let frames = Int((seconds * fps).rounded())
    let frame = 1 / fps
    let start = clock.now
    for i in 1...max(1, frames) {
      let target = start.advanced(by: .nanoseconds(Int64((Double(i) * frame * 1e9).rounded())))
      clock.advance(by: target - clock.now)
      tick(clock.now)
    }
    return frames
  }

  /// Ticks until the list stops moving (or `limit` seconds pass) and returns the seconds taken.
  ///
  /// - Precondition: `fps > 0`.
  /// - Complexity: O(min(time to rest, `limit`) × `fps`) ticks.
  @discardableResult
  public func settle(fps: Double = 60, clock: ManualClock, limit: Double = 30) -> Double {
    let start = clock.now
    while (isMoving || needsFrames) && clock.now.seconds(since: start) < limit {
      clock.advance(seconds: 1 / fps)
      tick(clock.now)
    }
    return clock.now.seconds(since: start)
  }
}
