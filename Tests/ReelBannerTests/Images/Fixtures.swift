import ReelBanner
import ReelTesting

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
