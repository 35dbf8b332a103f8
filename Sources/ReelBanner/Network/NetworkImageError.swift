/// Why a network image could not be loaded.
///
/// Every failure of a hostile or broken server ends in one of these (or `CancellationError`),
/// never in a crash and never in another item's bytes. ``isTransient`` says which ones
/// ``NetworkImageLoader`` retries.
public enum NetworkImageError: Error, Hashable, Sendable {
  /// The server answered with a status that is neither a success nor a redirect, such as 404
  /// or 503. Carries the status code.
  case status(Int)
  /// No byte arrived within the idle timeout, or the whole transfer took longer than the
  /// resource timeout.
  case timedOut
  /// The host could not be resolved or refused the connection (for example while offline).
  /// Carries the system's reason.
  case cannotConnect(String)
  /// The connection was reset or closed before a complete response head arrived.
  case connectionLost
  /// The connection ended before the body was complete: fewer bytes than `Content-Length`
  /// announced (`expected`), or a chunked body cut short (`expected` is `nil`).
  case truncatedBody(expected: Int?, received: Int)
  /// The body is larger than the loader's maximum download size (announced or received).
  case tooLarge(limit: Int)
  /// More redirects in a row than the loader's limit (a redirect loop, say).
  case tooManyRedirects(limit: Int)
  /// The response is not valid HTTP/1.x (bad status line, header or chunk framing). Carries
  /// what was wrong.
  case malformedResponse(String)
  /// The server said the body is not an image (a `text/…` content type, such as an HTML error
  /// page served with status 200). Carries the content type.
  case notAnImage(contentType: String)

  /// Whether trying again later may succeed: timeouts, lost or refused connections, truncated
  /// bodies and 5xx statuses. 4xx statuses, oversized bodies, redirect loops, malformed
  /// responses and non-images are permanent.
  public var isTransient: Bool {
    switch self {
    case .status(let code): (500..<600).contains(code)
    case .timedOut, .cannotConnect, .connectionLost, .truncatedBody: true
    case .tooLarge, .tooManyRedirects, .malformedResponse, .notAnImage: false
    }
  }
}
