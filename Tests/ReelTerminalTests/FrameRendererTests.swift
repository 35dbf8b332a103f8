import Testing

@testable import ReelTerminal

@Suite struct FrameRendererTests {
  /// Renders `screen` and returns the output as text.
  private func frame(_ renderer: FrameRenderer, _ screen: ScreenBuffer) -> String {
    let count = renderer.render(screen)
    #expect(count == renderer.output.count)
    return String(decoding: renderer.output, as: UTF8.self)
  }

  @Test func firstFrameClearsAndDrawsOnlyNonBlankCells() {
    var screen = ScreenBuffer(width: 5, height: 2)
    screen.drawText("ab", in: CellRect(x: 0, y: 0, width: 5, height: 1))
    screen.drawText("c", in: CellRect(x: 3, y: 1, width: 1, height: 1))
    let renderer = FrameRenderer()
    #expect(frame(renderer, screen) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jab\u{1B}[2;4Hc")
  }

  @Test func nothingChangedWritesNothing() {
    var screen = ScreenBuffer(width: 5, height: 2)
    screen.drawText("hello", in: screen.bounds, style: TextStyle(bold: true))
    let renderer = FrameRenderer()
    renderer.render(screen)
    #expect(renderer.render(screen) == 0)
    #expect(renderer.output.isEmpty)
  }

  @Test func oneChangedCellIsOneMoveAndOneCharacter() {
    let renderer = FrameRenderer()
    var screen = ScreenBuffer(width: 20, height: 10)
    renderer.render(screen)
    screen[12, 7] = ScreenCell("x")
    #expect(frame(renderer, screen) == "\u{1B}[8;13Hx")
    screen[13, 7] = ScreenCell("y")
    // The cursor is right after the x, so no move at all.
    #expect(frame(renderer, screen) == "y")
    screen[0, 0] = ScreenCell("z")
    #expect(frame(renderer, screen) == "\u{1B}[Hz")
  }

  @Test func shortGapsAreReprintedInsteadOfMoved() {
    let renderer = FrameRenderer()
    var screen = ScreenBuffer(width: 10, height: 1)
    screen.drawText("abcdefghij", in: screen.bounds)
    renderer.render(screen)
    screen[1, 0] = ScreenCell("B")
    screen[3, 0] = ScreenCell("D")
    screen[8, 0] = ScreenCell("I")
    #expect(frame(renderer, screen) == "\u{1B}[1;2HBcD\u{1B}[4CI")
  }

