#if Pixbuf
  import CGdkPixbuf
  import ReelBanner

  /// An `ImageDecoder` for `ReelBanner`'s image pipeline that decodes with the system's
  /// GdkPixbuf loaders — PNG, JPEG, GIF, and whatever else is installed (WebP, SVG, TIFF, …) —
  /// scaled at load to fit the target size. It needs GdkPixbuf only (`libgdk-pixbuf-2.0-dev`),
  /// no display: any frontend can use it, a terminal's as well as GTK's.
  ///
  /// Decoding is bounded: the image's size is read from its header, and an image whose decoding
  /// would take more than ``maximumDecodingBytes`` is refused with
  /// ``PixbufError/tooLarge(width:height:bytes:)`` before any of its pixels is allocated, so a
  /// decompression bomb (a few kilobytes that claim 20000 × 20000 pixels) costs nothing. What
  /// decoding takes: a baseline JPEG is decoded at 1/2, 1/4 or 1/8 of its size by libjpeg
  /// (4 bytes a pixel at that scale), so photos far larger than the target pass; a progressive
  /// JPEG keeps its full-size coefficients (counted as 10 bytes a pixel); every other format is
  /// decoded at full size before it is scaled (4 bytes a pixel). Peak memory for any input is at
  /// most ``maximumDecodingBytes`` plus three target-size RGBA images (the scaled image, its
  /// alpha copy and the returned ``PixelImage``), for loaders that report the size before they
  /// allocate — PNG, JPEG, GIF, TIFF, WebP, SVG and the other loaders `gdk_pixbuf_get_file_info`
  /// works with.
  ///
  /// It produces a `PixelImage` (RGBA), which is `Sendable`: the pipeline decodes on its own
  /// threads.
  ///
  /// ```swift
  /// let pipeline = ImagePipeline<PixelImage>(
  ///   decoder: PixbufDecoder(), costLimit: 32 << 20, cost: { $0.byteCount })
  /// let image = try await pipeline.image(
  ///   for: .file(path), targetSize: PixelSize(width: 768, height: 216))
  /// ```
  public struct PixbufDecoder: ImageDecoder {
    /// The most bytes decoding one image may take before it is scaled to the target (64 MiB
    /// by default: a 4096 × 4096 PNG, or a baseline JPEG up to 32768 × 32768 decoded at 1/8).
    public var maximumDecodingBytes: Int

    /// Creates a decoder.
    ///
    /// - Parameter maximumDecodingBytes: the most bytes decoding one image may take; see the
    ///   type's discussion.
    /// - Precondition: `maximumDecodingBytes` is positive.
    public init(maximumDecodingBytes: Int = 64 << 20) {
      precondition(
        maximumDecodingBytes > 0,
        "PixbufDecoder: maximumDecodingBytes must be positive, got \(maximumDecodingBytes)")
      self.maximumDecodingBytes = maximumDecodingBytes
    }

    /// Decodes `data` to fit inside `targetSize`, keeping the aspect ratio; an image already
    /// smaller keeps its own size.
    ///
    /// - Precondition: `targetSize` is positive.
    /// - Throws: ``PixbufError/tooLarge(width:height:bytes:)`` when decoding the image would take
    ///   more than ``maximumDecodingBytes``; ``PixbufError/undecodable(_:)`` with GdkPixbuf's
    ///   message when no loader can decode the bytes.
    /// - Complexity: O(encoded bytes + decoded pixels).
    public func decode(_ data: [UInt8], fitting targetSize: PixelSize) throws -> PixelImage {
      precondition(
        targetSize.isPositive,
        "PixbufDecoder.decode: the target size must be positive, got \(targetSize)")
      var fit = ReelPixbufFit()
      fit.max_width = Int32(clamping: targetSize.width)
      fit.max_height = Int32(clamping: targetSize.height)
      fit.budget = Double(maximumDecodingBytes)
      var error: UnsafeMutablePointer<GError>?
      let decoded = data.withUnsafeBufferPointer { buffer in
        reel_pixbuf_decode(buffer.baseAddress, UInt(buffer.count), &fit, &error)
      }
      if fit.rejected != 0 {
        if let error { g_error_free(error) }
        if let decoded { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        throw PixbufError.tooLarge(
          width: Int(fit.width), height: Int(fit.height), bytes: Int(fit.bytes))
      }
      guard let pixbuf = decoded else {
        let message = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
        if let error { g_error_free(error) }
        throw PixbufError.undecodable(message)
      }
      defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
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

  /// Why ``PixbufDecoder`` could not decode an image.
  public enum PixbufError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No loader could decode the bytes; GdkPixbuf's message.
    case undecodable(String)
    /// The header says `width` × `height`, whose decoding would take `bytes`, more than
    /// ``PixbufDecoder/maximumDecodingBytes``; nothing was decoded.
    case tooLarge(width: Int, height: Int, bytes: Int)

    /// The reason in words.
    public var description: String {
      switch self {
      case .undecodable(let message):
        return "cannot decode the image: \(message)"
      case .tooLarge(let width, let height, let bytes):
        return
          "the image is \(width) × \(height): decoding it would take \(bytes) bytes, more than "
          + "the decoder's limit"
      }
    }
  }
#endif
