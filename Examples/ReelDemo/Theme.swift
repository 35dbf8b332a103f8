import ReelTerminal

/// The demo's colours and text styles, dark or light. Every region is cleared with
/// ``background``, never the terminal's default, so a light terminal shows no stripes of its
/// own colour between cards, and a dark theme in a light terminal stays dark.
struct Theme {
  /// Which variant.
  enum Variant: String, CaseIterable {
    case dark
    case light
  }

  let variant: Variant
  /// How many colours the terminal shows: ``readable(_:on:minimum:)`` checks colours as the
  /// terminal shows them.
  var colorDepth = ColorDepth.trueColor
  /// Whether the terminal shows no colour (`NO_COLOR`): pictures are drawn in shades.
  var isMonochrome: Bool { colorDepth == .none }
  /// The application's background.
  let background: TerminalColor
  let plain: TextStyle
  let message: TextStyle
  /// The message line's resting hint.
  let hint: TextStyle
  let dim: TextStyle
  let header: TextStyle
  let headerHint: TextStyle
  let status: TextStyle
  let overlay: TextStyle
  let overlayTitle: TextStyle
  let dotOnColor: TerminalColor
  let dotOffColor: TerminalColor
  /// List rows: even and odd shades, text, secondary text, the empty part of a bar.
  let rowShades: (even: TerminalColor, odd: TerminalColor)
  let rowText: TerminalColor
  let rowDim: TerminalColor
  let barOff: TerminalColor
  /// How bright and saturated accents are, so that they read on the background.
  let accentValue: Double
  let accentSaturation: Double

  /// An accent colour for a hue.
  func accent(_ hue: Int) -> TerminalColor {
    Palette.hue(hue, value: accentValue, saturation: accentSaturation)
  }

  /// `color`, darkened in the light theme or lightened in the dark one as little as it takes
  /// to read on `background` as the terminal shows both (at ``colorDepth``, where 16 colours
  /// may turn a mid green into a bright one): a WCAG contrast of at least `minimum`, 4.5 : 1
  /// for text and 3 : 1 for graphics (borders, bars, dots).
  ///
  /// - Complexity: O(1): at most eleven palette searches.
  func readable(_ color: TerminalColor, on background: TerminalColor, minimum: Double = 4.5)
    -> TerminalColor
  {
    let toward = variant == .dark ? TerminalColor.white : .black
    let shownBackground = colorDepth.approximation(of: background)
    for step in 0...10 {
      let candidate = Palette.mix(color, toward, Double(step) / 10)
      let shown = colorDepth.approximation(of: candidate)
      if Palette.contrast(shown, shownBackground) >= minimum { return candidate }
    }
    return toward
  }

  /// A selected list row's background.
  var selectedRow: TerminalColor {
    variant == .dark ? TerminalColor(hex: 0x2B_3B_5C) : TerminalColor(hex: 0xD4_E2_F7)
  }

  /// A banner card's background for a hue.
  func cardBackground(_ hue: Int) -> TerminalColor {
    variant == .dark
      ? Palette.mix(Palette.hue(hue, value: 0.25, saturation: 0.5), .black, 0.35)
      : Palette.mix(Palette.hue(hue, value: 0.97, saturation: 0.18), .white, 0.3)
  }

  /// Text on a banner card, and its quieter lines.
  var cardText: TerminalColor { variant == .dark ? TerminalColor(hex: 0xEC_EF_F4) : rowText }
  var cardSubtle: TerminalColor {
    variant == .dark ? TerminalColor(hex: 0xC8_CE_DA) : TerminalColor(hex: 0x28_2C_34)
  }
  var cardFaint: TerminalColor {
    variant == .dark ? TerminalColor(hex: 0x8A_93_A8) : TerminalColor(hex: 0x28_2C_34)
  }

  /// The theme for a variant.
  static func named(_ variant: Variant) -> Theme {
    variant == .dark ? dark : light
  }

