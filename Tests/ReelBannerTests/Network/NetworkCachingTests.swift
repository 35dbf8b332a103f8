import Foundation
import Testing

@testable import ReelBanner

extension NetworkTests {
  @Suite struct Caching {
    /// A second pipeline over the harness's loader: an empty memory cache, so every request
    /// reaches the loader (and its disk cache).
    func coldPipeline(_ h: NetworkHarness) -> ImagePipeline<PixelImage> {
      ImagePipeline<PixelImage>(loader: DefaultImageDataLoader(network: h.loader))
    }

    func image(_ path: String, _ h: NetworkHarness) async throws -> PixelImage {
      try await coldPipeline(h).image(for: h.source(path), targetSize: Fixtures.one)
    }

    @Test func maxAgeServesFromDiskThenRevalidatesWhenStale() async throws {
      let h = try NetworkHarness()
      #expect(try await image("/maxage/1", h) == Fixtures.itemImage(1))
      h.clock.withLock { $0 += 59 }
      #expect(try await image("/maxage/1", h) == Fixtures.itemImage(1))
      #expect(h.server.requestCount("/maxage/1") == 1, "fresh for max-age: no request")
      h.clock.withLock { $0 += 2 }
      #expect(try await image("/maxage/1", h) == Fixtures.itemImage(1))
      #expect(h.server.requestCount("/maxage/1") == 2)
      #expect(await h.finish() == .zero)
    }

    @Test func anETagIsRevalidatedWith304() async throws {
      let h = try NetworkHarness()
      #expect(try await image("/etag/2", h) == Fixtures.itemImage(2))
      #expect(try await image("/etag/2", h) == Fixtures.itemImage(2))
      let records = h.server.records.filter { $0.path == "/etag/2" }
      #expect(records.count == 2)
      #expect(records.first?.headers["if-none-match"] == nil)
      #expect(records.last?.headers["if-none-match"] == "\"v2\"")
      #expect(await h.finish() == .zero)
    }

    @Test func lastModifiedIsRevalidatedWith304() async throws {
      let h = try NetworkHarness()
      #expect(try await image("/lastmod/3", h) == Fixtures.itemImage(3))
      #expect(try await image("/lastmod/3", h) == Fixtures.itemImage(3))
      let records = h.server.records.filter { $0.path == "/lastmod/3" }
      #expect(
        records.map { $0.headers["if-modified-since"] } == [nil, "Tue, 14 Nov 2023 22:13:20 GMT"])
      #expect(await h.finish() == .zero)
    }

    @Test func noStoreIsNotKeptOnDisk() async throws {
      let h = try NetworkHarness()
      _ = try await image("/nostore/3", h)
      _ = try await image("/nostore/3", h)
      #expect(h.server.requestCount("/nostore/3") == 2)
      #expect(h.loader.diskCache?.entryCount == 0)
      #expect(await h.finish() == .zero)
    }

    /// Offline start: the server is down. Cached images show (even stale), the others fail to
    /// their failure image; when the server is back on the same port, they load.
    @Test func anOfflineStartShowsCachedImagesAndRecovers() async throws {
      let online = try NetworkHarness()
      let port = online.server.port
      _ = try await online.image("/image/4")
      let directory = online.directory
      online.server.stop()

      let offline = try NetworkHarness(directory: directory, server: online.server)
      offline.clock.withLock { $0 += 7_200 }  // two hours later: the entry is stale
      let queue = DeliveryQueue()
      let cached = ProbeCell(deliver: queue.deliver)
      let uncached = ProbeCell(deliver: queue.deliver)
      cached.show(
        offline.source("/image/4"), expected: Fixtures.itemImage(4), pipeline: offline.pipeline)
      uncached.show(
        offline.source("/image/5"), expected: Fixtures.itemImage(5), pipeline: offline.pipeline)
      await queue.waitForDeliveries(2)
      queue.runAll()
      #expect(cached.shown == Fixtures.itemImage(4))
      #expect(uncached.shown == ProbeCell.failureImage)
      if case .cannotConnect = uncached.failures.first as? NetworkImageError {
      } else {
        Issue.record("expected cannotConnect, got \(uncached.failures)")
      }

      // The network returns: the same URLs work again on the next bind.
      let back = try LoopbackHTTPServer(port: port, handler: FaultRoutes.handle)
      uncached.prepareForReuse()
      uncached.show(
        offline.source("/image/5"), expected: Fixtures.itemImage(5), pipeline: offline.pipeline)
      await queue.waitForDeliveries(3)
      queue.runAll()
      #expect(uncached.shown == Fixtures.itemImage(5))
      #expect(back.requestCount("/image/4") == 0 || back.requestCount("/image/4") == 1)
      back.stop()
      #expect(await ResourceCounts.settled(port: port) == .zero)
      try? FileManager.default.removeItem(at: directory)
    }

