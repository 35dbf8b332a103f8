import Reel
import ReelTesting
import Testing

/// The names of the resting item and the motion's target say whether they are virtual indices
/// (which count loops in a cyclic list) or data indices.
@Suite struct NamedIndexTests {
  @Test func restingAndTargetIndicesSayWhichKindTheyAre() throws {
    let list = VirtualList<RecordingCell>(
      layout: UniformLayout(extent: 100), wrapping: .cyclic, overscan: 0)
    list.snapping = Snapping(alignment: .center)
    let source = ArrayDataSource(items: Array(0..<10))
    source.install(on: list)
    list.viewportSize = Size(width: 100, height: 100)
    list.layoutIfNeeded()
    list.animate(toVirtualIndex: -3)
    #expect(list.motionTargetVirtualIndex == -3)
    #expect(list.motionTargetDataIndex == 7)
    let clock = ManualClock()
    list.settle(clock: clock)
    // The list recentres by whole loops at rest: the virtual index counts them, the data index not.
    let virtual = try #require(list.restingVirtualIndex)
    #expect((virtual % 10 + 10) % 10 == 7)
    #expect(list.restingDataIndex == 7)
  }
}
