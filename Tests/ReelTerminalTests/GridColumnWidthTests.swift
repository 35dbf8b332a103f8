import Reel
import ReelTerminal
import ReelTesting
import Testing

/// Grid lanes drawn in cells: each edge rounds to the nearest cell, so at any width the lanes'
/// columns differ by at most one (120 columns in 4 lanes with 1-column gaps: 29, 30, 29, 29).
@Suite struct GridColumnWidthTests {
  @Test func lanesAreWithinOneColumnOfEachOtherAtAnyWidth() {
    var checked = 0
    for width in 20...240 {
      for lanes in 1...max(1, (width + 1) / 10) {
        let list = VirtualList<RecordingCell>(
          layout: UniformLayout(extent: 4, lanes: lanes, laneSpacing: 1), axis: .vertical)
        let source = ArrayDataSource(items: Array(0..<(lanes * 3)))
        source.install(on: list)
        let renderer = TerminalListRenderer(
          region: CellRect(x: 0, y: 0, width: width, height: 12), background: nil)
        list.viewportSize = renderer.viewportSize
        list.layoutIfNeeded()
        let widths = list.placements.filter { $0.index < lanes }.map {
          renderer.cellRect(for: $0.frame).width
        }
        #expect(widths.count == lanes, "width \(width), \(lanes) lanes: \(widths)")
        #expect(
          (widths.max() ?? 0) - (widths.min() ?? 0) <= 1,
          "width \(width), \(lanes) lanes: \(widths)")
        checked += 1
        _ = source
      }
    }
    #expect(checked > 2_000)
  }
}
