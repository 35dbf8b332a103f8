/// How a cell is drawn: colours and attributes.
///
/// A `nil` colour means the terminal's own default colour. Two cells with equal styles are
/// written with no SGR sequence between them.
///
/// ```swift
/// var title = TextStyle(foreground: .white, bold: true)
/// title.underline = true
/// ```
public struct TextStyle: Hashable, Sendable {
  /// The foreground (text) colour, or `nil` for the terminal's default.
  public var foreground: TerminalColor?
  /// The background colour, or `nil` for the terminal's default.
  public var background: TerminalColor?
  /// Bold (increased intensity), SGR 1.
  public var bold: Bool
  /// Dim (decreased intensity), SGR 2.
  public var dim: Bool
  /// Italic, SGR 3.
  public var italic: Bool
  /// Underline, SGR 4.
  public var underline: Bool
  /// Swapped foreground and background, SGR 7.
  public var inverse: Bool

  /// Creates a style; every parameter defaults to the terminal's plain look.
  ///
  /// - Complexity: O(1).
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
    dim: Bool = false, italic: Bool = false, underline: Bool = false, inverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.underline = underline
    self.inverse = inverse
  }

  /// The terminal's default look: default colours, no attributes.
  public static let plain = TextStyle()
}
