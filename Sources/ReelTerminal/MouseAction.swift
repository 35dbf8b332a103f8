/// What happened in a ``MouseEvent``.
public enum MouseAction: Hashable, Sendable {
  /// A button went down.
  case press(MouseButton)
  /// A button went up.
  case release(MouseButton)
  /// The pointer moved with a button held.
  case drag(MouseButton)
  /// The pointer moved with no button held (any-motion tracking).
  case move
  /// One wheel notch.
  case scroll(ScrollDirection)
}
