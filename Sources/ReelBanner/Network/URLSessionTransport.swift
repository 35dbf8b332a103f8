import Foundation
import Reel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `https` through the toolchain's `URLSession` (libcurl on Linux), one ephemeral session per
/// request so nothing is shared or persisted behind the disk cache's back.
///
/// Redirects are not followed here but returned, so ``NetworkImageLoader`` applies one redirect
/// limit to both schemes; the body size limit is enforced as bytes arrive, and cancelling the
/// task cancels the data task.
///
/// The request's deadline is kept by a timer of its own that cancels the data task: on Linux
/// the platform ignores `timeoutIntervalForResource`. While it waits for a server (a TLS
/// handshake, a response, the next bytes) the toolchain's `URLSession` keeps a core busy; the
/// deadline, and the idle timeout, are what bound that.
struct URLSessionTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    var urlRequest = URLRequest(url: request.url)
    urlRequest.setValue("image/*", forHTTPHeaderField: "Accept")
    for header in request.headers {
      urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = Self.wholeSeconds(request.idleTimeout)
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let delegate = SessionDelegate(request: request)
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: urlRequest)
    let timer = Task {
      try await Task.sleep(until: request.deadline, clock: .continuous)
      delegate.fail(NetworkImageError.timedOut)
      task.cancel()
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.start(task, continuation: continuation)
      }
    } onCancel: {
      task.cancel()
    }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }

  /// The idle timeout as the toolchain's `URLSession` can keep it: whole seconds, rounded up,
  /// at least 1. On Linux it truncates its request timeout to whole seconds before arming its
  /// timer, so 0.3 s became a timer of 0 ms that failed a transfer with `.timedOut` as soon as
  /// it started (or raced a refused connection's own error).
  static func wholeSeconds(_ duration: Duration) -> TimeInterval {
    max(1, seconds(duration).rounded(.up))
  }
}

/// Collects one data task's response and body and resumes the caller exactly once.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // @unchecked: every field is behind `state`'s lock.
  private struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var failure: (any Error)?
  }

  private let request: HTTPRequest
  private let state = Locked(State())

  init(request: HTTPRequest) {
    self.request = request
  }

  func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    state.withLock { $0.continuation = continuation }
    task.resume()
  }

  /// Makes the transfer end with `error` (unless it already failed); the caller then cancels
  /// the data task.
  func fail(_ error: NetworkImageError) {
    state.withLock { state in
      if state.failure == nil { state.failure = error }
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)  // the loader follows redirects itself, within its limit
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      completionHandler(.cancel)
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    let head = HTTPResponseHead(status: http.statusCode, headers: headers)
    if let expected = (try? head.contentLength()) ?? nil, expected > request.maximumBodyBytes {
      state.withLock { $0.failure = NetworkImageError.tooLarge(limit: request.maximumBodyBytes) }
      completionHandler(.cancel)
      return
    }
    state.withLock { $0.head = head }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = request.maximumBodyBytes
    let progress = state.withLock { state -> DownloadProgress? in
      guard state.failure == nil else { return nil }
      guard state.body.count + data.count <= limit else {
        state.failure = NetworkImageError.tooLarge(limit: limit)
        return nil
      }
      if state.body.isEmpty {
        // Room for the whole body at once: it never grows by copying.
        state.body.reserveCapacity(
          min(limit, max(data.count, (try? state.head?.contentLength()) ?? limit)))
      }
      state.body.append(contentsOf: data)
      return DownloadProgress(
        bytesReceived: state.body.count,
        bytesExpected: (try? state.head?.contentLength()) ?? nil)
    }
    if let progress {
      request.progress(progress)
    } else {
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let (continuation, result) = state.withLock {
      state -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, any Error>) in
      defer { state.continuation = nil }
      if let failure = state.failure { return (state.continuation, .failure(failure)) }
      if let error { return (state.continuation, .failure(Self.mapped(error))) }
      guard let head = state.head else {
        return (state.continuation, .failure(NetworkImageError.connectionLost))
      }
      return (state.continuation, .success(HTTPResponse(head: head, body: state.body)))
    }
    continuation?.resume(with: result)
  }

  private static func mapped(_ error: any Error) -> any Error {
    guard let error = error as? URLError else { return error }
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return NetworkImageError.timedOut
    case .networkConnectionLost: return NetworkImageError.connectionLost
    case .cannotFindHost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
      .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return NetworkImageError.cannotConnect(error.localizedDescription)
    default: return NetworkImageError.malformedResponse(error.localizedDescription)
    }
  }
}
