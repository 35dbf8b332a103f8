import Glibc
import Testing

@testable import ReelTerminal

/// Colour depth detection and mapping colours down to 256 and 16 colours.
@Suite struct ColorDepthTests {
  // MARK: Mapping

  /// Every colour of the 256-colour palette's cube and grey ramp maps to its own index, and
  /// known colours map where xterm's palette puts them.
  @Test func palette256EntriesMapToThemselves() {
    for index in 16...255 {
      let color = ColorApproximation.palette256(index)
      #expect(
        ColorApproximation.nearestIndex(to: color, depth: .palette256) == UInt8(index),
        "entry \(index) = \(color)")
    }
    #expect(ColorApproximation.palette256(196) == TerminalColor(red: 255, green: 0, blue: 0))
    #expect(ColorApproximation.palette256(244) == TerminalColor(gray: 128))
    #expect(ColorApproximation.palette256(67) == TerminalColor(red: 95, green: 135, blue: 175))
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(hex: 0xFE_01_02), depth: .palette256) == 196
    )
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(gray: 130), depth: .palette256) == 244)
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(hex: 0x5D_88_B0), depth: .palette256) == 67)
  }

  @Test func ansi16EntriesMapToThemselves() {
    for index in 0..<16 {
      let color = TerminalColor(hex: ColorApproximation.ansi16[index])
      #expect(ColorApproximation.nearestIndex(to: color, depth: .ansi16) == UInt8(index))
    }
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(hex: 0xF0_10_10), depth: .ansi16) == 9)
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(hex: 0x10_12_18), depth: .ansi16) == 0)
    #expect(
      ColorApproximation.nearestIndex(to: TerminalColor(hex: 0xFA_FA_F7), depth: .ansi16) == 15)
  }

  /// The search is perceptual: a dark saturated blue is nearer, to the eye and in OKLab, to
  /// blue than to black, though in RGB it is nearer to black.
  @Test func nearestIsPerceptualNotRGB() {
    let navy = TerminalColor(red: 0, green: 0, blue: 110)
    func rgbDistance(_ a: TerminalColor, _ b: TerminalColor) -> Int {
      let dr = Int(a.red) - Int(b.red)
      let dg = Int(a.green) - Int(b.green)
      let db = Int(a.blue) - Int(b.blue)
      return dr * dr + dg * dg + db * db
    }
    let black = TerminalColor(hex: ColorApproximation.ansi16[0])
    let blue = TerminalColor(hex: ColorApproximation.ansi16[4])
    #expect(rgbDistance(navy, black) < rgbDistance(navy, blue))
    #expect(ColorApproximation.nearestIndex(to: navy, depth: .ansi16) == 4)
  }

  // MARK: Writing

  /// Renders one red-on-grey cell at `depth` and returns the bytes.
  private func rendered(_ depth: ColorDepth, _ style: TextStyle) -> String {
    var screen = ScreenBuffer(width: 2, height: 1)
    screen.set(ScreenCell("x", style: style), x: 0, y: 0)
    let renderer = FrameRenderer(colorDepth: depth)
    renderer.render(screen)
    return String(decoding: renderer.output, as: UTF8.self)
  }

  @Test func sequencesAtEachDepth() {
    let style = TextStyle(
      foreground: TerminalColor(red: 255, green: 0, blue: 0), background: TerminalColor(gray: 128),
      bold: true)
    #expect(rendered(.trueColor, style).contains("\u{1B}[1;38;2;255;0;0;48;2;128;128;128mx"))
    #expect(rendered(.palette256, style).contains("\u{1B}[1;38;5;196;48;5;244mx"))
    #expect(rendered(.ansi16, style).contains("\u{1B}[1;91;100mx"))
    #expect(rendered(.none, style).contains("\u{1B}[1mx"))
  }

  /// NO_COLOR: frames full of colours produce no colour parameter at all, and styles that
  /// differ only in colour produce no SGR sequence between them.
  @Test func noColorWritesNoColourSequences() {
    var random = SeededRandom(seed: 11)
    let renderer = FrameRenderer(colorDepth: ColorDepth.detect(environment: ["NO_COLOR": "1"]))
    #expect(renderer.colorDepth == .none)
    var screen = ScreenBuffer(width: 20, height: 5)
    var terminal = ANSIInterpreter(width: 20, height: 5)
    for frame in 0..<10 {
      for y in 0..<5 {
        for x in 0..<20 {
          let style = TextStyle(
            foreground: TerminalColor(hex: random.next32()),
            background: TerminalColor(hex: random.next32()), underline: random.below(4) == 0)
          screen.set(ScreenCell("a", style: style), x: x, y: y)
        }
      }
      renderer.render(screen)
      let text = String(decoding: renderer.output, as: UTF8.self)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "frame \(frame): \(terminal.errors)")
      #expect(!text.contains("38;") && !text.contains("48;") && !text.contains("[m"))
    }
    #expect(terminal.colorParameters == 0)
    #expect(terminal.screen.textLines == screen.textLines)
  }

  /// At 256 and 16 colours the terminal shows each cell in the palette colour nearest to its
  /// colour, and colours that map to the same entry are not written twice.
  @Test(arguments: [ColorDepth.palette256, .ansi16])
  func palettedFramesReplayAsTheirNearestColours(depth: ColorDepth) {
    var random = SeededRandom(seed: depth == .ansi16 ? 16 : 256)
    let renderer = FrameRenderer(colorDepth: depth)
    var screen = ScreenBuffer(width: 12, height: 4)
    var terminal = ANSIInterpreter(width: 12, height: 4)
    func shown(_ color: TerminalColor?) -> TerminalColor? {
      guard let color else { return nil }
      let index = Int(ColorApproximation.nearestIndex(to: color, depth: depth))
      return depth == .ansi16
        ? TerminalColor(hex: ColorApproximation.ansi16[index])
        : ColorApproximation.palette256(index)
    }
    for frame in 0..<20 {
      for _ in 0..<15 {
        let style = TextStyle(
          foreground: random.below(5) == 0 ? nil : TerminalColor(hex: random.next32()),
          background: random.below(5) == 0 ? nil : TerminalColor(hex: random.next32()))
        screen.set(ScreenCell("o", style: style), x: random.below(12), y: random.below(4))
      }
      renderer.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "\(depth) frame \(frame): \(terminal.errors)")
      for y in 0..<4 {
        for x in 0..<12 {
          let expected = screen[x, y].style
          let actual = terminal.screen[x, y].style
          #expect(actual.foreground == shown(expected.foreground), "\(depth) (\(x), \(y))")
          #expect(actual.background == shown(expected.background), "\(depth) (\(x), \(y))")
        }
      }
    }
    // Two reds that share a palette entry: one SGR for both cells.
    var pair = ScreenBuffer(width: 2, height: 1)
    pair.set(
      ScreenCell("a", style: TextStyle(foreground: TerminalColor(hex: 0xFF_00_00))), x: 0, y: 0)
    pair.set(
      ScreenCell("b", style: TextStyle(foreground: TerminalColor(hex: 0xFE_01_01))), x: 1, y: 0)
    renderer.invalidate()
    renderer.render(pair)
    let text = String(decoding: renderer.output, as: UTF8.self)
    #expect(text.hasSuffix("ab"), "\(depth): \(text.debugDescription)")
  }

  /// The colour a terminal shows at each depth is the palette entry the renderer writes.
  @Test func approximationIsThePaletteEntryWritten() {
    var checked = 0
    for hex in ColorApproximation.ansi16 {
      let color = TerminalColor(hex: hex)
      #expect(ColorDepth.ansi16.approximation(of: color) == color)
      checked += 1
    }
    for index in 16...255 {
      let color = ColorApproximation.palette256(index)
      #expect(ColorDepth.palette256.approximation(of: color) == color)
      checked += 1
    }
    #expect(checked == 256)
    let green = TerminalColor(hex: 0x50_99_1F)
    #expect(ColorDepth.trueColor.approximation(of: green) == green)
    #expect(ColorDepth.none.approximation(of: green) == green)
    #expect(ColorDepth.ansi16.approximation(of: green) == TerminalColor(hex: 0x00_CD_00))
    #expect(ColorDepth.palette256.approximation(of: green) == TerminalColor(hex: 0x5F_87_00))
  }

  // MARK: Detection

  /// A compiled terminfo entry with `colors` set, in the legacy (16-bit) or extended (32-bit)
  /// number format.
  static func terminfoEntry(name: String, colors: Int32, extended: Bool) -> [UInt8] {
    TerminfoFixtures.entry(name: name, numbers: [13: colors, 14: -1], extended: extended)
  }

  @Test func terminfoColorsInBothFormats() throws {
    for extended in [false, true] {
      for colors: Int32 in [8, 256, 88] {
        let entry = Self.terminfoEntry(name: "x", colors: colors, extended: extended)
        #expect(try TerminfoEntry(parsing: entry).colors == Int(colors))
      }
    }
    let direct = Self.terminfoEntry(name: "x", colors: 1 << 24, extended: true)
    #expect(try TerminfoEntry(parsing: direct).colors == 1 << 24)
    let mono = Self.terminfoEntry(name: "x", colors: -1, extended: false)
    #expect(try TerminfoEntry(parsing: mono).colors == nil)
  }

  @Test func detectionOrder() throws {
    let directory = try TerminfoFixtures.directory([
      "reeltest-direct": Self.terminfoEntry(
        name: "reeltest-direct", colors: 1 << 24, extended: true),
      "reeltest-256": Self.terminfoEntry(name: "reeltest-256", colors: 256, extended: false),
      "reeltest-8": Self.terminfoEntry(name: "reeltest-8", colors: 8, extended: false),
      "reeltest-mono": Self.terminfoEntry(name: "reeltest-mono", colors: -1, extended: false),
      "reeltest-256color": Self.terminfoEntry(
        name: "reeltest-256color", colors: 8, extended: false),
    ])
    func detect(_ environment: [String: String]) -> ColorDepth {
      ColorDepth.detect(environment: environment.merging(["TERMINFO": directory]) { a, _ in a })
    }
    #expect(detect(["TERM": "reeltest-256", "NO_COLOR": "1"]) == .none)
    #expect(detect(["TERM": "reeltest-256", "NO_COLOR": ""]) == .palette256, "an empty NO_COLOR")
    #expect(detect(["TERM": "reeltest-8", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(detect(["TERM": "reeltest-8", "COLORTERM": "24bit"]) == .trueColor)
    #expect(detect(["TERM": "dumb"]) == .none)
    #expect(detect([:]) == .none)
    #expect(detect(["TERM": "reeltest-direct"]) == .trueColor)
    #expect(detect(["TERM": "reeltest-256"]) == .palette256)
    #expect(detect(["TERM": "reeltest-8"]) == .ansi16)
    #expect(detect(["TERM": "reeltest-mono"]) == .none)
    #expect(detect(["TERM": "reeltest-256color"]) == .ansi16, "terminfo wins over the name")
    // Without an entry, the name decides.
    #expect(detect(["TERM": "reeltest-missing-256color"]) == .palette256)
    #expect(detect(["TERM": "reeltest-missing-direct"]) == .trueColor)
    #expect(detect(["TERM": "reeltest-missing"]) == .ansi16)
    #expect(detect(["TERM": "../etc/passwd"]) == .ansi16, "a path is not looked up")
  }
}
