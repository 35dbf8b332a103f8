/// The parsed header of a binary Netpbm file (PGM `P5`, PPM `P6` or PAM `P7`).
///
/// Parsing only reads bytes it has checked are in bounds, and every number is capped before it
/// is multiplied, so the header can be trusted by the raster reader that follows.
struct PortableAnymapHeader: Hashable, Sendable {
  /// Width in pixels, `1...PortableAnymapDecoder.maximumDimension`.
  var width: Int
  /// Height in pixels, `1...PortableAnymapDecoder.maximumDimension`.
  var height: Int
  /// Samples per pixel: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA.
  var channels: Int
  /// The largest sample value, `1...65535`; above 255 samples take two bytes, big-endian.
  var maximumValue: Int
  /// Offset of the first raster byte.
  var rasterOffset: Int

  /// Bytes per sample: 1 when `maximumValue < 256`, else 2.
  var bytesPerSample: Int { maximumValue < 256 ? 1 : 2 }

  /// Raster bytes the header announces.
  var rasterByteCount: Int { width * height * channels * bytesPerSample }

  /// Parses the header at the start of `bytes` and checks the raster fits in what follows.
  ///
  /// An image of more than `maximumPixelCount` pixels is refused from its header alone, before
  /// its raster is looked at or anything is allocated for it.
  static func parse(
    _ bytes: [UInt8], maximumPixelCount: Int = .max
  ) throws(ImageDecodingError) -> PortableAnymapHeader {
    guard bytes.count >= 2, bytes[0] == ascii("P") else { throw .unrecognizedFormat }
    var header: PortableAnymapHeader
    switch bytes[1] {
    case ascii("5"): header = try parseMap(bytes, channels: 1)
    case ascii("6"): header = try parseMap(bytes, channels: 3)
    case ascii("7"): header = try parseArbitraryMap(bytes)
    default: throw .unrecognizedFormat
    }
    let limit = PortableAnymapDecoder.maximumDimension
    guard (1...limit).contains(header.width), (1...limit).contains(header.height) else {
      throw .invalidDimensions(width: header.width, height: header.height)
    }
    // Both at most 2^24: the product cannot overflow.
    guard header.width * header.height <= maximumPixelCount else {
      throw .tooManyPixels(width: header.width, height: header.height, limit: maximumPixelCount)
    }
    guard (1...65_535).contains(header.maximumValue) else {
      throw .invalidMaximumValue(header.maximumValue)
    }
    // width and height are at most 2^24 and channels × bytesPerSample at most 8, so the product
    // is below 2^51: no overflow.
    let available = bytes.count - header.rasterOffset
    guard available >= header.rasterByteCount else {
      throw .truncatedPixelData(expected: header.rasterByteCount, available: available)
    }
    return header
  }

  /// PGM and PPM: `P5`/`P6`, whitespace-separated width, height and maxval (with `#` comments
  /// between them), then exactly one whitespace byte before the raster.
  private static func parseMap(
    _ bytes: [UInt8], channels: Int
  ) throws(ImageDecodingError) -> PortableAnymapHeader {
    var cursor = 2
    var fields: [Int] = []
    for _ in 0..<3 {
      guard cursor < bytes.count, isWhitespace(bytes[cursor]) || bytes[cursor] == ascii("#")
      else { throw .malformedHeader }
      skipWhitespaceAndComments(bytes, &cursor)
      fields.append(try readNumber(bytes, &cursor))
    }
    guard cursor < bytes.count, isWhitespace(bytes[cursor]) else { throw .malformedHeader }
    return PortableAnymapHeader(
      width: fields[0], height: fields[1], channels: channels, maximumValue: fields[2],
      rasterOffset: cursor + 1)
  }

  /// PAM: `P7`, then lines of `KEY value` up to `ENDHDR`; `#` lines are comments.
  private static func parseArbitraryMap(
    _ bytes: [UInt8]
  ) throws(ImageDecodingError) -> PortableAnymapHeader {
    guard bytes.count > 2, bytes[2] == ascii("\n") else { throw .malformedHeader }
    var cursor = 3
    var values: [String: Int] = [:]
    while true {
      guard let end = bytes[cursor...].firstIndex(of: ascii("\n")) else { throw .malformedHeader }
      let line = bytes[cursor..<end]
      cursor = end + 1
      let words = line.split(whereSeparator: isWhitespace)
      guard let key = words.first, key.first != ascii("#") else { continue }
      let name = String(decoding: key, as: UTF8.self)
      if name == "ENDHDR" { break }
      if name == "TUPLTYPE" { continue }  // DEPTH alone decides the layout.
      guard ["WIDTH", "HEIGHT", "DEPTH", "MAXVAL"].contains(name), words.count == 2,
        values[name] == nil
      else { throw .malformedHeader }
      var position = words[1].startIndex
      values[name] = try readNumber(bytes, &position)
      guard position == words[1].endIndex else { throw .malformedHeader }
    }
    guard let width = values["WIDTH"], let height = values["HEIGHT"],
      let depth = values["DEPTH"], let maximumValue = values["MAXVAL"]
    else { throw .malformedHeader }
    guard (1...4).contains(depth) else { throw .unsupportedDepth(depth) }
    return PortableAnymapHeader(
      width: width, height: height, channels: depth, maximumValue: maximumValue,
      rasterOffset: cursor)
  }

  /// Reads decimal digits at `cursor`; at least one, value capped so it cannot overflow.
  private static func readNumber(
    _ bytes: [UInt8], _ cursor: inout Int
  ) throws(ImageDecodingError) -> Int {
    let start = cursor
    var value = 0
    while cursor < bytes.count, bytes[cursor] >= ascii("0"), bytes[cursor] <= ascii("9") {
      value = min(value * 10 + Int(bytes[cursor] - ascii("0")), 1 << 40)
      cursor += 1
    }
    guard cursor > start else { throw .malformedHeader }
    return value
  }

  private static func skipWhitespaceAndComments(_ bytes: [UInt8], _ cursor: inout Int) {
    while cursor < bytes.count {
      if isWhitespace(bytes[cursor]) {
        cursor += 1
      } else if bytes[cursor] == ascii("#") {
        while cursor < bytes.count, bytes[cursor] != ascii("\n"), bytes[cursor] != ascii("\r") {
          cursor += 1
        }
      } else {
        return
      }
    }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }
}
