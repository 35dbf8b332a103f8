/// The direction along which a list scrolls and lays out its items.
///
/// The *main axis* is the scrolling axis; the *cross axis* is perpendicular to it. Layouts work
/// in main-axis terms (offsets and extents) and the virtualizer turns them into frames.
public enum Axis: Sendable, Hashable, CaseIterable {
  /// Items run left to right (or right to left, see ``LayoutDirection``).
  case horizontal
  /// Items run top to bottom.
  case vertical

  /// The main-axis component of a size.
  @inlinable
  public func main(of size: Size) -> Double {
    self == .horizontal ? size.width : size.height
  }

  /// The cross-axis component of a size.
  @inlinable
  public func cross(of size: Size) -> Double {
    self == .horizontal ? size.height : size.width
  }

  /// The main-axis component of a point.
  @inlinable
  public func main(of point: Point) -> Double {
    self == .horizontal ? point.x : point.y
  }

  /// The cross-axis component of a point.
  @inlinable
  public func cross(of point: Point) -> Double {
    self == .horizontal ? point.y : point.x
  }
}

/// Whether a horizontal list starts at the left or the right edge.
///
/// Right-to-left is built into the virtualizer: layouts stay in logical (leading-to-trailing)
/// coordinates and frames are mirrored when they are placed, so a right-to-left list shows item 0
/// at the right edge and drags to the right reveal later items. Vertical lists ignore it.
public enum LayoutDirection: Sendable, Hashable {
  /// Item 0 at the left edge.
  case leftToRight
  /// Item 0 at the right edge.
  case rightToLeft
}

/// Whether a list ends or loops.
public enum Wrapping: Sendable, Hashable {
  /// Items `0..<count`, with edges at both ends.
  case bounded
  /// Virtual indices run over all integers and map to data index `v mod count`; no edges.
  case cyclic
}
