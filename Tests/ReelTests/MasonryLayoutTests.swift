import ReelTesting
import Testing

@testable import Reel

/// `MasonryLayout` against the brute-force placement of `MasonryReference`.
@Suite struct MasonryLayoutTests {
  /// A random masonry configuration and the matching reference.
  struct Case {
    var layout: MasonryLayout
    var reference: MasonryReference
    var context: LayoutContext

    init(seed: UInt64, count: Int? = nil) {
      var rng = SplitMix64(seed: seed)
      let lanes = rng.int(in: 1...5)
      let n = count ?? rng.int(in: 0...300)
      let estimate = Double(rng.int(in: 0...60))
      let spacing = Double(rng.int(in: 0...8))
      let laneSpacing = Double(rng.int(in: 0...10))
      let insets = ContentInsets(
        start: Double(rng.int(in: 0...20)), end: Double(rng.int(in: 0...20)),
        crossStart: Double(rng.int(in: 0...20)), crossEnd: Double(rng.int(in: 0...20)))
      let spans = (0..<rng.int(in: 0...6)).map { _ in rng.int(in: 0...max(0, n + 2)) }
      let axis: Axis = rng.int(in: 0...1) == 0 ? .vertical : .horizontal
      context = LayoutContext(
        count: n, viewportSize: Size(width: Double(rng.int(in: 0...900)), height: 700),
        axis: axis, wrapping: .bounded)
      layout = MasonryLayout(
        lanes: lanes, estimatedExtent: estimate, spacing: spacing, laneSpacing: laneSpacing,
        insets: insets, fullSpanIndices: spans)
      layout.prepare(for: context)
      reference = MasonryReference(
        lanes: lanes, spacing: spacing, laneSpacing: laneSpacing, insets: insets,
        crossExtent: context.crossExtent, extents: Array(repeating: estimate, count: n),
        fullSpan: Set(spans))
    }

    /// Measures `index` in both.
    mutating func measure(_ extent: Double, at index: Int) {
      let old = reference.extents[index]
      let delta = layout.setExtent(extent, forItemAt: index)
      reference.extents[index] = extent
      #expect(delta == extent - old)
    }

    /// Compares every slot, the content extent and random intervals with the reference.
    func check(_ label: String, _ rng: inout SplitMix64) {
      let expected = reference.slots()
      let got = (0..<layout.count).map { layout.slot(at: $0) }
      #expect(got == expected, "\(label): slots")
      #expect(layout.contentExtent == reference.contentExtent(expected), "\(label): content")
      let span = max(1, layout.contentExtent)
      for _ in 0..<40 {
        let lo = rng.double(in: -20..<(span + 20))
        let interval = lo..<(lo + rng.double(in: 0..<(span / 3)))
        let range = layout.indices(intersecting: interval)
        #expect(range == MasonryReference.indices(expected, interval), "\(label): \(interval)")
        let hits = MasonryReference.hits(expected, interval)
        #expect(hits.allSatisfy(range.contains), "\(label): \(interval) misses an item")
      }
    }
  }

  @Test func matchesBruteForceWithMeasurementsArrivingOutOfOrder() {
    for seed in UInt64(1)...60 {
      var c = Case(seed: seed)
      var rng = SplitMix64(seed: seed &* 7919)
      c.check("seed \(seed) estimated", &rng)
      guard c.layout.count > 0 else { continue }
      // A shuffled subset of the items, measured in that order, with checks along the way.
      var order = Array(0..<c.layout.count)
      for i in order.indices.reversed() { order.swapAt(i, rng.int(in: 0...i)) }
      for (step, index) in order.prefix(rng.int(in: 1...order.count)).enumerated() {
        c.measure(Double(rng.int(in: 0...150)), at: index)
        if step % 17 == 0 { c.check("seed \(seed) step \(step) item \(index)", &rng) }
      }
      c.check("seed \(seed) measured", &rng)
    }
  }

  @Test func longEstimatedTailFollowsBruteForce() {
    // Few measured items at the front leave the lanes uneven; thousands of estimated items
    // after them are placed in closed form.
    for seed in UInt64(100)...105 {
      var c = Case(seed: seed, count: 4_000)
      var rng = SplitMix64(seed: seed)
      c.layout.fullSpanIndices.removeAll { $0 > 20 }
      c.reference.fullSpan = Set(c.layout.fullSpanIndices)
      for _ in 0..<5 { c.measure(Double(rng.int(in: 0...400)), at: rng.int(in: 0...20)) }
      #expect(c.layout.placement.count < 100, "seed \(seed): only the prefix is stored")
      c.check("seed \(seed)", &rng)
    }
  }

