/// A rectangle of cells in a ``ScreenBuffer``: column `x`, row `y`, both 0-based from the top
/// left.
///
/// ```swift
/// let panel = CellRect(x: 2, y: 1, width: 20, height: 5)
/// let inner = panel.inset(by: 1)  // x 3, y 2, 18 × 3
/// ```
public struct CellRect: Hashable, Sendable {
  /// The leftmost column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns; a negative width is treated as 0.
  public var width: Int
  /// The number of rows; a negative height is treated as 0.
  public var height: Int

  /// Creates a rectangle.
  ///
  /// - Complexity: O(1).
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The column just past the right edge.
  public var maxX: Int { x + max(width, 0) }
  /// The row just below the bottom edge.
  public var maxY: Int { y + max(height, 0) }
  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The overlap of two rectangles, empty (width or height 0) when they do not meet.
  ///
  /// - Complexity: O(1).
  public func intersection(_ other: CellRect) -> CellRect {
    let left = Swift.max(x, other.x)
    let top = Swift.max(y, other.y)
    let right = Swift.min(maxX, other.maxX)
    let bottom = Swift.min(maxY, other.maxY)
    return CellRect(
      x: left, y: top, width: Swift.max(0, right - left), height: Swift.max(0, bottom - top))
  }

  /// The rectangle shrunk by `amount` cells on every side (never below zero size).
  ///
  /// - Complexity: O(1).
  public func inset(by amount: Int) -> CellRect {
    CellRect(
      x: x + amount, y: y + amount, width: Swift.max(0, width - 2 * amount),
      height: Swift.max(0, height - 2 * amount))
  }
}
