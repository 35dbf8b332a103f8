import Reel
import ReelTestSupport
import Testing

/// `MasonryLayout`'s preconditions stop the process with a message naming the broken contract.
@Suite struct MasonryExitTests {
  @Test func zeroLanes() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = MasonryLayout(lanes: 0, estimatedExtent: 40)
      }, "MasonryLayout: lanes must be ≥ 1, got 0")
  }

  @Test func negativeFullSpanIndex() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var layout = MasonryLayout(lanes: 2, estimatedExtent: 40)
        layout.fullSpanIndices = [3, -1]
      }, "MasonryLayout: full-span indices must be ≥ 0, got -1")
  }

  @Test func measuringAnItemOutOfBounds() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var layout = MasonryLayout(lanes: 2, estimatedExtent: 40)
        layout.prepare(
          for: LayoutContext(
            count: 3, viewportSize: Size(width: 100, height: 100), axis: .vertical,
            wrapping: .bounded))
        _ = layout.setExtent(10, forItemAt: 3)
      }, "MasonryLayout.setExtent: index 3 is out of bounds 0..<3")
  }

  @Test func contentBeyondTheSupportedRange() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var layout = MasonryLayout(lanes: 1, estimatedExtent: 1e9)
        layout.prepare(
          for: LayoutContext(
            count: 1 << 30, viewportSize: Size(width: 100, height: 100), axis: .vertical,
            wrapping: .bounded))
      }, "MasonryLayout: 1073741824 items span", "at most 2^53")
  }
}
