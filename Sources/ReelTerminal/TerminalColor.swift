/// A 24-bit RGB colour, written to the terminal as `38;2;r;g;b` (foreground) or `48;2;r;g;b`
/// (background).
///
/// ```swift
/// let accent = TerminalColor(red: 255, green: 128, blue: 0)
/// let grey = TerminalColor(gray: 200)
/// ```
public struct TerminalColor: Hashable, Sendable {
  /// The red component, 0–255.
  public var red: UInt8
  /// The green component, 0–255.
  public var green: UInt8
  /// The blue component, 0–255.
  public var blue: UInt8

  /// Creates a colour from its three components.
  ///
  /// - Complexity: O(1).
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Creates a grey with all three components equal to `gray`.
  ///
  /// - Complexity: O(1).
  public init(gray: UInt8) {
    self.init(red: gray, green: gray, blue: gray)
  }

  /// Creates a colour from a `0xRRGGBB` value; bits above the low 24 are ignored.
  ///
  /// ```swift
  /// let teal = TerminalColor(hex: 0x00_80_80)
  /// ```
  ///
  /// - Complexity: O(1).
  public init(hex: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: hex >> 16),
      green: UInt8(truncatingIfNeeded: hex >> 8),
      blue: UInt8(truncatingIfNeeded: hex))
  }

  /// The colour's relative luminance (WCAG): 0 for black, 1 for white, from the linear light
  /// of each channel. Above 0.5 a background reads as light.
  ///
  /// ```swift
  /// let light = (session.queryBackgroundColor()?.relativeLuminance ?? 0) > 0.5
  /// ```
  ///
  /// - Complexity: O(1).
  public var relativeLuminance: Double {
    let linear = ColorApproximation.linear
    return 0.2126 * linear[Int(red)] + 0.7152 * linear[Int(green)] + 0.0722 * linear[Int(blue)]
  }

  /// Pure black.
  public static let black = TerminalColor(gray: 0)
  /// Pure white.
  public static let white = TerminalColor(gray: 255)
}
