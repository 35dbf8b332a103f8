import ReelTesting
import Testing

@testable import Reel

/// Narrow (`Float`) and wide (`Double`) dense leaves of the measured-extent store: every extent
/// reads back bit for bit, every sum is what an all-wide store gives, leaves widen at the first
/// extent a `Float` does not hold, and splits, merges, insertions and removals of mixed leaves
/// keep all of it. Seeded; every failure names its seed.
@Suite struct ExtentStoreWidthTests {
  /// An extent a `Float` holds exactly: a multiple of 1/4 up to 120.
  static func narrowValue(_ rng: inout SplitMix64) -> Double { Double(rng.int(in: 0...480)) / 4 }

  /// An extent a `Float` does not hold, yet exact in binary: a multiple of 1/4 plus a multiple
  /// of 2⁻³⁰ (36 significant bits or fewer, so that sums of a few thousand of them, like the
  /// quarters, are exact in any order and compare with `==` against the reference's).
  static func wideValue(_ rng: inout SplitMix64) -> Double {
    narrowValue(&rng) + Double(rng.int(in: 1...(1 << 24)) * 2 + 1) / Double(1 << 30)
  }

  /// One of the two kinds; wide with probability `wide` in 1/8ths.
  static func mixedValue(_ rng: inout SplitMix64, wide: Int) -> Double {
    rng.int(in: 0...7) < wide ? wideValue(&rng) : narrowValue(&rng)
  }

