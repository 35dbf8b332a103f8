import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct PortableAnymapDecoderTests {
  let decoder = PortableAnymapDecoder()
  let large = PixelSize(width: 1_000, height: 1_000)

  @Test func decodesP6ExactPixels() throws {
    let samples: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]
    let image = try decoder.decode(Fixtures.ppm(width: 2, height: 2, samples), fitting: large)
    #expect(image == PixelImage(width: 2, height: 2, format: .rgb, pixels: samples))
    #expect(image.pixel(x: 1, y: 1) == [10, 20, 30])
  }

  @Test func decodesP5GreyToRGB() throws {
    let image = try decoder.decode(
      Fixtures.pgm(width: 3, height: 1, [0, 128, 255]), fitting: large)
    #expect(image.format == .rgb)
    #expect(image.pixels == [0, 0, 0, 128, 128, 128, 255, 255, 255])
  }

  @Test func decodesPAMRGBAAndGreyAlpha() throws {
    let rgba: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    let image = try decoder.decode(
      Fixtures.pam(width: 2, height: 1, depth: 4, tupleType: "RGB_ALPHA", rgba), fitting: large)
    #expect(image == PixelImage(width: 2, height: 1, format: .rgba, pixels: rgba))

    let greyAlpha = try decoder.decode(
      Fixtures.pam(width: 1, height: 2, depth: 2, tupleType: "GRAYSCALE_ALPHA", [9, 99, 50, 0]),
      fitting: large)
    #expect(greyAlpha.format == .rgba)
    #expect(greyAlpha.pixels == [9, 9, 9, 99, 50, 50, 50, 0])
  }

  @Test func rescalesSixteenBitAndSmallMaximumValues() throws {
    let wide = Fixtures.pgm(
      width: 3, height: 1, [0x00, 0x00, 0xFF, 0xFF, 0x80, 0x80], maxValue: 65_535)
    #expect(
      try decoder.decode(wide, fitting: large).pixels == [0, 0, 0, 255, 255, 255, 128, 128, 128])

    // maxval 15: 15 → 255, 8 → round(8 × 255 / 15) = 136; 20 > maxval is clamped to 255.
    let small = Fixtures.pgm(width: 3, height: 1, [15, 8, 20], maxValue: 15)
    #expect(
      try decoder.decode(small, fitting: large).pixels == [
        255, 255, 255, 136, 136, 136, 255, 255, 255,
      ])
  }

  @Test func acceptsCommentsAndAnyWhitespaceInTheHeader() throws {
    let bytes = Array("P6\n# made by hand\n1\t# width\n 1\r\n255\n".utf8) + [4, 5, 6]
    #expect(try decoder.decode(bytes, fitting: large).pixels == [4, 5, 6])
  }

  @Test func downsamplesByAveragingBoxes() throws {
    // 4×4 grey into 2×2: each output pixel is the mean of a 2×2 box.
    let samples: [UInt8] = [
      0, 10, 100, 200,
      20, 30, 50, 50,
      255, 255, 1, 2,
      255, 253, 3, 4,
    ]
    let image = try decoder.decode(
      Fixtures.pgm(width: 4, height: 4, samples), fitting: PixelSize(width: 2, height: 2))
    #expect(image.size == PixelSize(width: 2, height: 2))
    #expect(image.pixel(x: 0, y: 0) == [15, 15, 15])  // (0 + 10 + 20 + 30) / 4
    #expect(image.pixel(x: 1, y: 0) == [100, 100, 100])  // (100 + 200 + 50 + 50) / 4
    #expect(image.pixel(x: 0, y: 1) == [255, 255, 255])  // 254.5 rounds up
    #expect(image.pixel(x: 1, y: 1) == [3, 3, 3])  // 2.5 rounds up
  }

  @Test func downsamplesUnevenRatiosWithUnevenBoxes() throws {
    // 3 columns into 2: columns 0 and 1 average into the first pixel, column 2 stays alone.
    let image = try decoder.decode(
      Fixtures.ppm(width: 3, height: 1, [30, 0, 255, 60, 0, 0, 90, 9, 1]),
      fitting: PixelSize(width: 2, height: 1))
    #expect(image.pixels == [45, 0, 128, 90, 9, 1])
  }

  @Test func downsamplingKeepsTheAspectRatio() throws {
    let wide = try decoder.decode(
      Fixtures.pgm(width: 8, height: 4, [UInt8](repeating: 7, count: 32)),
      fitting: PixelSize(width: 4, height: 4))
    #expect(wide.size == PixelSize(width: 4, height: 2))
    #expect(wide.pixels.allSatisfy { $0 == 7 })

    let tall = try decoder.decode(
      Fixtures.pgm(width: 4, height: 8, [UInt8](repeating: 7, count: 32)),
      fitting: PixelSize(width: 4, height: 4))
    #expect(tall.size == PixelSize(width: 2, height: 4))
  }

  @Test(arguments: [
    (1_000, 500, 300, 300, 300, 150),
    (500, 1_000, 300, 300, 150, 300),
    (100, 100, 300, 50, 50, 50),
    (10, 10, 20, 20, 10, 10),  // never enlarged
    (10, 10, 10, 10, 10, 10),
    (1_000, 1, 10, 10, 10, 1),  // at least one pixel high
    (1, 1_000, 10, 10, 1, 10),
    (640, 480, 320, 1_000_000_000, 320, 240),  // huge bounds do not overflow
  ])
  func fittedSize(arguments: (Int, Int, Int, Int, Int, Int)) {
    let (width, height, targetWidth, targetHeight, fittedWidth, fittedHeight) = arguments
    let size = BoxDownsampler.fittedSize(
      width: width, height: height, inside: PixelSize(width: targetWidth, height: targetHeight))
    #expect(size == PixelSize(width: fittedWidth, height: fittedHeight))
  }

  @Test(arguments: [
    ("", ImageDecodingError.unrecognizedFormat),
    ("P", .unrecognizedFormat),
    ("P3\n1 1\n255\n", .unrecognizedFormat),
    ("GIF89a", .unrecognizedFormat),
    ("P6", .malformedHeader),
    ("P62 2 255\n", .malformedHeader),
    ("P6 2", .malformedHeader),
    ("P6 2 2 255", .malformedHeader),
    ("P6 x 2 255\n", .malformedHeader),
    ("P6 2 2 255x", .malformedHeader),
    ("P6 0 2 255\n", .invalidDimensions(width: 0, height: 2)),
    ("P6 2 99999999 255\n", .invalidDimensions(width: 2, height: 99_999_999)),
    ("P6 1 1 0\n", .invalidMaximumValue(0)),
    ("P6 1 1 65536\n", .invalidMaximumValue(65_536)),
    ("P6 2 2 255\n12345", .truncatedPixelData(expected: 12, available: 5)),
    ("P5 2 2 65535\n1234567", .truncatedPixelData(expected: 8, available: 7)),
    ("P7 WIDTH 1\n", .malformedHeader),
    ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\n", .malformedHeader),
    ("P7\nWIDTH 1\nHEIGHT 1\nMAXVAL 255\nENDHDR\n", .malformedHeader),
    ("P7\nWIDTH 1\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nENDHDR\n", .malformedHeader),
    ("P7\nWIDTH 1 2\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nENDHDR\n", .malformedHeader),
    ("P7\nWIDTH 1x\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nENDHDR\n", .malformedHeader),
    ("P7\nSIZE 1\nENDHDR\n", .malformedHeader),
    ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 5\nMAXVAL 255\nENDHDR\n", .unsupportedDepth(5)),
    ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 0\nMAXVAL 255\nENDHDR\n", .unsupportedDepth(0)),
    (
      "P7\nWIDTH 2\nHEIGHT 1\nDEPTH 1\nMAXVAL 255\nENDHDR\nA",
      .truncatedPixelData(expected: 2, available: 1)
    ),
  ])
  func rejectsMalformedInput(text: String, expected: ImageDecodingError) {
    #expect(throws: expected) { try decoder.decodeTyped(Array(text.utf8), fitting: large) }
  }

  /// A side of `maximumDimension` pixels passes the header's check (here the pixels are
  /// missing); one pixel more is refused before anything else.
  @Test func sidesUpToTheMaximumDimensionPassTheHeader() {
    let largest = PortableAnymapDecoder.maximumDimension
    #expect(largest == 1 << 24)
    #expect(throws: ImageDecodingError.truncatedPixelData(expected: largest * 3, available: 0)) {
      try decoder.decodeTyped(Array("P6 \(largest) 1 255\n".utf8), fitting: large)
    }
    #expect(throws: ImageDecodingError.invalidDimensions(width: largest + 1, height: 1)) {
      try decoder.decodeTyped(Array("P6 \(largest + 1) 1 255\n".utf8), fitting: large)
    }
  }

  @Test func rejectsNonPositiveTargets() {
    let bytes = Fixtures.itemPPM(1)
    let zero = PixelSize(width: 0, height: 5)
    #expect(throws: ImageDecodingError.invalidTargetSize(zero)) {
      try decoder.decodeTyped(bytes, fitting: zero)
    }
  }

  @Test func everyTruncationOfAValidFileThrows() {
    let files = [
      Fixtures.ppm(width: 2, height: 2, [UInt8](repeating: 1, count: 12)),
      Fixtures.pgm(width: 2, height: 1, [0, 1, 2, 3], maxValue: 1_000),
      Fixtures.pam(width: 1, height: 1, depth: 4, tupleType: "RGB_ALPHA", [1, 2, 3, 4]),
    ]
    for file in files {
      #expect(throws: Never.self) { try decoder.decode(file, fitting: large) }
      for length in 0..<file.count {
        #expect(throws: ImageDecodingError.self, "prefix of \(length) bytes") {
          try decoder.decode(Array(file.prefix(length)), fitting: large)
        }
      }
    }
  }

  @Test(arguments: 0..<20)
  func garbageAndMutatedInputNeverCrash(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let valid = Fixtures.pam(
      width: 3, height: 2, depth: 3, tupleType: "RGB", [UInt8](repeating: 90, count: 18))
    for round in 0..<200 {
      var bytes: [UInt8]
      if round.isMultiple(of: 2) {
        bytes = (0..<Int.random(in: 0..<64, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
        if round.isMultiple(of: 4) {
          bytes = Array("P\(Int.random(in: 5...7, using: &random))".utf8) + bytes
        }
      } else {
        bytes = valid
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
            in: 0...255, using: &random)
        }
      }
      let target = PixelSize(
        width: Int.random(in: 1...4, using: &random), height: Int.random(in: 1...4, using: &random))
      do {
        let image = try decoder.decode(bytes, fitting: target)
        #expect(
          image.width <= target.width && image.height <= target.height,
          "seed \(seed) round \(round)")
      } catch {
        #expect(error is ImageDecodingError, "seed \(seed) round \(round)")
      }
    }
  }
}
