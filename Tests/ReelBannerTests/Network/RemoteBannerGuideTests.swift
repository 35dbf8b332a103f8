import Foundation
import Reel
import Testing

@testable import ReelBanner

extension NetworkTests {
  /// The Banner guide's "Remote images" set-up, on the loopback server: a configured loader,
  /// a named disk cache, a decoder pixel limit and a failure image, driving a real banner.
  @Suite struct RemoteBannerGuide {
    @Test func aBannerOfRemoteImagesShowsImagesAndFailureImages() async throws {
      let server = try LoopbackHTTPServer(handler: FaultRoutes.handle)
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "reel-guide-\(UUID().uuidString)", isDirectory: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      var network = NetworkImageConfiguration()
      network.idleTimeout = .seconds(10)
      network.totalTimeout = .seconds(30)
      network.maximumConcurrentDownloads = 4
      network.maximumDownloadBytes = 8 << 20
      network.maximumRedirects = 3
      network.retryPolicy = RetryPolicy(maximumAttempts: 1)
      let loader = NetworkImageLoader(
        configuration: network,
        diskCache: DiskCache(directory: directory, byteLimit: 50 << 20, entryLimit: 1_000))
      let pipeline = ImagePipeline<PixelImage>(
        loader: DefaultImageDataLoader(network: loader),
        decoder: PortableAnymapDecoder(maximumPixelCount: 16 << 20), costLimit: 32 << 20,
        cost: { $0.byteCount })
      let paths = ["/image/1", "/redirect/2/2", "/status/404", "/bomb", "/chunked/5"]
      let queue = DeliveryQueue()
      let source = BannerItemDataSource(
        items: paths.enumerated().map { index, path in
          BannerItem(
            id: path, image: ImageSource(string: server.url(path).absoluteString),
            title: "\(index)")
        },
        pipeline: pipeline, imageSize: Fixtures.one, placeholder: Fixtures.placeholder,
        deliver: queue.deliver)
      source.failureImage = ProbeCell.failureImage
      let banner = Banner<BannerCardCell<PixelImage>>(autoplay: .off)
      banner.list.overscan = 0
      source.install(on: banner)
      banner.list.prefetchDataSource = nil  // the cards' loads only, as the guide counts them
      banner.viewportSize = Size(width: 390, height: 200)
      // Page 0 shows items 4, 0 and 1.
      #expect(Set(banner.list.placements.map(\.index)) == [4, 0, 1])
      #expect(banner.list.placements.allSatisfy { $0.cell.image == Fixtures.placeholder })
      await queue.waitForDeliveries(3)
      queue.runAll()
      let expected: [Int: PixelImage] = [
        0: Fixtures.itemImage(1), 1: Fixtures.itemImage(2), 4: Fixtures.itemImage(5),
      ]
      for placement in banner.list.placements {
        #expect(placement.cell.image == expected[placement.index], "card \(placement.index)")
      }
      // Two pages on: items 1, 2 (404) and 3 (a bomb) show; the failures show the failure image.
      banner.scrollToPage(2, animated: false)
      await queue.waitForDeliveries(5)
      queue.runAll()
      for placement in banner.list.placements {
        let image = placement.cell.image
        switch placement.index {
        case 2, 3: #expect(image == ProbeCell.failureImage, "card \(placement.index)")
        default: #expect(image == expected[placement.index], "card \(placement.index)")
        }
      }
      server.stop()
      #expect(await ResourceCounts.settled(port: server.port, loader: loader) == .zero)
    }
  }
}
