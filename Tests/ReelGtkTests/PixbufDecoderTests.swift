#if GTK
  import CGtk4
  import ReelBanner
  import ReelGtk
  import Testing

  /// PixbufDecoder on PNG and JPEG bytes encoded by GdkPixbuf itself (no display needed).
  @Suite struct PixbufDecoderTests {
    /// A `width`×`height` image of one colour, encoded as `type` ("png", "jpeg").
    static func encoded(_ type: String, width: Int32, height: Int32, rgb: UInt32) -> [UInt8] {
      let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
      defer { reel_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
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
  }
#endif
