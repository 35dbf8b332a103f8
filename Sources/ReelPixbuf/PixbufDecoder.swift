#if GTK
  import CGtk4
  import ReelBanner

  /// An `ImageDecoder` for `ReelBanner`'s image pipeline that decodes with the system's
  /// GdkPixbuf loaders — PNG, JPEG, and whatever else is installed (WebP, SVG, …) — scaled at
  /// load to fit the target size, so a large photo never exists in memory at full size.
  ///
  /// It produces a `PixelImage` (RGBA), which is `Sendable`: the pipeline decodes on its own
  /// threads, and the UI thread turns the result into a texture with ``Texture/init(_:)``.
  ///
  /// ```swift
  /// let pipeline = ImagePipeline<PixelImage>(
  ///   decoder: PixbufDecoder(), costLimit: 32 << 20, cost: { $0.byteCount })
  /// let image = try await pipeline.image(for: .file(path), targetSize: PixelSize(width: 768, height: 216))
  /// picture.setPictureTexture(Texture(image))
  /// ```
  public struct PixbufDecoder: ImageDecoder {
    /// Creates a decoder.
    public init() {}

    /// Decodes `data` to fit inside `targetSize`, keeping the aspect ratio; an image already
    /// smaller keeps its own size.
    ///
    /// - Precondition: `targetSize` is positive.
    /// - Throws: ``GtkError`` with GdkPixbuf's message when no loader can decode the bytes.
    /// - Complexity: O(encoded bytes + decoded pixels).
    public func decode(_ data: [UInt8], fitting targetSize: PixelSize) throws -> PixelImage {
      precondition(
        targetSize.isPositive,
        "PixbufDecoder.decode: the target size must be positive, got \(targetSize)")
      var error: UnsafeMutablePointer<GError>?
      let decoded = data.withUnsafeBufferPointer { buffer in
        reel_pixbuf_decode(
          buffer.baseAddress, UInt(buffer.count), Int32(targetSize.width),
          Int32(targetSize.height), &error)
      }
      guard let pixbuf = decoded else {
        throw GtkError("cannot decode the image", consuming: error)
      }
      defer { reel_g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
      return Self.pixelImage(pixbuf)
    }

    /// Copies an 8-bit RGBA pixbuf's rows (which may be padded) into a `PixelImage`.
    static func pixelImage(_ pixbuf: OpaquePointer) -> PixelImage {
      let width = Int(gdk_pixbuf_get_width(pixbuf))
      let height = Int(gdk_pixbuf_get_height(pixbuf))
      let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
      let source = gdk_pixbuf_read_pixels(pixbuf)!
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      pixels.withUnsafeMutableBytes { target in
        for row in 0..<height {
          (target.baseAddress! + row * width * 4).copyMemory(
            from: source + row * stride, byteCount: width * 4)
        }
      }
      return PixelImage(width: width, height: height, format: .rgba, pixels: pixels)
    }
  }
#endif
