#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The limits and policies of a ``NetworkImageLoader``.
///
/// ```swift
/// var configuration = NetworkImageConfiguration()
/// configuration.idleTimeout = .seconds(10)
/// configuration.totalTimeout = .seconds(30)
/// configuration.maximumDownloadBytes = 8 << 20
/// configuration.retryPolicy = RetryPolicy(maximumAttempts: 4)
/// let loader = NetworkImageLoader(configuration: configuration, diskCache: cache)
/// ```
public struct NetworkImageConfiguration: Sendable {
  /// The longest wait for a connection or for the next bytes of a response (15 s). Over
  /// `https`, which goes through the toolchain's `URLSession`, it counts in whole seconds,
  /// rounded up: that is all the platform keeps of a request timeout.
  public var idleTimeout: Duration = .seconds(15)
  /// The longest one image may take over the network (20 s): from the moment its first request
  /// gets a download slot to its last byte, every redirect, retry and back-off wait included.
  /// When it runs out the transfer is stopped and the load fails with
  /// ``NetworkImageError/timedOut`` (or the last attempt's error, when a retry could not finish
  /// in the time left); no network failure takes longer.
  public var totalTimeout: Duration = .seconds(20)
  /// Images loading over the network at once (6); further images wait their turn. An image
  /// holds its slot through its redirects, retries and back-off waits, at most
  /// ``totalTimeout``.
  public var maximumConcurrentDownloads = 6
  /// The largest body accepted (20 MiB): a larger `Content-Length` is refused before the body
  /// is read, and a body that grows past it is cut off.
  public var maximumDownloadBytes = 20 << 20
  /// Redirects followed in a row before giving up (5).
  public var maximumRedirects = 5
  /// Retries of transient failures.
  public var retryPolicy = RetryPolicy()
  /// How long a response without `Cache-Control: max-age` (or `no-cache`) is used from the disk
  /// cache before it is revalidated (1 hour).
  public var defaultFreshness: Duration = .seconds(3600)
  /// Waits between retries; `Task.sleep` by default. Tests inject one that does not sleep.
  public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  /// The wall-clock time that cache freshness is measured against; `Date()` by default.
  public var now: @Sendable () -> Date = { Date() }
  /// Called as the bytes of each download arrive, with the requested URL, on the transfer's
  /// thread. ``NetworkImageLoader/progress(for:)`` gives the same figures by polling.
  public var onProgress: (@Sendable (URL, DownloadProgress) -> Void)?

  /// The defaults above.
  public init() {}
}
