import Foundation
import Testing

@testable import ReelBanner

/// One server behaviour and what a user must see for it.
struct Fault: Sendable, CustomTestStringConvertible {
  var path: String
  /// The item whose image the card shows in the end, or `nil` for the failure image.
  var item: Int?
  /// Checks the typed error the card's `onFailure` received.
  var error: @Sendable (any Error) -> Bool = { _ in false }
  /// Requests the server must have received for `path` (retries included).
  var requests: Int

  var testDescription: String { path }

  static func network(_ expected: NetworkImageError) -> @Sendable (any Error) -> Bool {
    { ($0 as? NetworkImageError) == expected }
  }

  static func decoding(_ expected: ImageDecodingError) -> @Sendable (any Error) -> Bool {
    { ($0 as? ImageDecodingError) == expected }
  }

  static let limit = 64 << 10

  /// The fault table: every route of ``FaultRoutes`` and its outcome.
  static let all: [Fault] = [
    Fault(path: "/image/1", item: 1, requests: 1),
    Fault(path: "/chunked/2", item: 2, requests: 1),
    Fault(path: "/slow/3", item: 3, requests: 1),
    Fault(path: "/redirect/3/4", item: 4, requests: 1),
    Fault(path: "/flaky/2/5", item: 5, requests: 3),
    Fault(path: "/status/404", error: network(.status(404)), requests: 1),
    Fault(path: "/status/500", error: network(.status(500)), requests: 3),
    Fault(path: "/status/503", error: network(.status(503)), requests: 3),
    Fault(path: "/loop", error: network(.tooManyRedirects(limit: 5)), requests: 6),
    Fault(
      path: "/truncated/6",
      error: network(
        .truncatedBody(expected: FaultRoutes.largeItemPPM(6).count, received: 5_000)),
      requests: 3),
    Fault(
      path: "/longer/7",
      error: network(
        .truncatedBody(
          expected: Fixtures.itemPPM(7).count + 50, received: Fixtures.itemPPM(7).count)),
      requests: 3),
    Fault(
      path: "/shorter/8", error: decoding(.truncatedPixelData(expected: 3, available: 1)),
      requests: 1),
    Fault(path: "/html", error: network(.notAnImage(contentType: "text/html")), requests: 1),
    Fault(path: "/notimage", error: decoding(.unrecognizedFormat), requests: 1),
    Fault(
      path: "/bomb",
      error: decoding(
        .tooManyPixels(
          width: 50_000, height: 50_000, limit: PortableAnymapDecoder.defaultMaximumPixelCount)),
      requests: 1),
    Fault(path: "/huge", error: network(.tooLarge(limit: limit)), requests: 1),
    Fault(path: "/endless", error: network(.tooLarge(limit: limit)), requests: 1),
    Fault(path: "/hang", error: network(.timedOut), requests: 3),
    Fault(path: "/reset", error: network(.connectionLost), requests: 3),
  ]
}

extension NetworkTests {
  @Suite struct Faults {
    /// For each fault: what the card shows, the typed error, how many requests (retries), a
    /// recycled card that never shows the fault's outcome, and nothing left open afterwards.
    @Test(arguments: Fault.all)
    func eachFaultShowsItsOutcomeAndLeaksNothing(fault: Fault) async throws {
      let h = try NetworkHarness()
      let queue = DeliveryQueue()
      let cell = ProbeCell(deliver: queue.deliver)
      cell.show(
        h.source(fault.path), expected: fault.item.map(Fixtures.itemImage), pipeline: h.pipeline)
      #expect(cell.shown == Fixtures.placeholder)
      await queue.waitForDeliveries(1)
      queue.runAll()
      if let item = fault.item {
        #expect(cell.shown == Fixtures.itemImage(item))
        #expect(cell.binding.phase == .loaded && cell.failures.isEmpty)
      } else {
        #expect(cell.shown == ProbeCell.failureImage)
        #expect(cell.binding.phase == .failed)
        #expect(cell.failures.count == 1)
        #expect(cell.failures.first.map(fault.error) == true, "\(cell.failures)")
      }
      #expect(h.server.requestCount(fault.path) == fault.requests)
      #expect(
        h.sleeps.withLock { $0.count } == fault.requests - 1 || fault.path.hasPrefix("/loop")
          || fault.path.hasPrefix("/redirect"))