  @Test func changingPropertiesPlacesAgain() {
    for seed in UInt64(200)...215 {
      var c = Case(seed: seed, count: 150)
      var rng = SplitMix64(seed: seed)
      var measuredItems = Set<Int>()
      for _ in 0..<40 {
        let index = rng.int(in: 0...149)
        measuredItems.insert(index)
        c.measure(Double(rng.int(in: 1...90)), at: index)
      }
      c.layout.lanes = rng.int(in: 1...6)
      c.layout.spacing = Double(rng.int(in: 0...9))
      c.layout.laneSpacing = Double(rng.int(in: 0...9))
      c.layout.insets = ContentInsets(start: 3, end: 4, crossStart: 5, crossEnd: 6)
      c.layout.estimatedExtent = Double(rng.int(in: 0...70))
      c.layout.fullSpanIndices = [rng.int(in: 0...149), rng.int(in: 0...149)]
      c.reference.lanes = c.layout.lanes
      c.reference.spacing = c.layout.spacing
      c.reference.laneSpacing = c.layout.laneSpacing
      c.reference.insets = c.layout.insets
      c.reference.fullSpan = Set(c.layout.fullSpanIndices)
      // Measured items keep their extents; the others take the new estimate.
      for index in 0..<150 where !measuredItems.contains(index) {
        c.reference.extents[index] = c.layout.estimatedExtent
      }
      c.check("seed \(seed)", &rng)
    }
  }

  @Test func emptyOneAndTwoItems() {
    let insets = ContentInsets(start: 5, end: 7, crossStart: 10, crossEnd: 20)
    var layout = MasonryLayout(
      lanes: 2, estimatedExtent: 40, spacing: 3, laneSpacing: 10, insets: insets)
    let context = LayoutContext(
      count: 0, viewportSize: Size(width: 330, height: 500), axis: .vertical, wrapping: .bounded)
    layout.prepare(for: context)
    #expect(layout.contentExtent == 12)
    #expect(layout.indices(intersecting: 0..<1_000) == 0..<0)
    // Lanes are (330 − 10 − 20 − 10) / 2 = 145 wide.
    layout.prepare(
      for: LayoutContext(
        count: 1, viewportSize: context.viewportSize, axis: .vertical, wrapping: .bounded))
    #expect(layout.slot(at: 0) == Slot(offset: 5, extent: 40, crossOffset: 10, crossExtent: 145))
    #expect(layout.contentExtent == 52)
    layout.prepare(
      for: LayoutContext(
        count: 2, viewportSize: context.viewportSize, axis: .vertical, wrapping: .bounded))
    #expect(layout.setExtent(60, forItemAt: 1) == 20)
    #expect(layout.slot(at: 1) == Slot(offset: 5, extent: 60, crossOffset: 165, crossExtent: 145))
    #expect(layout.contentExtent == 72)
    #expect(layout.indices(intersecting: 46..<50) == 1..<2)
    #expect(layout.indices(intersecting: 65..<80) == 2..<2)
  }

  @Test func fullSpanItemStartsAfterTheLongestLane() {
    // Header, three tiles, header, one tile, in two lanes 100 wide with spacing 4.
    var layout = MasonryLayout(lanes: 2, estimatedExtent: 10, spacing: 4, fullSpanIndices: [4, 0])
    #expect(layout.fullSpanIndices == [0, 4])
    layout.prepare(
      for: LayoutContext(
        count: 6, viewportSize: Size(width: 200, height: 300), axis: .vertical,
        wrapping: .bounded))
    for (index, extent) in [20.0, 50, 10, 10, 30, 10].enumerated() {
      _ = layout.setExtent(extent, forItemAt: index)
    }
    let slots = (0..<6).map { layout.slot(at: $0) }
    #expect(slots.map(\.offset) == [0, 24, 24, 38, 78, 112])
    #expect(slots.map(\.crossOffset) == [0, 0, 100, 100, 0, 0])
    #expect(slots.map(\.crossExtent) == [200, 100, 100, 100, 200, 100])
    #expect((0..<6).map { layout.lane(ofItemAt: $0) } == [nil, 0, 1, 1, nil, 0])
    // The header moves with its item through a batch update; the inserted item does not span.
    var update = BatchUpdate()
    update.insert(at: 1)
    layout.apply(try! IndexChanges(oldCount: 6, update: update))
    #expect(layout.fullSpanIndices == [0, 5])
    #expect(layout.extent(ofItemAt: 2) == 50)
    #expect(layout.extent(ofItemAt: 1) == 10)
  }

