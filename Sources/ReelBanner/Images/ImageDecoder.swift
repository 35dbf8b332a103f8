/// Turns encoded bytes into a frontend's image type, downsampled to fit a target size.
///
/// The pipeline is generic over the image type, so each frontend brings its own decoder: the
/// terminal uses the built-in ``PortableAnymapDecoder`` producing ``PixelImage``, a GTK frontend
/// would wrap `gdk_texture_new_from_bytes` and produce its texture type.
///
/// Decoders are called off the caller's actor, from the pipeline's own tasks, and may be called
/// concurrently, hence `Sendable`. Decoding is synchronous: a decoder that wants to stop early
/// when its load is cancelled may check `Task.isCancelled`.
///
/// ```swift
/// struct TextureDecoder: ImageDecoder {
///   func decode(_ data: [UInt8], fitting targetSize: PixelSize) throws -> Texture {
///     try Texture(encoded: data, maxWidth: targetSize.width, maxHeight: targetSize.height)
///   }
/// }
/// ```
public protocol ImageDecoder<Image>: Sendable {
  /// The decoded image type.
  associatedtype Image: Sendable

  /// Decodes `data` to an image that fits inside `targetSize`, keeping the aspect ratio.
  ///
  /// Decode to the displayed size rather than the file's size to save memory. An image
  /// already smaller than the target may be returned at its own size.
  ///
  /// - Throws: any error describing why `data` cannot be decoded.
  func decode(_ data: [UInt8], fitting targetSize: PixelSize) throws -> Image
}
