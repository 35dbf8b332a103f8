#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The built-in loader: local files, `file:`, `data:`, `http` and `https` URLs, and in-memory
/// bytes.
///
/// `http` and `https` URLs go to ``network`` (``NetworkImageLoader/shared`` unless you give
/// another: a disk cache under the user's cache directory, retries, limits). URLs with any other
/// scheme go to the loader given as `otherSchemes`; without one they fail with
/// ``ImageLoadingError/unsupportedScheme(_:)``. Reading a file is synchronous I/O on the
/// pipeline's task, which is fine for the small images a carousel shows; the load is skipped
/// when its task is already cancelled.
///
/// ```swift
/// let loader = DefaultImageDataLoader()
/// let bytes = try await loader.data(for: .url(URL(string: "data:;base64,UDYKMSAxCjI1NQr/AAA=")!))
/// let remote = DefaultImageDataLoader(
///   network: NetworkImageLoader(diskCache: DiskCache(appName: "shop")))
/// ```
public struct DefaultImageDataLoader: ImageDataLoader {
  /// The loader for `http` and `https` URLs.
  public let network: any ImageDataLoader
  /// The loader for URL schemes other than `file`, `data`, `http` and `https`, if any.
  public let otherSchemes: (any ImageDataLoader)?

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - network: receives `http` and `https` URLs; ``NetworkImageLoader/shared`` by default.
  ///   - otherSchemes: receives `.url` sources of any other scheme.
  public init(
    network: any ImageDataLoader = NetworkImageLoader.shared,
    otherSchemes: (any ImageDataLoader)? = nil
  ) {
    self.network = network
    self.otherSchemes = otherSchemes
  }

  /// Reads the bytes of `source`.
  ///
  /// - Throws: `CancellationError` if the task is cancelled, ``ImageLoadingError`` for an
  ///   unreadable file, a malformed `data:` URL, an unsupported scheme or a decoded in-memory
  ///   image, ``NetworkImageError`` (from the default ``network``) for a failed download, or
  ///   whatever `otherSchemes` throws.
  public func data(for source: ImageSource) async throws -> [UInt8] {
    try Task.checkCancellation()
    switch source {
    case .file(let path):
      return try Self.readFile(atPath: path)
    case .memory(let image):
      guard case .encoded(let bytes) = image.content else {
        throw ImageLoadingError.memoryImageTypeMismatch
      }
      return bytes
    case .url(let url):
      switch url.scheme?.lowercased() {
      case "file":
        return try Self.readFile(atPath: url.path)
      case "data":
        return try Self.decodeDataURL(url.absoluteString)
      case "http", "https":
        return try await network.data(for: source)
      case let scheme:
        guard let otherSchemes else { throw ImageLoadingError.unsupportedScheme(scheme ?? "") }
        return try await otherSchemes.data(for: source)
      }
    }
  }

  private static func readFile(atPath path: String) throws -> [UInt8] {
    do {
      return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw ImageLoadingError.unreadableFile(path: path)
    }
  }

  /// `data:[<media type>][;base64],<payload>` (RFC 2397); the payload is percent-decoded, then
  /// base64-decoded when the metadata ends in `;base64`.
  static func decodeDataURL(_ text: String) throws(ImageLoadingError) -> [UInt8] {
    let utf8 = Array(text.utf8)
    guard utf8.count >= 5, let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else {
      throw .malformedDataURL
    }
    let metadata = String(decoding: utf8[5..<comma], as: UTF8.self).lowercased()
    let payload = try percentDecoded(utf8[(comma + 1)...])
    guard metadata.hasSuffix(";base64") else { return payload }
    guard let decoded = Data(base64Encoded: String(decoding: payload, as: UTF8.self)) else {
      throw .malformedDataURL
    }
    return [UInt8](decoded)
  }

  private static func percentDecoded(_ bytes: ArraySlice<UInt8>) throws(ImageLoadingError)
    -> [UInt8]
  {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "%") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      else { throw .malformedDataURL }
      result.append(high << 4 | low)
      index += 3
    }
    return result
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
