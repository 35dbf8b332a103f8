import Testing

@testable import ReelDemo
@testable import ReelTerminal

/// Every text colour the demo's theme draws on a background reads at WCAG contrast ≥ 4.5 : 1,
/// in both themes and at every colour depth, as the terminal shows it: 24-bit as it is, 256 and
/// 16 colours as the nearest palette entry the renderer picks, with xterm's default palette.
@Suite struct ThemeContrastTests {
  /// The WCAG contrast ratio of two colours.
  static func contrast(_ a: TerminalColor, _ b: TerminalColor) -> Double {
    let (light, dark) =
      a.relativeLuminance > b.relativeLuminance ? (a, b) : (b, a)
    return (light.relativeLuminance + 0.05) / (dark.relativeLuminance + 0.05)
  }

  /// `color` as a terminal at `depth` shows it.
  static func shown(_ color: TerminalColor, at depth: ColorDepth) -> TerminalColor {
    switch depth {
    case .trueColor, .none: return color
    case .palette256:
      return ColorApproximation.palette256(
        Int(ColorApproximation.nearestIndex(to: color, depth: depth)))
    case .ansi16:
      return TerminalColor(
        hex: ColorApproximation.ansi16[
          Int(ColorApproximation.nearestIndex(to: color, depth: depth))])
    }
  }

  /// The theme's text-on-background pairs, named.
  static func pairs(_ theme: Theme) -> [(String, TerminalColor, TerminalColor)] {
    var pairs: [(String, TerminalColor, TerminalColor)] = []
    func add(_ name: String, _ style: TextStyle) {
      if let foreground = style.foreground, let background = style.background {
        pairs.append((name, foreground, background))
      }
    }
    add("plain", theme.plain)
    add("message", theme.message)
    add("hint", theme.hint)
    add("dim", theme.dim)
    add("header", theme.header)
    add("header hint", theme.headerHint)
    add("status", theme.status)
    add("overlay", theme.overlay)
    add("overlay title", theme.overlayTitle)
    for (name, shade) in [
      ("even row", theme.rowShades.even), ("odd row", theme.rowShades.odd),
      ("selected row", theme.selectedRow),
    ] {
      pairs.append(("text on \(name)", theme.rowText, shade))
    }
    pairs.append(("dim text on even row", theme.rowDim, theme.rowShades.even))
    pairs.append(("dim text on odd row", theme.rowDim, theme.rowShades.odd))
    pairs.append(("page dot", theme.dotOnColor, theme.background))
    for page in BannerPage.all {
      let background = theme.cardBackground(page.hue)
      pairs.append(("\(page.title): text", theme.cardText, background))
      pairs.append(("\(page.title): subtitle", theme.cardSubtle, background))
      pairs.append(("\(page.title): faint", theme.cardFaint, background))
    }
    return pairs
  }

  @Test(arguments: [Theme.Variant.dark, .light])
  func everyPairReadsAtEveryDepth(variant: Theme.Variant) {
    var checked = 0
    var failures: [String] = []
    for depth in [ColorDepth.trueColor, .palette256, .ansi16] {
      for (name, foreground, background) in Self.pairs(Theme.named(variant)) {
        let ratio = Self.contrast(
          Self.shown(foreground, at: depth), Self.shown(background, at: depth))
        if ratio < 4.5 {
          failures.append("\(depth) \(name): \((ratio * 100).rounded() / 100)")
        }
        checked += 1
      }
    }
    #expect(failures.isEmpty, "\(variant): \(failures.joined(separator: "; "))")
    #expect(checked > 60)
  }
}
