import Reel
import ReelTesting
import Testing

/// Measurements of a `VariableLayout` change the store in place and look the anchor item up
/// again only when the store's update may have moved it (an item measured at or before it, or
/// a split that regrouped the items before it). Each test runs the same seeded script on a list
/// with the layout and on a twin whose layout hides behind a forwarding wrapper, which moves the
/// layout out for every measurement and looks the anchor up every time: after every
/// measurement the offsets must be equal bit for bit, and after every pass the placements.
@Suite struct MeasurementAnchorTests {
  typealias Subject = OutsideWindowUpdateTests.Subject

  /// Jumps, scrolls and measurements in random order (the window's new items, items before
  /// the anchor, re-measurements with the same or another extent, items outside the window).
  func compare(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = [40, 3_000, 200_000][rng.int(in: 0...2)]
    // Thirds and sevenths: most sums round, so a slot looked up where it moved shows.
    func size() -> Double { Double(rng.int(in: 30...3_000)) / [3.0, 7.0][rng.int(in: 0...1)] }
    let layout = VariableLayout(
      estimatedExtent: size(), spacing: Double(rng.int(in: 0...3)) / 3,
      insets: ContentInsets(start: Double(rng.int(in: 0...20)), end: 7))
    let fast = Subject(layout: layout, count: count, anchoring: .start)
    let reference = Subject(
      layout: OutsideWindowUpdateTests.Forwarding(inner: layout), count: count, anchoring: .start)
    var sizes: [Int: Double] = [:]
    func sizeOf(_ index: Int) -> Double {
      if let known = sizes[index], rng.int(in: 0...4) > 0 { return known }
      let new = size()
      sizes[index] = new
      return new
    }
    for step in 0..<60 {
      switch rng.int(in: 0...3) {
      case 0:
        let target = rng.int(in: 0...(count - 1))
        let alignment: ScrollAlignment = [.start, .center, .end][rng.int(in: 0...2)]
        fast.list.scrollToItem(at: target, alignment: alignment)
        reference.list.scrollToItem(at: target, alignment: alignment)
      case 1:
        let delta = Double(rng.int(in: -900...900))
        fast.list.contentOffset += delta
        reference.list.contentOffset += delta
      default: break
      }
      let shown = fast.list.placements.map(\.index)
      #expect(fast.state == reference.state, "seed \(seed) step \(step): after the pass")
      var measured = shown
      switch rng.int(in: 0...3) {
      case 0: measured.shuffle(using: &rng)
      case 1: measured.reverse()
      case 2:
        // Items around the window too.
        let first = max(0, (shown.first ?? 0) - 5)
        measured = Array(first..<min(count, (shown.last ?? 0) + 6)).filter { _ in
          rng.int(in: 0...3) > 0
        }
      default: break
      }
      for (k, index) in measured.enumerated() {
        let extent = sizeOf(index)
        fast.list.setMeasuredExtent(extent, forItemAt: index)
        reference.list.setMeasuredExtent(extent, forItemAt: index)
        let offsets = (fast.list.contentOffset, reference.list.contentOffset)
        guard offsets.0 == offsets.1 else {
          Issue.record(
            Comment(
              rawValue: "seed \(seed) step \(step) measurement \(k) (item \(index)): offset "
                + "\(offsets.0), reference \(offsets.1)"))
          return
        }
      }
      #expect(fast.state == reference.state, "seed \(seed) step \(step): after the measurements")
    }
  }

  @Test func measurementsKeepTheAnchorAsALookupWould() {
    for seed in UInt64(1)...24 { compare(seed: seed) }
  }

  /// A layout assigned between two measurements (new insets) is looked up again: the next
  /// measurement keeps the anchor item where the new layout puts it, at the top.
  @Test func aNewLayoutBetweenMeasurementsIsLookedUpAgain() {
    let subject = Subject(
      layout: VariableLayout(estimatedExtent: 40), count: 1_000, anchoring: .start)
    let list = subject.list
    list.scrollToItem(at: 500, alignment: .start)
    list.layoutIfNeeded()
    list.setMeasuredExtent(55, forItemAt: 501)
    var layout = list.layout as! VariableLayout
    layout.insets = ContentInsets(start: 100)
    list.layout = layout
    list.setMeasuredExtent(65, forItemAt: 502)
    list.setMeasuredExtent(75, forItemAt: 503)
    list.layoutIfNeeded()
    let first = list.placements.first { $0.frame.maxY > 0 }
    #expect(first?.index == 500)
    #expect(first?.frame.minY == 0)
    #expect(list.placements.first { $0.index == 503 }?.frame.height == 75)
  }

  /// A measurement that changes nothing still captures the anchor; a jump ends that capture
  /// (with or without a pass after it), so a later measurement above the window keeps the item
  /// the jump brought to the top, not the one shown before it.
  @Test func anUnchangedMeasurementDoesNotOutliveAJump() {
    for passAfterJump in [true, false] {
      let subject = Subject(
        layout: VariableLayout(estimatedExtent: 40), count: 1_000, anchoring: .start)
      let list = subject.list
      list.setMeasuredExtent(40, forItemAt: 2)
      #expect(!list.needsFrames)
      list.scrollToItem(at: 500, alignment: .start)
      if passAfterJump { list.layoutIfNeeded() }
      list.setMeasuredExtent(90, forItemAt: 10)
      list.layoutIfNeeded()
      let first = list.placements.first { $0.frame.maxY > 0 }
      #expect(first?.index == 500, "pass after the jump: \(passAfterJump)")
      #expect(first?.frame.minY == 0, "pass after the jump: \(passAfterJump)")
      #expect(list.contentOffset == 500 * 40 + 50, "pass after the jump: \(passAfterJump)")
    }
  }

  /// A reload between two measurements (here to fewer items than the anchor's index) ends
  /// the first one's anchor: the second measurement anchors on what the reload shows, as it
  /// does when a pass runs between the reload and the measurement.
  @Test func aReloadBetweenMeasurementsEndsTheirAnchor() {
    for wrapping in [Wrapping.bounded, .cyclic] {
      func run(passAfterReload: Bool) -> Subject {
        let subject = Subject(
          layout: VariableLayout(estimatedExtent: 40), count: 1_000, anchoring: .start)
        let list = subject.list
        list.wrapping = wrapping
        list.scrollToItem(at: 800, alignment: .start)
        list.layoutIfNeeded()
        list.setMeasuredExtent(55, forItemAt: 801)
        subject.source.count = 300
        list.reloadData()
        if passAfterReload { list.layoutIfNeeded() }
        list.setMeasuredExtent(65, forItemAt: 150)
        list.layoutIfNeeded()
        return subject
      }
      let subject = run(passAfterReload: false)
      #expect(subject.state == run(passAfterReload: true).state, "\(wrapping)")
      #expect(subject.list.placements.count > 0, "\(wrapping)")
      #expect(subject.list.invariantViolations().isEmpty, "\(wrapping)")
    }
  }
}
