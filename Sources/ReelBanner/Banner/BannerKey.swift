/// Keys a ``Banner`` understands, as a frontend maps them from its key events.
///
/// Map the arrow keys along the banner's axis to ``previous`` and ``next`` (swap left and right
/// in a right-to-left banner) and a key of your choice, such as Space or P, to
/// ``togglePlayback``, which is the WCAG 2.2.2 pause control for keyboard users.
public enum BannerKey: Sendable, Hashable {
  /// Move one item back.
  case previous
  /// Move one item forward.
  case next
  /// Pause or resume autoplay.
  case togglePlayback
}