  @Test func styleChangesEmitMinimalSGR() {
    let renderer = FrameRenderer()
    var screen = ScreenBuffer(width: 4, height: 1)
    renderer.render(screen)
    let red = TerminalColor(red: 255, green: 0, blue: 7)
    screen[0, 0] = ScreenCell("a", style: TextStyle(foreground: red, bold: true))
    screen[1, 0] = ScreenCell("b", style: TextStyle(foreground: red))
    screen[2, 0] = ScreenCell("c", style: TextStyle(background: red, underline: true))
    screen[3, 0] = ScreenCell("d")
    #expect(
      frame(renderer, screen)
        == "\u{1B}[1;38;2;255;0;7ma\u{1B}[22mb\u{1B}[4;39;48;2;255;0;7mc\u{1B}[24;49md")
    // A style change without a character change is still written; after the last column
    // the cursor position is unknown, so the move is absolute.
    screen[3, 0].style.inverse = true
    #expect(frame(renderer, screen) == "\u{1B}[1;4H\u{1B}[7md")
    screen[0, 0].character = "e"
    #expect(frame(renderer, screen) == "\u{1B}[H\u{1B}[1;27;38;2;255;0;7me")
  }

  @Test func sizeChangeAndInvalidateRedrawEverything() {
    let renderer = FrameRenderer()
    renderer.render(ScreenBuffer(width: 3, height: 1, fill: ScreenCell("a")))
    #expect(renderer.render(ScreenBuffer(width: 3, height: 1, fill: ScreenCell("a"))) == 0)
    let bigger = ScreenBuffer(width: 4, height: 1, fill: ScreenCell("b"))
    #expect(frame(renderer, bigger) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jbbbb")
    renderer.invalidate()
    #expect(frame(renderer, bigger) == "\u{1B}[0m\u{1B}[H\u{1B}[2Jbbbb")
  }

  @Test func statelessFormDiffsAgainstTheGivenPrevious() {
    let renderer = FrameRenderer()
    let previous = ScreenBuffer(width: 3, height: 1)
    var next = previous
    next[1, 0] = ScreenCell("é", style: TextStyle(italic: true))
    renderer.render(from: previous, to: next)
    #expect(String(decoding: renderer.output, as: UTF8.self) == "\u{1B}[1;2H\u{1B}[0;3mé")
    #expect(renderer.render(from: next, to: next) == 0)
  }

  @Test func outputBufferIsReusedInSteadyState() {
    let renderer = FrameRenderer()
    var screen = ScreenBuffer(width: 40, height: 10, fill: ScreenCell("x"))
    renderer.render(screen)  // the largest output: sets the capacity
    var addresses: Set<Int> = []
    for frame in 0..<20 {
      screen.drawText("frame \(frame)", in: CellRect(x: frame, y: frame % 10, width: 20, height: 1))
      renderer.render(screen)
      if frame >= 2 {
        renderer.withOutput { _ = addresses.insert(Int(bitPattern: $0.baseAddress)) }
      }
    }
    #expect(addresses.count == 1)
  }

  /// Applies renderer output to the interpreter over random frames: the interpreted screen
  /// must always equal the frame just rendered.
  @Test(arguments: [1, 2, 3, 42, 2024] as [UInt32])
  func reparsedOutputEqualsTheFrame(seed: UInt32) {
    var random = SeededRandom(seed: seed)
    let alphabet: [Character] = ["a", "b", " ", "é", "▀", "字", "─", "z"]
    let colors: [TerminalColor?] = [nil, .black, .white, TerminalColor(hex: 0x12_34_56)]
    func randomStyle() -> TextStyle {
      TextStyle(
        foreground: colors[random.below(colors.count)],
        background: colors[random.below(colors.count)], bold: random.below(3) == 0,
        dim: random.below(4) == 0, italic: random.below(4) == 0,
        underline: random.below(4) == 0, inverse: random.below(5) == 0)
    }
    let renderer = FrameRenderer()
    var width = 1 + random.below(30)
    var height = 1 + random.below(12)
    var screen = ScreenBuffer(width: width, height: height)
    var terminal = ANSIInterpreter(width: width, height: height)
    for frame in 0..<60 {
      if random.below(15) == 0 {
        width = 1 + random.below(30)
        height = 1 + random.below(12)
        screen = ScreenBuffer(width: width, height: height)
        terminal = ANSIInterpreter(width: width, height: height)
      }
      let changes = random.below(4) == 0 ? width * height : random.below(8)
      for _ in 0..<changes {
        screen[random.below(width), random.below(height)] = ScreenCell(
          alphabet[random.below(alphabet.count)], style: randomStyle())
      }
      renderer.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "seed \(seed), frame \(frame): \(terminal.errors)")
      #expect(terminal.screen == screen, "seed \(seed), frame \(frame): screens differ")
      if terminal.screen != screen || !terminal.errors.isEmpty { return }
    }
  }

  /// More distinct graphemes than the glyph cache has slots, and graphemes longer than it
  /// caches (a family emoji of 18 bytes, stacked accents, a flag), in both heap and inline
  /// strings: the bytes written are always the cell's own.
  @Test func glyphCacheEvictionAndLongGraphemes() {
    var random = SeededRandom(seed: 7)
    var alphabet: [Character] = ["👨‍👩‍👧", "a\u{301}\u{302}\u{303}\u{304}", "🇫🇷", "e\u{301}", "▀", "x"]
    for value in 0x4E00..<0x4E00 + 300 { alphabet.append(Character(Unicode.Scalar(value)!)) }
    let renderer = FrameRenderer()
    var screen = ScreenBuffer(width: 23, height: 7)
    var terminal = ANSIInterpreter(width: 23, height: 7)
    for frame in 0..<40 {
      let changes = frame.isMultiple(of: 5) ? 23 * 7 : random.below(20)
      for _ in 0..<changes {
        let style = TextStyle(foreground: random.below(2) == 0 ? .white : nil)
        screen[random.below(23), random.below(7)] = ScreenCell(
          alphabet[random.below(alphabet.count)], style: style)
      }
      if frame == 20 { renderer.invalidate() }
      renderer.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "frame \(frame): \(terminal.errors)")
      #expect(terminal.screen == screen, "frame \(frame): screens differ")
      if terminal.screen != screen { return }
    }
  }
}
