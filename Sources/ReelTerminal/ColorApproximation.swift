import Glibc

/// Nearest palette entries for ``ColorDepth/palette256`` and ``ColorDepth/ansi16``, by
/// Euclidean distance in OKLab, a perceptual colour space (equal distances look about equally
/// different, unlike distances between RGB values).
enum ColorApproximation {
  /// xterm's default 16 colours, the most common default palette.
  static let ansi16: [UInt32] = [
    0x00_00_00, 0xCD_00_00, 0x00_CD_00, 0xCD_CD_00, 0x00_00_EE, 0xCD_00_CD, 0x00_CD_CD,
    0xE5_E5_E5, 0x7F_7F_7F, 0xFF_00_00, 0x00_FF_00, 0xFF_FF_00, 0x5C_5C_FF, 0xFF_00_FF,
    0x00_FF_FF, 0xFF_FF_FF,
  ]

  /// The colour of 256-palette entry `index` in 16…255: the 6 × 6 × 6 cube (levels 0, 95, 135,
  /// 175, 215, 255) from 16, the 24 greys 8, 18, …, 238 from 232.
  static func palette256(_ index: Int) -> TerminalColor {
    precondition(index >= 16 && index <= 255, "ColorApproximation: index \(index) outside 16…255")
    if index >= 232 { return TerminalColor(gray: UInt8(8 + 10 * (index - 232))) }
    let cube = index - 16
    func level(_ step: Int) -> UInt8 { step == 0 ? 0 : UInt8(55 + 40 * step) }
    return TerminalColor(red: level(cube / 36), green: level(cube / 6 % 6), blue: level(cube % 6))
  }

  /// The sRGB transfer function undone, per 8-bit channel value.
  static let linear: [Double] = (0..<256).map { value in
    let c = Double(value) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// A colour in OKLab (Björn Ottosson, 2020).
  static func oklab(_ color: TerminalColor) -> (Double, Double, Double) {
    let r = linear[Int(color.red)]
    let g = linear[Int(color.green)]
    let b = linear[Int(color.blue)]
    let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
    let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
    let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
    return (
      0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
      1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
      0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s
    )
  }

  /// The OKLab coordinates of entries 16…255 of the 256-colour palette.
  static let palette256Lab: [(Double, Double, Double)] = (16...255).map { oklab(palette256($0)) }
  /// The OKLab coordinates of the 16 ANSI colours.
  static let ansi16Lab: [(Double, Double, Double)] = ansi16.map { oklab(TerminalColor(hex: $0)) }

  /// The palette index nearest to `color` at `depth` (``ColorDepth/palette256`` or
  /// ``ColorDepth/ansi16``).
  static func nearestIndex(to color: TerminalColor, depth: ColorDepth) -> UInt8 {
    let target = oklab(color)
    let (candidates, first) = depth == .ansi16 ? (ansi16Lab, 0) : (palette256Lab, 16)
    var best = 0
    var bestDistance = Double.infinity
    for (offset, lab) in candidates.enumerated() {
      let dl = lab.0 - target.0
      let da = lab.1 - target.1
      let db = lab.2 - target.2
      let distance = dl * dl + da * da + db * db
      if distance < bestDistance {
        bestDistance = distance
        best = offset
      }
    }
    return UInt8(first + best)
  }
}
