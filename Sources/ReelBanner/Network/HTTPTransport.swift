#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One GET request as a transport sends it: no redirects followed, no retries.
struct HTTPRequest: Sendable {
  /// The `http` or `https` URL.
  var url: URL
  /// Extra request headers (conditional requests add `If-None-Match` and `If-Modified-Since`).
  var headers: [(name: String, value: String)] = []
  /// The longest wait for the connection or for the next bytes.
  var idleTimeout: Duration
  /// When the request must be over: the transfer stops then with
  /// ``NetworkImageError/timedOut``.
  var deadline: ContinuousClock.Instant
  /// The largest body accepted.
  var maximumBodyBytes: Int
  /// Called with the body bytes received so far and the announced length, on the transfer's
  /// thread.
  var progress: @Sendable (DownloadProgress) -> Void = { _ in }
}

/// One response as a transport received it: any status, the whole body.
struct HTTPResponse: Sendable {
  var head: HTTPResponseHead
  var body: [UInt8]

  /// A response; `body` is copied to a buffer of its size when more than half of its capacity
  /// is unused (a body of unknown length was given room for the largest allowed).
  init(head: HTTPResponseHead, body: [UInt8]) {
    self.head = head
    self.body = body.capacity > 2 * body.count + 4096 ? Array(body[...]) : body
  }

  var status: Int { head.status }
}

/// Sends single HTTP requests. ``NetworkImageLoader`` adds redirects, retries, the download
/// limit and the disk cache on top.
protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status.
  ///
  /// - Throws: `CancellationError` when the task is cancelled (the transfer stops), or a
  ///   ``NetworkImageError``.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