      // A card bound to the fault and recycled for another item before the fault's outcome
      // arrives shows only the other item.
      let recycled = ProbeCell(deliver: queue.deliver)
      let again = fault.path + "?again"
      recycled.show(
        h.source(again), expected: fault.item.map(Fixtures.itemImage), pipeline: h.pipeline)
      await h.server.arrivals.wait { $0.contains(again) }
      recycled.prepareForReuse()
      recycled.show(h.source("/image/200"), expected: Fixtures.itemImage(200), pipeline: h.pipeline)
      await queue.waitForDeliveries(3)
      queue.runAll()
      #expect(recycled.shown == Fixtures.itemImage(200))
      #expect(cell.violations.isEmpty && recycled.violations.isEmpty, "\(recycled.violations)")
      if fault.path == "/hang" {
        #expect(h.server.outcome(of: again) == .clientClosed, "the cancelled transfer stopped")
      }

      #expect(h.pipeline.loadsInFlight == 0)
      let left = await h.finish()
      #expect(left == .zero, "\(left)")
      let seen =
        cell.shown == ProbeCell.failureImage
        ? "failure image (\(cell.failures.map { "\($0)" }.joined()))" : "its image"
      print("fault \(fault.path): \(seen), \(fault.requests) request(s); left: \(left)")
    }

    /// `URLSession` on Linux truncates its request timeout to whole seconds: the harness's
    /// 300 ms idle timeout reached it as a timer of 0 ms, which failed an https transfer with
    /// `.timedOut` before the refused connection's own error came (about 1 run in 40 of the
    /// test below, under load). It is given whole seconds, rounded up.
    @Test func theIdleTimeoutReachesURLSessionInWholeSecondsRoundedUp() {
      #expect(URLSessionTransport.wholeSeconds(.milliseconds(300)) == 1)
      #expect(URLSessionTransport.wholeSeconds(.milliseconds(1)) == 1)
      #expect(URLSessionTransport.wholeSeconds(.zero) == 1)
      #expect(URLSessionTransport.wholeSeconds(.seconds(1)) == 1)
      #expect(URLSessionTransport.wholeSeconds(.milliseconds(1_500)) == 2)
      #expect(URLSessionTransport.wholeSeconds(.seconds(15)) == 15)
    }

    @Test func aRefusedConnectionIsRetriedThenTyped() async throws {
      let h = try NetworkHarness()
      let closed = try LoopbackHTTPServer(handler: FaultRoutes.handle)
      closed.stop()
      for scheme in ["http", "https"] {
        let url = URL(string: "\(scheme)://127.0.0.1:\(closed.port)/image/1")!
        await #expect {
          try await h.pipeline.image(for: .url(url), targetSize: Fixtures.one)
        } throws: { error in
          if case .cannotConnect = error as? NetworkImageError { return true }
          return false
        }
      }
      #expect(
        h.sleeps.withLock { $0 } == [.milliseconds(100), .milliseconds(200)] + [
          .milliseconds(100), .milliseconds(200),
        ])
      #expect(await h.finish() == .zero)
    }

    @Test func aRecycledCardStopsTheTransfer() async throws {
      let h = try NetworkHarness(idleTimeout: .seconds(5))
      let queue = DeliveryQueue()
      let cell = ProbeCell(deliver: queue.deliver)
      cell.show(h.source("/crawl/1"), expected: Fixtures.itemImage(1), pipeline: h.pipeline)
      await h.waitForBytes(of: "/crawl/1")  // bytes are flowing: now recycle the card
      #expect(
        h.loader.progress(for: h.url("/crawl/1"))?.bytesExpected
          == FaultRoutes.largeItemPPM(1).count)
      cell.prepareForReuse()
      #expect(h.server.outcome(of: "/crawl/1") == .clientClosed)
      await queue.waitForDeliveries(1)
      queue.runAll()
      #expect(cell.shown == nil && cell.failures.isEmpty, "a cancelled load shows nothing")
      #expect(await h.finish() == .zero)
    }

    @Test func aBannerThatGoesAwayStopsItsTransfers() async throws {
      let h = try NetworkHarness(idleTimeout: .seconds(5))
      var source: BannerItemDataSource<PixelImage>? = BannerItemDataSource(
        items: (0..<4).map {
          BannerItem(id: "\($0)", image: h.source("/crawl/\($0)"), title: "\($0)")
        },
        pipeline: h.pipeline, imageSize: Fixtures.one, deliver: { _ in })
      var banner: Banner<BannerCardCell<PixelImage>>? = Banner(autoplay: .off)
      source?.install(on: banner!)
      banner?.viewportSize = .init(width: 390, height: 200)
      await h.server.arrivals.wait { $0.count >= 3 }
      banner = nil
      source = nil
      for item in 0..<4 where h.server.requestCount("/crawl/\(item)") > 0 {
        #expect(h.server.outcome(of: "/crawl/\(item)") == .clientClosed, "item \(item)")
      }
      #expect(await h.finish() == .zero)
    }
  }
}
