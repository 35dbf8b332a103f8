/// A decoded raster image: 8-bit samples, row-major, top row first, no row padding.
///
/// This is the pipeline's built-in image type, so the banner works with no frontend at all (the
/// terminal frontend draws it directly). Frontends with their own image type (a `GdkTexture`,
/// say) plug in their own ``ImageDecoder`` instead.
///
/// ```swift
/// let red = PixelImage(width: 1, height: 1, format: .rgb, pixels: [255, 0, 0])
/// red.pixel(x: 0, y: 0)  // [255, 0, 0]
/// ```
public struct PixelImage: Hashable, Sendable {
  /// The width in pixels, at least 1.
  public let width: Int
  /// The height in pixels, at least 1.
  public let height: Int
  /// How each pixel is laid out in ``pixels``.
  public let format: PixelFormat
  /// `width × height × format.bytesPerPixel` bytes, row by row.
  public let pixels: [UInt8]

  /// Creates an image from its raw bytes.
  ///
  /// - Precondition: `width` and `height` are positive and `pixels.count` equals
  ///   `width * height * format.bytesPerPixel`.
  public init(width: Int, height: Int, format: PixelFormat, pixels: [UInt8]) {
    precondition(
      width > 0 && height > 0, "PixelImage needs a positive size, got \(width)×\(height)")
    precondition(
      pixels.count == width * height * format.bytesPerPixel,
      "PixelImage of \(width)×\(height) \(format) needs \(width * height * format.bytesPerPixel) "
        + "bytes, got \(pixels.count)"
    )
    self.width = width
    self.height = height
    self.format = format
    self.pixels = pixels
  }

  /// The size in pixels.
  public var size: PixelSize { PixelSize(width: width, height: height) }

  /// The memory the pixels take, in bytes: a natural cache cost.
  public var byteCount: Int { pixels.count }

  /// The samples of the pixel at column `x`, row `y`.
  ///
  /// - Precondition: `0 <= x < width` and `0 <= y < height`.
  /// - Complexity: O(1) apart from the small copy.
  public func pixel(x: Int, y: Int) -> [UInt8] {
    precondition(
      x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(size)")
    let start = (y * width + x) * format.bytesPerPixel
    return Array(pixels[start..<start + format.bytesPerPixel])
  }
}
