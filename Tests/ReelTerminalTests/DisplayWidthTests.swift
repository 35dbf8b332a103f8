import Testing

@testable import ReelTerminal

/// Display widths against a reference list of strings terminals are known to lay out this way
/// (East Asian Width, emoji presentation, combining and joining characters).
@Suite struct DisplayWidthTests {
  /// (text, columns, what it exercises)
  static let reference: [(String, Int, String)] = [
    ("", 0, "empty"),
    ("abc", 3, "ASCII"),
    ("東京", 4, "CJK ideographs are wide"),
    ("かな カナ", 9, "hiragana and katakana are wide, the space is not"),
    ("ｶﾀｶﾅ", 4, "halfwidth katakana are narrow"),
    ("ＡＢ", 4, "fullwidth Latin is wide"),
    ("한국어", 6, "Hangul syllables are wide"),
    ("\u{1100}\u{1161}\u{11A8}", 2, "a conjoining jamo syllable is one wide cluster"),
    ("e\u{301}", 1, "a combining acute adds nothing"),
    ("a\u{301}\u{302}\u{303}\u{304}", 1, "stacked combining marks add nothing"),
    ("cafe\u{301} cre\u{300}me", 10, "decomposed accents in words"),
    ("\u{301}", 0, "a lone combining mark takes no column"),
    ("\u{200B}", 0, "zero-width space"),
    ("\u{200D}", 0, "a lone zero-width joiner"),
    ("\u{FE0F}", 0, "a lone variation selector"),
    ("😀", 2, "emoji presentation is wide"),
    ("☕", 2, "a BMP emoji with emoji presentation is wide"),
    ("👍🏽", 2, "an emoji with a skin tone modifier is one wide cluster"),
    ("👨‍👩‍👧", 2, "a ZWJ family sequence is as wide as its first emoji"),
    ("👩‍🚀", 2, "a ZWJ profession sequence"),
    ("🏳️‍🌈", 2, "a text-default flag made emoji by VS16, joined to a rainbow"),
    ("🇯🇵", 2, "a regional indicator pair (a flag) is wide"),
    ("🇫🇷🇩🇪", 4, "two flags"),
    ("❤", 1, "a text-default emoji alone is narrow"),
    ("❤\u{FE0F}", 2, "VS16 gives it emoji presentation: wide"),
    ("©", 1, "© is text by default"),
    ("©\u{FE0F}", 2, "© with VS16 is wide"),
    ("…─│", 3, "East Asian Ambiguous characters are narrow"),
    ("\u{00AD}", 1, "a soft hyphen shows, as in glibc"),
    ("\u{0600}1", 1, "a prepended concatenation mark with its digit is one cluster"),
    ("Zoë Šťastná", 11, "precomposed Latin"),
    ("Ελλάδα", 6, "Greek"),
  ]

  @Test func referenceStrings() {
    for (text, columns, reason) in Self.reference {
      #expect(
        DisplayWidth.of(text) == columns,
        "\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(reason)")
    }
  }

  /// Every cluster of every reference string fits the per-cluster answer: a string is the sum
  /// of its clusters, and no cluster takes more than two columns.
  @Test func stringsAreTheSumOfTheirClusters() {
    for (text, _, reason) in Self.reference {
      let clusters = text.map { DisplayWidth.of($0) }
      #expect(clusters.allSatisfy { (0...2).contains($0) }, "\(reason)")
      #expect(clusters.reduce(0, +) == DisplayWidth.of(text), "\(reason)")
    }
  }

  @Test func prefixNeverCutsAWideCharacter() {
    let text = "ab東京x"
    for columns in 0...8 {
      let (prefix, used) = DisplayWidth.prefix(of: text, fitting: columns)
      #expect(used <= columns)
      #expect(DisplayWidth.of(prefix) == used)
      // The next character would not have fitted.
      if prefix.endIndex < text.endIndex {
        #expect(used + DisplayWidth.of(text[prefix.endIndex]) > columns)
      }
    }
    #expect(DisplayWidth.prefix(of: text, fitting: 3).prefix == "ab")
    #expect(DisplayWidth.prefix(of: text, fitting: 4).prefix == "ab東")
  }

  /// The generated tables are sorted, non-overlapping ranges, and zero-width and wide never
  /// overlap.
  @Test func tablesAreSortedAndDisjoint() {
    for table in [
      UnicodeWidthTables.zeroWidth, UnicodeWidthTables.wide,
      UnicodeWidthTables.textPresentationEmoji,
    ] {
      #expect(table.count % 2 == 0)
      for pair in stride(from: 0, to: table.count, by: 2) {
        #expect(table[pair] <= table[pair + 1])
        if pair >= 2 { #expect(table[pair - 1] < table[pair]) }
      }
    }
    for pair in stride(from: 0, to: UnicodeWidthTables.wide.count, by: 2) {
      let first = UnicodeWidthTables.wide[pair]
      let last = UnicodeWidthTables.wide[pair + 1]
      #expect(!DisplayWidth.contains(UnicodeWidthTables.zeroWidth, first))
      #expect(!DisplayWidth.contains(UnicodeWidthTables.zeroWidth, last))
    }
    #expect(!DisplayWidth.unicodeVersion.isEmpty)
  }
}

extension DisplayWidthTests {
  /// The one-byte ASCII fast path agrees with the general path for every byte, and is not
  /// taken for anything else.
  @Test func asciiFastPathMatchesTheSlowPath() {
    #expect(DisplayWidth.singleASCIIMarker != 0, "the fast path is off on this platform")
    for value in UInt8(0)...0x7F {
      let character = Character(Unicode.Scalar(value))
      let bits = unsafeBitCast(character, to: (UInt64, UInt64).self)
      #expect(bits.1 == DisplayWidth.singleASCIIMarker && bits.0 & 0xFF == UInt64(value))
      let expected: Character = value < 0x20 || value == 0x7F ? "\u{FFFD}" : character
      #expect(ScreenCell(character).character == expected, "byte \(value)")
      #expect(DisplayWidth.of(character) == 1)
    }
    for other: Character in ["é", "\r\n", "漢", "e\u{301}", "👍🏽"] {
      #expect(unsafeBitCast(other, to: (UInt64, UInt64).self).1 != DisplayWidth.singleASCIIMarker)
    }
  }
}
