/// Which neighbour ``Autoplay`` moves to.
public enum AutoplayDirection: Sendable, Hashable {
  /// The next item (data index + 1, wrapping in a cyclic banner).
  case forward
  /// The previous item (data index − 1).
  case backward

  /// `+1` or `-1`.
  public var step: Int { self == .forward ? 1 : -1 }
}
