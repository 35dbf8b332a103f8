import ReelTesting
import Testing

@testable import Reel

/// A store's buffer grows, and is copied before a shared one is written, by copying only the
/// parts of its arrays the store took: every extent and sum survives every growth and copy.
@Suite struct ExtentStoreGrowthTests {
  @Test func growthAndCopiesKeepEveryExtent() {
    for seed in UInt64(1)...8 {
      var rng = SplitMix64(seed: seed)
      // A store that starts as one run in a one-leaf buffer, with room reserved or not.
      var store = ExtentStore(count: rng.int(in: 2_000...20_000), extent: 50)
      if seed % 2 == 0 { store.reserveMeasuringRoom() }
      var reference = Array(repeating: 50.0, count: store.count)
      var copies: [(ExtentStore, [Double])] = []
      for step in 0..<600 {
        let index = rng.int(in: 0...(reference.count - 1))
        switch rng.int(in: 0...9) {
        case 0:
          // Narrow extents, wide ones (no `Float` holds an odd number above 2²⁴) and thirds.
          let extent = [Double(rng.int(in: 0...9)), 16_777_217, 1.0 / 3][rng.int(in: 0...2)]
          let k = rng.int(in: 1...40)
          store.insert(extent, count: k, at: index)
          reference.insert(contentsOf: repeatElement(extent, count: k), at: index)
        case 1:
          let k = min(rng.int(in: 1...40), reference.count - index - 1)
          if k > 0 {
            store.remove(at: index, count: k)
            reference.removeSubrange(index..<(index + k))
          }
        case 2:
          // A copy kept aside: the next write to either copies the shared buffer.
          copies.append((store, reference))
        default:
          let extent = rng.int(in: 0...20) == 0 ? 16_777_219 : Double(rng.int(in: 10...120))
          _ = store.set(extent, at: index)
          reference[index] = extent
        }
        if step % 50 == 49 {
          #expect(store.values() == reference, "seed \(seed), step \(step)")
          #expect(store.invariantViolations().isEmpty, "seed \(seed), step \(step)")
        }
      }
      #expect(store.values() == reference, "seed \(seed)")
      for (copy, values) in copies {
        #expect(copy.values() == values, "seed \(seed): a copy changed")
        #expect(copy.invariantViolations().isEmpty)
      }
      #expect(store.denseLeafCount > 20, "seed \(seed): too few dense leaves to grow the buffer")
    }
  }
}
