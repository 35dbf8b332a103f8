/// The channel layout of a ``PixelImage``'s bytes.
public enum PixelFormat: Int, Hashable, Sendable, CaseIterable {
  /// Three bytes per pixel: red, green, blue.
  case rgb = 3
  /// Four bytes per pixel: red, green, blue, alpha (straight, not premultiplied).
  case rgba = 4

  /// The number of bytes one pixel takes.
  public var bytesPerPixel: Int { rawValue }
}
