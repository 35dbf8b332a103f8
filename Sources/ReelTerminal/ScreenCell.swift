/// One character cell of a ``ScreenBuffer``: a grapheme and the style it is drawn with.
///
/// A grapheme two columns wide (see ``DisplayWidth``) fills its cell and the next one: the buffer
/// puts a wide continuation (``isWideContinuation``) with the same style in the cell to its
/// right, which the renderer never writes.
///
/// ```swift
/// let cell = ScreenCell("x", style: TextStyle(bold: true))
/// ```
public struct ScreenCell: Hashable, Sendable {
  /// The grapheme shown in the cell; never a control character, except U+0000 in a wide
  /// continuation (see ``isWideContinuation``).
  public var character: Character
  /// The style the grapheme is drawn with.
  public var style: TextStyle

  /// Creates a cell.
  ///
  /// Control characters (C0, DEL, C1) would corrupt the terminal, and a grapheme that takes no
  /// column on its own (a lone combining mark or zero-width joiner) would merge with its
  /// neighbour, so both are stored as U+FFFD (`"\u{FFFD}"`).
  ///
  /// - Complexity: O(1).
  public init(_ character: Character = " ", style: TextStyle = .plain) {
    self.character = ScreenCell.sanitized(character)
    self.style = style
  }

  /// Creates a cell without checking the grapheme: for the wide continuation marker.
  @inline(__always)
  init(unchecked character: Character, style: TextStyle) {
    self.character = character
    self.style = style
  }

  /// A blank cell (a space) in the plain style.
  public static let blank = ScreenCell()

  /// Whether this cell is the right half of a two-column grapheme in the cell to its left. It
  /// carries that grapheme's style; its ``character`` is U+0000, which a cell made with
  /// ``init(_:style:)`` never holds.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  public var isWideContinuation: Bool {
    if GlyphCache.isAvailable {
      return unsafeBitCast(character, to: (UInt64, UInt64).self) == ScreenCell.continuationBits
    }
    return character == "\u{0}"
  }

  /// The right half of a wide grapheme drawn in `style`.
  @inline(__always)
  static func continuation(_ style: TextStyle) -> ScreenCell {
    ScreenCell(unchecked: "\u{0}", style: style)
  }

  /// The raw bits of the continuation marker's character.
  static let continuationBits: (UInt64, UInt64) =
    GlyphCache.isAvailable ? unsafeBitCast(Character("\u{0}"), to: (UInt64, UInt64).self) : (0, 0)

  /// The columns the cell's grapheme takes on screen: 1 or 2, 0 for a wide continuation.
  ///
  /// - Complexity: O(1) for most graphemes; see ``DisplayWidth/of(_:)-(Character)``.
  public var width: Int {
    isWideContinuation ? 0 : DisplayWidth.of(character)
  }

  /// A space with the given style, as used to clear an area.
  ///
  /// - Complexity: O(1).
  public static func blank(_ style: TextStyle) -> ScreenCell {
    ScreenCell(" ", style: style)
  }

  /// Compares the style first, then the grapheme: identical string bits (the common case of
  /// an unchanged cell) short-cut the Unicode comparison.
  ///
  /// - Complexity: O(1) for cells that are bit-for-bit equal or differ in style.
  @inline(__always)
  public static func == (lhs: ScreenCell, rhs: ScreenCell) -> Bool {
    guard lhs.style == rhs.style else { return false }
    let left = unsafeBitCast(lhs.character, to: (UInt64, UInt64).self)
    let right = unsafeBitCast(rhs.character, to: (UInt64, UInt64).self)
    return left == right || lhs.character == rhs.character
  }

  /// Whether the cells at `index` of two cell arrays have the same style and bit-identical
  /// graphemes, read in place (no retain, no Unicode comparison). Canonically equal but
  /// differently encoded graphemes count as different, which only costs a redundant write.
  @inline(__always)
  static func identical(
    _ left: UnsafeRawPointer, _ right: UnsafeRawPointer, at index: Int, layout: (Int, Int)
  ) -> Bool {
    let offset = index &* MemoryLayout<ScreenCell>.stride
    let a = left + offset
    let b = right + offset
    guard MemoryLayout<Character>.size == 16 else {  // folded away on 64-bit platforms
      return a.load(as: ScreenCell.self) == b.load(as: ScreenCell.self)
    }
    let (character, style) = layout
    return a.load(fromByteOffset: character, as: UInt64.self)
      == b.load(fromByteOffset: character, as: UInt64.self)
      && a.load(fromByteOffset: character + 8, as: UInt64.self)
        == b.load(fromByteOffset: character + 8, as: UInt64.self)
      && a.load(fromByteOffset: style, as: TextStyle.self)
        == b.load(fromByteOffset: style, as: TextStyle.self)
  }

  /// The byte offsets of `character` and `style`, for ``identical(_:_:at:layout:)``.
  static var layout: (Int, Int) {
    (
      MemoryLayout<ScreenCell>.offset(of: \ScreenCell.character)!,
      MemoryLayout<ScreenCell>.offset(of: \ScreenCell.style)!
    )
  }

  /// Hashes the grapheme and the style.
  ///
  /// - Complexity: O(length of the grapheme).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(character)
    hasher.combine(style)
  }

  /// Replaces characters that a terminal would interpret instead of print, and graphemes that
  /// take no column.
  @inline(__always)
  static func sanitized(_ character: Character) -> Character {
    if GlyphCache.isAvailable {
      let bits = unsafeBitCast(character, to: (UInt64, UInt64).self)
      if bits.1 == DisplayWidth.singleASCIIMarker {
        // One ASCII byte, in the low byte of the low word.
        let byte = bits.0 & 0xFF
        return byte < 0x20 || byte == 0x7F ? "\u{FFFD}" : character
      }
    }
    guard let first = character.unicodeScalars.first else { return character }
    let value = first.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return "\u{FFFD}" }
    if value < 0x300 { return character }
    return DisplayWidth.of(character) == 0 ? "\u{FFFD}" : character
  }
}
