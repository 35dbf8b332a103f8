import ReelTesting
import Testing

@testable import Reel

/// `CyclicMath.remap`, the one place a virtual index follows its item across a count change
/// (window entries, anchors and motion targets after reloads and batch updates).
@Suite struct CyclicRemapTests {
  @Test func boundedContentHasOneLoop() {
    #expect(CyclicMath.remap(7, oldCount: 10, toIndex: 9, newCount: 12, cyclic: false) == 9)
  }

  @Test func cyclicContentKeepsTheLoopAtTheNewIndex() {
    #expect(CyclicMath.remap(-17, oldCount: 10, toIndex: 5, newCount: 12, cyclic: true) == -19)
    #expect(CyclicMath.remap(23, oldCount: 10, toIndex: 0, newCount: 4, cyclic: true) == 8)
    #expect(CyclicMath.remap(-1, oldCount: 10, toIndex: 2, newCount: 3, cyclic: true) == -1)
  }

  /// For any virtual index and counts, the result is in the same loop and shows the new index.
  @Test func theLoopAndTheDataIndexAgreeForRandomIndices() {
    for seed in UInt64(0)..<200 {
      var rng = SplitMix64(seed: seed)
      let oldCount = Int.random(in: 1...50, using: &rng)
      let newCount = Int.random(in: 1...50, using: &rng)
      let v = Int.random(in: -10_000...10_000, using: &rng)
      let newIndex = Int.random(in: 0..<newCount, using: &rng)
      let w = CyclicMath.remap(
        v, oldCount: oldCount, toIndex: newIndex, newCount: newCount, cyclic: true)
      #expect(CyclicMath.dataIndex(w, count: newCount) == newIndex, "seed \(seed)")
      #expect(
        CyclicMath.floorDiv(w, newCount) == CyclicMath.floorDiv(v, oldCount), "seed \(seed)")
    }
  }
}
