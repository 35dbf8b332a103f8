import ReelTesting
import Testing

@testable import Reel

/// `VirtualList.measure(_:)`: measurements in bulk give the geometry of the same measurements
/// made one by one with `setMeasuredExtent(_:forItemAt:)`, on a twin list.
@Suite struct MeasurementBatchTests {
  typealias Subject = OutsideWindowUpdateTests.Subject

  /// Equal up to the roundings of sums added in another order (the batch groups extents into
  /// other leaves than single measurements may, and shifts the offset once).
  static func close(_ a: Double, _ b: Double, scale: Double = 1) -> Bool {
    a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b), abs(scale))
  }

  /// The placements' indices and frames of two lists, after a pass: nil when they agree.
  static func difference<Cell: ReusableCell>(
    _ batched: VirtualList<Cell>, _ single: VirtualList<Cell>
  ) -> String? {
    let a = batched.placements.map { ($0.index, $0.frame) }
    let b = single.placements.map { ($0.index, $0.frame) }
    guard close(batched.contentOffset, single.contentOffset) else {
      return "offset \(batched.contentOffset), one by one \(single.contentOffset)"
    }
    guard a.map(\.0) == b.map(\.0) else { return "items \(a.map(\.0)), one by one \(b.map(\.0))" }
    // Frames are offsets from the content offset: their roundings are the offset's.
    let scale = batched.contentOffset
    for (x, y) in zip(a, b) {
      let (f, g) = (x.1, y.1)
      guard
        close(f.minX, g.minX, scale: scale) && close(f.minY, g.minY, scale: scale)
          && close(f.width, g.width) && close(f.height, g.height)
      else { return "item \(x.0): frame \(f), one by one \(g)" }
    }
    return nil
  }

  /// Random lists (sizes 0 to 200,000, bounded or cyclic, following the start or the end, a
  /// variable layout or one behind a forwarding wrapper), jumps and scrolls, and batches of
  /// measurements of the window's items in any order, of items above and below it and far
  /// away, with duplicates and fractional extents; the twin measures one by one, in the order
  /// recorded.
  /// Returns the batches compared and those after which single measurements clamped midway.
  func compare(seed: UInt64) -> (batches: Int, divergences: Int) {
    var batches = 0
    var divergences = 0
    var rng = SplitMix64(seed: seed)
    let count = [0, 1, 2, 40, 3_000, 200_000][rng.int(in: 0...5)]
    func size() -> Double { Double(rng.int(in: 30...3_000)) / [3.0, 7.0, 4.0][rng.int(in: 0...2)] }
    let variable = VariableLayout(
      estimatedExtent: size(), spacing: Double(rng.int(in: 0...3)) / 3,
      insets: ContentInsets(start: Double(rng.int(in: 0...20)), end: 7))
    let layout: any ListLayout =
      rng.int(in: 0...3) == 0 ? OutsideWindowUpdateTests.Forwarding(inner: variable) : variable
    let anchoring: ContentAnchoring = rng.int(in: 0...3) == 0 ? .end : .start
    let batched = Subject(layout: layout, count: count, anchoring: anchoring)
    let single = Subject(layout: layout, count: count, anchoring: anchoring)
    if count > 0 && anchoring == .start && rng.int(in: 0...3) == 0 {
      batched.list.wrapping = .cyclic
      single.list.wrapping = .cyclic
    }
    let context =
      "seed \(seed) (\(count) items, \(type(of: layout)), \(anchoring), \(batched.list.wrapping))"
    for step in 0..<30 {
      switch rng.int(in: 0...3) {
      case 0 where count > 0:
        let target = rng.int(in: 0...(count - 1))
        batched.list.scrollToItem(at: target, alignment: .start)
        single.list.scrollToItem(at: target, alignment: .start)
      case 1:
        let delta = Double(rng.int(in: -900...900))
        batched.list.contentOffset += delta
        single.list.contentOffset += delta
      default: break
      }
      if let problem = Self.difference(batched.list, single.list) {
        Issue.record(Comment(rawValue: "\(context) step \(step), after the pass: \(problem)"))
        return (batches, divergences)
      }
      guard count > 0 else {
        batched.list.measure { _ in }
        #expect(!batched.list.needsFrames, "\(context): an empty batch changes nothing")
        return (batches, divergences)
      }
      let shown = batched.list.placements.map(\.index)
      var measured = shown
      switch rng.int(in: 0...2) {
      case 0: measured.shuffle(using: &rng)
      case 1: measured.reverse()
      default: break
      }
      // Items above, below and far from the window, and duplicates.
      for _ in 0..<rng.int(in: 0...6) {
        let first = shown.first ?? 0
        let near = first + rng.int(in: -40...60)
        measured.append(
          rng.int(in: 0...1) == 0 ? min(max(near, 0), count - 1) : rng.int(in: 0...(count - 1)))
      }
      for _ in 0..<rng.int(in: 0...3) where !measured.isEmpty {
        measured.append(measured[rng.int(in: 0...(measured.count - 1))])
      }
      let estimate = variable.estimatedExtent
      let extents = measured.map { _ in
        switch rng.int(in: 0...5) {
        case 0: return estimate
        default: return size()
        }
      }
      let wasFollowingEnd = batched.list.isFollowingEnd
      batched.list.measure { batch in
        for (index, extent) in zip(measured, extents) { batch.setExtent(extent, forItemAt: index) }
      }
      var clampedMidway = false
      for (k, (index, extent)) in zip(measured, extents).enumerated() {
        single.list.setMeasuredExtent(extent, forItemAt: index)
        let state = single.list.state
        if k + 1 < measured.count, state.measurementAnchor != nil,
          state.offset != state.measurementAnchorOffset
        {
          clampedMidway = true
        }
      }
      if clampedMidway
        || (!wasFollowingEnd && single.list.isFollowingEnd && !batched.list.isFollowingEnd)
      {
        // The documented difference: a batch anchors once and clamps once, after all its
        // measurements. One by one, a measurement that shrinks the content under the offset
        // clamps it to the new end, and the next measurements anchor anew from there (or, in
        // a list anchored at its end, follow the end). The lists go on from the same offset.
        divergences += 1
        batched.list.contentOffset = single.list.contentOffset
        continue
      }
      batches += 1
      // Before a pass (a cyclic list's pass brings the offset back into one loop, so its
      // offsets are compared after it, with the placements).
      guard
        batched.list.wrapping == .cyclic
          || Self.close(batched.list.contentOffset, single.list.contentOffset)
      else {
        Issue.record(
          Comment(
            rawValue: "\(context) step \(step), after \(measured.count) measurements: offset "
              + "\(batched.list.contentOffset), one by one \(single.list.contentOffset)"))
        return (batches, divergences)
      }
      if let problem = Self.difference(batched.list, single.list) {
        Issue.record(Comment(rawValue: "\(context) step \(step), after the pass: \(problem)"))
        return (batches, divergences)
      }
      #expect(batched.list.invariantViolations().isEmpty, "\(context) step \(step)")
    }
    // The extents themselves are the same, exactly.
    let a = (0..<count).map { batched.list.layout.slot(at: $0).extent }
    let b = (0..<count).map { single.list.layout.slot(at: $0).extent }
    #expect(a == b, "\(context): the extents differ")
    return (batches, divergences)
  }

  @Test func aBatchGivesTheGeometryOfSingleMeasurements() {
    var batches = 0
    var divergences = 0
    for seed in UInt64(1)...64 {
      let result = compare(seed: seed)
      batches += result.batches
      divergences += result.divergences
    }
    #expect(batches > 600, "batches compared")
    #expect(divergences * 10 < batches, "\(divergences) clamped midway of \(batches)")
  }

  /// A frame's new items measured in one batch right after a jump into an unmeasured region:
  /// the first visible item stays at the top, and the store holds them in one dense leaf.
  @Test func aJumpsNewItemsMeasuredInOneBatch() {
    let h = makeList(count: 1_000_000, layout: VariableLayout(estimatedExtent: 50))
    h.list.scrollToItem(at: 500_000, alignment: .start)
    let shown = h.list.placements.map(\.index)
    #expect(shown.contains(500_000))
    let regroupings = VariableLayout.regroupings(of: h.list.layout)
    h.list.measure { batch in
      for index in shown { batch.setExtent(Double(20 + index % 101), forItemAt: index) }
    }
    #expect(h.list.contentOffset == h.list.layout.slot(at: 500_000).offset)
    #expect(VariableLayout.regroupings(of: h.list.layout) == regroupings.map { $0 + 1 })
    _ = h.list.placements
    #expect(h.list.placements.first { $0.index == 500_000 }?.frame.minY == 0)
    #expect(h.list.invariantViolations().isEmpty)
    let layout = h.list.layout as? VariableLayout
    for index in shown { #expect(layout?.extent(ofItemAt: index) == Double(20 + index % 101)) }
  }

  /// Measurements of the extents already stored change nothing: no pass is needed.
  @Test func remeasuringTheSameValuesIsAnExactNoOp() {
    let h = makeList(
      count: 300, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 390, height: 400))
    let clock = ManualClock()
    h.list.contentOffset = 1_000
    let shown = h.list.placements.map(\.index)
    let thirds = shown.map { Double($0 % 50 + 30) / 3 }
    h.list.measure { batch in
      for (index, extent) in zip(shown, thirds) { batch.setExtent(extent, forItemAt: index) }
    }
    _ = h.list.settle(clock: clock)
    #expect(!h.list.needsFrames)
    let offset = h.list.contentOffset
    h.list.measure { batch in
      for (index, extent) in zip(shown, thirds).reversed() {
        batch.setExtent(extent, forItemAt: index)
      }
      batch.setExtent(50, forItemAt: 299)
    }
    #expect(!h.list.needsFrames, "the same extents, and the estimate of an unmeasured item")
    #expect(h.list.contentOffset == offset)
  }

  /// An item recorded more than once takes the last extent recorded.
  @Test func theLastMeasurementOfAnItemWins() {
    let h = makeList(count: 100, layout: VariableLayout(estimatedExtent: 50))
    _ = h.list.placements
    h.list.measure { batch in
      batch.setExtent(10, forItemAt: 7)
      batch.setExtent(90, forItemAt: 3)
      batch.setExtent(70, forItemAt: 7)
      batch.setExtent(20, forItemAt: 3)
      #expect(batch.count == 4)
    }
    let layout = h.list.layout as? VariableLayout
    #expect(layout?.extent(ofItemAt: 7) == 70)
    #expect(layout?.extent(ofItemAt: 3) == 20)
  }

  /// Lists of 0, 1 and 2 items, bounded and cyclic.
  @Test func tinyLists() {
    for wrapping in [Wrapping.bounded, .cyclic] {
      let empty = makeList(
        count: 0, layout: VariableLayout(estimatedExtent: 50), wrapping: wrapping)
      empty.list.measure { #expect($0.isEmpty) }
      #expect(empty.list.placements.isEmpty)
      for count in 1...2 {
        let h = makeList(
          count: count, layout: VariableLayout(estimatedExtent: 50), wrapping: wrapping,
          viewport: Size(width: 390, height: 120))
        let twin = makeList(
          count: count, layout: VariableLayout(estimatedExtent: 50), wrapping: wrapping,
          viewport: Size(width: 390, height: 120))
        h.list.contentOffset = 30
        twin.list.contentOffset = 30
        _ = (h.list.placements, twin.list.placements)
        let extents = [80.5, 33.25, 12.0]
        h.list.measure { batch in
          for (k, extent) in extents.enumerated() { batch.setExtent(extent, forItemAt: k % count) }
        }
        for (k, extent) in extents.enumerated() {
          twin.list.setMeasuredExtent(extent, forItemAt: k % count)
        }
        #expect(
          Self.difference(h.list, twin.list) == nil, "\(count) items, \(wrapping)")
        #expect(h.list.invariantViolations().isEmpty)
      }
    }
  }

  /// During a fling the motion moves with the content, as with single measurements: both lists
  /// come to rest at the same offset.
  @Test func aBatchDuringAFling() {
    let layout = VariableLayout(estimatedExtent: 50)
    let batched = makeList(count: 2_000, layout: layout)
    let single = makeList(count: 2_000, layout: layout)
    let clocks = (ManualClock(), ManualClock())
    batched.list.contentOffset = 30_000
    single.list.contentOffset = 30_000
    fling(batched.list, clock: clocks.0, from: 600, to: 200, duration: 0.1)
    fling(single.list, clock: clocks.1, from: 600, to: 200, duration: 0.1)
    var seen = Set<Int>()
    for frame in 0..<40 {
      clocks.0.advance(seconds: 1.0 / 60)
      clocks.1.advance(seconds: 1.0 / 60)
      batched.list.tick(clocks.0.now)
      single.list.tick(clocks.1.now)
      let fresh = batched.list.placements.map(\.index).filter { seen.insert($0).inserted }
      _ = single.list.placements
      // The new items, and one far above the window.
      let measured = fresh + [frame * 7]
      batched.list.measure { batch in
        for index in measured { batch.setExtent(Double(20 + index % 61), forItemAt: index) }
      }
      for index in measured {
        single.list.setMeasuredExtent(Double(20 + index % 61), forItemAt: index)
      }
      if let problem = Self.difference(batched.list, single.list) {
        Issue.record(Comment(rawValue: "frame \(frame): \(problem)"))
        return
      }
      #expect(batched.list.needsFrames == single.list.needsFrames)
    }
    _ = batched.list.settle(clock: clocks.0)
    _ = single.list.settle(clock: clocks.1)
    #expect(Self.difference(batched.list, single.list) == nil)
  }

  /// During a drag the item under the finger stays under it.
  @Test func aBatchDuringADrag() {
    let h = makeList(
      count: 10, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 390, height: 200))
    let clock = ManualClock()
    h.list.contentOffset = 100
    _ = h.list.placements
    let finger = Point(x: 100, y: 100)
    h.list.beginDrag(at: finger, time: clock.now)
    h.list.measure { batch in
      batch.setExtent(100, forItemAt: 0)
      batch.setExtent(75, forItemAt: 1)
      batch.setExtent(10, forItemAt: 5)
    }
    _ = h.list.placements
    #expect(h.list.contentOffset == 175, "item 2 stays under the finger")
    clock.advance(by: .milliseconds(16))
    h.list.drag(to: finger, time: clock.now)
    #expect(h.list.contentOffset == 175, "the finger has not moved")
  }

  /// A list following its end stays at its end.
  @Test func aListFollowingItsEndStaysThere() {
    let h = makeList(
      count: 50, layout: VariableLayout(estimatedExtent: 50),
      viewport: Size(width: 390, height: 400))
    h.list.anchoring = .end
    h.list.layoutIfNeeded()
    #expect(h.list.contentOffset == h.list.maximumOffset)
    let shown = h.list.placements.map(\.index)
    h.list.measure { batch in
      for index in shown { batch.setExtent(120, forItemAt: index) }
    }
    #expect(h.list.contentOffset == h.list.maximumOffset)
    #expect(h.list.placements.last?.frame.maxY == 400)
  }

  /// A body that throws applies nothing, and the error comes through.
  @Test func aThrowingBodyAppliesNothing() {
    struct Stop: Error {}
    let h = makeList(count: 100, layout: VariableLayout(estimatedExtent: 50))
    _ = h.list.placements
    #expect(throws: Stop.self) {
      try h.list.measure { batch in
        batch.setExtent(10, forItemAt: 0)
        throw Stop()
      }
    }
    #expect((h.list.layout as? VariableLayout)?.extent(ofItemAt: 0) == 50)
    #expect(!h.list.needsFrames)
    h.list.measure { #expect($0.isEmpty, "the next batch starts empty") }
  }

  /// A masonry layout (and any other than `VariableLayout`) takes the batch one measurement at
  /// a time.
  @Test func otherMeasuringLayouts() {
    let layouts: [any ListLayout] = [
      MasonryLayout(lanes: 2, estimatedExtent: 50, spacing: 3),
      OutsideWindowUpdateTests.Forwarding(inner: VariableLayout(estimatedExtent: 40)),
    ]
    for layout in layouts {
      let h = makeList(count: 200, layout: layout)
      let twin = makeList(count: 200, layout: layout)
      h.list.contentOffset = 500
      twin.list.contentOffset = 500
      let shown = h.list.placements.map(\.index)
      _ = twin.list.placements
      h.list.measure { batch in
        for index in shown.reversed() { batch.setExtent(Double(30 + index % 9), forItemAt: index) }
        batch.setExtent(77, forItemAt: 0)
      }
      for index in shown.reversed() {
        twin.list.setMeasuredExtent(Double(30 + index % 9), forItemAt: index)
      }
      twin.list.setMeasuredExtent(77, forItemAt: 0)
      #expect(Self.difference(h.list, twin.list) == nil, "\(type(of: layout))")
    }
  }

  /// A sectioned list takes row indices, headers and footers included: a batch above the
  /// viewport keeps the first visible row in place, as the same single measurements do.
  @Test func aSectionedListMeasuresRowsInOneBatch() {
    let suite = SectionedLayoutListTests()
    let groups = Groups(makeGroups([6, 4, 9, 20, 20]), headers: true, footers: true)
    let twinGroups = Groups(makeGroups([6, 4, 9, 20, 20]), headers: true, footers: true)
    let list = suite.makeList(groups)
    let twin = suite.makeList(twinGroups)
    list.contentOffset = 260
    twin.contentOffset = 260
    // The first visible row: the anchor.
    let anchor = list.placements.first { $0.frame.maxY > 0 }!
    _ = twin.placements
    let header1 = list.sections.rows(ofSection: 1).lowerBound
    let shown = list.placements.map(\.index)
    // Header 0 (30 → 50), an item of section 0 (its line 20 → 35), header 1 (30 → 12), and
    // the shown rows, out of order.
    let measurements =
      [(header1, 12.0), (0, 50.0), (2, 35.0)] + shown.reversed().map { ($0, 24.0) }
    list.measure { batch in
      for (row, extent) in measurements { batch.setExtent(extent, forItemAt: row) }
    }
    for (row, extent) in measurements { twin.setMeasuredExtent(extent, forItemAt: row) }
    let after = list.placements.first { $0.index == anchor.index }!
    #expect(after.frame.minY == anchor.frame.minY, "row \(anchor.index) stays in place")
    #expect(Self.difference(list, twin) == nil)
    #expect(list.invariantViolations().isEmpty)
  }
}
