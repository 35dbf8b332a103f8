/// Why the built-in ``PortableAnymapDecoder`` rejected its input.
///
/// The decoder validates every header field and every length before it reads, so malformed,
/// truncated or hostile input ends in one of these errors, never in a crash.
public enum ImageDecodingError: Error, Hashable, Sendable {
  /// The bytes do not start with a supported magic number (`P5`, `P6` or `P7`).
  case unrecognizedFormat
  /// The header is cut short, has a non-numeric field, a missing field or a field out of range.
  case malformedHeader
  /// The width or height is zero or larger than ``PortableAnymapDecoder/maximumDimension``.
  case invalidDimensions(width: Int, height: Int)
  /// The maximum sample value is outside `1...65535`.
  case invalidMaximumValue(Int)
  /// A PAM `DEPTH` other than 1 (grey), 2 (grey + alpha), 3 (RGB) or 4 (RGBA).
  case unsupportedDepth(Int)
  /// Fewer raster bytes follow the header than its dimensions require.
  case truncatedPixelData(expected: Int, available: Int)
  /// The image declares more pixels than the decoder's limit (a "decompression bomb" such as
  /// 50,000 × 50,000); refused before anything is allocated.
  case tooManyPixels(width: Int, height: Int, limit: Int)
  /// The requested target size is not positive.
  case invalidTargetSize(PixelSize)
}
