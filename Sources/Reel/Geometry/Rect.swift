/// An axis-aligned rectangle, in points.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its components.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// The smallest x.
  @inlinable public var minX: Double { origin.x }
  /// The smallest y.
  @inlinable public var minY: Double { origin.y }
  /// The largest x.
  @inlinable public var maxX: Double { origin.x + size.width }
  /// The largest y.
  @inlinable public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  @inlinable public var width: Double { size.width }
  /// The height.
  @inlinable public var height: Double { size.height }

  /// Whether the point lies inside, counting the top and left edges but not the bottom and right.
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether the two rectangles share an area of positive size.
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// A textual form.
  public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
