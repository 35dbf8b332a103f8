import ReelBanner

/// Builders for small Netpbm files and a seeded random generator for the tests.
enum Fixtures {
  static func ppm(width: Int, height: Int, _ samples: [UInt8], maxValue: Int = 255) -> [UInt8] {
    Array("P6\n\(width) \(height)\n\(maxValue)\n".utf8) + samples
  }

  static func pgm(width: Int, height: Int, _ samples: [UInt8], maxValue: Int = 255) -> [UInt8] {
    Array("P5\n\(width) \(height)\n\(maxValue)\n".utf8) + samples
  }

  static func pam(width: Int, height: Int, depth: Int, tupleType: String, _ samples: [UInt8])
    -> [UInt8]
  {
    let header =
      "P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH \(depth)\nMAXVAL 255\nTUPLTYPE \(tupleType)\nENDHDR\n"
    return Array(header.utf8) + samples
  }

  /// A 1×1 PPM whose red channel names `item`.
  static func itemPPM(_ item: Int) -> [UInt8] {
    ppm(width: 1, height: 1, [UInt8(item), 7, 9])
  }

  /// The image `itemPPM(item)` decodes to.
  static func itemImage(_ item: Int) -> PixelImage {
    PixelImage(width: 1, height: 1, format: .rgb, pixels: [UInt8(item), 7, 9])
  }

  static let placeholder = PixelImage(width: 1, height: 1, format: .rgb, pixels: [200, 200, 200])

  static func source(_ item: Int) -> ImageSource { .file(path: "/reel-test/item-\(item).ppm") }

  static let one = PixelSize(width: 1, height: 1)
}

/// SplitMix64: a tiny seeded generator, so a failing random test replays from its seed.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
