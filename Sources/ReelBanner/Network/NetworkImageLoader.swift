import Reel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Loads `http` and `https` images: a disk cache with HTTP revalidation, redirects, retries of
/// transient failures, a limit on concurrent downloads, size limits and progress.
///
/// ``DefaultImageDataLoader`` hands it every `http` and `https` URL, so the default pipeline
/// loads remote images with no set-up:
///
/// ```swift
/// let pipeline = ImagePipeline<PixelImage>()  // files, data: URLs, http, https
/// let image = try await pipeline.image(
///   for: .url(URL(string: "https://example.com/sale.ppm")!), targetSize: cardSize)
/// ```
///
/// A request goes like this:
/// 1. A fresh disk-cache entry (within `max-age`) is returned with no network.
/// 2. Otherwise a GET is sent — conditional (`If-None-Match`, `If-Modified-Since`) when a stale
///    entry has validators; a `304` refreshes and returns that entry.
/// 3. Redirects are followed up to ``NetworkImageConfiguration/maximumRedirects``.
/// 4. Transient failures (timeouts, lost or refused connections, truncated bodies, 5xx) are
///    retried per ``NetworkImageConfiguration/retryPolicy``; a 4xx is not. Redirects, retries
///    and back-off waits all happen in one download slot and within
///    ``NetworkImageConfiguration/totalTimeout`` of getting it.
/// 5. If the network still fails and a stale entry exists, the stale entry is returned (an
///    offline start shows what it has); otherwise the error is thrown.
/// 6. A `2xx` body that is not `text/…` is stored (unless `no-store`) and returned.
///
/// Cancelling the calling task (the pipeline does when no cell wants the image any more) stops
/// the transfer: the connection is closed at once.
///
/// `http` uses Reel's own HTTP/1.1 client on the system's sockets; `https` uses the toolchain's
/// `URLSession`.
public final class NetworkImageLoader: ImageDataLoader {
  /// The limits and policies in use.
  public let configuration: NetworkImageConfiguration
  /// The disk cache, or `nil` for none.
  public let diskCache: DiskCache?

  private let limiter: DownloadLimiter
  private let plain: any HTTPTransport
  private let secure: any HTTPTransport
  private let downloads = Locked<[URL: DownloadProgress]>([:])

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - configuration: timeouts, limits, retries; the defaults by default.
  ///   - diskCache: where responses are kept across runs; `nil` keeps nothing on disk.
  /// - Precondition: `configuration.maximumConcurrentDownloads >= 1`,
  ///   `configuration.maximumDownloadBytes >= 0`, `configuration.maximumRedirects >= 0`.
  public init(configuration: NetworkImageConfiguration = .init(), diskCache: DiskCache?) {
    precondition(
      configuration.maximumDownloadBytes >= 0,
      "NetworkImageConfiguration.maximumDownloadBytes must not be negative")
    precondition(
      configuration.maximumRedirects >= 0,
      "NetworkImageConfiguration.maximumRedirects must not be negative")
    self.configuration = configuration
    self.diskCache = diskCache
    limiter = DownloadLimiter(limit: configuration.maximumConcurrentDownloads)
    plain = SocketHTTPTransport()
    secure = URLSessionTransport()
  }

  /// The loader ``DefaultImageDataLoader`` uses unless given another: default configuration,
  /// with a disk cache in ``DiskCache/defaultDirectory(appName:environment:)`` named after the
  /// process. Nothing is written until the first remote image is stored.
  public static let shared = NetworkImageLoader(
    diskCache: DiskCache(appName: ProcessInfo.processInfo.processName))

  // MARK: Progress

  /// The progress of the download of `url` in flight, or `nil` when none is running (not
  /// started, waiting for a slot, served from the disk cache, or finished).
  ///
  /// - Complexity: O(1).
  public func progress(for url: URL) -> DownloadProgress? {
    downloads.withLock { $0[url] }
  }

  /// Downloads in flight (holding a connection), across all URLs.
  ///
  /// - Complexity: O(1).
  public var activeDownloads: Int { downloads.withLock { $0.count } }

  // MARK: Loading

  /// The bytes of the `http` or `https` image at `source`.
  ///
  /// - Throws: `CancellationError` when cancelled, ``NetworkImageError`` for a network or
  ///   server failure (after retries), ``ImageLoadingError/unsupportedScheme(_:)`` for a source
  ///   that is not an `http` or `https` URL.
  public func data(for source: ImageSource) async throws -> [UInt8] {
    guard case .url(let url) = source, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      if case .url(let url) = source {
        throw ImageLoadingError.unsupportedScheme(url.scheme?.lowercased() ?? "")
      }
      throw ImageLoadingError.unsupportedScheme("")
    }
    try Task.checkCancellation()
    let key = url.absoluteString
    let cached = diskCache?.entry(forKey: key)
    if let cached, cached.isFresh(at: configuration.now()) { return cached.data }

