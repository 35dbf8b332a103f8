import Foundation
import Reel
import ReelTesting
import Testing

@testable import ReelBanner

/// A day of a banner of remote images: the server fails at random (seeded), the images change
/// every quarter of an hour and the memory cache is purged every hour. Nothing may grow, and at
/// every hourly checkpoint every visible card shows its own image or its failure image.
extension NetworkTests {
  @Suite struct ImageSoak {
    /// What the server does for one request, drawn from the seed, the path and how many
    /// requests for that path came before (so it does not depend on thread timing).
    static func reply(
      seed: UInt64, _ request: LoopbackHTTPServer.Request
    ) -> LoopbackHTTPServer.Reply {
      var rng = SplitMix64(
        seed: seed ^ DiskCacheFileFormat.fnv1a(request.path.utf8)
          ^ UInt64(request.previousRequests) &* 0x9E37_79B9_7F4A_7C15)
      let item = Int(request.path.dropFirst().split(separator: "?").first ?? "") ?? 0
      let image = Fixtures.itemPPM(item)
      let ppm = FaultRoutes.ppmType
      switch Int.random(in: 0..<100, using: &rng) {
      case 0..<8: return .init(status: 503)
      case 8..<11: return .init(status: 500)
      case 11..<14: return .init(status: 200, behaviour: .reset)
      case 14..<17:
        return .init(status: 200, headers: [ppm], body: image, behaviour: .truncate(after: 9))
      case 17..<18: return .init(status: 200, behaviour: .hang)
      case 18..<20: return .init(status: 404)
      case 20..<22: return .init(status: 200, headers: [ppm], body: Array("<html/>".utf8))
      case 22..<27:
        return .init(
          status: 200, headers: [ppm], body: image,
          behaviour: .trickle(chunk: 4, interval: .milliseconds(2)))
      default:
        return .init(status: 200, headers: [ppm, ("Cache-Control", "max-age=600")], body: image)
      }
    }

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer.
    static var isSanitized: Bool {
      dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    }

    struct Checkpoint: CustomStringConvertible {
      var hour: Int
      var counts: ResourceCounts
      var descriptors: Int
      var threads: Int
      var residentMiB: Double
      var heapKiB: Int
      var arenaKiB: Int
      var cachedImages: Int
      var diskEntries: Int

      var description: String {
        "h\(hour): \(counts), fds \(descriptors), threads \(threads), rss "
          + "\(String(format: "%.1f", residentMiB)) MiB, heap \(heapKiB) KiB, arena \(arenaKiB) KiB, memory cache \(cachedImages), disk \(diskEntries)"
      }
    }

    /// The day runs in a child process (an exit test), so that its memory figures belong to it
    /// alone and not to the tests running beside it. The child prints its hourly checkpoints on
    /// standard output and every broken expectation on standard error, and exits normally either
    /// way: an exit test that fails its exit condition gives back none of its output.
    @Test func aDayOfRemoteImagesWithRandomFaults() async throws {
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
      ) {
        let failures = try await ImageSoak.day()
        FileHandle.standardError.write(Data(failures.joined(separator: "\n").utf8))
      }
      let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
      let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      print(output)
      #expect(!errors.contains("soak:"), Comment(rawValue: errors))
      #expect(output.contains("\nh24: "), "the child ran the whole day: \(output)")
    }

    /// A day of the banner; returns the broken expectations (each starting `soak:`).
    static func day() async throws -> [String] {
      let hooks = ThrownErrorBacktraces.suspend()
      let seed: UInt64 = 0x1A6E_5EED
      let server = try LoopbackHTTPServer(
        maximumRequests: 50_000, lifetime: .seconds(300), logsArrivals: false, keptRecords: 64
      ) { Self.reply(seed: seed, $0) }
      let h = try NetworkHarness(
        retry: RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(50)),
        idleTimeout: .milliseconds(100), diskEntryLimit: 64, server: server, logsProgress: false)
      let pipeline = ImagePipeline<PixelImage>(
        loader: DefaultImageDataLoader(network: h.loader), costLimit: 1 << 20, countLimit: 6)
      let itemCount = 12
      var generation = 0
      func items() -> [BannerItem] {
        (0..<itemCount).map {
          BannerItem(id: "\($0)", image: h.source("/\($0 + 1)?v=\(generation)"), title: "\($0)")
        }
      }
      let queue = CountingDeliveryQueue()
      let source = BannerItemDataSource(
        items: items(), pipeline: pipeline, imageSize: Fixtures.one,
        placeholder: Fixtures.placeholder, deliver: queue.deliver)
      source.failureImage = ProbeCell.failureImage
      var wrong: [String] = []
      source.onImageChange = { cell in
        guard let index = cell.index, let image = cell.image else { return }
        if image != Fixtures.itemImage(index + 1) && image != ProbeCell.failureImage
          && wrong.count < 5
        {
          wrong.append("card \(index) showed \(image.pixels)")
        }
      }
      let banner = Banner<BannerCardCell<PixelImage>>(autoplay: .every(.seconds(4)))
      source.install(on: banner)
      banner.viewportSize = Size(width: 390, height: 200)
      let clock = ManualClock()
      var rng = SplitMix64(seed: seed)
      var delivered = 0
      var checkpoints: [Checkpoint] = []
      var unsettled: [String] = []
      var nextFling = 60.0
      var nextReload = 900.0
      var nextPurge = 3_600.0
      var nextCheckpoint = 3_600.0
      let day = 86_400.0