    /// Two pipelines (two loaders, two disk caches) on one directory, loading overlapping images
    /// at once: every image right, every entry valid.
    @Test func twoPipelinesShareOneDirectory() async throws {
      let first = try NetworkHarness()
      let second = try NetworkHarness(directory: first.directory, server: first.server)
      let wrong = await withTaskGroup(of: [String].self) { group in
        for h in [first, second] {
          group.addTask {
            var wrong: [String] = []
            for round in 0..<3 {
              for item in 0..<20 {
                let pipeline = ImagePipeline<PixelImage>(
                  loader: DefaultImageDataLoader(network: h.loader))
                let image = try? await pipeline.image(
                  for: h.source("/etag/\(item)"), targetSize: Fixtures.one)
                if image != Fixtures.itemImage(item) { wrong.append("round \(round) item \(item)") }
              }
            }
            return wrong
          }
        }
        return await group.reduce(into: []) { $0 += $1 }
      }
      #expect(wrong.isEmpty, "\(wrong)")
      let cache = DiskCache(directory: first.directory)
      for item in 0..<20 {
        #expect(
          cache.entry(forKey: first.url("/etag/\(item)").absoluteString)?.etag == "\"v\(item)\"")
      }
      #expect(await first.finish() == .zero)
    }
  }

  @Suite struct Loading {
    @Test func progressIsReportedPerRequest() async throws {
      let h = try NetworkHarness()
      #expect(try await h.image("/slow/3") == Fixtures.itemImage(3))
      let reports = h.progress.events.filter { $0.path == "/slow/3" }.map(\.progress)
      let total = FaultRoutes.largeItemPPM(3).count
      #expect(reports.count >= 4, "a trickled body reports as it arrives")
      #expect(reports.allSatisfy { $0.bytesExpected == total })
      #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.bytesReceived < $1.bytesReceived })
      #expect(reports.last?.bytesReceived == total && reports.last?.fractionCompleted == 1)
      #expect(h.loader.progress(for: h.url("/slow/3")) == nil, "no progress once finished")
      #expect(await h.finish() == .zero)
    }

    @Test func requestsForOneImageShareOneDownload() async throws {
      let h = try NetworkHarness(diskCache: false)
      let queue = DeliveryQueue()
      let cells = (0..<4).map { _ in ProbeCell(deliver: queue.deliver) }
      for cell in cells {
        cell.show(h.source("/slow/9"), expected: Fixtures.itemImage(9), pipeline: h.pipeline)
      }
      await queue.waitForDeliveries(4)
      queue.runAll()
      #expect(cells.allSatisfy { $0.shown == Fixtures.itemImage(9) })
      #expect(h.server.requestCount("/slow/9") == 1)
      #expect(await h.finish() == .zero)
    }

    @Test func concurrentDownloadsAreBounded() async throws {
      let h = try NetworkHarness(maximumConcurrentDownloads: 2, diskCache: false)
      await withTaskGroup(of: Void.self) { group in
        for item in 0..<6 {
          group.addTask { _ = try? await h.image("/slow/\(item)") }
        }
      }
      #expect(h.server.records.count == 6)
      #expect(h.peakActiveDownloads.withLock { $0 } == 2)
      #expect(await h.finish() == .zero)
    }

    @Test func aRedirectToAnotherServerIsFollowed() async throws {
      let h = try NetworkHarness()
      let target = h.url("/image/6").absoluteString
      let hop = try LoopbackHTTPServer { _ in
        LoopbackHTTPServer.Reply(status: 301, headers: [("Location", target)])
      }
      let image = try await h.pipeline.image(for: .url(hop.url("/moved")), targetSize: Fixtures.one)
      #expect(image == Fixtures.itemImage(6))
      hop.stop()
      #expect(await h.finish() == .zero)
      #expect(await ResourceCounts.settled(port: hop.port) == .zero)
    }
  }
}
