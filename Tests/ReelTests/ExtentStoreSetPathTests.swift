import ReelTesting
import Testing

@testable import Reel

/// The update of one extent (`ExtentStore.set(_:at:)`): it prefetches the leaf that most likely
/// holds the item (`ExtentStore.likelyLeafSlot(of:)`) before its descent finds it, which in a
/// built store is the leaf itself; and where every sum is exact it shifts the sums on its path
/// by the change, the same values bit for bit as recomputed ones.
@Suite struct ExtentStoreSetPathTests {
  /// Extents of 20...120 (narrow), thirds of them (wide), or a mix, `count` of them.
  static func extents(count: Int, seed: UInt64, kind: Int) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let whole = Double(rng.int(in: 20...120))
      switch kind {
      case 0: return whole
      case 1: return whole / 3
      // Mostly narrow, a wide chunk now and then.
      default: return rng.int(in: 0...99) == 0 ? whole / 3 : whole
      }
    }
  }

  @Test func theGuessIsTheLeafInABuiltStore() {
    for kind in 0...1 {
      let count = 200_000 + kind * 7
      let store = ExtentStore(Self.extents(count: count, seed: 3, kind: kind))
      var misses = 0
      for index in 0..<count where store.likelyLeafSlot(of: index) != store.leafSlot(holding: index)
      {
        misses += 1
      }
      #expect(misses == 0, "kind \(kind): \(misses) of \(count) items' leaves guessed wrong")
    }
  }

  /// Updates of extents keep the guess (a narrow leaf widened moves to the wide slab, and only
  /// its items are missed); insertions drift it without harm; every guess is a slot of the
  /// store or -1, and every value stays as set.
  @Test func updatesKeepTheGuessAndEditsOnlyDriftIt() {
    let seed: UInt64 = 11
    var rng = SplitMix64(seed: seed)
    var values = Self.extents(count: 50_000, seed: seed, kind: 0)
    var store = ExtentStore(values)
    for _ in 0..<5_000 {
      let index = rng.int(in: 0...(values.count - 1))
      let extent = Double(rng.int(in: 20...120))
      _ = store.set(extent, at: index)
      values[index] = extent
    }
    _ = store.set(1.0 / 3, at: 40_000)
    values[40_000] = 1.0 / 3
    let widened = store.leafSlot(holding: 40_000)
    for index in 0..<values.count {
      let holding = store.leafSlot(holding: index)
      #expect(
        store.likelyLeafSlot(of: index) == holding || holding == widened,
        "seed \(seed): item \(index)")
    }
    for _ in 0..<200 {
      let index = rng.int(in: 0...values.count)
      let extent = Double(rng.int(in: 20...120))
      let k = rng.int(in: 1...40)
      store.insert(extent, count: k, at: index)
      values.insert(contentsOf: repeatElement(extent, count: k), at: index)
    }
    for index in Swift.stride(from: 0, to: values.count, by: 7) {
      let guess = store.likelyLeafSlot(of: index)
      #expect(
        guess == -1
          || (guess & ExtentStore.narrowBit != 0
            && guess ^ ExtentStore.narrowBit < Int(store.narrowCount))
      )
      _ = store.set(values[index] + 1, at: index)
      values[index] += 1
    }
    #expect(store.values() == values, "seed \(seed)")
    #expect(store.invariantViolations().isEmpty, "seed \(seed)")
  }

  /// A store of sixty-fourths shifts its sums; a twin that once held a third (its flag
  /// cleared for good) recomputes them. The same updates, insertions and removals on both, with
  /// now and then an extent of 2^46 that takes the total past the exact range (and back): every
  /// total and prefix sum the same, bit for bit, and both sound.
  @Test func shiftedSumsAreTheRecomputedOnes() {
    for seed in UInt64(1)...4 {
      var rng = SplitMix64(seed: seed)
      let n = rng.int(in: 1...30_000)
      let values = (0..<n).map { _ in Double(rng.int(in: 0...6_400)) / 64 }
      var store = ExtentStore(values)
      var twin = ExtentStore(values)
      _ = twin.set(1.0 / 3, at: 0)
      _ = twin.set(values[0], at: 0)
      #expect(store.extentsAreSixtyFourths && !twin.extentsAreSixtyFourths, "seed \(seed)")
      for step in 0..<3_000 {
        let index = rng.int(in: 0...(store.count - 1))
        switch rng.int(in: 0...39) {
        case 0:
          let k = rng.int(in: 1...40)
          let extent = Double(rng.int(in: 0...640)) / 64
          store.insert(extent, count: k, at: index)
          twin.insert(extent, count: k, at: index)
        case 1 where store.count > 50:
          let k = min(rng.int(in: 1...40), store.count - index - 1)
          store.remove(at: index, count: k)
          twin.remove(at: index, count: k)
        default:
          let extent =
            rng.int(in: 0...199) == 0 ? 0x1p46 : Double(rng.int(in: 0...6_400)) / 64
          #expect(store.set(extent, at: index) == twin.set(extent, at: index), "seed \(seed)")
        }
        #expect(store.total.bitPattern == twin.total.bitPattern, "seed \(seed), step \(step)")
        if step % 500 == 499 {
          let count = store.count
          let differing = (0...count).first {
            store.prefix($0).bitPattern != twin.prefix($0).bitPattern
          }
          #expect(differing == nil, "seed \(seed), step \(step): prefix(\(differing ?? -1))")
          #expect(store.invariantViolations().isEmpty, "seed \(seed), step \(step)")
          #expect(twin.invariantViolations().isEmpty, "seed \(seed), step \(step)")
        }
      }
      #expect(store.extentsAreSixtyFourths, "seed \(seed)")
    }
  }
}
