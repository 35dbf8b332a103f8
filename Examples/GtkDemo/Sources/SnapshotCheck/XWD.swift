/// Reads an X window dump (`xwd -silent -id WINDOW`), the picture of a real window on the X
/// server, as the snapshot checks' ``Image``: 24- and 32-bit TrueColor ZPixmap dumps only.
enum XWD {
  struct FormatError: Error, CustomStringConvertible {
    let description: String
  }

  /// Decodes the dump's bytes.
  static func decode(_ bytes: [UInt8]) throws -> Image {
    func field(_ index: Int) throws -> Int {
      let at = index * 4
      guard at + 4 <= bytes.count else { throw FormatError(description: "truncated XWD header") }
      return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8
        | Int(bytes[at + 3])
    }
    let headerSize = try field(0)
    guard try field(1) == 7, try field(2) == 2 else {
      throw FormatError(description: "not an XWD version 7 ZPixmap dump")
    }
    let width = try field(4)
    let height = try field(5)
    let msbFirst = try field(7) == 1
    let bitsPerPixel = try field(11)
    let bytesPerLine = try field(12)
    let masks = (red: try field(14), green: try field(15), blue: try field(16))
    let colors = try field(19)
    guard bitsPerPixel == 32 || bitsPerPixel == 24 else {
      throw FormatError(description: "\(bitsPerPixel) bits per pixel; only 24 and 32 are read")
    }
    let start = headerSize + colors * 12
    guard start + height * bytesPerLine <= bytes.count else {
      throw FormatError(description: "truncated XWD pixels")
    }
    func channel(_ value: Int, _ mask: Int) -> UInt32 {
      guard mask != 0 else { return 0 }
      let shift = mask.trailingZeroBitCount
      return UInt32(((value & mask) >> shift) & 0xff)
    }
    let step = bitsPerPixel / 8
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let at = start + y * bytesPerLine + x * step
        var value = 0
        for byte in 0..<step {
          let b = Int(bytes[at + (msbFirst ? byte : step - 1 - byte)])
          value = value << 8 | b
        }
        pixels[y * width + x] =
          0xff00_0000 | channel(value, masks.red) << 16 | channel(value, masks.green) << 8
          | channel(value, masks.blue)
      }
    }
    return Image(width: width, height: height, pixels: pixels)
  }
}
