import ReelTesting
import Testing

@testable import Reel

/// The store's and the layout's sequential walks against their one-item lookups, bit for bit:
/// the list refreshes its window's slots with the walk, so any difference would move a cell.
@Suite struct ExtentStoreWalkTests {
  /// A store of runs and dense leaves, with extents that are not exact in binary (so that a
  /// different order of additions would show).
  static func randomStore(_ rng: inout SplitMix64) -> ExtentStore {
    let estimate = rng.double(in: 10..<90)
    var store = ExtentStore(count: rng.int(in: 1...3_000), extent: estimate)
    for _ in 0..<rng.int(in: 0...200) {
      let index = rng.int(in: 0...(store.count - 1))
      if rng.int(in: 0...3) == 0 {
        store.insert(rng.double(in: 0..<200), count: rng.int(in: 1...50), at: index)
      } else {
        _ = store.set(rng.double(in: 0..<200), at: index)
      }
    }
    return store
  }

  @Test func storeWalkMatchesLookups() {
    for seed in UInt64(1)...40 {
      var rng = SplitMix64(seed: seed)
      let store = Self.randomStore(&rng)
      for _ in 0..<20 {
        let lower = rng.int(in: 0...store.count)
        let upper = rng.int(in: lower...min(store.count, lower + 120))
        var visited: [Int] = []
        store.forEachStartAndExtent(in: lower..<upper) { index, start, extent in
          let expected = store.startAndExtent(of: index)
          #expect(
            start == expected.start && extent == expected.extent,
            "seed \(seed): item \(index) walked (\(start), \(extent)), looked up \(expected)")
          visited.append(index)
        }
        #expect(visited == Array(lower..<upper), "seed \(seed): visited \(visited.count) items")
      }
    }
  }

  @Test func layoutWalkMatchesSlotsBoundedAndCyclic() {
    for seed in UInt64(1)...30 {
      var rng = SplitMix64(seed: seed)
      let store = Self.randomStore(&rng)
      for wrapping in [Wrapping.bounded, .cyclic] {
        var layout = VariableLayout(
          estimatedExtent: 50, spacing: Double(rng.int(in: 0...3)),
          insets: ContentInsets(start: 7, end: 3))
        layout.store = store
        layout.prepare(
          for: LayoutContext(
            count: store.count, viewportSize: Size(width: 320, height: 480), axis: .vertical,
            wrapping: wrapping))
        let n = store.count
        let lower =
          wrapping == .cyclic ? rng.int(in: (-2 * n)...(2 * n)) : rng.int(in: 0...n)
        let length = rng.int(in: 0...(wrapping == .cyclic ? 2 * n + 5 : n - lower))
        var slots: [Slot] = []
        layout.forEachSlot(in: lower..<(lower + length)) { slots.append($0) }
        let expected = (lower..<(lower + length)).map { layout.slot(at: $0) }
        #expect(slots == expected, "seed \(seed) \(wrapping): walk differs from slot(at:)")
      }
    }
  }
}
