import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct ImageBindingTests {
  let log = EventLog<TestEvent>()
  let loader: ControlledLoader
  let stubbornLoader: ControlledLoader
  let queue: DeliveryQueue

  init() {
    loader = ControlledLoader(log: log)
    stubbornLoader = ControlledLoader(honorsCancellation: false, log: log)
    queue = DeliveryQueue(log: log)
  }

  @Test func aCacheHitIsAppliedSynchronouslyWithoutPlaceholder() async throws {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let warm = Task { try await pipeline.image(for: Fixtures.source(1), targetSize: Fixtures.one) }
    await loader.waitForRequest(Fixtures.source(1))
    loader.complete(Fixtures.source(1), with: Fixtures.itemPPM(1))
    _ = try await warm.value

    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    #expect(cell.applied == [Fixtures.itemImage(1)])
    #expect(cell.binding.phase == .loaded)
    #expect(queue.deliveredCount == 0 && loader.requestCount(for: Fixtures.source(1)) == 1)
  }

  @Test func aMissShowsThePlaceholderThenTheImage() async {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    #expect(cell.applied == [Fixtures.placeholder])
    #expect(cell.binding.phase == .loading)
    await loader.waitForRequest(Fixtures.source(1))
    loader.complete(Fixtures.source(1), with: Fixtures.itemPPM(1))
    await queue.waitForDeliveries(1)
    #expect(cell.applied == [Fixtures.placeholder], "nothing is applied outside `deliver`")
    queue.runAll()
    #expect(cell.applied == [Fixtures.placeholder, Fixtures.itemImage(1)])
    #expect(cell.binding.phase == .loaded)
  }

  @Test func aCompletionDeliveredAfterReuseIsDropped() async {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    await loader.waitForRequest(Fixtures.source(1))
    loader.complete(Fixtures.source(1), with: Fixtures.itemPPM(1))
    await queue.waitForDeliveries(1)  // item 1's image is on its way to the UI thread…

    cell.prepareForReuse()  // …when the cell is recycled for item 2
    cell.show(item: 2, pipeline: pipeline)
    queue.runAll()
    #expect(cell.shown == Fixtures.placeholder)
    await loader.waitForRequest(Fixtures.source(2))
    loader.complete(Fixtures.source(2), with: Fixtures.itemPPM(2))
    await queue.waitForDeliveries(2)
    queue.runAll()
    #expect(cell.shown == Fixtures.itemImage(2))
    #expect(cell.violations.isEmpty, "\(cell.violations)")
  }

  @Test func rebindingWhileTheOldLoadFinishesLastShowsTheNewItem() async {
    // The old load ignores cancellation and finishes after the new one.
    let pipeline = ImagePipeline<PixelImage>(loader: stubbornLoader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    await stubbornLoader.waitForRequest(Fixtures.source(1))
    cell.show(item: 2, pipeline: pipeline)  // no prepareForReuse: bind alone must be safe
    await stubbornLoader.waitForRequest(Fixtures.source(2))
    stubbornLoader.complete(Fixtures.source(2), with: Fixtures.itemPPM(2))
    await queue.waitForDeliveries(2)  // item 1's cancellation and item 2's image
    stubbornLoader.complete(Fixtures.source(1), with: Fixtures.itemPPM(1))
    queue.runAll()
    #expect(cell.shown == Fixtures.itemImage(2))
    #expect(cell.violations.isEmpty, "\(cell.violations)")
  }

  @Test func reuseCancelsTheLoadTask() async {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    await loader.waitForRequest(Fixtures.source(1))
    let generation = cell.binding.generation
    cell.prepareForReuse()
    #expect(cell.binding.generation != generation)
    #expect(cell.binding.phase == .idle && cell.binding.request == nil)
    await loader.waitForCancellation(of: Fixtures.source(1))
    await queue.waitForDeliveries(1)
    queue.runAll()
    #expect(cell.applied == [Fixtures.placeholder] && cell.shown == nil)
    #expect(cell.failures.isEmpty && cell.binding.phase == .idle)
    #expect(pipeline.cachedCount == 0)
  }

  @Test func aFailureKeepsThePlaceholderAndIsReported() async {
    struct Offline: Error {}
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    await loader.waitForRequest(Fixtures.source(1))
    loader.complete(Fixtures.source(1), with: .failure(Offline()))
    await queue.waitForDeliveries(1)
    queue.runAll()
    #expect(cell.shown == Fixtures.placeholder && cell.binding.phase == .failed)
    #expect(cell.failures.count == 1 && cell.failures.first is Offline)
  }

  @Test func bindingTheLoadingRequestAgainKeepsItsLoad() async {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    let cell = TestCell(deliver: queue.deliver)
    cell.show(item: 1, pipeline: pipeline)
    await loader.waitForRequest(Fixtures.source(1))
    let generation = cell.binding.generation
    cell.show(item: 1, pipeline: pipeline)
    #expect(cell.binding.generation == generation && cell.applied == [Fixtures.placeholder])
    loader.complete(Fixtures.source(1), with: Fixtures.itemPPM(1))
    await queue.waitForDeliveries(1)
    queue.runAll()
    #expect(
      cell.shown == Fixtures.itemImage(1) && loader.requestCount(for: Fixtures.source(1)) == 1)
  }

  @Test func aBindingGoneBeforeItsCompletionIsHarmless() async {
    let pipeline = ImagePipeline<PixelImage>(loader: loader)
    var cell: TestCell? = TestCell(deliver: queue.deliver)
    cell?.show(item: 1, pipeline: pipeline)
    await loader.waitForRequest(Fixtures.source(1))
    cell = nil  // the binding's deinit cancels its task
    await loader.waitForCancellation(of: Fixtures.source(1))
    await queue.waitForDeliveries(1)
    #expect(queue.runAll() == 1)
  }

  /// Three cells recycled over six items in seeded random order, with loads finishing, failing
  /// and being delivered in random orders, half of them late. After every step, each cell shows
  /// nothing, the placeholder or its own item's image; at the end, each bound cell shows its
  /// item (or the placeholder after a failure).
  @Test(arguments: 0..<40)
  func recycledCellsNeverShowAnotherItemsImage(seed: Int) async {
    var random = SplitMix64(seed: UInt64(seed))
    let loader = seed.isMultiple(of: 3) ? self.stubbornLoader : self.loader
    let pipeline = ImagePipeline<PixelImage>(loader: loader, costLimit: 9)  // three 1×1 images
    let cells = (0..<3).map { _ in TestCell(deliver: queue.deliver) }
    var expectedDeliveries = 0
    var held: [DeliveryQueue.Job] = []

    /// Checks every cell; false (after recording the first issue) once one is wrong.
    func check(_ moment: String) -> Bool {
      for (index, cell) in cells.enumerated() {
        let allowed: [PixelImage?] = [nil, Fixtures.placeholder, cell.item.map(Fixtures.itemImage)]
        guard cell.violations.isEmpty, allowed.contains(cell.shown) else {
          Issue.record(
            "seed \(seed), \(moment), cell \(index): \(cell.violations), shows \(cell.shown?.pixels ?? [])"
          )
          return false
        }
      }
      return true
    }

    func complete(_ source: ImageSource, failing: Bool) {
      guard case .file(let path) = source, let item = Int(path.filter(\.isNumber))
      else { return }
      struct Offline: Error {}
      loader.complete(
        source, with: failing ? .failure(Offline()) : .success(Fixtures.itemPPM(item)))
    }

    for step in 0..<300 {
      let cell = cells[Int.random(in: 0..<cells.count, using: &random)]
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3:
        let generation = cell.binding.generation
        cell.show(item: Int.random(in: 0..<6, using: &random), pipeline: pipeline)
        if cell.binding.generation != generation && cell.binding.phase == .loading {
          expectedDeliveries += 1
        }
      case 3..<5:
        let pending = loader.pendingSources
        if !pending.isEmpty {
          let source = pending[Int.random(in: 0..<pending.count, using: &random)]
          complete(source, failing: Int.random(in: 0..<8, using: &random) == 0)
        }
      case 5..<8:
        held += queue.takeAll()
        if !held.isEmpty { held.remove(at: Int.random(in: 0..<held.count, using: &random))() }
      case 8:
        cell.prepareForReuse()
      default:
        await Task.yield()
      }
      guard check("step \(step)") else { return }
    }

    // Finish every load and deliver everything, in a random order.
    while true {
      let seen = log.events.count
      for source in loader.pendingSources { complete(source, failing: false) }
      held += queue.takeAll()
      held.shuffle(using: &random)
      for job in held { job() }
      held = []
      guard check("draining") else { return }
      if !loader.pendingSources.isEmpty { continue }
      if queue.deliveredCount == expectedDeliveries { break }
      await log.wait { $0.count > seen }
    }
    // A job is queued before it is counted, so the last ones may have arrived after `takeAll`.
    for job in queue.takeAll().shuffled(using: &random) { job() }
    guard check("after draining") else { return }
    for (index, cell) in cells.enumerated() where cell.item != nil {
      let settled =
        (cell.binding.phase == .loaded && cell.shown == cell.item.map(Fixtures.itemImage))
        || (cell.binding.phase == .failed && cell.shown == Fixtures.placeholder)
      #expect(settled, "seed \(seed), cell \(index) ends \(cell.binding.phase)")
    }
  }
}
