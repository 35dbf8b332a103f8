import ReelTesting
import Testing

@testable import Reel

/// The measured-extent store against a plain array of extents (the reference), with seeded
/// random operations; every failure names its seed.
@Suite struct ExtentStoreTests {
  /// Extents that are multiples of 1/4, so that every sum is exact and sums can be compared
  /// with `==` against the reference whatever the order of additions.
  static func quarter(_ rng: inout SplitMix64) -> Double { Double(rng.int(in: 0...480)) / 4 }

  /// Checks every query of `store` against `reference`; returns the problems.
  static func compare(_ store: ExtentStore, _ reference: [Double], spacing: Double) -> [String] {
    var problems = store.invariantViolations()
    if store.count != reference.count {
      problems.append("count \(store.count), reference \(reference.count)")
      return problems
    }
    if store.values() != reference { problems.append("values differ") }
    var prefix = [0.0]
    for value in reference { prefix.append(prefix.last! + value) }
    if store.total != prefix.last! { problems.append("total \(store.total) ≠ \(prefix.last!)") }
    for i in reference.indices where store.prefix(i) != prefix[i] {
      problems.append("prefix(\(i)) = \(store.prefix(i)), reference \(prefix[i])")
      break
    }
    for i in reference.indices where store.extent(at: i) != reference[i] {
      problems.append("extent(at: \(i)) = \(store.extent(at: i)), reference \(reference[i])")
      break
    }
    // Searches at every start and end, just before and after them.
    var limits: [Double] = [-1, 0]
    for (i, start) in prefix.enumerated() {
      let offset = start + Double(i) * spacing
      limits += [offset - 0.125, offset, offset + 0.125]
    }
    for limit in limits {
      for strict in [false, true] {
        var lo = 0
        var hi = reference.count
        while lo < hi {
          let mid = (lo + hi + 1) / 2
          let value = prefix[mid] + Double(mid) * spacing
          if strict ? value < limit : value <= limit { lo = mid } else { hi = mid - 1 }
        }
        let expected = lo
        let got = store.search(limit, perItem: spacing, strict: strict)
        if got != expected {
          problems.append("search(\(limit), strict: \(strict)) = \(got), reference \(expected)")
          return problems
        }
      }
    }
    return problems
  }

