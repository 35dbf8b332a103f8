/// The built-in decoder: binary Netpbm images to ``PixelImage``, downsampled to fit a target.
///
/// Reads PGM (`P5`, grey), PPM (`P6`, RGB) and PAM (`P7`, depth 1–4: grey, grey + alpha, RGB,
/// RGBA), with a maximum sample value up to 65535 (two bytes per sample, big-endian, above 255).
/// Grey becomes RGB, grey + alpha becomes RGBA; samples are rescaled to 0...255. Larger images are
/// reduced by area averaging (a box filter) to the largest size with the same aspect ratio that
/// fits inside the target; smaller ones keep their size.
///
/// Malformed input — a wrong magic number, a bad header, dimensions above
/// ``maximumDimension``, a raster cut short — throws an ``ImageDecodingError``; the decoder never
/// reads out of bounds. An image declaring more than ``maximumPixelCount`` pixels (a
/// "decompression bomb") is refused from its header, before anything is allocated for it.
///
/// ```swift
/// let ppm: [UInt8] = Array("P6 2 1 255\n".utf8) + [255, 0, 0, 0, 0, 255]
/// let image = try PortableAnymapDecoder().decode(ppm, fitting: PixelSize(width: 1, height: 1))
/// image.pixels  // [128, 0, 128]: the average of red and blue
/// ```
public struct PortableAnymapDecoder: ImageDecoder {
  /// The largest width or height accepted, 2^24 pixels.
  public static let maximumDimension = 1 << 24

  /// The default ``maximumPixelCount``: 64 megapixels (2^26), four times an 8K frame.
  public static let defaultMaximumPixelCount = 1 << 26

  /// The most pixels (width × height) an image may declare; larger ones throw
  /// ``ImageDecodingError/tooManyPixels(width:height:limit:)``.
  public let maximumPixelCount: Int

  /// Creates the decoder.
  ///
  /// - Parameter maximumPixelCount: the most pixels an image may declare;
  ///   ``defaultMaximumPixelCount`` by default.
  /// - Precondition: `maximumPixelCount >= 1`.
  public init(maximumPixelCount: Int = defaultMaximumPixelCount) {
    precondition(
      maximumPixelCount >= 1,
      "PortableAnymapDecoder maximumPixelCount must be at least 1, got \(maximumPixelCount)")
    self.maximumPixelCount = maximumPixelCount
  }

  /// Decodes a binary PGM, PPM or PAM image to fit inside `targetSize`.
  ///
  /// - Throws: ``ImageDecodingError`` when the input is malformed or `targetSize` is not positive.
  /// - Complexity: O(n) in the number of raster bytes; extra memory is proportional to the output.
  public func decode(_ data: [UInt8], fitting targetSize: PixelSize) throws -> PixelImage {
    try decodeTyped(data, fitting: targetSize)
  }

  /// ``decode(_:fitting:)`` with the error type spelled out.
  ///
  /// - Throws: ``ImageDecodingError`` when the input is malformed or `targetSize` is not positive.
  /// - Complexity: O(n) in the number of raster bytes.
  public func decodeTyped(
    _ data: [UInt8], fitting targetSize: PixelSize
  ) throws(ImageDecodingError) -> PixelImage {
    guard targetSize.isPositive else { throw .invalidTargetSize(targetSize) }
    let header = try PortableAnymapHeader.parse(data, maximumPixelCount: maximumPixelCount)
    return BoxDownsampler.reduce(data, header: header, fitting: targetSize)
  }
}
