import ReelTesting
import Testing

@testable import Reel

/// `MasonryLayout` in a real `VirtualList`, and through batch updates.
@Suite struct MasonryListTests {
  /// The on-screen main-axis position of an item, or `nil` when it is not placed.
  func position(of item: Int, in list: VirtualList<RecordingCell>) -> Double? {
    list.placements.first { $0.index == item }?.frame.minY
  }

  @Test func anchorItemStaysInPlaceWhileItemsAboveItAreMeasured() {
    let seed: UInt64 = 13
    var rng = SplitMix64(seed: seed)
    let layout = MasonryLayout(lanes: 3, estimatedExtent: 100, spacing: 4, laneSpacing: 4)
    let h = makeList(count: 2_000, layout: layout)
    let list = h.list
    list.scrollToItem(at: 900, alignment: .start)
    list.layoutIfNeeded()
    let initialOffset = list.contentOffset
    for round in 0..<6 {
      let offset = list.contentOffset
      let anchor = list.currentLayout.indices(intersecting: offset..<offset.nextUp).lowerBound
      let before = position(of: anchor, in: list)
      #expect(before != nil, "seed \(seed) round \(round): anchor \(anchor) is displayed")
      // Items above the anchor, in random order, with sizes far from the estimate.
      for _ in 0..<40 {
        list.setMeasuredExtent(
          Double(rng.int(in: 20...300)), forItemAt: rng.int(in: 0...(anchor - 1)))
      }
      list.layoutIfNeeded()
      #expect(
        position(of: anchor, in: list) == before,
        "seed \(seed) round \(round): anchor \(anchor) moved")
      #expect(list.invariantViolations().isEmpty, "seed \(seed) round \(round)")
    }
    // The measured items above did move the content under the anchor.
    #expect(list.contentOffset != initialOffset)
  }

  @Test func horizontalListHasLanesAsRows() {
    let layout = MasonryLayout(
      lanes: 2, estimatedExtent: 80, spacing: 2, laneSpacing: 10,
      insets: ContentInsets(crossStart: 5, crossEnd: 5))
    let h = makeList(
      count: 50, layout: layout, axis: .horizontal, viewport: Size(width: 800, height: 300))
    h.list.setMeasuredExtent(200, forItemAt: 0)
    h.list.layoutIfNeeded()
    let laid = h.list.currentLayout
    #expect(!h.list.placements.isEmpty)
    for placement in h.list.placements {
      let slot = laid.slot(at: placement.virtualIndex)
      let expected = Rect(
        x: slot.offset - h.list.contentOffset, y: slot.crossOffset, width: slot.extent,
        height: slot.crossExtent)
      #expect(placement.frame == expected, "item \(placement.index)")
    }
    // Rows are (300 − 5 − 5 − 10) / 2 = 140 high; item 0 is alone in row 0 for 200 points.
    let rows = h.list.placements.prefix(4).map { ($0.index, $0.frame.minY, $0.frame.height) }
    #expect(rows.map(\.1) == [5, 155, 155, 155])
    #expect(rows.allSatisfy { $0.2 == 140 })
  }

  @Test func cyclicListScrollsAcrossTheSeam() {
    let seed: UInt64 = 31
    var rng = SplitMix64(seed: seed)
    let layout = MasonryLayout(lanes: 3, estimatedExtent: 60, spacing: 4, fullSpanIndices: [0])
    let h = makeList(count: 40, layout: layout, wrapping: .cyclic)
    let list = h.list
    list.layoutIfNeeded()
    for step in 0..<60 {
      list.contentOffset += Double(rng.int(in: 0...400))
      list.layoutIfNeeded()
      for placement in list.placements where rng.int(in: 0...3) == 0 {
        list.setMeasuredExtent(Double(rng.int(in: 10...200)), forItemAt: placement.index)
      }
      list.layoutIfNeeded()
      #expect(list.invariantViolations().isEmpty, "seed \(seed) step \(step)")
      // Every displayed frame is the layout's slot of its virtual index.
      let laid = list.currentLayout
      for placement in list.placements {
        let slot = laid.slot(at: placement.virtualIndex)
        #expect(
          abs(placement.frame.minY - (slot.offset - list.contentOffset)) < 1e-6,
          "seed \(seed) step \(step) item \(placement.virtualIndex)")
      }
    }
    #expect(list.placements.contains { $0.virtualIndex >= 40 }, "seed \(seed): past one loop")
  }

  @Test func batchUpdatesMoveMeasuredExtentsAndFullSpanItems() throws {
    for seed in UInt64(1)...30 {
      var rng = SplitMix64(seed: seed)
      var c = MasonryLayoutTests.Case(seed: seed, count: rng.int(in: 1...120))
      for _ in 0..<rng.int(in: 0...60) {
        c.measure(Double(rng.int(in: 0...120)), at: rng.int(in: 0...(c.layout.count - 1)))
      }
      let oldCount = c.layout.count
      var update = BatchUpdate()
      var deleted = Set<Int>()
      for _ in 0..<rng.int(in: 0...5) { deleted.insert(rng.int(in: 0...(oldCount - 1))) }
      update.delete(at: deleted.sorted())
      let remaining = oldCount - deleted.count
      if remaining > 0, rng.int(in: 0...1) == 0 {
        // Move one survivor.
        let from = (0..<oldCount).first { !deleted.contains($0) }!
        deleted.insert(from)
        update.move(from: from, to: rng.int(in: 0...(remaining - 1)))
      }
      let insertions = rng.int(in: 0...5)
      let newCount = remaining + insertions
      var inserted = Set(update.moves.map(\.to))
      while inserted.count < insertions + update.moves.count {
        let index = rng.int(in: 0...(newCount - 1))
        if inserted.insert(index).inserted { update.insert(at: index) }
      }
      let changes = try IndexChanges(oldCount: oldCount, update: update)
      c.layout.apply(changes)
      c.layout.prepare(
        for: LayoutContext(
          count: changes.newCount, viewportSize: c.context.viewportSize, axis: c.context.axis,
          wrapping: .bounded))
      c.reference.extents = changes.remap(c.reference.extents, inserted: c.layout.estimatedExtent)
      c.reference.fullSpan = Set(
        c.reference.fullSpan.filter { $0 < oldCount }.compactMap { changes.newIndex(forOld: $0) })
      c.check("seed \(seed) \(update)", &rng)
    }
  }
}
