import Glibc
import ReelTerminal

/// Procedural colour pictures for the banner, so the demo needs no image files.
enum BannerArt {
  /// The kinds of picture.
  enum Kind {
    case sunset, waves, aurora, city, plasma, rings, meadow, checker
  }

  /// A picture `width` pixels wide and `height` pixels high (two pixels per terminal row).
  static func picture(_ kind: Kind, hue: Int, width: Int, height: Int) -> PixelGrid {
    var pixels: [TerminalColor] = []
    pixels.reserveCapacity(max(0, width * height))
    let w = Double(max(1, width))
    let h = Double(max(1, height))
    for y in 0..<height {
      for x in 0..<width {
        let u = (Double(x) + 0.5) / w
        let v = (Double(y) + 0.5) / h
        pixels.append(color(kind, hue: hue, u: u, v: v, aspect: w / h, x: x, y: y))
      }
    }
    return PixelGrid(width: width, height: height, pixels: pixels)
  }

  /// The colour at (u, v) in 0…1, v downwards.
  private static func color(
    _ kind: Kind, hue: Int, u: Double, v: Double, aspect: Double, x: Int, y: Int
  ) -> TerminalColor {
    switch kind {
    case .sunset:
      let sky = Palette.mix(
        Palette.hue(hue + 20, value: 0.95), Palette.hue(hue - 40, value: 0.5), v)
      let dx = (u - 0.5) * aspect
      let dy = v - 0.62
      if dx * dx + dy * dy < 0.05 { return Palette.hue(50, value: 1, saturation: 0.5) }
      let dune = 0.72 + 0.06 * sin(u * 9) + 0.03 * sin(u * 23)
      return v > dune ? Palette.mix(Palette.hue(hue, value: 0.6), .black, (v - dune) * 2) : sky
    case .waves:
      let surface = 0.35 + 0.05 * sin(u * 14)
      if v < surface {
        return Palette.mix(Palette.hue(hue - 10, value: 1, saturation: 0.3), .white, 0.2 - v)
      }
      let crest = sin(u * 30 + v * 40) * 0.5 + 0.5
      return Palette.mix(
        Palette.hue(hue, value: 0.8), Palette.hue(hue + 20, value: 0.35),
        (v - surface) * 1.5 + crest * 0.2)
    case .aurora:
      let band = exp(-pow((v - 0.3 - 0.12 * sin(u * 8)) * 7, 2))
      var sky = Palette.mix(TerminalColor(hex: 0x05_08_20), Palette.hue(hue, value: 1), band)
      if (x * 7 + y * 13) % 97 == 0 { sky = .white }
      let tree = 0.8 - 0.15 * abs(sin(u * 40))
      return v > tree ? TerminalColor(hex: 0x06_1A_10) : sky
    case .city:
      let column = Int(u * 12)
      let top = 0.25 + 0.5 * Double(DemoRows.hash(column + hue) % 100) / 100
      if v < top {
        return Palette.mix(Palette.hue(hue, value: 0.35), TerminalColor(hex: 0x05_05_10), v)
      }
      let lit = (x % 3 == 1) && (y % 3 == 1) && DemoRows.hash(x * 31 + y) % 3 == 0
      return lit ? Palette.hue(50, value: 1, saturation: 0.6) : TerminalColor(hex: 0x14_16_22)
    case .plasma:
      let value =
        sin(u * 10) + sin(v * 8 + u * 3) + sin((u + v) * 7) + sin(sqrt(u * u + v * v) * 12)
      return Palette.hue(hue + Int(value * 45), value: 0.95, saturation: 0.7)
    case .rings:
      let distance = sqrt(pow((u - 0.5) * aspect, 2) + pow(v - 0.5, 2))
      let ripple = sin(distance * 40) * 0.5 + 0.5
      return Palette.mix(Palette.hue(hue, value: 0.3), Palette.hue(hue + 30, value: 0.95), ripple)
    case .meadow:
      let hill = 0.55 + 0.1 * sin(u * 5 + 1) + 0.05 * sin(u * 13)
      if v < hill { return Palette.mix(TerminalColor(hex: 0x7F_C8_F8), .white, v) }
      if DemoRows.hash(x * 7 + y * 131) % 11 == 0 {
        return Palette.hue(Int(DemoRows.hash(x + y) % 360), value: 1)
      }
      return Palette.mix(Palette.hue(hue, value: 0.75), Palette.hue(hue + 10, value: 0.4), v - hill)
    case .checker:
      let on = (Int(u * 8 * aspect) + Int(v * 8)) % 2 == 0
      return on ? Palette.hue(hue, value: 0.95) : Palette.hue(hue + 180, value: 0.4)
    }
  }
}
