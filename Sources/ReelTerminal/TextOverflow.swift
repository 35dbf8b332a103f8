/// What ``ScreenBuffer/drawText(_:in:style:overflow:)`` does with a line wider than its
/// rectangle.
public enum TextOverflow: Hashable, Sendable {
  /// Cut the line at the rectangle's right edge.
  case clip
  /// Cut the line one column early and end it with `…`.
  case ellipsis
}
