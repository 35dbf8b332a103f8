import Reel
import ReelTestSupport
import ReelTesting
import Testing

/// End anchoring is defined for bounded lists only: both orders of setting it stop with a
/// message that says so.
@Suite struct EndAnchoringExitTests {
  @Test func endAnchoringOnACyclicList() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), wrapping: .cyclic)
      list.anchoring = .end
    }
    expectMessage(result, "VirtualList.anchoring = .end needs a bounded list")
  }

  @Test func cyclicWrappingOnAListAnchoredAtTheEnd() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.anchoring = .end
      list.wrapping = .cyclic
    }
    expectMessage(result, "VirtualList.wrapping = .cyclic needs anchoring = .start")
  }
}
