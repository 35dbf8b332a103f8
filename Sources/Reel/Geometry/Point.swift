/// A location in viewport or content coordinates, in points.
public struct Point: Sendable, Hashable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, `(0, 0)`.
  public static let zero = Point(x: 0, y: 0)

  /// A textual form, `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}

/// A width and a height, in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of zero.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both components are finite and not negative.
  @inlinable
  public var isValid: Bool {
    width.isFinite && height.isFinite && width >= 0 && height >= 0
  }

  /// A textual form, `width×height`.
  public var description: String { "\(width)×\(height)" }
}
