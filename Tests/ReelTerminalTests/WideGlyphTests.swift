import Testing

@testable import ReelTerminal

/// Wide glyphs in the screen buffer and through the diffing writer.
@Suite struct WideGlyphTests {
  /// Checks the buffer's wide-glyph invariant: a wide grapheme is followed by a continuation
  /// with its style, and a continuation follows a wide grapheme.
  static func violations(_ screen: ScreenBuffer) -> [String] {
    var found: [String] = []
    for y in 0..<screen.height {
      for x in 0..<screen.width {
        let cell = screen[x, y]
        if cell.isWideContinuation {
          let lead = x > 0 ? screen[x - 1, y] : nil
          if lead == nil || lead!.width != 2 || lead!.style != cell.style {
            found.append("continuation without its wide glyph at (\(x), \(y))")
          }
        } else if cell.width == 2 {
          if x + 1 >= screen.width || !screen[x + 1, y].isWideContinuation {
            found.append("wide glyph without its right half at (\(x), \(y))")
          }
        }
      }
    }
    return found
  }

  /// A wide glyph drawn at every column: whole where it fits, a space in the last column.
  @Test func wideGlyphAtEveryColumn() {
    let width = 7
    for x in 0..<width {
      var screen = ScreenBuffer(width: width, height: 1, fill: ScreenCell("."))
      screen.set(ScreenCell("漢"), x: x, y: 0)
      let expected =
        x + 1 < width
        ? String(repeating: ".", count: x) + "漢" + String(repeating: ".", count: width - x - 2)
        : String(repeating: ".", count: x) + " "
      #expect(screen.textLines == [expected], "at column \(x)")
      #expect(Self.violations(screen).isEmpty, "at column \(x)")
      #expect(DisplayWidth.of(screen.textLines[0]) == width)
      // Through the writer and a terminal that wraps a wide glyph in the last column.
      let renderer = FrameRenderer()
      renderer.render(screen)
      var terminal = ANSIInterpreter(width: width, height: 1)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "at column \(x): \(terminal.errors)")
      #expect(terminal.screen == screen, "at column \(x)")
    }
  }

  /// Text with wide characters drawn from every column, clipped by the buffer's right edge:
  /// the wide character that would cross the edge becomes a space.
  @Test func textWithWideCharactersFromEveryColumn() {
    let width = 8
    let text = "a漢b字"
    for x in -3..<width {
      var screen = ScreenBuffer(width: width, height: 1, fill: ScreenCell("."))
      screen.drawText(text, in: CellRect(x: x, y: 0, width: 20, height: 1))
      // Expected, column by column: each character at its offset, clipped.
      var expected = Array(repeating: ".", count: width)
      var column = x
      for character in text {
        let columns = DisplayWidth.of(character)
        for part in 0..<columns where column + part >= 0 && column + part < width {
          let whole = column >= 0 && column + columns <= width
          expected[column + part] = whole ? (part == 0 ? String(character) : "") : " "
        }
        column += columns
      }
      #expect(screen.textLines == [expected.joined()], "from column \(x)")
      #expect(Self.violations(screen).isEmpty, "from column \(x)")
    }
  }

  @Test func ellipsisNeverCutsAWideCharacter() {
    func drawn(_ text: String, width: Int) -> String {
      var screen = ScreenBuffer(width: width, height: 1, fill: ScreenCell("."))
      screen.drawText(text, in: screen.bounds, overflow: .ellipsis)
      #expect(Self.violations(screen).isEmpty)
      return screen.textLines[0]
    }
    #expect(drawn("ab東京x", width: 7) == "ab東京x")
    #expect(drawn("ab東京x", width: 6) == "ab東….")
    #expect(drawn("ab東京x", width: 5) == "ab東…")
    #expect(drawn("ab東京x", width: 4) == "ab….")
    #expect(drawn("東京", width: 1) == "…")
    #expect(drawn("x\u{200B}y", width: 2) == "xy", "zero-width characters are skipped")
  }

  /// Overwriting either half of a wide glyph blanks its other half, keeping its style.
  @Test func overwritingHalfAGlyphBlanksTheOtherHalf() {
    let style = TextStyle(foreground: .white)
    var screen = ScreenBuffer(width: 6, height: 1, fill: ScreenCell("."))
    screen.set(ScreenCell("漢", style: style), x: 1, y: 0)
    screen.set(ScreenCell("x"), x: 2, y: 0)  // the right half
    #expect(screen.textLines == [". x..."])
    #expect(screen[1, 0].style == style)
    screen.set(ScreenCell("漢", style: style), x: 3, y: 0)
    screen.set(ScreenCell("y"), x: 3, y: 0)  // the left half
    #expect(screen.textLines == [". xy ."])
    screen.set(ScreenCell("字"), x: 0, y: 0)
    screen.set(ScreenCell("漢"), x: 1, y: 0)  // a wide glyph over the right half of another
    #expect(screen.textLines == [" 漢y ."])
    screen.fill(CellRect(x: 2, y: 0, width: 2, height: 1), with: ScreenCell("-"))
    #expect(screen.textLines == ["  -- ."])
    screen.fill(screen.bounds, with: ScreenCell("字"))
    #expect(screen.textLines == ["字字字"])
    screen.drawPicture(PixelGrid(width: 1, height: 2), x: 1, y: 0)
    #expect(screen.textLines == [" ▀字字"])
    #expect(Self.violations(screen).isEmpty)
    // A continuation copied out of a buffer draws as a space.
    let half = screen[3, 0]
    #expect(half.isWideContinuation && half.width == 0)
    screen.set(half, x: 0, y: 0)
    #expect(screen.textLines == [" ▀字字"])
    #expect(ScreenCell("\u{301}").character == "\u{FFFD}", "zero-width graphemes are replaced")
  }

  /// A wide glyph at the right edge of a clip is drawn as a space: no half glyph leaks out.
  @Test func clippedWideGlyphsBecomeSpaces() {
    var screen = ScreenBuffer(width: 6, height: 1, fill: ScreenCell("."))
    _ = screen.withClip(CellRect(x: 1, y: 0, width: 3, height: 1)) { screen in
      screen.drawText("漢字", in: CellRect(x: 0, y: 0, width: 6, height: 1))
    }
    #expect(screen.textLines == [". 字.."])
    #expect(Self.violations(screen).isEmpty)
  }

  /// A wide glyph replaced by two narrow ones and back, next to other wide glyphs: the
  /// terminal shows every frame exactly, and the write after a wide glyph is positioned
  /// absolutely.
  @Test func wideReplacedByTwoNarrowAndBack() {
    let frames: [String] = ["漢字ab", "漢xyab", "漢字ab", "a漢字b", "漢字ab", "abcdef", "漢字ab"]
    let renderer = FrameRenderer()
    var terminal = ANSIInterpreter(width: 6, height: 1)
    for (number, text) in frames.enumerated() {
      var screen = ScreenBuffer(width: 6, height: 1)
      screen.drawText(text, in: screen.bounds)
      renderer.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "frame \(number): \(terminal.errors)")
      #expect(terminal.screen == screen, "frame \(number) \(text): \(terminal.screen.textLines)")
    }
    var screen = ScreenBuffer(width: 6, height: 1)
    renderer.render(screen)
    screen.drawText("漢a", in: screen.bounds)
    renderer.render(screen)
    // "漢", then CUP to column 3 before "a": the column after a wide glyph is not trusted.
    #expect(String(decoding: renderer.output, as: UTF8.self) == "\u{1B}[H漢\u{1B}[1;3Ha")
  }

  /// Random frames full of wide, narrow and combining graphemes, drawn by every drawing call,
  /// through the writer into the interpreter: the terminal always equals the frame, and the
  /// buffer's invariant always holds.
  @Test(arguments: [3, 17, 99, 512, 2026] as [UInt32])
  func randomWideFramesReplayExactly(seed: UInt32) {
    var random = SeededRandom(seed: seed)
    let alphabet: [Character] = ["a", "漢", "字", "😀", "👍🏽", "e\u{301}", " ", "─", "🇯🇵", "ｶ"]
    let styles = [
      TextStyle.plain, TextStyle(foreground: .white), TextStyle(background: .black, bold: true),
    ]
    let renderer = FrameRenderer()
    let width = 5 + random.below(20)
    let height = 1 + random.below(6)
    var screen = ScreenBuffer(width: width, height: height)
    var terminal = ANSIInterpreter(width: width, height: height)
    for frame in 0..<80 {
      for _ in 0..<(1 + random.below(6)) {
        let style = styles[random.below(styles.count)]
        let x = random.below(width + 2) - 1
        let y = random.below(height)
        switch random.below(4) {
        case 0:
          screen.set(ScreenCell(alphabet[random.below(alphabet.count)], style: style), x: x, y: y)
        case 1:
          let text = String((0..<random.below(8)).map { _ in alphabet[random.below(10)] })
          screen.drawText(
            text, in: CellRect(x: x, y: y, width: random.below(width), height: 1), style: style,
            overflow: random.below(2) == 0 ? .clip : .ellipsis)
        case 2:
          screen.fill(
            CellRect(x: x, y: y, width: random.below(4), height: 1),
            with: ScreenCell(alphabet[random.below(alphabet.count)], style: style))
        default:
          screen.drawBox(CellRect(x: x, y: y, width: 2 + random.below(5), height: 2), style: style)
        }
      }
      let broken = Self.violations(screen)
      #expect(broken.isEmpty, "seed \(seed), frame \(frame): \(broken)")
      renderer.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "seed \(seed), frame \(frame): \(terminal.errors)")
      #expect(terminal.screen == screen, "seed \(seed), frame \(frame): screens differ")
      if terminal.screen != screen || !terminal.errors.isEmpty || !broken.isEmpty { return }
    }
  }
}
