import ReelTesting
import Testing

@testable import Reel

/// Random animated updates (seeded) interleaved with ticks at random frame intervals and
/// scrolling, in bounded and cyclic lists: invariants, display callbacks and the bound on cells
/// ever alive hold at every step, and everything settles.
@Suite struct AnimatedUpdatePropertyTests {
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func randomAnimatedUpdatesKeepTheBoundAndTheInvariants(wrapping: Wrapping) throws {
    for seed in UInt64(1)...20 {
      var rng = SplitMix64(seed: seed)
      let count = rng.int(in: 1...80)
      let measured = rng.int(in: 0...1) == 0
      let layout: any ListLayout =
        measured
        ? VariableLayout(
          extents: (0..<count).map { _ in Double(rng.int(in: 20...90)) }, estimatedExtent: 50)
        : UniformLayout(extent: 44)
      let h = makeList(
        count: count, layout: layout, wrapping: wrapping,
        viewport: Size(width: 390, height: 300), overscan: rng.int(in: 0...3))
      h.list.updateAnimation = rng.int(in: 0...1) == 0 ? .default : .timed(duration: 0.2)
      h.list.contentOffset = Double(rng.int(in: 0...1_500))
      var time = 0.0
      var next = 1_000
      h.list.tick(ReelInstant(seconds: time))
      for step in 0..<40 {
        let context = "seed \(seed) step \(step) \(wrapping)"
        if rng.int(in: 0...1) == 0 {
          let update = BatchUpdateWindowTests.randomUpdate(count: h.source.items.count, &rng)
          h.source.items = try BatchUpdateWindowTests.items(
            h.source.items, after: update, next: &next)
          try h.list.performBatchUpdates(update)
          h.list.tick(ReelInstant(seconds: time))  // the update's animations start at this tick
        }
        if rng.int(in: 0...3) == 0 { h.list.contentOffset += Double(rng.int(in: -200...200)) }
        time += [1.0 / 30, 1.0 / 60, 1.0 / 144, 0.1][rng.int(in: 0...3)]
        h.list.tick(ReelInstant(seconds: time))
        let placements = h.list.placements
        for placement in placements where !placement.isDeparting {
          #expect(
            placement.cell.identity == AnyHashable(h.source.items[placement.index]),
            "\(context): index \(placement.index) shows the wrong item")
          #expect(placement.opacity >= 0 && placement.opacity <= 1, "\(context)")
        }
        let alive = h.list.cellsCreated - h.list.cellsReleased
        #expect(alive <= h.list.largestWindowCount + h.list.poolCapacity, "\(context)")
        #expect(h.list.invariantViolations().isEmpty, "\(context)")
        #expect(h.source.violations.isEmpty, "\(context): \(h.source.violations.prefix(2))")
        #expect(h.source.displayedCellCount == h.list.cellsDisplayed, "\(context)")
      }
      time += 1
      h.list.tick(ReelInstant(seconds: time))
      #expect(!h.list.isAnimatingUpdates && h.list.cellsDeparting == 0, "seed \(seed)")
      #expect(h.list.placements.allSatisfy { $0.transition == nil }, "seed \(seed)")
      #expect(h.list.invariantViolations().isEmpty, "seed \(seed)")
    }
  }

  @Test func anInsertNextToTheRestingItemOfACyclicCarouselSlidesIn() throws {
    let h = makeList(
      count: 5, layout: PagingLayout(insets: 20, spacing: 10), axis: .horizontal,
      wrapping: .cyclic, viewport: Size(width: 300, height: 200))
    let list = h.list
    list.updateAnimation = .timed(duration: 0.3, curve: .linear)
    list.scrollToItem(at: 2)
    list.tick(.zero)
    let resting = try #require(list.placements.first { $0.index == 2 })
    let neighbour = try #require(
      list.placements.first { $0.index == 3 && $0.virtualIndex == resting.virtualIndex + 1 })
    h.source.items.insert(99, at: 3)
    try list.performBatchUpdates { $0.insert(at: 3) }
    list.tick(.zero)  // the update's animations start at this tick
    let placements = list.placements
    let stay = try #require(placements.first { $0.cell === resting.cell })
    #expect(stay.frame == resting.frame && stay.transition == nil)
    let inserted = try #require(
      placements.first { $0.index == 3 && $0.virtualIndex == stay.virtualIndex + 1 })
    #expect(inserted.transition?.kind == .appear && inserted.opacity == 0)
    #expect(inserted.frame == neighbour.frame)
    // The old neighbour slides one page along, from where it was.
    let moved = try #require(placements.first { $0.cell === neighbour.cell })
    #expect(moved.transition?.kind == .move && moved.frame == neighbour.frame)
    let page = moved.transition!.to.origin.x - moved.transition!.from.origin.x
    #expect(page == inserted.frame.size.width + 10)
    list.tick(ReelInstant(seconds: 0.15))
    let half = try #require(list.placements.first { $0.cell === neighbour.cell })
    #expect(abs(half.frame.origin.x - (neighbour.frame.origin.x + page / 2)) < 1e-9)
    list.tick(ReelInstant(seconds: 0.3))
    #expect(!list.isAnimatingUpdates && list.invariantViolations().isEmpty)
    #expect(list.restingVirtualIndex.map { list.dataIndex($0) } == 2)
  }
}
