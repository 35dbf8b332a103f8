/// How a ``Banner`` behaves when the user asked the system to reduce motion.
///
/// Frontends read the platform setting (GTK: `gtk-enable-animations`; a terminal: an option)
/// and map it; which of the two reduced-motion behaviours applies is the user's choice.
///
/// ```swift
/// banner.reducedMotion = settings.reduceMotion ? .noAutoplay : .animate
/// ```
public enum ReducedMotionPolicy: Sendable, Hashable {
  /// Full motion: autoplay, keys and programmatic page changes animate.
  case animate
  /// Reduced motion, changes still happen: autoplay, keys and programmatic page changes jump
  /// to the item at once, without animation. Drags and flings still follow the finger.
  case instant
  /// Reduced motion, no autoplay: the banner only moves when the user moves it; keys and
  /// programmatic page changes jump without animation.
  case noAutoplay

  /// Whether programmatic changes animate.
  public var animates: Bool { self == .animate }

  /// Whether autoplay may run.
  public var allowsAutoplay: Bool { self != .noAutoplay }
}