  @Test func hugeEstimatedCountsNeedNoPlacedPrefix() {
    var layout = MasonryLayout(
      lanes: 3, estimatedExtent: 50, spacing: 2, insets: ContentInsets(start: 8, end: 8))
    let n = 1_000_000_000
    layout.prepare(
      for: LayoutContext(
        count: n, viewportSize: Size(width: 300, height: 800), axis: .vertical,
        wrapping: .bounded))
    #expect(layout.placement.count == 0)
    // Equal extents fill rows: item j is in row j / 3, lane j % 3.
    let rows = Double((n + 2) / 3)
    #expect(layout.contentExtent == 8 + rows * 52 - 2 + 8)
    for j in [0, 1, 2, 3, 499_999_999, n - 1] {
      let slot = layout.slot(at: j)
      #expect(slot.offset == 8 + Double(j / 3) * 52, "item \(j)")
      #expect(slot.crossOffset == Double(j % 3) * 100, "item \(j)")
    }
    let middle = 8 + Double(200_000_000) * 52
    #expect(layout.indices(intersecting: middle..<(middle + 60)) == 600_000_000..<600_000_006)
    // A measurement near the end places the prefix up to it; one at the front keeps it short.
    _ = layout.setExtent(80, forItemAt: 4)
    #expect(layout.placement.count == 5)
    #expect(layout.slot(at: 7).offset == layout.slot(at: 4).offset + 52)
  }

  @Test func cyclicModeRepeatsTheWholeGridWithLevelLanes() {
    var layout = MasonryLayout(
      lanes: 3, estimatedExtent: 30, spacing: 5, insets: ContentInsets(start: 10, end: 99))
    layout.prepare(
      for: LayoutContext(
        count: 7, viewportSize: Size(width: 300, height: 200), axis: .vertical,
        wrapping: .cyclic))
    for (index, extent) in [90.0, 10, 20, 40, 10, 10, 10].enumerated() {
      _ = layout.setExtent(extent, forItemAt: index)
    }
    let loop = (0..<7).map { layout.slot(at: $0) }
    let longest = loop.map(\.end).max()! - 10
    #expect(layout.period == LayoutPeriod(items: 7, extent: longest + 5))
    for v in -14..<21 {
      let base = loop[((v % 7) + 7) % 7]
      let shift = Double(v >= 0 ? v / 7 : (v - 6) / 7) * (longest + 5)
      let slot = layout.slot(at: v)
      #expect(slot.offset == base.offset + shift && slot.crossOffset == base.crossOffset, "\(v)")
    }
    // Across the seam: the end of loop 0's longest lane and the start of loop 1.
    let seam = 10 + longest
    #expect(layout.indices(intersecting: (seam - 1)..<(seam + 6)) == 0..<10)
    #expect(layout.indices(intersecting: seam..<(seam + 5)) == 7..<7)
  }

  @Test(arguments: [Axis.vertical, .horizontal], [Wrapping.bounded, .cyclic])
  func listConformanceScriptsPass(axis: Axis, wrapping: Wrapping) {
    // Random scripts of scrolls, measurements, batch updates, reloads and resizes, with the
    // placements compared with a freshly prepared copy of the layout after every step.
    var options = ConformanceOptions()
    options.seeds = 0..<10
    let layout = MasonryLayout(
      lanes: 3, estimatedExtent: 50, spacing: 4, laneSpacing: 6,
      insets: ContentInsets(start: 5, end: 7), fullSpanIndices: [0, 12])
    let report = Conformance.check(
      layout: layout, axis: axis, wrapping: wrapping, subject: .recording(), options: options)
    #expect(report.passed, "\(report)")
  }

  @Test func conformanceCheckPasses() {
    var options = ConformanceOptions()
    options.seeds = 0..<32
    for layout in [
      MasonryLayout(lanes: 3, estimatedExtent: 50, spacing: 4, laneSpacing: 8),
      MasonryLayout(
        lanes: 2, estimatedExtent: 37, spacing: 0, insets: ContentInsets(start: 6, end: 9),
        fullSpanIndices: [0, 5, 40, 41, 100]),
      MasonryLayout(lanes: 1, estimatedExtent: 20, spacing: 2),
    ] {
      let report = Conformance.checkLayout(layout, options: options)
      #expect(report.passed, "\(report)")
    }
  }
}
