/// Decompression bombs: images whose headers claim far more pixels than their bytes carry,
/// written directly (making them with an encoder would need the full-size image).
enum Bombs {
  /// A black 1-bit greyscale PNG of `width` × `height`: its rows are all zero bytes, compressed
  /// as one fixed-Huffman deflate block of 258-byte repeats (13 bits each), so 20000 × 20000 is
  /// about 300 KB, which a loader would expand to 1.2 GB of RGB.
  static func png(width: Int, height: Int) -> [UInt8] {
    let rowBytes = 1 + (width + 7) / 8  // the filter byte, then the packed pixels
    let total = rowBytes * height
    var bits = BitWriter()
    bits.write(1, count: 1)  // the final block
    bits.write(1, count: 2)  // fixed Huffman codes
    bits.writeCode(0x30, length: 8)  // the literal 0
    var left = total - 1
    while left >= 258 {
      bits.writeCode(0xC5, length: 8)  // length 258 (code 285)
      bits.writeCode(0, length: 5)  // distance 1 (code 0)
      left -= 258
    }
    for _ in 0..<left { bits.writeCode(0x30, length: 8) }
    bits.writeCode(0, length: 7)  // end of block
    var zlib: [UInt8] = [0x78, 0x01] + bits.padded
    let adler = UInt32(total % 65_521) << 16 | 1  // Adler-32 of zeros: a stays 1, b counts
    zlib += bigEndian(adler)
    var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    ihdr += [1, 0, 0, 0, 0]  // 1 bit, greyscale, deflate, no filter choice, no interlace
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
      + chunk("IDAT", zlib) + chunk("IEND", [])
  }

  /// A black greyscale baseline JPEG of `width` × `height` (multiples of 8): Huffman tables
  /// with one 1-bit code each (DC difference 0, end of block), so every 8 × 8 block is 2 bits:
  /// 20000 × 20000 is about 1.6 MB, which decodes to 400 M pixels.
  static func jpeg(width: Int, height: Int) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)  // quantisation
    bytes += [0xFF, 0xC0, 0, 11, 8] + bigEndian16(height) + bigEndian16(width) + [1, 1, 0x11, 0]
    let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
    bytes += [0xFF, 0xC4, 0, 20, 0x00] + oneCode  // DC: category 0 is "0"
    bytes += [0xFF, 0xC4, 0, 20, 0x10] + oneCode  // AC: end of block is "0"
    bytes += [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 63, 0]
    let blocks = (width / 8) * (height / 8)
    bytes += [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
    if blocks * 2 % 8 != 0 { bytes[bytes.count - 1] |= 0xFF >> UInt8(blocks * 2 % 8) }
    return bytes + [0xFF, 0xD9]
  }

  /// A GIF whose logical screen is `width` × `height`, with one 1 × 1 image in it.
  static func gif(width: Int, height: Int) -> [UInt8] {
    Array("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height)
      + [0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0]  // a 2-colour global table
      + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]  // the image: 1 × 1 at (0, 0)
      + [2, 2, 0x44, 0x01, 0, 0x3B]  // its LZW data, the trailer
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func bigEndian16(_ value: Int) -> [UInt8] {
    [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func littleEndian16(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
  }

  /// Deflate's bit order: fields least significant bit first, Huffman codes most significant
  /// bit first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    var current: UInt32 = 0
    var used: UInt32 = 0

    mutating func write(_ value: UInt32, count: UInt32) {
      for bit in 0..<count {
        current |= (value >> bit & 1) << used
        used += 1
        if used == 8 {
          bytes.append(UInt8(current))
          current = 0
          used = 0
        }
      }
    }

    mutating func writeCode(_ code: UInt32, length: UInt32) {
      for bit in (0..<length).reversed() { write(code >> bit & 1, count: 1) }
    }

    /// The bytes, the last one padded with zero bits.
    var padded: [UInt8] { used == 0 ? bytes : bytes + [UInt8(current)] }
  }
}
