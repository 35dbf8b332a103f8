import Reel
import ReelTesting
import Testing

/// A saved scroll state keeps a `MasonryLayout`'s measurements, as it keeps a
/// `VariableLayout`'s: restored into a fresh list, the same items show in the same frames
/// without measuring again.
@Suite struct MasonrySavedStateTests {
  func makeList() -> (VirtualList<RecordingCell>, ArrayDataSource<Int>) {
    let list = VirtualList<RecordingCell>(
      layout: MasonryLayout(lanes: 3, estimatedExtent: 100, spacing: 4, laneSpacing: 4))
    let source = ArrayDataSource(items: Array(0..<500))
    source.install(on: list)
    list.viewportSize = Size(width: 300, height: 600)
    list.layoutIfNeeded()
    return (list, source)
  }

  @Test func restoredMasonryListShowsTheSameFrames() throws {
    var rng = SplitMix64(seed: 7)
    let (list, source) = makeList()
    defer { withExtendedLifetime(source) {} }
    list.measure { batch in
      for index in 0..<120 { batch.setExtent(Double(rng.int(in: 40...220)), forItemAt: index) }
    }
    list.contentOffset = 1_500
    let frames = list.placements.map { ($0.index, $0.frame) }
    let saved = list.scrollState
    #expect(saved.measuredExtents != nil)
    let (restored, restoredSource) = makeList()
    defer { withExtendedLifetime(restoredSource) {} }
    try restored.restoreScrollState(saved)
    let after = restored.placements.map { ($0.index, $0.frame) }
    #expect(after.map(\.0) == frames.map(\.0))
    #expect(after.map(\.1) == frames.map(\.1))
    let grid = try #require(restored.layout as? MasonryLayout)
    #expect(grid.measuredExtents == (list.layout as? MasonryLayout)?.measuredExtents)
  }
}
