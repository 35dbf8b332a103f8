/// Which way the content moves along the main axis (see ``VirtualList/scrollDirection``).
public enum MotionDirection: Sendable, Hashable {
  /// Toward later items: the content offset grows.
  case forward
  /// Toward earlier items: the content offset shrinks.
  case backward
}
