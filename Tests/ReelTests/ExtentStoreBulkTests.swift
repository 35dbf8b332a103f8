import ReelTesting
import Testing

@testable import Reel

/// `ExtentStore.setSorted`: measurements in bulk, grouped per leaf, give the extents, prefix
/// sums and searches of the same sets made one by one.
@Suite struct ExtentStoreBulkTests {
  /// A random sorted batch: windows of consecutive items (shorter and longer than a leaf),
  /// scattered items, values equal to the stored ones or to the estimate, and new ones.
  static func batch(
    _ rng: inout SplitMix64, count: Int, current: (Int) -> Double, estimate: Double,
    value: (inout SplitMix64) -> Double
  ) -> [(index: Int, extent: Double)] {
    var indices = Set<Int>()
    for _ in 0..<rng.int(in: 1...3) {
      switch rng.int(in: 0...2) {
      case 0:
        let start = rng.int(in: 0...(count - 1))
        let length = [1, 2, 5, 25, 31, 32, 33, 70][rng.int(in: 0...7)]
        indices.formUnion(start..<min(count, start + length))
      case 1:
        for _ in 0..<rng.int(in: 1...12) { indices.insert(rng.int(in: 0...(count - 1))) }
      default:
        // Every other item of a stretch: gaps that keep the estimate.
        let start = rng.int(in: 0...(count - 1))
        indices.formUnion(stride(from: start, to: min(count, start + 60), by: 2))
      }
    }
    return indices.sorted().map { index in
      switch rng.int(in: 0...5) {
      case 0: return (index, current(index))
      case 1: return (index, estimate)
      default: return (index, value(&rng))
      }
    }
  }

  /// `setSorted` on a batch.
  static func set(_ batch: [(index: Int, extent: Double)], in store: inout ExtentStore) -> Int {
    let measured = batch.map { ExtentStore.Measured(index: $0.index, extent: $0.extent) }
    return measured.withUnsafeBufferPointer { store.setSorted($0) }
  }

  /// Whole and half points (narrow leaves hold them), and now and then an odd number above 2²⁴
  /// (no `Float` holds it: its leaf is wide, or is widened): sums are exact, so prefix sums
  /// compare with a plain running sum.
  @Test func bulkSetsGiveTheExtentsOfSingleSets() {
    for seed in UInt64(1)...40 {
      var rng = SplitMix64(seed: seed)
      func value(_ rng: inout SplitMix64) -> Double {
        rng.int(in: 0...9) == 0
          ? Double(16_777_217 + 2 * rng.int(in: 0...1_000)) : Double(rng.int(in: 0...400)) / 2
      }
      let count = [1, 2, 50, 700, 3_000][rng.int(in: 0...4)]
      let estimate = value(&rng)
      var reference = Array(repeating: estimate, count: count)
      var store: ExtentStore
      if rng.int(in: 0...2) == 0 {
        // Built from given extents: dense leaves and runs.
        for i in reference.indices where rng.int(in: 0...3) == 0 { reference[i] = value(&rng) }
        store = ExtentStore(reference)
      } else {
        store = ExtentStore(count: count, extent: estimate)
      }
      var single = store
      for step in 0..<25 {
        let batch = Self.batch(
          &rng, count: count, current: { reference[$0] }, estimate: estimate, value: value)
        let expectedFirst = batch.first { reference[$0.index] != $0.extent }?.index ?? .max
        let first = Self.set(batch, in: &store)
        for (index, extent) in batch {
          _ = single.set(extent, at: index)
          reference[index] = extent
        }
        #expect(first == expectedFirst, "seed \(seed) step \(step)")
        let problems = ExtentStoreTests.compare(store, reference, spacing: 0)
        if !problems.isEmpty {
          Issue.record(Comment(rawValue: "seed \(seed) step \(step): \(problems.prefix(3))"))
          return
        }
        #expect(store.values() == single.values(), "seed \(seed) step \(step)")
        #expect(store.total == single.total, "seed \(seed) step \(step)")
      }
    }
  }

  /// A jump's new items, consecutive in a run: one split of the run, one dense leaf.
  @Test func consecutiveItemsInARunBecomeOneDenseLeaf() {
    var store = ExtentStore(count: 10_000_000, extent: 50)
    let indices = Array(5_000_000..<5_000_022)
    let extents = indices.map { Double(20 + $0 % 101) }
    let first = Self.set(Array(zip(indices, extents)), in: &store)
    #expect(first == 5_000_000)
    #expect(store.regroupings == 1)
    #expect(store.denseLeafCount == 1)
    #expect(store.prefix(5_000_022) == 250_000_000 + extents.reduce(0, +))
    #expect(store.invariantViolations().isEmpty)
    // The next frame's items join that leaf; measuring them again changes nothing.
    let next = [5_000_022, 5_000_023]
    _ = Self.set([(next[0], 30), (next[1], 31)], in: &store)
    #expect(store.denseLeafCount == 1)
    #expect(Self.set([(next[0], 30), (next[1], 31)], in: &store) == .max)
  }

  /// A span of a run written straight into its new leaf keeps, for a measurement equal to the
  /// run's extent, the run's value bit for bit (a zero keeps its sign), as single sets do; the
  /// items between measured ones keep the run's extent, at either width.
  @Test func aSpanOfARunKeepsTheRunsValueForEqualMeasurements() {
    for (estimate, other) in [(0.0, -0.0), (-0.0, 0.0), (50, 50), (1.0 / 3, 1.0 / 3)] {
      for wide in [false, true] {
        var bulk = ExtentStore(count: 1_000, extent: estimate)
        var single = bulk
        // Items 400, 402, 404 … 420 measured: every other one equal to the run's extent.
        var batch: [(index: Int, extent: Double)] = []
        for (k, index) in stride(from: 400, through: 420, by: 2).enumerated() {
          let given = k % 2 == 0 ? other : (wide ? 16_777_217 + Double(k) : Double(k) + 0.5)
          batch.append((index, given))
        }
        _ = Self.set(batch, in: &bulk)
        for (index, extent) in batch { _ = single.set(extent, at: index) }
        let same = (0..<1_000).allSatisfy {
          bulk.extent(at: $0).bitPattern == single.extent(at: $0).bitPattern
            && bulk.prefix($0).bitPattern == single.prefix($0).bitPattern
        }
        #expect(same, "run of \(estimate), measured \(other), wide \(wide)")
        #expect(bulk.extent(at: 400).sign == estimate.sign)
        #expect(bulk.extent(at: 401).bitPattern == estimate.bitPattern)
        #expect(bulk.denseLeafCount == 1)
        #expect(bulk.invariantViolations().isEmpty)
      }
    }
  }
}
