import Foundation
import Reel
import Testing

@testable import ReelBanner

/// The network tests share the transfer counters and thread names they check for leaks, so they
/// run one at a time, under this suite.
@Suite(.serialized) struct NetworkTests {}

/// A loopback server with the fault routes, a loader on it (short timeouts, retries that do not
/// sleep but are recorded, a disk cache in a fresh temporary directory) and a pipeline.
final class NetworkHarness: Sendable {
  let server: LoopbackHTTPServer
  let directory: URL
  let loader: NetworkImageLoader
  let pipeline: ImagePipeline<PixelImage>
  /// The backoff delays the loader asked for, in order.
  let sleeps = Locked<[Duration]>([])
  /// Every progress report: the requested URL's path and the figures.
  let progress = EventLog<ProgressEvent>()
  /// The most downloads seen running at once, sampled at each progress report.
  let peakActiveDownloads = Locked(0)
  /// The wall-clock time the loader sees; tests move it to expire cache entries.
  let clock = Locked(Date(timeIntervalSince1970: 1_700_000_000))

  init(
    retry: RetryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(100)),
    idleTimeout: Duration = .milliseconds(300), maximumDownloadBytes: Int = 64 << 10,
    maximumConcurrentDownloads: Int = 6, diskCache: Bool = true, diskEntryLimit: Int = 2_000,
    directory: URL? = nil, server: LoopbackHTTPServer? = nil, logsProgress: Bool = true
  ) throws {
    self.server = try server ?? LoopbackHTTPServer(handler: FaultRoutes.handle)
    self.directory =
      directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "reel-net-\(UUID().uuidString)", isDirectory: true)
    var configuration = NetworkImageConfiguration()
    configuration.idleTimeout = idleTimeout
    configuration.totalTimeout = .seconds(10)
    configuration.maximumDownloadBytes = maximumDownloadBytes
    configuration.maximumConcurrentDownloads = maximumConcurrentDownloads
    configuration.retryPolicy = retry
    let sleeps = sleeps
    configuration.sleep = { delay in
      sleeps.withLock { $0.append(delay) }
      try Task.checkCancellation()
    }
    let clock = clock
    configuration.now = { clock.withLock { $0 } }
    let progress = progress
    let peak = peakActiveDownloads
    // Weak: the loader's configuration holds this closure, so a strong box would be a cycle.
    // A weak reference, not a closure returning one: a closure kept in the generic `Locked` is
    // re-wrapped in a reabstraction thunk on every `inout` access, a chain that grew by ~48
    // bytes per progress report (the soak's residual memory growth).
    let loaderBox = Locked(WeakLoader())
    configuration.onProgress = { url, figures in
      if logsProgress { progress.append(ProgressEvent(path: url.path, progress: figures)) }
      let active = loaderBox.withLock { $0.loader }?.activeDownloads ?? 0
      peak.withLock { $0 = max($0, active) }
    }
    loader = NetworkImageLoader(
      configuration: configuration,
      diskCache: diskCache
        ? DiskCache(directory: self.directory, entryLimit: diskEntryLimit) : nil)
    pipeline = ImagePipeline<PixelImage>(loader: DefaultImageDataLoader(network: loader))
    loaderBox.withLock { $0.loader = loader }
  }

  func url(_ path: String) -> URL { server.url(path) }

  /// Waits until bytes of `path`'s body have arrived.
  func waitForBytes(of path: String) async {
    await progress.wait { $0.contains { $0.path == path && $0.progress.bytesReceived > 0 } }
  }

  func source(_ path: String) -> ImageSource { .url(url(path)) }

  /// Loads `path` through the pipeline, fitting 1×1.
  func image(_ path: String) async throws -> PixelImage {
    try await pipeline.image(for: source(path), targetSize: Fixtures.one)
  }

  /// The error loading `path` throws, or `nil` if it loads.
  func error(_ path: String) async -> (any Error)? {
    do {
      _ = try await image(path)
      return nil
    } catch {
      return error
    }
  }

  /// Stops the server, waits for the transfers to end and returns what is still held.
  func finish() async -> ResourceCounts {
    server.stop()
    let counts = await ResourceCounts.settled(port: server.port, loader: loader)
    try? FileManager.default.removeItem(at: directory)
    return counts
  }
}

/// The harness's weak reference to its loader, for the loader's own progress closure.
private struct WeakLoader {
  weak var loader: NetworkImageLoader?
}

struct ProgressEvent: Sendable, Equatable {
  var path: String
  var progress: DownloadProgress
}
