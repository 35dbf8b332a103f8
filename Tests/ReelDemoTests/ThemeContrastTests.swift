import Reel
import Testing

@testable import ReelDemo
@testable import ReelTerminal

/// Everything the demo draws reads at WCAG contrast ≥ 4.5 : 1 against its background, in both
/// themes and at every colour depth, as the terminal shows it: 24-bit as it is, 256 and 16
/// colours as the nearest palette entry the renderer writes (`ColorDepth.approximation(of:)`),
/// with xterm's default palette.
///
/// The pairs are not listed by hand: the demo's own scene is driven through every view (the
/// million rows as a list, as horizontal cards and as a grid, with a focused and a selected
/// row; every banner page, settled and mid-turn; the help overlay; a message; the contacts
/// under every section header; the chat streaming and scrolled up; the status line with and
/// without `--stats`; 120 × 40, and 80 × 24 in 24-bit colour), and every cell of every frame is
/// checked. So a colour added to a view is checked the first time a frame shows it.
///
/// Which cells are checked, and against what:
/// - **Text** (letters, digits, punctuation, symbols such as ✓ and ⏸): 4.5 : 1, WCAG 1.4.3.
/// - **Graphics** (box drawing, block elements and geometric shapes, U+2500–U+25FF: card
///   borders, bars, the page dots, the focus pointer): 3 : 1, WCAG 1.4.11's bound for
///   graphical objects and the states of controls.
/// - **Not checked**: blank cells (a space or the right half of a wide glyph, which show only
///   their background) and picture cells (the half-block `▀` whose two colours are two pixels
///   of a picture, not a glyph on a background).
///
/// A checked cell must carry both colours: one that left either to the terminal's default
/// could not be checked and fails.
@Suite struct ThemeContrastTests {
  /// The WCAG contrast ratio of two colours.
  static func contrast(_ a: TerminalColor, _ b: TerminalColor) -> Double {
    let (light, dark) =
      a.relativeLuminance > b.relativeLuminance ? (a, b) : (b, a)
    return (light.relativeLuminance + 0.05) / (dark.relativeLuminance + 0.05)
  }

  /// How a cell is checked.
  enum Kind: Hashable {
    /// Shows only its background, or is a picture's two pixels: not checked.
    case blank
    case picture
    /// Held to 4.5 : 1.
    case text
    /// Held to 3 : 1.
    case graphic

    init(_ cell: ScreenCell) {
      if cell.isWideContinuation || cell.character == " " {
        self = .blank
      } else if cell.character == "▀" || cell.character == "▄" {
        self = .picture
      } else if let scalar = cell.character.unicodeScalars.first,
        cell.character.unicodeScalars.count == 1, (0x2500...0x25FF).contains(scalar.value)
      {
        self = .graphic
      } else {
        self = .text
      }
    }

    var minimum: Double { self == .text ? 4.5 : 3 }
  }

  /// A foreground on a background, checked as text or as a graphic.
  struct Pair: Hashable {
    var foreground: TerminalColor?
    var background: TerminalColor?
    var kind: Kind
  }

  /// Drives the demo's scene on a simulated clock and keeps its frames.
  final class Driver {
    let scene: DemoScene
    private var now = ReelInstant.zero
    private var screen: ScreenBuffer
    private(set) var frames: [(name: String, screen: ScreenBuffer)] = []

    init(variant: Theme.Variant, depth: ColorDepth, size: TerminalSize) {
      scene = DemoScene(theme: Theme.named(variant))
      scene.start(in: TerminalCapabilities(colorDepth: depth))
      scene.layout(for: size)
      screen = ScreenBuffer(width: size.columns, height: size.rows)
      scene.tick(now)
    }

    /// Lets `duration` pass in 16 ms frames, keeping a frame every `every` and the last one.
    func run(_ duration: Duration, every: Duration? = nil, _ name: String) {
      var elapsed = Duration.zero
      var sinceKept = Duration.zero
      while elapsed < duration {
        now = now.advanced(by: .milliseconds(16))
        elapsed += .milliseconds(16)
        sinceKept += .milliseconds(16)
        scene.tick(now)
        if let every, sinceKept >= every {
          keep("\(name) at \(elapsed)")
          sinceKept = .zero
        }
      }
      keep(name)
    }

    func press(_ key: Key) {
      scene.handle(.key(KeyEvent(key)), at: now)
    }

    private func keep(_ name: String) {
      scene.draw(into: &screen, info: TerminalFrameInfo(time: now, frameNumber: frames.count))
      frames.append((name, screen))
    }
  }

