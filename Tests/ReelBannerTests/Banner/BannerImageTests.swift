import Reel
import ReelTesting
import Testing

@testable import ReelBanner

/// A loader that answers at once with the 1×1 image naming the item in the file name.
private struct ImmediateLoader: ImageDataLoader {
  func data(for source: ImageSource) async throws -> [UInt8] {
    guard case .file(let path) = source,
      let item = Int(path.split(separator: "-").last!.dropLast(4))
    else { throw CancellationError() }
    return Fixtures.itemPPM(item)
  }
}

@Suite struct BannerImageTests {
  /// Flings through 20 cards while image completions arrive late, in batches: every card shows
  /// only its own item's image or the placeholder, and shows its own image once loads finish.
  @Test func aRecycledCardNeverShowsAnotherItemsImage() async {
    let queue = DeliveryQueue()
    let pipeline = ImagePipeline<PixelImage>(loader: ImmediateLoader())
    let items = (0..<20).map {
      BannerItem(id: "item-\($0)", image: Fixtures.source($0), title: "\($0)")
    }
    let source = BannerItemDataSource(
      items: items, pipeline: pipeline, imageSize: Fixtures.one, placeholder: Fixtures.placeholder,
      deliver: queue.deliver)
    var wrong: [String] = []
    source.onImageChange = { cell in
      guard let index = cell.index, cell.image == Fixtures.itemImage(index) else {
        wrong.append(
          "card for \(String(describing: cell.index)) got \(String(describing: cell.image))")
        return
      }
    }
    let banner = Banner<BannerCardCell<PixelImage>>(autoplay: .every(.milliseconds(300)))
    source.install(on: banner)
    banner.list.prefetchDataSource = nil  // loads only for cards, to count them
    banner.viewportSize = Size(width: 390, height: 200)
    let clock = ManualClock()
    var delivered = 0
    for round in 0..<40 {
      for _ in 0..<12 {  // a fifth of a second of autoplay and flings between deliveries
        clock.advance(seconds: 1 / 60)
        banner.tick(clock.now)
      }
      if round % 3 == 0 {
        banner.beginDrag(at: Point(x: 300, y: 50), time: clock.now)
        clock.advance(seconds: 0.05)
        banner.drag(to: Point(x: 100, y: 50), time: clock.now)
        banner.endDrag(at: clock.now)
      }
      // Deliver what has completed so far, late: cells may have been recycled meanwhile.
      await queue.waitForDeliveries(min(delivered + 1, source.imageLoadsStarted))
      delivered += queue.runAll()
      for placement in banner.list.placements {
        let image = placement.cell.image
        #expect(image == Fixtures.placeholder || image == Fixtures.itemImage(placement.index))
        #expect(placement.cell.index == placement.index)
      }
    }
    await queue.waitForDeliveries(source.imageLoadsStarted)
    queue.runAll()
    for placement in banner.list.placements {
      #expect(placement.cell.image == Fixtures.itemImage(placement.index), "\(placement.index)")
    }
    #expect(wrong.isEmpty)
    #expect(source.imageLoadsStarted > 10)
  }

  /// The images prefetched are the ones the list names through its prefetch protocol: nothing
  /// at rest, the items ahead of the motion while it moves, each prefetched before its card shows,
  /// and those not shown are cancelled when the motion reverses.
  @Test func theListNamesTheImagesToPrefetchAndCancelsThemOnReversal() throws {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let items = (0..<20).map {
      BannerItem(id: "item-\($0)", image: Fixtures.source($0), title: "\($0)")
    }
    let source = BannerItemDataSource(
      items: items, pipeline: pipeline, imageSize: Fixtures.one, deliver: { _ in })
    let banner = Banner<BannerCardCell<PixelImage>>(autoplay: .off)
    banner.list.overscan = 0
    source.install(on: banner)
    #expect(banner.list.prefetchDataSource === source)
    banner.viewportSize = Size(width: 390, height: 200)
    let clock = ManualClock()
    banner.tick(clock.now)
    // Page 0 shows 19, 0 and 1, at rest: nothing is prefetched.
    #expect(Set(banner.list.placements.map(\.index)) == [19, 0, 1])
    #expect(source.imagePrefetchesStarted == 0)
    // Towards page 3: the items past the window are prefetched before they show.
    banner.scrollToPage(3, animated: true)
    var shown = Set(banner.list.placements.map(\.index))
    var ahead: [Int] = []
    for _ in 0..<6 {
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
      let now = Set(banner.list.placements.map(\.index))
      for index in now.subtracting(shown) {
        #expect(ahead.contains(index), "item \(index) showed without a prefetch")
      }
      shown.formUnion(now)
      ahead = source.prefetchingIndices
    }
    #expect(!ahead.isEmpty)
    let window = Set(banner.list.placements.map(\.index))
    let waiting = ahead.filter { !window.contains($0) }
    #expect(!waiting.isEmpty && waiting.allSatisfy { $0 > 1 && $0 < 19 })
    #expect(source.imagePrefetchesStarted >= waiting.count)
    // Back towards page 0: the list cancels what it had named ahead and not shown, and the data
    // source cancels those prefetches.
    banner.scrollToPage(0, animated: true)
    for _ in 0..<3 {  // the animation starts at the first tick, and moves from the next
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
    }
    let visible = Set(banner.list.placements.map(\.index))
    let dropped = waiting.filter { !visible.contains($0) }
    #expect(!dropped.isEmpty)
    #expect(dropped.allSatisfy { !source.prefetchingIndices.contains($0) })
    #expect(loader.requestCount(for: Fixtures.source(10)) == 0)
  }
}
