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
///   .url(URL(string: "https://example.com/banner-3.ppm")!),  // needs a network loader
///   .memory(InMemoryImage(key: "inline", encoded: ppmBytes)),
/// ]
/// ```
public enum ImageSource: Hashable, Sendable {
  /// A file on the local file system.
  case file(path: String)
  /// A URL. `file:` and `data:` URLs are read by ``DefaultImageDataLoader``; other schemes go to
  /// the loader it was given for them.
  case url(URL)
  /// An image held in memory, encoded or already decoded.
  case memory(InMemoryImage)
}
