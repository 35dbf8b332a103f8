/// Whether and how a ``Banner`` advances by itself.
///
/// ```swift
/// let banner = Banner<Card>(autoplay: .every(.seconds(2)))                        // seeds 000, 003
/// let reverse = Banner<Card>(autoplay: .every(.seconds(5), direction: .backward))
/// let still = Banner<Card>(autoplay: .off)
/// ```
///
/// The interval is the time an item rests, centred, before the banner moves on: it starts when
/// the previous motion (an autoplay step, a fling, a key, a programmatic scroll) has settled, so
/// every item shows for the full interval whatever interrupted it.
public enum Autoplay: Sendable, Hashable {
  /// No autoplay.
  case off
  /// Advance one item every `interval`, animated, towards later or earlier items.
  ///
  /// - Precondition: `interval > 0` (checked when the banner receives it).
  case every(Duration, direction: AutoplayDirection = .forward)

  /// The interval, or `nil` when autoplay is off.
  public var interval: Duration? {
    switch self {
    case .off: return nil
    case .every(let interval, _): return interval
    }
  }

  /// The direction, or `nil` when autoplay is off.
  public var direction: AutoplayDirection? {
    switch self {
    case .off: return nil
    case .every(_, let direction): return direction
    }
  }

  /// Whether autoplay is configured (not ``off``).
  public var isEnabled: Bool { self != .off }
}
