import Reel

/// A cell that records its life, so tests catch cells that are displayed twice, leaked, or
/// reused while still on screen.
///
/// Every instance gets a serial number; ``LifetimeTracker`` counts live instances. The
/// configured item and reuse count are recorded for assertions.
///
/// ```swift
/// list.register("cell") { RecordingCell(reuseIdentifier: "cell", tracker: tracker) }
/// ```
public final class RecordingCell: ReusableCell, CustomStringConvertible {
  /// The reuse identifier it was registered under.
  public let reuseIdentifier: String
  /// A serial number, unique per tracker.
  public let serial: Int
  /// The data index it was last configured for, `nil` after `prepareForReuse()`.
  public var item: Int?
  /// The identity of the item it was last configured for.
  public var identity: AnyHashable?
  /// How many times it was prepared for reuse.
  public private(set) var reuseCount = 0
  /// Whether the list reported it displayed (between willDisplay and didEndDisplaying).
  public var isDisplayed = false
  private let tracker: LifetimeTracker?

  /// Creates a cell, registering it with a tracker.
  public init(reuseIdentifier: String = "cell", tracker: LifetimeTracker? = nil) {
    self.reuseIdentifier = reuseIdentifier
    self.tracker = tracker
    self.serial = tracker?.born() ?? 0
  }

  deinit { tracker?.died() }

  /// Clears the item and counts the reuse; a reuse while displayed is recorded as a violation.
  public func prepareForReuse() {
    if isDisplayed { tracker?.record("cell #\(serial) was prepared for reuse while displayed") }
    item = nil
    identity = nil
    reuseCount += 1
  }

  /// `#serial(item)`.
  public var description: String { "#\(serial)(\(item.map(String.init) ?? "-"))" }
}

/// Counts live ``RecordingCell`` instances and collects lifetime violations.
public final class LifetimeTracker: Sendable {
  private let state = Locked((serial: 0, alive: 0, violations: [String]()))

  /// Creates a tracker.
  public init() {}

  /// Cells alive now.
  public var alive: Int { state.withLock { $0.alive } }
  /// Cells ever created.
  public var created: Int { state.withLock { $0.serial } }
  /// Violations recorded so far.
  public var violations: [String] { state.withLock { $0.violations } }

  func born() -> Int {
    state.withLock {
      $0.serial += 1
      $0.alive += 1
      return $0.serial
    }
  }

  func died() { state.withLock { $0.alive -= 1 } }

  /// Records a violation.
  public func record(_ violation: String) { state.withLock { $0.violations.append(violation) } }
}