      /// Runs deliveries until every visible card has its image or its failure image.
      func settleCards() async {
        while true {
          delivered += queue.runAll()
          let loading = banner.list.placements.filter {
            $0.cell.imageBinding.phase == .loading
          }
          if loading.isEmpty { return }
          await queue.waitForDeliveries(delivered + 1)
        }
      }

      while clock.now.seconds < day {
        let t = clock.now.seconds
        if t >= nextFling {
          let distance =
            Double.random(in: 60...300, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
          banner.beginDrag(at: Point(x: 200, y: 50), time: clock.now)
          clock.advance(seconds: 0.1)
          banner.drag(to: Point(x: 200 - distance, y: 50), time: clock.now)
          banner.endDrag(at: clock.now)
          nextFling = t + Double.random(in: 30...120, using: &rng)
        }
        if t >= nextReload {
          generation += 1
          source.items = items()
          banner.reloadData()
          // The user looks at the new images: each visible card loads (or fails) now, so every
          // generation reaches the server whatever the machine's speed.
          await settleCards()
          nextReload += 900
        }
        if t >= nextPurge {
          pipeline.removeAllCachedImages()
          nextPurge += 3_600
        }
        if banner.needsFrames {
          clock.advance(seconds: 0.1)
        } else {
          let wake = min(banner.nextDeadline?.seconds ?? nextFling, nextFling, nextReload)
          clock.advance(seconds: max(0.1, wake - clock.now.seconds))
        }
        banner.tick(clock.now)
        delivered += queue.runAll()
        if clock.now.seconds >= nextCheckpoint || clock.now.seconds >= day {
          await settleCards()
          for placement in banner.list.placements {
            let image = placement.cell.image
            if image != Fixtures.itemImage(placement.index + 1) && image != ProbeCell.failureImage {
              unsettled.append(
                "h\(checkpoints.count + 1): card \(placement.index) shows \(String(describing: image?.pixels))"
              )
            }
          }
          let counts = await ResourceCounts.settled(port: server.port, loader: h.loader)
          checkpoints.append(
            Checkpoint(
              hour: checkpoints.count + 1, counts: counts,
              descriptors: ResourceCounts.openDescriptors, threads: ResourceCounts.threads,
              residentMiB: Double(ResourceCounts.residentBytes) / 1_048_576,
              heapKiB: (ResourceCounts.heap?.inUse ?? 0) / 1024,
              arenaKiB: (ResourceCounts.heap?.system ?? 0) / 1024,
              cachedImages: pipeline.cachedCount, diskEntries: h.loader.diskCache?.entryCount ?? 0))
          nextCheckpoint += 3_600
        }
      }
      let report =
        "seed \(seed), requests \(server.totalRequests), generations \(generation), "
        + "error hooks suspended \(hooks)\n"
        + checkpoints.map(\.description).joined(separator: "\n")
      print("image soak", report)
      var failures: [String] = []
      func check(_ condition: Bool, _ what: String) {
        if !condition { failures.append("soak: \(what) — \(report)") }
      }
      check(checkpoints.count == 24, "24 hourly checkpoints")
      check(wrong.isEmpty, "no card showed another item's image: \(wrong)")
      check(unsettled.isEmpty, "every card settled: \(unsettled.prefix(5))")
      check(checkpoints.allSatisfy { $0.counts == .zero }, "nothing held between requests")
      check(
        checkpoints.allSatisfy { $0.cachedImages <= 6 && $0.diskEntries <= 64 },
        "memory and disk caches within their bounds")
      // From hours 2–5 (caches full, every table at its working size) to hours 21–24 nothing
      // may grow beyond a small constant. The heap is what is allocated (malloc's free chunks
      // excluded), so it moves with retention only; resident memory also moves with
      // fragmentation, so its bound is looser. Each side is the least of its four checkpoints:
      // a checkpoint taken while a transfer or a retry's buffers are alive reads up to about
      // 100 KiB high, which says nothing about growth, while a leak raises every late
      // checkpoint, the least one too. With nothing in flight a checkpoint still reads high by
      // what the threads' malloc caches hold: glibc's per-thread caches (tcache) keep freed
      // chunks that `malloc_info` counts as in use, about 100 KiB across the client's threads
      // (the figures drop by that much with GLIBC_TUNABLES=glibc.malloc.tcache_count=0), and
      // which thread freed what last depends on scheduling, so it varies most under load. The
      // growth measured with no leak is under 40 KiB, on a loaded machine too; the bound,
      // 160 KiB, allows both, and a leak of 8 KiB an hour (about 170 KiB) fails it. (The test
      // server's per-path table takes its full size when the server starts, so it does not
      // grow through the day.) Under AddressSanitizer freed memory sits in its quarantine and
      // malloc is ASan's: there LeakSanitizer checks for leaks instead.
      if checkpoints.count >= 24 {
        let (early, late) = (checkpoints[1...4], checkpoints[20...23])
        let descriptors = late.map(\.descriptors).min()! - early.map(\.descriptors).min()!
        check(descriptors <= 4, "descriptors from hours 2–5 to 21–24")
        if !Self.isSanitized {
          let heap = late.map(\.heapKiB).min()! - early.map(\.heapKiB).min()!
          let resident = late.map(\.residentMiB).min()! - early.map(\.residentMiB).min()!
          check(early.allSatisfy { $0.heapKiB > 0 }, "malloc_info gave the heap figures")
          check(heap <= 160, "heap from hours 2–5 to 21–24 within 160 KiB, grew \(heap) KiB")
          check(resident <= 2, "resident memory from hours 2–5 to 21–24, grew \(resident) MiB")
        }
      }
      check(
        server.totalRequests >= generation * banner.list.placements.count,
        "every generation's visible cards reached the server")
      _ = await h.finish()
      return failures
    }
  }
}
