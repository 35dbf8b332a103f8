/// A mouse button, as numbered by the SGR mouse protocol.
public enum MouseButton: Hashable, Sendable {
  /// The primary (usually left) button.
  case left
  /// The middle button or wheel click.
  case middle
  /// The secondary (usually right) button.
  case right
  /// Extra buttons (back, forward, …): 8 upwards, as xterm numbers them.
  case other(Int)
}
