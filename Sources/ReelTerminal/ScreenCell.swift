/// One character cell of a ``ScreenBuffer``: a grapheme and the style it is drawn with.
///
/// Every cell is one column wide; the buffer does not measure East Asian wide characters.
///
/// ```swift
/// let cell = ScreenCell("x", style: TextStyle(bold: true))
/// ```
public struct ScreenCell: Hashable, Sendable {
  /// The grapheme shown in the cell; never a control character.
  public var character: Character
  /// The style the grapheme is drawn with.
  public var style: TextStyle

  /// Creates a cell.
  ///
  /// Control characters (C0, DEL, C1) would corrupt the terminal, so they are stored as
  /// U+FFFD (`"\u{FFFD}"`).
  ///
  /// - Complexity: O(1).
  public init(_ character: Character = " ", style: TextStyle = .plain) {
    self.character = ScreenCell.sanitized(character)
    self.style = style
  }

  /// A blank cell (a space) in the plain style.
  public static let blank = ScreenCell()

  /// A space with the given style, as used to clear an area.
  ///
  /// - Complexity: O(1).
  public static func blank(_ style: TextStyle) -> ScreenCell {
    ScreenCell(" ", style: style)
  }

  /// Replaces characters that a terminal would interpret instead of print.
  @inline(__always)
  static func sanitized(_ character: Character) -> Character {
    if let ascii = character.asciiValue {
      return ascii < 0x20 || ascii == 0x7F ? "\u{FFFD}" : character
    }
    guard let first = character.unicodeScalars.first else { return character }
    let value = first.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return "\u{FFFD}" }
    return character
  }
}
