/// An image the app already holds, identified by a key so it can key the cache.
///
/// Either encoded bytes, which the pipeline decodes and downsamples like a file, or a value that
/// is already decoded, which the pipeline hands back as it is (it must be of the pipeline's image
/// type, or the request fails with ``ImageLoadingError/memoryImageTypeMismatch``).
///
/// Equality and hashing use ``key`` only: give different contents different keys.
///
/// ```swift
/// let logo = ImageSource.memory(InMemoryImage(key: "logo", encoded: ppmBytes))
/// ```
public struct InMemoryImage: Hashable, Sendable {
  /// What an ``InMemoryImage`` holds.
  public enum Content: Sendable {
    /// Encoded bytes (for example a PPM file's contents) to be decoded and downsampled.
    case encoded([UInt8])
    /// A value already of the frontend's image type, used as it is, without downsampling.
    case decoded(any Sendable)
  }

  /// The identity of this image: equal keys mean equal images.
  public let key: String
  /// The bytes or the decoded value.
  public let content: Content

  /// Wraps encoded bytes under `key`.
  public init(key: String, encoded bytes: [UInt8]) {
    self.key = key
    self.content = .encoded(bytes)
  }

  /// Wraps an already decoded image under `key`.
  public init(key: String, image: some Sendable) {
    self.key = key
    self.content = .decoded(image)
  }

  /// Whether the two values have the same ``key``.
  public static func == (lhs: InMemoryImage, rhs: InMemoryImage) -> Bool { lhs.key == rhs.key }

  /// Hashes the ``key``.
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
