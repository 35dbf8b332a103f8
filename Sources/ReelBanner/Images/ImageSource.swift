#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where an image comes from. Hashable, so a source and a target size key the pipeline's cache.
///
/// ```swift
/// let sources: [ImageSource] = [
///   .file(path: "/usr/share/reel/banner-1.ppm"),
///   .url(URL(string: "file:///usr/share/reel/banner-2.ppm")!),
///   .url(URL(string: "https://example.com/banner-3.ppm")!),
///   .memory(InMemoryImage(key: "inline", encoded: ppmBytes)),
/// ]
/// let fromText = ImageSource(string: "https://example.com/banner-4.ppm")  // a URL string
/// ```
public enum ImageSource: Hashable, Sendable {
  /// A file on the local file system.
  case file(path: String)
  /// A URL. `file:`, `data:`, `http` and `https` URLs are read by ``DefaultImageDataLoader``;
  /// other schemes go to the loader it was given for them.
  case url(URL)
  /// An image held in memory, encoded or already decoded.
  case memory(InMemoryImage)

  /// A source from text: an absolute path (`/srv/a.ppm`) is a file, anything else must be a URL
  /// with a scheme (`https://…`, `file:///…`, `data:…`).
  ///
  /// Returns `nil` for empty text, a relative path, or text that is not a URL.
  public init?(string: String) {
    if string.hasPrefix("/") {
      self = .file(path: string)
      return
    }
    guard let url = URL(string: string), let scheme = url.scheme, !scheme.isEmpty else {
      return nil
    }
    self = .url(url)
  }
}
