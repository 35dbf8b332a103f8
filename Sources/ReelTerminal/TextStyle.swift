/// How a cell is drawn: colours and attributes.
///
/// A `nil` colour means the terminal's own default colour. Two cells with equal styles are
/// written with no SGR sequence between them. Stored packed in 9 bytes, so comparing two
/// styles is three integer comparisons.
///
/// ```swift
/// var title = TextStyle(foreground: .white, bold: true)
/// title.underline = true
/// ```
public struct TextStyle: Hashable, Sendable {
  /// The foreground as `0x1RRGGBB`, or 0 for the default colour.
  private var foregroundBits: UInt32
  /// The background as `0x1RRGGBB`, or 0 for the default colour.
  private var backgroundBits: UInt32
  /// Bold 1, dim 2, italic 4, underline 8, inverse 16.
  private var flags: UInt8

  /// Creates a style; every parameter defaults to the terminal's plain look.
  ///
  /// - Complexity: O(1).
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
    dim: Bool = false, italic: Bool = false, underline: Bool = false, inverse: Bool = false
  ) {
    foregroundBits = TextStyle.pack(foreground)
    backgroundBits = TextStyle.pack(background)
    flags =
      (bold ? 1 : 0) | (dim ? 2 : 0) | (italic ? 4 : 0) | (underline ? 8 : 0)
      | (inverse ? 16 : 0)
  }

  /// The terminal's default look: default colours, no attributes.
  public static let plain = TextStyle()

  /// The foreground (text) colour, or `nil` for the terminal's default.
  public var foreground: TerminalColor? {
    get { TextStyle.unpack(foregroundBits) }
    set { foregroundBits = TextStyle.pack(newValue) }
  }

  /// The background colour, or `nil` for the terminal's default.
  public var background: TerminalColor? {
    get { TextStyle.unpack(backgroundBits) }
    set { backgroundBits = TextStyle.pack(newValue) }
  }

  /// Bold (increased intensity), SGR 1.
  public var bold: Bool {
    get { flags & 1 != 0 }
    set { setFlag(1, newValue) }
  }

  /// Dim (decreased intensity), SGR 2.
  public var dim: Bool {
    get { flags & 2 != 0 }
    set { setFlag(2, newValue) }
  }

  /// Italic, SGR 3.
  public var italic: Bool {
    get { flags & 4 != 0 }
    set { setFlag(4, newValue) }
  }

  /// Underline, SGR 4.
  public var underline: Bool {
    get { flags & 8 != 0 }
    set { setFlag(8, newValue) }
  }

  /// Swapped foreground and background, SGR 7.
  public var inverse: Bool {
    get { flags & 16 != 0 }
    set { setFlag(16, newValue) }
  }

  /// The packed style as one integer, for hashing rows of cells (equal styles, equal bits).
  var packedBits: UInt64 {
    UInt64(foregroundBits) | UInt64(backgroundBits) << 25 | UInt64(flags) << 50
  }

  private mutating func setFlag(_ bit: UInt8, _ on: Bool) {
    flags = on ? flags | bit : flags & ~bit
  }

  @inline(__always)
  private static func pack(_ color: TerminalColor?) -> UInt32 {
    guard let color else { return 0 }
    return 0x100_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
  }

  @inline(__always)
  private static func unpack(_ bits: UInt32) -> TerminalColor? {
    bits == 0 ? nil : TerminalColor(hex: bits)
  }
}
