/// The number of terminal columns text takes, as terminals count them.
///
/// Widths come from tables generated from the Unicode Character Database
/// (`Scripts/generate-width-tables.py`), not from the C library's `wcwidth`: `wcwidth` answers
/// only under a UTF-8 locale (a process starts in the "C" locale, where every non-ASCII
/// character is unprintable) and follows whichever glibc is installed, so the same program
/// would lay out text differently from one machine to the next. The tables make layout and
/// tests the same everywhere.
///
/// A grapheme cluster (a Swift `Character`) takes the width of its first scalar that takes any
/// room, so that marks, joiners and modifiers after it add nothing:
/// - East Asian Wide and Fullwidth characters (CJK, kana, Hangul syllables, fullwidth forms) and
///   emoji with emoji presentation take **2** columns; so do emoji that default to text
///   presentation when followed by the variation selector U+FE0F (`"❤\u{FE0F}"`), ZWJ sequences
///   (`"👩‍🚀"`, as wide as their first emoji), emoji with skin tones and flags (a pair of
///   regional indicators);
/// - combining marks, zero-width joiners, variation selectors and other format or
///   default-ignorable characters take **0** columns on their own (a lone combining mark, a
///   zero-width space);
/// - everything else takes **1**, including East Asian Ambiguous characters (box drawing, `…`),
///   as in non-CJK locales, and control characters, which ``ScreenCell`` shows as U+FFFD.
///
/// Terminals disagree with each other on a few sequences (ZWJ sequences and flags on terminals
/// without emoji sequence support, emoji newer than their tables), so ``FrameRenderer`` never
/// trusts the cursor column after a wide glyph: a disagreement cannot shift the rest of a row.
///
/// ```swift
/// DisplayWidth.of("東京")       // 4
/// DisplayWidth.of("e\u{301}")   // 1: "é" as e + combining acute
/// DisplayWidth.of("👍🏽")        // 2: thumbs up with a skin tone
/// DisplayWidth.prefix(of: "漢字かな", fitting: 5)  // "漢字": the third character would not fit
/// ```
public enum DisplayWidth {
  /// The Unicode version the width tables follow.
  public static var unicodeVersion: String { UnicodeWidthTables.unicodeVersion }

  /// The columns one grapheme cluster takes: 0, 1 or 2.
  ///
  /// - Complexity: O(scalars in the grapheme), with a binary search over the tables for
  ///   scalars outside Latin-1.
  @inline(__always)
  public static func of(_ character: Character) -> Int {
    if GlyphCache.isAvailable
      && unsafeBitCast(character, to: (UInt64, UInt64).self).1 == singleASCIIMarker
    {
      return 1  // one ASCII byte: the common case, without walking the scalars
    }
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    if first.value < 0x300 && first.value != 0xA9 && first.value != 0xAE {
      // Latin-1 and the spacing modifiers: one column, with or without marks after them (©
      // and ® are emoji, wide with U+FE0F).
      return 1
    }
    return clusterWidth(first: first.value, rest: &scalars)
  }

  /// The columns a string takes: the sum of its grapheme clusters' widths (a `"\n"` counts as
  /// the one column of the U+FFFD it would be drawn as; split lines first).
  ///
  /// - Complexity: O(n) in the string's length.
  public static func of<Text: StringProtocol>(_ text: Text) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The longest prefix of `text` that fits in `columns`, never cutting a wide character in
  /// half, and the columns it takes.
  ///
  /// ```swift
  /// let (prefix, used) = DisplayWidth.prefix(of: "ab東京", fitting: 3)  // ("ab", 2)
  /// ```
  ///
  /// - Complexity: O(length of the prefix).
  public static func prefix<Text: StringProtocol>(of text: Text, fitting columns: Int)
    -> (prefix: Text.SubSequence, columns: Int)
  {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let width = of(text[index])
      if used + width > columns { break }
      used += width
      end = text.index(after: index)
    }
    return (text[..<end], used)
  }

  /// The high word of the raw bits of every one-byte ASCII `Character` (a small string's
  /// count and flags; the byte itself is the low byte of the low word), found at run time
  /// rather than assumed; 0 (never matching) where the layout differs.
  static let singleASCIIMarker: UInt64 = {
    guard GlyphCache.isAvailable else { return 0 }
    let marker = unsafeBitCast(Character("a"), to: (UInt64, UInt64).self).1
    let other = unsafeBitCast(Character("~"), to: (UInt64, UInt64).self).1
    let wide = unsafeBitCast(Character("é"), to: (UInt64, UInt64).self).1
    let low = unsafeBitCast(Character("a"), to: (UInt64, UInt64).self).0
    return marker == other && marker != wide && low == 0x61 ? marker : 0
  }()

  /// The width of a cluster whose first scalar is at or above U+0300.
  private static func clusterWidth(
    first: UInt32, rest scalars: inout String.UnicodeScalarView.Iterator
  ) -> Int {
    var base = first
    var width = scalarWidth(base)
    // Skip leading zero-width scalars (prepended concatenation marks, a lone joiner): the
    // cluster is as wide as its first scalar that takes room.
    while width == 0 {
      guard let next = scalars.next() else { return 0 }
      base = next.value
      width = scalarWidth(base)
    }
    if width == 1, isTextPresentationEmoji(base) {
      // An emoji shown as text by default is wide with the emoji presentation selector.
      while let next = scalars.next() {
        if next.value == 0xFE0F { return 2 }
      }
    }
    return width
  }

  /// The width of one scalar on its own.
  @inline(__always)
  static func scalarWidth(_ value: UInt32) -> Int {
    if value < 0x300 { return 1 }
    if value < 0x1100 {
      // Only combining marks and format characters below the first wide block (Hangul Jamo).
      return contains(UnicodeWidthTables.zeroWidth, value) ? 0 : 1
    }
    if contains(UnicodeWidthTables.wide, value) { return 2 }
    return contains(UnicodeWidthTables.zeroWidth, value) ? 0 : 1
  }

  static func isTextPresentationEmoji(_ value: UInt32) -> Bool {
    contains(UnicodeWidthTables.textPresentationEmoji, value)
  }

  /// Whether `value` lies in one of the ranges of a flattened, sorted range table.
  @inline(__always)
  static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
    table.withUnsafeBufferPointer { pairs in
      // Binary search for the last range whose first code point is ≤ value.
      var low = 0
      var high = pairs.count / 2
      while low < high {
        let middle = (low &+ high) >> 1
        if pairs[middle &* 2] <= value { low = middle &+ 1 } else { high = middle }
      }
      return low > 0 && value <= pairs[(low &- 1) &* 2 &+ 1]
    }
  }
}
