import Testing

@testable import ReelBanner

@Suite struct ImagePipelineTests {
  let a = Fixtures.source(1)
  let b = Fixtures.source(2)

  /// A 2×2 RGB image (12 bytes) held in memory, so loads need no file and no controlled loader.
  func memorySource(_ key: String, value: UInt8 = 1) -> ImageSource {
    .memory(
      InMemoryImage(
        key: key, encoded: Fixtures.ppm(width: 2, height: 2, [UInt8](repeating: value, count: 12))))
  }

  @Test func aCacheHitNeedsNoLoad() async throws {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    #expect(pipeline.cachedImage(for: a, targetSize: Fixtures.one) == nil)
    async let first = pipeline.image(for: a, targetSize: Fixtures.one)
    await loader.waitForRequest(a)
    loader.complete(a, with: Fixtures.itemPPM(1))
    #expect(try await first == Fixtures.itemImage(1))

    #expect(try await pipeline.image(for: a, targetSize: Fixtures.one) == Fixtures.itemImage(1))
    #expect(pipeline.cachedImage(for: a, targetSize: Fixtures.one) == Fixtures.itemImage(1))
    #expect(loader.requestCount(for: a) == 1)
    #expect(pipeline.cachedCount == 1 && pipeline.cachedCost == 3)
    // Another target size is another request.
    #expect(pipeline.cachedImage(for: a, targetSize: PixelSize(width: 2, height: 2)) == nil)
  }