    var headers: [(name: String, value: String)] = []
    if let cached {
      if let etag = HTTPFreshness.validETag(cached.etag) { headers.append(("If-None-Match", etag)) }
      if let lastModified = HTTPFreshness.validDate(cached.lastModified) {
        headers.append(("If-Modified-Since", lastModified))
      }
    }
    let response: HTTPResponse
    let redirected: Bool
    do {
      (response, redirected) = try await fetchRetrying(url, headers: headers)
    } catch let error as NetworkImageError where error.isTransient {
      if let cached { return cached.data }  // offline or failing: serve what we had
      throw error
    }
    let freshness = HTTPFreshness(response.head, defaultFreshness: configuration.defaultFreshness)
    // Validators belong to the URL that gave them: a redirect's target's are not kept, so they
    // are never sent to the original host.
    let etag = redirected ? nil : HTTPFreshness.validETag(response.head.value("etag"))
    let lastModified =
      redirected ? nil : HTTPFreshness.validDate(response.head.value("last-modified"))
    if response.status == 304, var cached {
      cached.storedAt = configuration.now()
      cached.freshFor = freshness.freshFor
      if let etag { cached.etag = etag }
      try? diskCache?.store(cached, forKey: key)
      return cached.data
    }
    guard (200..<300).contains(response.status) else {
      throw NetworkImageError.status(response.status)
    }
    if let type = response.head.value("content-type"), type.lowercased().hasPrefix("text/") {
      throw NetworkImageError.notAnImage(contentType: type)
    }
    if freshness.mayStore, let diskCache {
      let entry = DiskCacheEntry(
        data: response.body, storedAt: configuration.now(), freshFor: freshness.freshFor,
        etag: etag, lastModified: lastModified)
      try? diskCache.store(entry, forKey: key)
    }
    return response.body
  }

  /// Sends the request, following redirects, retrying transient failures with backoff, all in
  /// one download slot and within ``NetworkImageConfiguration/totalTimeout`` of getting it. A
  /// 5xx response counts as a transient failure; any other response is returned, with whether a
  /// redirect led to it.
  private func fetchRetrying(
    _ url: URL, headers: [(name: String, value: String)]
  ) async throws -> (HTTPResponse, redirected: Bool) {
    try await limiter.withSlot {
      let deadline = ContinuousClock.now + configuration.totalTimeout
      var attempt = 1
      while true {
        do {
          let (response, redirected) = try await fetchFollowingRedirects(
            url, headers: headers, deadline: deadline)
          if (500..<600).contains(response.status) {
            throw NetworkImageError.status(response.status)
          }
          return (response, redirected)
        } catch let error as NetworkImageError
          where error.isTransient && attempt < configuration.retryPolicy.maximumAttempts
        {
          let delay = configuration.retryPolicy.delay(afterAttempt: attempt)
          // A retry that could not start before the deadline would only time out: fail now.
          guard ContinuousClock.now + delay < deadline else { throw error }
          try await configuration.sleep(delay)
          attempt += 1
        }
      }
    }
  }

  private func fetchFollowingRedirects(
    _ url: URL, headers: [(name: String, value: String)], deadline: ContinuousClock.Instant
  ) async throws -> (HTTPResponse, redirected: Bool) {
    var current = url
    var redirects = 0
    while true {
      let response = try await send(
        current, headers: current == url ? headers : [], deadline: deadline, reportingAs: url)
      guard [301, 302, 303, 307, 308].contains(response.status),
        let location = response.head.value("location")
      else { return (response, redirects > 0) }
      guard redirects < configuration.maximumRedirects else {
        throw NetworkImageError.tooManyRedirects(limit: configuration.maximumRedirects)
      }
      guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
        let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
      else { throw NetworkImageError.malformedResponse("bad redirect location \"\(location)\"") }
      redirects += 1
      current = next
    }
  }

  /// One request through the transport for its scheme, publishing progress under `original`.
  private func send(
    _ url: URL, headers: [(name: String, value: String)], deadline: ContinuousClock.Instant,
    reportingAs original: URL
  ) async throws -> HTTPResponse {
    let onProgress = configuration.onProgress
    let downloads = downloads
    downloads.withLock { $0[original] = DownloadProgress(bytesReceived: 0, bytesExpected: nil) }
    defer { downloads.withLock { _ = $0.removeValue(forKey: original) } }
    let request = HTTPRequest(
      url: url, headers: headers, idleTimeout: configuration.idleTimeout, deadline: deadline,
      maximumBodyBytes: configuration.maximumDownloadBytes,
      progress: { progress in
        downloads.withLock { $0[original] = progress }
        onProgress?(original, progress)
      })
    let transport = url.scheme?.lowercased() == "https" ? secure : plain
    return try await transport.send(request)
  }
}
