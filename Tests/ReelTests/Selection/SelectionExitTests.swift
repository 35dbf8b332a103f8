import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

@Suite struct SelectionExitTests {
  @Test func selectingOutOfRangeNamesTheBounds() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = makeList(count: 5)
        h.list.selectionMode = .single
        h.list.selectItem(at: 7)
      }, "selectItem(at:): index 7 is out of bounds 0..<5")
  }

  @Test func selectingAHeaderIsRefused() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
        let groups = Groups([("A", ["ada"])])
        groups.install(on: list)
        list.selectionMode = .single
        list.selectItem(at: 0)
      }, "row 0 is a section header or footer; only items are selectable")
  }

  @Test func selectingAPathOutsideTheSections() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
        let groups = Groups([("A", ["ada"])])
        groups.install(on: list)
        list.selectionMode = .single
        list.selectItem(at: ItemPath(item: 3, section: 0))
      }, "item path [0, 3] is not an item of the list's 1 sections")
  }
}
