/// The direction of one wheel notch.
public enum ScrollDirection: Hashable, Sendable {
  /// Wheel up (content moves down).
  case up
  /// Wheel down.
  case down
  /// Wheel tilted left.
  case left
  /// Wheel tilted right.
  case right
}
