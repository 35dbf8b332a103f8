/// Why ``DefaultImageDataLoader`` or ``ImagePipeline`` could not produce an image's bytes.
public enum ImageLoadingError: Error, Hashable, Sendable {
  /// The file could not be read (missing, a directory, no permission). Carries its path.
  case unreadableFile(path: String)
  /// A URL scheme no loader handles, such as `https` without a network loader. Carries it.
  case unsupportedScheme(String)
  /// A `data:` URL without a comma, or with a payload that is not valid base64 or percent-encoding.
  case malformedDataURL
  /// An ``InMemoryImage`` holding a decoded value that is not of the pipeline's image type (or
  /// given to a loader, which only deals in bytes).
  case memoryImageTypeMismatch
}
