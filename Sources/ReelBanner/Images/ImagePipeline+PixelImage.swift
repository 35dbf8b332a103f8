extension ImagePipeline where Image == PixelImage {
  /// Creates a pipeline with the built-in ``PortableAnymapDecoder``; an image costs its
  /// ``PixelImage/byteCount``.
  ///
  /// ```swift
  /// let pipeline = ImagePipeline<PixelImage>(costLimit: 16 << 20)
  /// ```
  ///
  /// - Parameters:
  ///   - loader: fetches encoded bytes; ``DefaultImageDataLoader`` by default.
  ///   - costLimit: the most bytes of pixels the cache holds, 64 MiB by default.
  ///   - countLimit: the most images the cache holds, or `nil` for no count limit.
  public convenience init(
    loader: any ImageDataLoader = DefaultImageDataLoader(),
    costLimit: Int = 64 << 20,
    countLimit: Int? = nil
  ) {
    self.init(
      loader: loader, decoder: PortableAnymapDecoder(), costLimit: costLimit,
      countLimit: countLimit, cost: { $0.byteCount })
  }
}