  /// Seeded random stores mixing both kinds of extents, built and edited (sets, insertions,
  /// removals, including widening a narrow leaf in its middle and splitting full leaves of
  /// either width), checked after every step against a plain `[Double]` for every extent,
  /// prefix sum, search and the total. Both widths occur, and narrow leaves widen.
  @Test func mixedStoresMatchTheReference() {
    var sawBoth = 0
    var widenings = 0
    for seed in UInt64(1)...40 {
      var rng = SplitMix64(seed: seed)
      // Some seeds mostly narrow, some mostly wide, some half and half.
      let wide = [0, 1, 4, 7][rng.int(in: 0...3)]
      let estimate = Self.mixedValue(&rng, wide: wide)
      let start = [0, 1, 31, 32, 33, rng.int(in: 3...300)][rng.int(in: 0...5)]
      var store =
        rng.int(in: 0...1) == 0
        ? ExtentStore(count: start, extent: estimate)
        : ExtentStore((0..<start).map { _ in Self.mixedValue(&rng, wide: wide) })
      var reference = store.values()
      #expect(reference.count == start, "seed \(seed)")
      for step in 0..<150 {
        let choice = rng.int(in: 0...9)
        if choice < 5, !reference.isEmpty {
          // Runs of sets, as a frontend measures a window, and single ones.
          let first = rng.int(in: 0...(reference.count - 1))
          let last = min(reference.count - 1, first + [0, 0, 40][rng.int(in: 0...2)])
          for index in first...last {
            let value =
              rng.int(in: 0...5) == 0 ? reference[index] : Self.mixedValue(&rng, wide: wide)
            let widens = store.bytesPerExtent(at: index) == 4 && !ExtentStore.fitsNarrow(value)
            let old = store.set(value, at: index)
            #expect(old.bitPattern == reference[index].bitPattern, "seed \(seed) step \(step)")
            reference[index] = value
            if widens {
              // The narrow leaf holding the item widened in place.
              widenings += 1
              #expect(store.bytesPerExtent(at: index) == 8, "seed \(seed) step \(step)")
            }
          }
        } else if choice < 8 {
          let index = rng.int(in: 0...reference.count)
          let k = [1, 1, 2, 17, rng.int(in: 0...70)][rng.int(in: 0...4)]
          let value = rng.int(in: 0...1) == 0 ? estimate : Self.mixedValue(&rng, wide: wide)
          store.insert(value, count: k, at: index)
          reference.insert(contentsOf: repeatElement(value, count: k), at: index)
        } else if !reference.isEmpty {
          let index = rng.int(in: 0...(reference.count - 1))
          let k = rng.int(in: 0...min(reference.count - index, [1, 3, 40][rng.int(in: 0...2)]))
          store.remove(at: index, count: k)
          reference.removeSubrange(index..<(index + k))
        }
        if store.wideLeafCount > 0 && store.narrowLeafCount > 0 { sawBoth += 1 }
        var problems = ExtentStoreTests.compare(
          store, reference, spacing: Double(rng.int(in: 0...2)))
        if store.values().map(\.bitPattern) != reference.map(\.bitPattern) {
          problems.append("values differ in their bits")
        }
        #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
    #expect(sawBoth > 1_000, "steps with both widths: \(sawBoth)")
    #expect(widenings > 20, "narrow leaves widened by a set: \(widenings)")
  }

  /// The same edits on a store and on its twin whose leaves are all wide, with extents whose
  /// sums round (thirds and sevenths, mixed with quarters): every prefix sum, extent, search,
  /// walk and regrouping count is the same bit for bit, so the narrow leaves add
  /// the same values in the same order.
  @Test func narrowLeavesSumBitForBitAsWideOnes() {
    var narrowSteps = 0
    for seed in UInt64(1)...30 {
      var rng = SplitMix64(seed: seed)
      func value() -> Double {
        rng.int(in: 0...2) == 0
          ? Double(rng.int(in: 1...9_999)) / [3.0, 7.0][rng.int(in: 0...1)]
          : Double(rng.int(in: 0...480)) / 4
      }
      let initial = (0..<rng.int(in: 0...300)).map { _ in value() }
      var store = ExtentStore(initial)
      var twin = ExtentStore(initial, allowsNarrowLeaves: false)
      if rng.int(in: 0...1) == 0 {
        let estimate = value()
        store = ExtentStore(count: rng.int(in: 1...2_000), extent: estimate)
        twin = store
        twin.allowsNarrowLeaves = false
      }
      for step in 0..<120 {
        let choice = rng.int(in: 0...9)
        if choice < 6, store.count > 0 {
          let first = rng.int(in: 0...(store.count - 1))
          for index in first...min(store.count - 1, first + rng.int(in: 0...30)) {
            let v = value()
            let old = store.set(v, at: index)
            let twinOld = twin.set(v, at: index)
            #expect(old.bitPattern == twinOld.bitPattern, "seed \(seed) step \(step)")
          }
        } else if choice < 8 {
          let index = rng.int(in: 0...store.count)
          let k = [1, 1, 3, rng.int(in: 0...50)][rng.int(in: 0...3)]
          let v = value()
          store.insert(v, count: k, at: index)
          twin.insert(v, count: k, at: index)
        } else if store.count > 0 {
          let index = rng.int(in: 0...(store.count - 1))
          let k = rng.int(in: 0...min(store.count - index, 40))
          store.remove(at: index, count: k)
          twin.remove(at: index, count: k)
        }
        #expect(twin.narrowLeafCount == 0, "seed \(seed) step \(step)")
        if store.narrowLeafCount > 0 { narrowSteps += 1 }
        let problems = Self.differences(store, twin)
        #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
    #expect(narrowSteps > 1_000, "steps with narrow leaves: \(narrowSteps)")
  }

  /// Where two stores differ: values, every prefix, extent and walk, searches, counters.
  static func differences(_ store: ExtentStore, _ twin: ExtentStore) -> [String] {
    var problems = store.invariantViolations()
    guard store.count == twin.count else { return problems + ["counts differ"] }
    if store.total.bitPattern != twin.total.bitPattern { problems.append("totals differ") }
    if store.regroupings != twin.regroupings { problems.append("regroupings differ") }
    if store.values().map(\.bitPattern) != twin.values().map(\.bitPattern) {
      problems.append("values differ")
    }
    for i in 0...store.count where store.prefix(i).bitPattern != twin.prefix(i).bitPattern {
      problems.append("prefix(\(i)): \(store.prefix(i)) against \(twin.prefix(i))")
      break
    }
    var walked: [UInt64] = []
    store.forEachStartAndExtent(in: 0..<store.count) { _, start, extent in
      walked += [start.bitPattern, extent.bitPattern]
    }
    var twinWalked: [UInt64] = []
    twin.forEachStartAndExtent(in: 0..<twin.count) { _, start, extent in
      twinWalked += [start.bitPattern, extent.bitPattern]
    }
    if walked != twinWalked { problems.append("walks differ") }
    for i in Swift.stride(from: 0, through: store.count, by: 3) {
      let limit = twin.prefix(i)
      for perItem in [0.0, 2.5] {
        let offset = limit + Double(i) * perItem
        for strict in [false, true]
        where store.search(offset, perItem: perItem, strict: strict)
          != twin.search(offset, perItem: perItem, strict: strict)
        {
          problems.append("search(\(offset), perItem: \(perItem), strict: \(strict)) differs")
        }
        let pair = store.searchPair(first: offset - 7, second: offset + 300, perItem: perItem)
        let twinPair = twin.searchPair(first: offset - 7, second: offset + 300, perItem: perItem)
        if pair != twinPair { problems.append("searchPair at \(offset) differs") }
      }
    }
    return problems
  }

  /// A narrow leaf widens at the first extent that does not fit, in its middle, and keeps every
  /// other extent and every sum; setting a value it already holds, or one that fits, does not
  /// widen it; a split of a mixed leaf gives a narrow half when that half fits.
  @Test func aNarrowLeafWidensInItsMiddleAndSplitsIntoWidths() {
    let quarters: [Double] = (0..<32).map { (i: Int) -> Double in
      Double(i % 9 + 20) + Double(i % 4) / 4
    }
    var store = ExtentStore(quarters)
    #expect(store.narrowLeafCount == 1 && store.wideLeafCount == 0)
    let before = (0...32).map { store.prefix($0) }
    #expect(store.set(quarters[5], at: 5) == quarters[5])
    _ = store.set(17.5, at: 16)
    #expect(store.narrowLeafCount == 1 && store.wideLeafCount == 0)
    let third = 100.0 / 3
    _ = store.set(third, at: 5)
    #expect(store.narrowLeafCount == 0 && store.wideLeafCount == 1, "widened in place")
    var reference = quarters
    reference[16] = 17.5
    reference[5] = third
    #expect(store.values().map(\.bitPattern) == reference.map(\.bitPattern))
    #expect((0...5).allSatisfy { store.prefix($0) == before[$0] })
    #expect(store.invariantViolations().isEmpty)
    // Re-measuring with the same fractional value is still a no-op.
    #expect(store.set(third, at: 5) == third)
    // The full wide leaf split by an insertion: the half it keeps holds the third and stays
    // wide, the half it gives away fits and is narrow.
    store.insert(20, count: 1, at: 2)
    reference.insert(20, at: 2)
    #expect(store.wideLeafCount == 1 && store.narrowLeafCount == 1)
    #expect(store.bytesPerExtent(at: 6) == 8 && store.bytesPerExtent(at: 30) == 4)
    #expect(store.values() == reference && store.invariantViolations().isEmpty)
    // Removing the third leaves its leaf wide (leaves do not narrow back), values intact.
    store.remove(at: 6, count: 1)
    reference.remove(at: 6)
    #expect(store.values() == reference && store.invariantViolations().isEmpty)
    #expect(store.bytesPerExtent(at: 6) == 8)
  }

  /// A run absorbed into a narrow neighbour, on either side, widens it when the run's extent or
  /// the new one does not fit; the extents and sums stay exact.
  @Test func runsAbsorbedIntoNarrowNeighboursWidenThemWhenNeeded() {
    let fine = 30 + 1 / Double(1 << 30)
    for (runExtent, value, wide) in [
      (44.0, 10.5, false), (fine, 10.5, true), (44.0, fine, true), (fine, fine + 1, true),
    ] {
      for side in ["left", "right"] {
        // A narrow leaf of 28, a run of 64, a narrow leaf of 28: each neighbour has room for
        // the run's items on its side of the measured one and that one.
        var reference =
          (1...32).map(Double.init) + Array(repeating: runExtent, count: 64)
          + (101...132).map(Double.init)
        var store = ExtentStore(reference)
        store.remove(at: 124, count: 4)
        store.remove(at: 0, count: 4)
        reference.removeLast(4)
        reference.removeFirst(4)
        #expect(store.narrowLeafCount == 2 && store.bytesPerExtent(at: 28) == 0)
        let index = side == "left" ? 30 : 89
        let neighbour = side == "left" ? 0 : reference.count - 1
        _ = store.set(value, at: index)
        reference[index] = value
        let label = "run \(runExtent), value \(value), \(side)"
        #expect(store.bytesPerExtent(at: index) == (wide ? 8 : 4), "\(label)")
        #expect(store.bytesPerExtent(at: neighbour) == (wide ? 8 : 4), "\(label): absorbed")
        #expect(store.values().map(\.bitPattern) == reference.map(\.bitPattern), "\(label)")
        #expect(ExtentStoreTests.compare(store, reference, spacing: 1).isEmpty, "\(label)")
      }
    }
  }

  /// The edges of `Float`: values it holds (a zero of either sign, its smallest subnormal, its
  /// largest finite value, 2²⁴) stay narrow and read back bit for bit; values next to them that
  /// it does not hold make the leaf wide.
  @Test func floatEdgesReadBackBitForBit() {
    let narrow: [Double] = [
      0, -0.0, Double(Float.leastNonzeroMagnitude), Double(Float.greatestFiniteMagnitude),
      16_777_216, 0.1875,
    ]
    let wide: [Double] = [
      16_777_217, 0.1, Double.leastNonzeroMagnitude, Double(Float.greatestFiniteMagnitude) * 2,
      Double(Float.leastNonzeroMagnitude) / 2,
    ]
    for value in narrow {
      let store = ExtentStore([value, 1, 2, value])
      #expect(store.narrowLeafCount == 1, "\(value)")
      #expect(store.values().map(\.bitPattern) == [value, 1, 2, value].map(\.bitPattern))
      var edited = ExtentStore([3.0, 1, 2, 4])
      _ = edited.set(value, at: 2)
      #expect(edited.narrowLeafCount == 1, "\(value)")
      #expect(edited.extent(at: 2).bitPattern == value.bitPattern, "\(value)")
    }
    for value in wide {
      let store = ExtentStore([value, 1, 2, value])
      #expect(store.wideLeafCount == 1 && store.narrowLeafCount == 0, "\(value)")
      #expect(store.values().map(\.bitPattern) == [value, 1, 2, value].map(\.bitPattern))
      var edited = ExtentStore([3.0, 1, 2, 4])
      _ = edited.set(value, at: 2)
      #expect(edited.wideLeafCount == 1 && edited.narrowLeafCount == 0, "\(value)")
      #expect(edited.extent(at: 2).bitPattern == value.bitPattern, "\(value)")
    }
  }

  /// Whole-point extents cost about 6 bytes per measured item (4 in the leaves); extents that
  /// a `Float` does not hold cost about 10 (8 in the leaves), as before narrow leaves.
  @Test func measuredMemoryPerItemByWidth() {
    let n = 100_000
    var whole = ExtentStore(count: n, extent: 50)
    for i in 0..<n { _ = whole.set(Double(20 + i % 101), at: i) }
    let wholePerItem = Double(whole.usedBytes) / Double(n)
    #expect(whole.wideLeafCount == 0)
    #expect(wholePerItem >= 4 && wholePerItem < 6.5, "bytes per measured item: \(wholePerItem)")
    let built = ExtentStore((0..<n).map { Double(20 + $0 % 101) })
    let builtPerItem = Double(built.usedBytes) / Double(n)
    #expect(builtPerItem >= 4 && builtPerItem < 6.5, "bytes per given item: \(builtPerItem)")
    var thirds = ExtentStore(count: n, extent: 50)
    for i in 0..<n { _ = thirds.set(Double(60 + i % 101) / 3, at: i) }
    let thirdsPerItem = Double(thirds.usedBytes) / Double(n)
    #expect(thirdsPerItem >= 8 && thirdsPerItem < 10, "bytes per measured item: \(thirdsPerItem)")
  }
}

extension ExtentStoreWidthTests {
  /// The store stays within 120 bytes: the list's passes copy it, and a larger one is copied by
  /// a call to `memcpy` instead of a few moves, which made each insert or delete of W11
  /// (`reel-bench`) measurably slower.
  @Test func theStoreStaysSmall() {
    #expect(MemoryLayout<ExtentStore>.size <= 120, "\(MemoryLayout<ExtentStore>.size) bytes")
  }

  /// A store built from a collection that is not contiguous matches one built from an array.
  @Test func storesBuiltFromAnyCollectionMatch() {
    // Blocks of 64 in halves and in thirds: narrow and wide leaves.
    let extents: [Double] = (0..<1_000).map { (i: Int) -> Double in
      Double(i % 7) + ((i / 64) % 2 == 0 ? 0.5 : 1.0 / 3)
    }
    let fromArray = ExtentStore(extents)
    let fromRange = ExtentStore((0..<1_000).lazy.map { extents[$0] })
    #expect(fromArray.values().map(\.bitPattern) == extents.map(\.bitPattern))
    #expect(fromRange.values().map(\.bitPattern) == extents.map(\.bitPattern))
    #expect(fromArray.narrowLeafCount == 16 && fromArray.wideLeafCount == 16)
    #expect(fromArray.narrowLeafCount == fromRange.narrowLeafCount)
    #expect(fromArray.total.bitPattern == fromRange.total.bitPattern)
  }
}
