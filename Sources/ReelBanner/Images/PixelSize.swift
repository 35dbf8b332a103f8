/// A size in device pixels, used as the target an image is decoded to.
///
/// Convert from layout points to pixels in the frontend (points × scale factor) before asking the
/// pipeline for an image: decoding straight to the displayed size keeps memory proportional to
/// what is on screen, not to the size of the source file.
///
/// ```swift
/// let target = PixelSize(width: 358 * 2, height: 180 * 2)
/// ```
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  /// The width in pixels.
  public var width: Int
  /// The height in pixels.
  public var height: Int

  /// Creates a size of `width` × `height` pixels.
  ///
  /// Non-positive sizes are representable; decoders reject them with an error.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Whether both dimensions are at least one pixel.
  public var isPositive: Bool { width > 0 && height > 0 }

  /// A textual form such as `"320×180"`.
  public var description: String { "\(width)×\(height)" }
}
