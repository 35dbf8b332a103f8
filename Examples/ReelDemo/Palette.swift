import ReelTerminal

/// Colour arithmetic for the demo's pictures and themes.
enum Palette {
  /// A vivid colour for a hue in 0..<360 (HSV with full saturation and value 0.9).
  static func hue(_ degrees: Int, value: Double = 0.9, saturation: Double = 0.65) -> TerminalColor {
    let h = Double(((degrees % 360) + 360) % 360) / 60
    let c = value * saturation
    let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let m = value - c
    let (r, g, b): (Double, Double, Double)
    switch Int(h) {
    case 0: (r, g, b) = (c, x, 0)
    case 1: (r, g, b) = (x, c, 0)
    case 2: (r, g, b) = (0, c, x)
    case 3: (r, g, b) = (0, x, c)
    case 4: (r, g, b) = (x, 0, c)
    default: (r, g, b) = (c, 0, x)
    }
    return TerminalColor(red: channel(r + m), green: channel(g + m), blue: channel(b + m))
  }

  /// Mixes two colours; `amount` 0 gives `a`, 1 gives `b`.
  static func mix(_ a: TerminalColor, _ b: TerminalColor, _ amount: Double) -> TerminalColor {
    let t = min(1, max(0, amount))
    func blend(_ x: UInt8, _ y: UInt8) -> UInt8 {
      channel((Double(x) * (1 - t) + Double(y) * t) / 255)
    }
    return TerminalColor(
      red: blend(a.red, b.red), green: blend(a.green, b.green), blue: blend(a.blue, b.blue))
  }

  /// The WCAG contrast ratio of two colours, from 1 (equal luminance) to 21 (black on white).
  static func contrast(_ a: TerminalColor, _ b: TerminalColor) -> Double {
    let (x, y) = (a.relativeLuminance, b.relativeLuminance)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  static func channel(_ value: Double) -> UInt8 {
    UInt8(min(255, max(0, (value * 255).rounded())))
  }
}
