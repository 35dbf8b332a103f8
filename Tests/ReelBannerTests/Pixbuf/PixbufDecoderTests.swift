#if Pixbuf
  import CGdkPixbuf
  import ReelBanner
  import ReelPixbuf
  import Testing

  /// PixbufDecoder on PNG and JPEG bytes encoded by GdkPixbuf itself (no display needed).
  @Suite struct PixbufDecoderTests {
    /// A `width`×`height` image of one colour, encoded as `type` ("png", "jpeg").
    static func encoded(_ type: String, width: Int32, height: Int32, rgb: UInt32) -> [UInt8] {
      let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      gdk_pixbuf_fill(pixbuf, rgb << 8 | 0xff)
      var buffer: UnsafeMutablePointer<gchar>?
      var size: gsize = 0
      precondition(reel_pixbuf_encode(pixbuf, type, &buffer, &size, nil) != 0, "encode \(type)")
      defer { g_free(buffer) }
      return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    @Test(arguments: ["png", "jpeg"])
    func decodesScaledAtLoadToFitTheTarget(type: String) throws {
      let data = Self.encoded(type, width: 800, height: 400, rgb: 0x3366CC)
      let image = try PixbufDecoder().decode(data, fitting: PixelSize(width: 200, height: 200))
      // 800x400 fits 200x200 as 200x100: the aspect ratio is kept.
      #expect(image.size == PixelSize(width: 200, height: 100))
      #expect(image.format == .rgba)
      let pixel = image.pixel(x: 100, y: 50)
      #expect(abs(Int(pixel[0]) - 0x33) <= 4)
      #expect(abs(Int(pixel[1]) - 0x66) <= 4)
      #expect(abs(Int(pixel[2]) - 0xCC) <= 4)
      #expect(pixel[3] == 255)
    }

    @Test func keepsASmallImageAtItsOwnSize() throws {
      let data = Self.encoded("png", width: 30, height: 20, rgb: 0xFF0000)
      let image = try PixbufDecoder().decode(data, fitting: PixelSize(width: 300, height: 300))
      #expect(image.size == PixelSize(width: 30, height: 20))
      #expect(image.pixel(x: 29, y: 19) == [255, 0, 0, 255])
    }

    @Test func rejectsBytesNoLoaderKnows() {
      let garbage: [UInt8] = Array("not an image at all".utf8)
      #expect {
        _ = try PixbufDecoder().decode(garbage, fitting: PixelSize(width: 10, height: 10))
      } throws: { error in
        "\(error)".hasPrefix("cannot decode the image: ")
      }
    }

    /// The limit counts what decoding takes, not the file: a PNG one byte over it is refused,
    /// the same PNG under a larger limit decodes.
    @Test func thePNGLimitIsFourBytesAPixelAtFullSize() throws {
      let data = Self.encoded("png", width: 100, height: 50, rgb: 0x00FF00)
      let target = PixelSize(width: 10, height: 10)
      #expect(throws: PixbufError.tooLarge(width: 100, height: 50, bytes: 20_000)) {
        try PixbufDecoder(maximumDecodingBytes: 19_999).decode(data, fitting: target)
      }
      let image = try PixbufDecoder(maximumDecodingBytes: 20_000).decode(data, fitting: target)
      #expect(image.size == PixelSize(width: 10, height: 5))
    }

    /// A baseline JPEG decodes at 1/8 when the target allows: its limit is 1/64 of a PNG's.
    @Test func aBaselineJPEGCountsAtTheScaleLibjpegDecodesAt() throws {
      let data = Self.encoded("jpeg", width: 800, height: 800, rgb: 0x808080)
      let target = PixelSize(width: 50, height: 50)
      let image = try PixbufDecoder(maximumDecodingBytes: 100 * 100 * 4).decode(
        data, fitting: target)
      #expect(image.size == target)
      #expect(throws: PixbufError.tooLarge(width: 800, height: 800, bytes: 40_000)) {
        try PixbufDecoder(maximumDecodingBytes: 39_999).decode(data, fitting: target)
      }
    }

    /// A GIF that claims a 60000 × 60000 screen for one pixel is refused from its header.
    @Test func aGIFBombIsRefusedFromItsHeader() {
      #expect(
        throws: PixbufError.tooLarge(width: 60_000, height: 60_000, bytes: 14_400_000_000)
      ) {
        try PixbufDecoder().decode(
          Bombs.gif(width: 60_000, height: 60_000), fitting: PixelSize(width: 100, height: 100))
      }
    }
  }
#endif