  @Test func randomOperationsMatchTheReference() {
    for seed in UInt64(1)...50 {
      var rng = SplitMix64(seed: seed)
      let estimate = Self.quarter(&rng)
      let start = [0, 1, 2, rng.int(in: 3...40), rng.int(in: 0...300)][rng.int(in: 0...4)]
      var store =
        rng.int(in: 0...1) == 0
        ? ExtentStore(count: start, extent: estimate)
        : ExtentStore(
          (0..<start).map { _ in rng.int(in: 0...2) == 0 ? estimate : Self.quarter(&rng) })
      var reference = store.values()
      #expect(reference.count == start, "seed \(seed)")
      for step in 0..<120 {
        let choice = rng.int(in: 0...9)
        if choice < 5, !reference.isEmpty {
          let index = rng.int(in: 0...(reference.count - 1))
          let value = rng.int(in: 0...3) == 0 ? estimate : Self.quarter(&rng)
          let old = store.set(value, at: index)
          #expect(old == reference[index], "seed \(seed) step \(step): set returned \(old)")
          reference[index] = value
        } else if choice < 8 {
          let index = rng.int(in: 0...reference.count)
          let k = [1, 1, 2, rng.int(in: 0...70)][rng.int(in: 0...3)]
          let value = rng.int(in: 0...1) == 0 ? estimate : Self.quarter(&rng)
          store.insert(value, count: k, at: index)
          reference.insert(contentsOf: repeatElement(value, count: k), at: index)
        } else if !reference.isEmpty {
          let index = rng.int(in: 0...(reference.count - 1))
          let k = rng.int(in: 0...min(reference.count - index, [1, 3, 80][rng.int(in: 0...2)]))
          store.remove(at: index, count: k)
          reference.removeSubrange(index..<(index + k))
        }
        let problems = Self.compare(store, reference, spacing: Double(rng.int(in: 0...2)))
        #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
  }

  /// Updates that leave `regroupings` as it was leave the prefix sum of every item before them
  /// bit for bit (the list then refreshes only the displayed slots from the update on), with
  /// extents whose sums round; the others count. Both kinds occur.
  @Test func updatesThatDoNotRegroupKeepEveryEarlierPrefixExactly() {
    var inPlace = 0
    var regrouped = 0
    for seed in UInt64(1)...30 {
      var rng = SplitMix64(seed: seed)
      // Thirds and sevenths: most sums round, so a different order of additions shows.
      func value() -> Double { Double(rng.int(in: 1...9_999)) / [3.0, 7.0][rng.int(in: 0...1)] }
      let estimate = value()
      var store = ExtentStore((0..<rng.int(in: 0...200)).map { _ in value() })
      for step in 0..<150 {
        let before = (0...store.count).map { store.prefix($0) }
        let count = store.regroupings
        let choice = rng.int(in: 0...9)
        // The items whose starts must stay: those before an insertion, up to a set item.
        var kept = 0
        var index = 0
        if choice < 5, store.count > 0 {
          index = rng.int(in: 0...(store.count - 1))
          _ = store.set(rng.int(in: 0...3) == 0 ? estimate : value(), at: index)
          kept = index + 1
        } else if choice < 9 {
          // Appends most of the time, as a chat does.
          index = rng.int(in: 0...2) > 0 ? store.count : rng.int(in: 0...store.count)
          store.insert(rng.int(in: 0...1) == 0 ? estimate : value(), count: 1, at: index)
          kept = index
        } else if store.count > 0 {
          index = rng.int(in: 0...(store.count - 1))
          store.remove(at: index, count: 1)
          #expect(store.regroupings != count, "seed \(seed) step \(step): a removal counts")
        }
        #expect(store.invariantViolations().isEmpty, "seed \(seed) step \(step)")
        guard store.regroupings == count else {
          regrouped += 1
          continue
        }
        inPlace += 1
        for i in 0..<kept where store.prefix(i) != before[i] {
          let moved = "prefix(\(i)) moved from \(before[i]) to \(store.prefix(i))"
          Issue.record(
            Comment(
              rawValue:
                "seed \(seed) step \(step): \(moved) in an update at \(index) that did not regroup")
          )
          return
        }
      }
    }
    #expect(inPlace > 1_000)
    #expect(regrouped > 100)
  }

  /// Appending to a dense leaf with room is in place; appending to a full one regroups.
  @Test func appendsRegroupOnlyWhenALeafIsFull() {
    var store = ExtentStore((0..<31).map { Double($0) / 3 })
    let count = store.regroupings
    store.insert(0.1, count: 1, at: 31)
    #expect(store.regroupings == count)
    store.insert(0.2, count: 1, at: 32)
    #expect(store.regroupings == count + 1)
    _ = store.set(0.7, at: 32)
    #expect(store.regroupings == count + 1)
  }

  /// A copy is a value: writes to one, growth included, never show in the other.
  @Test func copiesAreIndependent() {
    var original = ExtentStore(count: 100, extent: 10)
    _ = original.set(5, at: 3)
    var copy = original
    _ = copy.set(7, at: 3)
    for i in 0..<100 { _ = copy.set(Double(i), at: i) }
    copy.insert(1, count: 5, at: 50)
    var expected = Array(repeating: 10.0, count: 100)
    expected[3] = 5
    #expect(original.values() == expected)
    #expect(original.invariantViolations().isEmpty)
    var expectedCopy: [Double] = (0..<100).map { Double($0) }
    expectedCopy.insert(contentsOf: repeatElement(1.0, count: 5), at: 50)
    #expect(copy.values() == expectedCopy)
    #expect(copy.invariantViolations().isEmpty)
  }

  @Test func zeroOneAndTwoItems() {
    var store = ExtentStore(count: 0, extent: 10)
    #expect(Self.compare(store, [], spacing: 1).isEmpty)
    #expect(store.search(5, perItem: 0, strict: false) == 0)
    store.insert(7, count: 1, at: 0)
    #expect(Self.compare(store, [7], spacing: 1).isEmpty)
    store.insert(3, count: 1, at: 0)
    #expect(Self.compare(store, [3, 7], spacing: 2).isEmpty)
    #expect(store.set(3, at: 0) == 3)
    store.remove(at: 0, count: 2)
    #expect(Self.compare(store, [], spacing: 0).isEmpty)
    store.insert(5, count: 2, at: 0)
    #expect(Self.compare(store, [5, 5], spacing: 0).isEmpty)
  }

  @Test func aBillionEstimatedItemsTakeConstantMemory() {
    let billion = 1_000_000_000
    var store = ExtentStore(count: billion, extent: 50)
    let empty = ExtentStore(count: 0, extent: 50)
    #expect(store.allocatedBytes < empty.allocatedBytes + 64)
    #expect(store.total == 50_000_000_000)
    #expect(store.prefix(987_654_321) == 49_382_716_050)
    #expect(store.search(49_382_716_050, perItem: 0, strict: true) == 987_654_320)
    #expect(store.search(49_382_716_050, perItem: 0, strict: false) == 987_654_321)
    // Measure a window far down, insert and delete around it: memory stays small.
    for i in 700_000_000..<700_000_025 { _ = store.set(Double(i % 7 + 20), at: i) }
    store.insert(50, count: 1_000, at: 300)
    store.remove(at: 999_000_000, count: 1_000)
    #expect(store.count == billion)
    #expect(store.extent(at: 700_001_000) == Double(700_000_000 % 7 + 20))
    #expect(store.invariantViolations().isEmpty)
    #expect(store.allocatedBytes < 4_096)
    // The whole supported range: 2⁵³ items of extent 1.
    let huge = ExtentStore(count: 1 << 53, extent: 1)
    #expect(huge.total == 9_007_199_254_740_992)
    #expect(huge.search(4_503_599_627_370_496, perItem: 0, strict: false) == 1 << 52)
  }

  @Test func remeasuringWithTheSameFractionalValueIsAnExactNoOp() {
    var store = ExtentStore(count: 1_000, extent: 50)
    let third = 100.0 / 3
    #expect(store.set(third, at: 10) == 50)
    let total = store.total
    for _ in 0..<10_000 { #expect(store.set(third, at: 10) == third) }
    #expect(store.total == total)
  }

  /// A million fractional updates: the sums stay non-negative and monotone, and extents set
  /// back to 0 sum to exactly 0 (sums adjusted by differences leave a residue, often negative).
  @Test func sumsDoNotDriftAfterAMillionUpdates() {
    let seed: UInt64 = 0xD41F7
    var rng = SplitMix64(seed: seed)
    let n = 4_096
    var store = ExtentStore(count: n, extent: 44)
    for step in 0..<1_000_000 {
      let index = rng.int(in: 0...(n - 1))
      _ = store.set(Double(rng.int(in: 1...1_000_000)) / 7_919, at: index)
      if step % 100_000 == 0 {
        var previous = 0.0
        for i in Swift.stride(from: 0, through: n, by: 97) {
          let prefix = store.prefix(i)
          #expect(prefix >= previous, "seed \(seed) step \(step) index \(i)")
          previous = prefix
        }
      }
    }
    #expect(store.invariantViolations().isEmpty, "seed \(seed)")
    for i in 0..<n { _ = store.set(0, at: i) }
    #expect(store.total == 0, "seed \(seed)")
    #expect((0...n).allSatisfy { store.prefix($0) == 0 }, "seed \(seed)")
  }
}
