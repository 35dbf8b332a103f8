/// What a list's content is doing.
public enum ScrollPhase: Sendable, Hashable {
  /// At rest.
  case idle
  /// Following a finger or pointer.
  case dragging
  /// Coasting after a release: a fling, a snap or a bounce back from an edge.
  case decelerating
  /// A programmatic animated scroll.
  case animating
  /// Following wheel or trackpad input; a snapping list settles shortly after it stops.
  case wheeling
}