  /// The theme for a terminal background (from an OSC 11 answer): light on a light one.
  static func matching(background: TerminalColor?) -> Theme {
    (background?.relativeLuminance ?? 0) > 0.5 ? light : dark
  }

  static let dark: Theme = {
    let background = TerminalColor(hex: 0x10_12_18)
    let headerBackground = TerminalColor(hex: 0x2A_2F_45)
    return Theme(
      variant: .dark, background: background,
      plain: TextStyle(foreground: TerminalColor(hex: 0xD8_DE_E9), background: background),
      message: TextStyle(foreground: TerminalColor(hex: 0xEB_CB_8B), background: background),
      hint: TextStyle(foreground: TerminalColor(hex: 0x81_88_99), background: background),
      dim: TextStyle(foreground: TerminalColor(hex: 0x81_88_99), background: background),
      header: TextStyle(
        foreground: TerminalColor(hex: 0xE8_EA_F0), background: headerBackground, bold: true),
      headerHint: TextStyle(
        foreground: TerminalColor(hex: 0xA8_B0_C8), background: headerBackground),
      status: TextStyle(
        foreground: TerminalColor(hex: 0x10_12_18), background: TerminalColor(hex: 0x8F_BC_BB)),
      overlay: TextStyle(
        foreground: TerminalColor(hex: 0xE5_E9_F0), background: TerminalColor(hex: 0x24_29_3A)),
      overlayTitle: TextStyle(
        foreground: TerminalColor(hex: 0x8F_BC_BB), background: TerminalColor(hex: 0x24_29_3A),
        bold: true),
      dotOnColor: TerminalColor(hex: 0xEC_EF_F4), dotOffColor: TerminalColor(hex: 0x4C_56_6A),
      rowShades: (TerminalColor(hex: 0x1A_1D_26), TerminalColor(hex: 0x15_17_1F)),
      rowText: TerminalColor(hex: 0xE5_E9_F0), rowDim: TerminalColor(hex: 0x83_8C_A0),
      barOff: TerminalColor(hex: 0x3B_42_52), accentValue: 0.9, accentSaturation: 0.65)
  }()

  static let light: Theme = {
    let background = TerminalColor(hex: 0xFA_FA_F7)
    let headerBackground = TerminalColor(hex: 0xD8_DE_E9)
    return Theme(
      variant: .light, background: background,
      plain: TextStyle(foreground: TerminalColor(hex: 0x1F_23_2B), background: background),
      message: TextStyle(foreground: TerminalColor(hex: 0x7A_4A_00), background: background),
      hint: TextStyle(foreground: TerminalColor(hex: 0x28_2C_34), background: background),
      dim: TextStyle(foreground: TerminalColor(hex: 0x28_2C_34), background: background),
      header: TextStyle(
        foreground: TerminalColor(hex: 0x1F_23_2B), background: headerBackground, bold: true),
      headerHint: TextStyle(
        foreground: TerminalColor(hex: 0x1F_23_2B), background: headerBackground),
      status: TextStyle(
        foreground: TerminalColor(hex: 0xFF_FF_FF), background: TerminalColor(hex: 0x1F_3A_6E)),
      overlay: TextStyle(
        foreground: TerminalColor(hex: 0x1F_23_2B), background: TerminalColor(hex: 0xEC_EF_F4)),
      overlayTitle: TextStyle(
        foreground: TerminalColor(hex: 0x1F_3A_6E), background: TerminalColor(hex: 0xEC_EF_F4),
        bold: true),
      dotOnColor: TerminalColor(hex: 0x1F_23_2B), dotOffColor: TerminalColor(hex: 0xC0_C6_D0),
      rowShades: (TerminalColor(hex: 0xF0_F2_F5), TerminalColor(hex: 0xF6_F7_F9)),
      rowText: TerminalColor(hex: 0x1F_23_2B), rowDim: TerminalColor(hex: 0x28_2C_34),
      barOff: TerminalColor(hex: 0xD0_D5_DD), accentValue: 0.6, accentSaturation: 0.8)
  }()
}
