/// A rectangular grid of RGB pixels, row-major, drawn by
/// ``ScreenBuffer/drawPicture(_:x:y:background:)`` two pixels to a cell.
///
/// ```swift
/// var picture = PixelGrid(width: 4, height: 4, fill: .black)
/// picture[1, 2] = TerminalColor(red: 255, green: 0, blue: 0)
/// ```
public struct PixelGrid: Hashable, Sendable {
  /// The number of pixel columns.
  public let width: Int
  /// The number of pixel rows.
  public let height: Int
  /// The pixels, row by row: pixel (x, y) is at `y * width + x`.
  public private(set) var pixels: [TerminalColor]

  /// Creates a grid filled with one colour.
  ///
  /// - Precondition: `width` and `height` are not negative.
  /// - Complexity: O(width × height).
  public init(width: Int, height: Int, fill: TerminalColor = .black) {
    precondition(width >= 0 && height >= 0, "PixelGrid: width and height must not be negative")
    self.width = width
    self.height = height
    self.pixels = Array(repeating: fill, count: width * height)
  }

  /// Creates a grid from row-major pixels.
  ///
  /// - Precondition: `pixels.count == width * height`.
  /// - Complexity: O(1).
  public init(width: Int, height: Int, pixels: [TerminalColor]) {
    precondition(
      width >= 0 && height >= 0 && pixels.count == width * height,
      "PixelGrid: pixels.count must equal width * height")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`.
  ///
  /// - Precondition: `0 <= x < width` and `0 <= y < height`.
  /// - Complexity: O(1).
  public subscript(x: Int, y: Int) -> TerminalColor {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "PixelGrid: pixel out of bounds")
      return pixels[y * width + x]
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "PixelGrid: pixel out of bounds")
      pixels[y * width + x] = newValue
    }
  }
}