  /// The frames of a walk through every view of the demo.
  static func frames(_ variant: Theme.Variant, depth: ColorDepth, size: TerminalSize) -> [(
    name: String, screen: ScreenBuffer
  )] {
    let demo = Driver(variant: variant, depth: depth, size: size)
    demo.run(.milliseconds(300), "start")
    demo.press(.character(" "))  // pause the autoplay: every page turn below is a key's
    for page in 0..<BannerPage.all.count {
      demo.press(.character("n"))
      demo.run(.milliseconds(1_500), every: .milliseconds(96), "banner turned \(page + 1) times")
    }
    demo.press(.enter)
    demo.run(.milliseconds(100), "a message")
    demo.scene.showsStats = true
    demo.press(.down)
    demo.press(.down)
    demo.run(.milliseconds(300), "a focused row, with --stats")
    demo.press(.character(" "))
    demo.press(.down)
    demo.run(.milliseconds(300), "a selected row and a focused one")
    demo.press(.character("?"))
    demo.run(.milliseconds(100), "help")
    demo.press(.escape)
    demo.press(.pageDown)
    demo.run(.milliseconds(600), every: .milliseconds(48), "paging down")
    demo.press(.character("o"))
    demo.run(.milliseconds(600), "horizontal cards")
    demo.press(.character("o"))
    demo.press(.character("g"))
    demo.run(.milliseconds(600), "a grid")
    demo.press(.character("c"))
    demo.press(.pageDown)
    demo.run(.milliseconds(600), "a cyclic grid")
    demo.press(.character("g"))
    demo.press(.character("s"))
    demo.run(.milliseconds(300), "contacts")
    for section in 0..<ContactNames.letters.count {
      demo.press(.tab)
      demo.run(.milliseconds(600), "contacts, section \(section + 1)")
    }
    demo.press(.character("t"))
    demo.run(.seconds(12), every: .milliseconds(800), "the chat")
    demo.press(.pageUp)
    demo.press(.pageUp)
    demo.run(.seconds(6), every: .milliseconds(800), "the chat scrolled up")
    demo.scene.showsStats = false
    demo.run(.milliseconds(100), "the chat without --stats")
    return demo.frames
  }

  @Test(arguments: [Theme.Variant.dark, .light], [ColorDepth.trueColor, .palette256, .ansi16])
  func everythingDrawnReads(variant: Theme.Variant, depth: ColorDepth) {
    // Each pair once, with where it was first seen.
    var pairs: [Pair: String] = [:]
    var cells = 0
    // 80 × 24 drops status fields and narrows the cards, with the same colours: once is enough.
    let sizes =
      depth == .trueColor
      ? [TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 80, rows: 24)]
      : [TerminalSize(columns: 120, rows: 40)]
    for size in sizes {
      for (name, screen) in Self.frames(variant, depth: depth, size: size) {
        var previous: (TextStyle, Kind)?
        for y in 0..<screen.height {
          for x in 0..<screen.width {
            let cell = screen[x, y]
            let kind = Kind(cell)
            guard kind == .text || kind == .graphic else { continue }
            cells += 1
            // A run of one style is one pair: look it up once.
            if let previous, previous.0 == cell.style, previous.1 == kind { continue }
            previous = (cell.style, kind)
            let style = cell.style
            let (foreground, background) =
              style.inverse
              ? (style.background, style.foreground) : (style.foreground, style.background)
            let pair = Pair(foreground: foreground, background: background, kind: kind)
            if pairs[pair] == nil {
              pairs[pair] = "\(size.columns)×\(size.rows) \(name), '\(cell.character)' at \(x),\(y)"
            }
          }
        }
      }
    }
    var failures: [String] = []
    for (pair, place) in pairs.sorted(by: { $0.value < $1.value }) {
      guard let foreground = pair.foreground, let background = pair.background else {
        failures.append("no colour (the terminal's default): \(place)")
        continue
      }
      // As the terminal shows them: the palette entries the renderer writes at this depth.
      let ratio = Self.contrast(
        depth.approximation(of: foreground), depth.approximation(of: background))
      if ratio < pair.kind.minimum {
        failures.append(
          "\(pair.kind) \(foreground.hexString) on \(background.hexString): "
            + "\((ratio * 100).rounded() / 100) (\(place))")
      }
    }
    #expect(
      failures.isEmpty,
      """
      \(variant), \(depth): \(failures.count) of \(pairs.count) pairs below the bound:
      \(failures.joined(separator: "\n"))
      """)
    // Every view drew: the accents of the rows, sections and chat messages alone give well
    // over a hundred pairs in 24-bit colour, fewer where the palette merges them.
    #expect(
      pairs.count > (depth == .trueColor ? 200 : 40), "\(variant), \(depth): \(pairs.count) pairs")
    #expect(cells > 100_000)
  }
}

/// Without colour (`NO_COLOR`), the banner's pictures are drawn in shades, not half blocks whose
/// colours the terminal would not show.
@Suite struct NoColorPictureTests {
  @Test(arguments: [Theme.Variant.dark, .light])
  func picturesAreShades(variant: Theme.Variant) {
    let size = TerminalSize(columns: 120, rows: 40)
    var checked = 0
    for depth in [ColorDepth.none, .trueColor] {
      let demo = ThemeContrastTests.Driver(variant: variant, depth: depth, size: size)
      demo.run(.milliseconds(300), "start")
      let screen = demo.frames[demo.frames.count - 1].screen
      // The banner's rows: below the header, above the dots.
      var shades = 0
      var halfBlocks = 0
      for y in 1..<12 {
        for x in 0..<size.columns {
          let character = screen[x, y].character
          if "░▒▓█".contains(character) { shades += 1 }
          if character == "▀" { halfBlocks += 1 }
        }
      }
      if depth == .none {
        #expect(shades > 100 && halfBlocks == 0, "\(variant): \(shades) shades, \(halfBlocks) ▀")
      } else {
        #expect(shades == 0 && halfBlocks > 100, "\(variant): \(shades) shades, \(halfBlocks) ▀")
      }
      checked += 1
    }
    #expect(checked == 2)
  }
}

extension TerminalColor {
  /// `#rrggbb`.
  fileprivate var hexString: String {
    let value = Int(red) << 16 | Int(green) << 8 | Int(blue)
    let digits = String(value, radix: 16)
    return "#" + String(repeating: "0", count: 6 - digits.count) + digits
  }
}
