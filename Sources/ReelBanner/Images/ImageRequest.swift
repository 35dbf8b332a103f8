/// One request of the pipeline: a source decoded to fit a target size. It keys the cache and
/// the table of loads in flight, so equal requests share one load and one cache entry.
public struct ImageRequest: Hashable, Sendable {
  /// Where the image comes from.
  public var source: ImageSource
  /// The size, in pixels, the image is decoded to fit inside.
  public var targetSize: PixelSize

  /// Creates a request for `source` decoded to fit `targetSize`.
  public init(source: ImageSource, targetSize: PixelSize) {
    self.source = source
    self.targetSize = targetSize
  }
}
