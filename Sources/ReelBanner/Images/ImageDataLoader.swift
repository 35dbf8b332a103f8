/// Fetches the encoded bytes of an image.
///
/// Loaders run off the caller's actor, inside the pipeline's own tasks, possibly several at once,
/// hence `Sendable`. When every request waiting on a load has gone away the pipeline cancels the
/// load's task; a loader should then stop promptly (check `Task.isCancelled`, or use a
/// cancellation handler around network I/O) and throw `CancellationError`.
///
/// ``DefaultImageDataLoader`` reads files, `file:` and `data:` URLs and in-memory bytes, and
/// passes other schemes to a loader you give it:
///
/// ```swift
/// struct HTTPLoader: ImageDataLoader {
///   func data(for source: ImageSource) async throws -> [UInt8] {
///     guard case .url(let url) = source else { throw ImageLoadingError.unsupportedScheme("") }
///     return try await myHTTPClient.get(url)
///   }
/// }
/// let loader = DefaultImageDataLoader(otherSchemes: HTTPLoader())
/// ```
public protocol ImageDataLoader: Sendable {
  /// The encoded bytes of the image at `source`.
  ///
  /// - Throws: `CancellationError` when cancelled, or any error describing the failure.
  func data(for source: ImageSource) async throws -> [UInt8]
}
