import ReelTesting
import Testing

@testable import Reel

/// The measured frame's second set of shortcuts against what they stand for, bit for bit: the
/// visible range read from the window's slots, and the store walk that steps to the next leaf
/// under the same parent.
@Suite struct MeasuredFrameShortcutTests {
  /// Extents that are whole numbers (exact sums) or thirds (rounded sums).
  static func extent(_ rng: inout SplitMix64, whole: Bool) -> Double {
    whole ? Double(rng.int(in: 20...120)) : Double(rng.int(in: 60...360)) / 3
  }

  @Test func visibleRangeFromTheWindowIsTheLayouts() {
    var answered = 0
    for seed in UInt64(1)...16 {
      var rng = SplitMix64(seed: seed)
      let whole = seed % 2 == 0
      let count = rng.int(in: 50...3_000)
      let layout = VariableLayout(
        extents: (0..<count).map { _ in Self.extent(&rng, whole: whole) }, estimatedExtent: 50,
        spacing: [0, 1, 0.3][rng.int(in: 0...2)],
        insets: ContentInsets(start: [0, 7, 0.1][rng.int(in: 0...2)], end: 3))
      let h = makeList(count: count, layout: layout, viewport: Size(width: 390, height: 600))
      defer { withExtendedLifetime(h) {} }
      for _ in 0..<60 {
        h.list.contentOffset = rng.double(in: 0..<(h.list.maximumOffset + 1))
        h.list.layoutIfNeeded()
        // The next frame's offset, a few points on or an item's end exactly.
        var offset = h.list.contentOffset + rng.double(in: -20..<20)
        if rng.int(in: 0...3) == 0, let entry = h.list.state.window.entries.dropFirst(2).first {
          offset = entry.slot.end
        }
        offset = min(max(offset, 0), h.list.maximumOffset)
        let current = h.list.layout as! VariableLayout
        guard let found = h.list.visibleRangeFromWindow(offset: offset, extent: 600) else {
          continue
        }
        answered += 1
        let expected = current.indices(intersecting: offset..<(offset + 600))
        #expect(found == expected, "seed \(seed): offset \(offset) read \(found), not \(expected)")
        if rng.int(in: 0...2) == 0 {
          let index = rng.int(in: 0...(count - 1))
          h.list.setMeasuredExtent(Self.extent(&rng, whole: whole), forItemAt: index)
        }
      }
    }
    #expect(answered > 300, "the window answered only \(answered) times")
  }

  @Test func longWalksMatchLookups() {
    for seed in UInt64(1)...6 {
      var rng = SplitMix64(seed: seed)
      // Enough dense leaves for three levels, so that walks cross parents and leaves.
      var store = ExtentStore(
        (0..<rng.int(in: 20_000...40_000)).map { _ in rng.double(in: 0..<90) })
      for _ in 0..<100 {
        let index = rng.int(in: 0...(store.count - 1))
        store.insert(rng.double(in: 0..<60), count: rng.int(in: 1...40), at: index)
      }
      for _ in 0..<20 {
        let lower = rng.int(in: 0...store.count)
        let upper = rng.int(in: lower...min(store.count, lower + 3_000))
        var walked = lower
        var same = true
        store.forEachStartAndExtent(in: lower..<upper) { index, start, extent in
          let expected = store.startAndExtent(of: index)
          same = same && index == walked && start == expected.start && extent == expected.extent
          walked += 1
        }
        #expect(same && walked == upper, "seed \(seed): the walk of \(lower)..<\(upper) differs")
      }
    }
  }

  @Test func theStoreTellsWholeSixtyFourths() {
    var store = ExtentStore([20, 44.5, 0.25, 7])
    #expect(store.extentsAreSixtyFourths)
    _ = store.set(1.0 / 64, at: 1)
    store.insert(3, count: 40, at: 2)
    #expect(store.extentsAreSixtyFourths)
    _ = store.set(1.0 / 3, at: 0)
    #expect(!store.extentsAreSixtyFourths)
    _ = store.set(20, at: 0)
    #expect(!store.extentsAreSixtyFourths, "cleared until the store is rebuilt")
    #expect(!ExtentStore(count: 10, extent: 0.1).extentsAreSixtyFourths)
    #expect(!ExtentStore([1, 2, 1.0 / 128]).extentsAreSixtyFourths)
    var estimated = ExtentStore(count: 1_000, extent: 50)
    estimated.insert(0.2, count: 3, at: 10)
    #expect(!estimated.extentsAreSixtyFourths)
    // Measurements in bulk too.
    var bulk = ExtentStore(count: 1_000, extent: 50)
    let whole = [ExtentStore.Measured(index: 3, extent: 40), .init(index: 9, extent: 20.5)]
    _ = whole.withUnsafeBufferPointer { bulk.setSorted($0) }
    #expect(bulk.extentsAreSixtyFourths)
    let third = [ExtentStore.Measured(index: 4, extent: 1.0 / 3)]
    _ = third.withUnsafeBufferPointer { bulk.setSorted($0) }
    #expect(!bulk.extentsAreSixtyFourths)
    // A copy keeps its own flag: clearing it in one store leaves the other's.
    var original = ExtentStore(count: 100, extent: 10)
    let copy = original
    _ = original.set(0.1, at: 5)
    #expect(!original.extentsAreSixtyFourths && copy.extentsAreSixtyFourths)
  }
}