  @Test func concurrentRequestsShareOneLoad() async throws {
    let loader = ControlledLoader()
    // A zero cost limit caches nothing, so only coalescing can explain a single load.
    let pipeline = ImagePipeline<PixelImage>(loader: loader, costLimit: 0)
    let first = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a)
    let second = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await waitUntil { pipeline.waiterCount(for: a, targetSize: Fixtures.one) == 2 }
    #expect(pipeline.loadsInFlight == 1)
    loader.complete(a, with: Fixtures.itemPPM(1))
    #expect(try await first.value == Fixtures.itemImage(1))
    #expect(try await second.value == Fixtures.itemImage(1))
    #expect(loader.requestCount(for: a) == 1)
    #expect(pipeline.cachedCount == 0 && pipeline.loadsInFlight == 0)
  }

  @Test func evictsByCostInLeastRecentlyUsedOrder() async throws {
    let pipeline = ImagePipeline<PixelImage>(costLimit: 36)  // room for three 12-byte images
    let size = PixelSize(width: 2, height: 2)
    let (first, second, third, fourth) = (
      memorySource("1"), memorySource("2"), memorySource("3"), memorySource("4")
    )
    for source in [first, second, third] {
      _ = try await pipeline.image(for: source, targetSize: size)
    }
    #expect(pipeline.cachedCost == 36)
    _ = pipeline.cachedImage(for: first, targetSize: size)  // first is used again
    _ = try await pipeline.image(for: fourth, targetSize: size)  // second, the oldest, goes
    #expect(
      pipeline.cachedRequestsByRecency.map(\.source) == [fourth, first, third])
    #expect(pipeline.cachedImage(for: second, targetSize: size) == nil)
    #expect(pipeline.cachedCost == 36)

    pipeline.removeCachedImage(for: third, targetSize: size)
    #expect(pipeline.cachedCount == 2)
    pipeline.removeAllCachedImages()
    #expect(pipeline.cachedCount == 0 && pipeline.cachedCost == 0)
  }

  @Test func countLimitAndTheFrontendsCostClosure() async throws {
    let pipeline = ImagePipeline(
      decoder: PortableAnymapDecoder(), costLimit: 1_000, countLimit: 2, cost: { $0.byteCount * 10 }
    )
    let size = PixelSize(width: 2, height: 2)
    for key in ["1", "2", "3"] {
      _ = try await pipeline.image(for: memorySource(key), targetSize: size)
    }
    #expect(pipeline.cachedCount == 2 && pipeline.cachedCost == 240)
    #expect(
      pipeline.cachedRequestsByRecency.map(\.source) == [memorySource("3"), memorySource("2")])
  }

  @Test func aCancelledCallerReturnsAtOnceAndItsLoadIsCancelled() async throws {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let task = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    await loader.waitForCancellation(of: a)
    #expect(pipeline.loadsInFlight == 0 && pipeline.cachedCount == 0)
  }

  @Test func aLoadThatIgnoresCancellationDoesNotFillTheCache() async throws {
    let loader = ControlledLoader(honorsCancellation: false)
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let task = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(pipeline.loadsInFlight == 0)
    // A new request starts a new load rather than joining the abandoned one.
    let again = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a, count: 2)
    loader.complete(a, with: Fixtures.itemPPM(5))  // the abandoned load finishes late
    loader.complete(a, with: Fixtures.itemPPM(1))
    #expect(try await again.value == Fixtures.itemImage(1))
    #expect(pipeline.cachedImage(for: a, targetSize: Fixtures.one) == Fixtures.itemImage(1))
  }

  @Test func cancellingOneOfTwoCallersKeepsTheSharedLoad() async throws {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let leaving = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    let staying = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await waitUntil { pipeline.waiterCount(for: a, targetSize: Fixtures.one) == 2 }
    leaving.cancel()
    await #expect(throws: CancellationError.self) { try await leaving.value }
    #expect(pipeline.loadsInFlight == 1 && loader.pendingSources == [a])
    loader.complete(a, with: Fixtures.itemPPM(1))
    #expect(try await staying.value == Fixtures.itemImage(1))
    #expect(!loader.log.events.contains(.cancelled(a)))
  }

  @Test func failuresReachEveryWaiterAndAreNotCached() async throws {
    struct Offline: Error {}
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let first = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a)
    loader.complete(a, with: .failure(Offline()))
    await #expect(throws: Offline.self) { try await first.value }

    let second = Task { try await pipeline.image(for: a, targetSize: Fixtures.one) }
    await loader.waitForRequest(a, count: 2)
    loader.complete(a, with: Array("not an image".utf8))
    await #expect(throws: ImageDecodingError.unrecognizedFormat) { try await second.value }
    #expect(pipeline.cachedCount == 0)
  }

  @Test func prefetchWarmsTheCache() async throws {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let prefetch = pipeline.prefetch([a, b, a], targetSize: Fixtures.one)
    await loader.waitForRequest(a)
    await loader.waitForRequest(b)
    loader.complete(a, with: Fixtures.itemPPM(1))
    loader.complete(b, with: Fixtures.itemPPM(2))
    await prefetch.value
    #expect(pipeline.cachedImage(for: a, targetSize: Fixtures.one) == Fixtures.itemImage(1))
    #expect(pipeline.cachedImage(for: b, targetSize: Fixtures.one) == Fixtures.itemImage(2))
    #expect(loader.requestCount(for: a) == 1)

    // Already cached sources are not loaded again.
    await pipeline.prefetch([a, b], targetSize: Fixtures.one).value
    #expect(loader.requestCount(for: a) == 1 && loader.requestCount(for: b) == 1)
  }

  @Test func cancellingAPrefetchCancelsItsLoads() async {
    let loader = ControlledLoader()
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let prefetch = pipeline.prefetch([a], targetSize: Fixtures.one)
    await loader.waitForRequest(a)
    prefetch.cancel()
    await loader.waitForCancellation(of: a)
    await prefetch.value
    #expect(pipeline.loadsInFlight == 0 && pipeline.cachedCount == 0)
  }

  @Test func decodedMemoryImagesComeBackAsTheyAre() async throws {
    let pipeline = ImagePipeline<PixelImage>(loader: ControlledLoader())
    let held = ImageSource.memory(InMemoryImage(key: "held", image: Fixtures.itemImage(3)))
    #expect(try await pipeline.image(for: held, targetSize: Fixtures.one) == Fixtures.itemImage(3))
    #expect(pipeline.cachedImage(for: held, targetSize: Fixtures.one) == Fixtures.itemImage(3))

    let wrongType = ImageSource.memory(InMemoryImage(key: "text", image: "not a PixelImage"))
    await #expect(throws: ImageLoadingError.memoryImageTypeMismatch) {
      try await pipeline.image(for: wrongType, targetSize: Fixtures.one)
    }
    #expect(pipeline.cachedImage(for: wrongType, targetSize: Fixtures.one) == nil)
  }

  @Test func encodedMemoryImagesAreDecodedToTheTargetSize() async throws {
    let pipeline = ImagePipeline<PixelImage>()
    let image = try await pipeline.image(
      for: memorySource("m", value: 40), targetSize: Fixtures.one)
    #expect(image == PixelImage(width: 1, height: 1, format: .rgb, pixels: [40, 40, 40]))
  }
}

/// Yields until `condition` holds: for internal states no event announces (a waiter joining a
/// load). No clock is involved; the condition is reached after a bounded number of scheduler
/// turns because the tasks it waits for are already running.
func waitUntil(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}
