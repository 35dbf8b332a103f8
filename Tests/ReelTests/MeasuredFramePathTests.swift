import ReelTesting
import Testing

@testable import Reel

/// The measured scrolling frame's shortcuts against the lookups they stand for, bit for bit:
/// the paired search of an interval's two ends, and the measurement anchor read from the last
/// pass (its first visible item and that item's slot in the window).
@Suite struct MeasuredFramePathTests {
  /// A store deep enough for several levels, with runs, dense leaves and extents that are not
  /// exact in binary (a different order of additions would show).
  static func randomStore(_ rng: inout SplitMix64) -> ExtentStore {
    let dense = (0..<rng.int(in: 1...12_000)).map { _ in rng.double(in: 0..<120) }
    var store = ExtentStore(dense)
    for _ in 0..<rng.int(in: 0...60) {
      let index = rng.int(in: 0...store.count)
      store.insert(rng.double(in: 0..<90), count: rng.int(in: 1...5_000), at: index)
    }
    for _ in 0..<rng.int(in: 0...200) {
      _ = store.set(rng.double(in: 0..<200), at: rng.int(in: 0...(store.count - 1)))
    }
    return store
  }

  /// A limit near a prefix sum of the store (on it, or an ulp either side), or anywhere.
  static func limit(
    in store: ExtentStore, perItem: Double, _ rng: inout SplitMix64
  ) -> Double {
    let k = rng.int(in: 0...store.count)
    let exact = store.prefix(k) + Double(k) * perItem
    switch rng.int(in: 0...4) {
    case 0: return exact
    case 1: return exact.nextUp
    case 2: return exact.nextDown
    case 3: return rng.double(in: -10..<(store.total + Double(store.count) * perItem + 10))
    default: return exact + rng.double(in: 0..<900)
    }
  }

  @Test func pairedSearchMatchesTwoSearches() {
    for seed in UInt64(1)...40 {
      var rng = SplitMix64(seed: seed)
      let store = Self.randomStore(&rng)
      for _ in 0..<300 {
        let perItem = [0, 1, 2.5, 0.1][rng.int(in: 0...3)]
        let first = Self.limit(in: store, perItem: perItem, &rng)
        let second =
          rng.int(in: 0...3) == 0
          ? Self.limit(in: store, perItem: perItem, &rng) : first + rng.double(in: 0..<1_000)
        let pair = store.searchPair(first: first, second: second, perItem: perItem)
        let expected = (
          store.search(first, perItem: perItem, strict: false),
          store.search(second, perItem: perItem, strict: true)
        )
        #expect(
          pair.first == expected.0 && pair.second == expected.1,
          "seed \(seed): searchPair(\(first), \(second), perItem: \(perItem)) = \(pair), two searches \(expected)"
        )
      }
    }
  }

  @Test func boundedIntervalsMatchTheTwoCounts() {
    for seed in UInt64(1)...20 {
      var rng = SplitMix64(seed: seed)
      var layout = VariableLayout(
        estimatedExtent: 50, spacing: [0, 1, 0.3][rng.int(in: 0...2)],
        insets: ContentInsets(start: 7, end: 3))
      layout.store = Self.randomStore(&rng)
      layout.prepare(
        for: LayoutContext(
          count: layout.count, viewportSize: Size(width: 320, height: 480), axis: .vertical,
          wrapping: .bounded))
      for _ in 0..<200 {
        let lower = Self.limit(in: layout.store, perItem: layout.spacing, &rng) + 7
        let upper = lower + rng.double(in: 0..<900)
        let lo = lower - layout.insets.start
        let hi = upper - layout.insets.start
        let first = min(layout.countEnding(atOrBefore: lo), layout.count)
        let expected = first..<max(first, layout.countStarting(before: hi))
        let got = layout.indices(intersecting: lower..<upper)
        #expect(got == expected, "seed \(seed): \(lower)..<\(upper) gave \(got), not \(expected)")
      }
    }
  }

  /// A measured list as W2 and W4 run it: a pass, then measurements, some before the first
  /// visible item and some after it, in one batch.
  @Test func measurementsAroundTheAnchorKeepItExactlyInPlace() {
    var anchored = 0
    for seed in UInt64(1)...12 {
      var rng = SplitMix64(seed: seed)
      let h = makeList(
        count: 5_000, layout: VariableLayout(estimatedExtent: 50, spacing: 0.5),
        viewport: Size(width: 390, height: 600))
      defer { withExtendedLifetime(h) {} }
      for _ in 0..<40 {
        h.list.contentOffset = rng.double(in: 0..<(h.list.maximumOffset + 1))
        h.list.layoutIfNeeded()
        let first = h.list.placements.first { $0.frame.maxY > 0 }!.index
        for _ in 0..<rng.int(in: 1...6) {
          let index =
            rng.int(in: 0...1) == 0
            ? rng.int(in: max(0, first - 30)...first)
            : rng.int(in: first...min(4_999, first + 30))
          h.list.setMeasuredExtent(rng.double(in: 1..<130) / 3, forItemAt: index)
        }
        // Reading the offset applies the measurements waiting for the next pass.
        let offset = h.list.contentOffset
        guard let anchor = h.list.state.measurementAnchor else { continue }
        anchored += 1
        let layout = h.list.layout as! VariableLayout
        let expected = layout.slot(at: anchor.virtualIndex).offset - anchor.position
        #expect(
          offset == expected || offset == h.list.maximumOffset || offset == 0,
          "seed \(seed): offset \(offset), the anchor's slot says \(expected)")
        h.list.layoutIfNeeded()
        #expect(h.list.invariantViolations().isEmpty)
      }
    }
    // Most batches leave an anchor to check; a run that checked none would prove nothing.
    #expect(anchored >= 240, "only \(anchored) of 480 batches left a measurement anchor")
  }
}
