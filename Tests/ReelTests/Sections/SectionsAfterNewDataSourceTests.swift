import Reel
import ReelTesting
import Testing

/// What the list says about its sections is current as soon as a data source is set, before
/// any pass runs.
@Suite struct SectionsAfterNewDataSourceTests {
  @Test func sectionsDescribeTheNewDataSourceAtOnce() {
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 40))
    list.viewportSize = Size(width: 300, height: 400)
    let first = Groups(makeGroups([3]), headers: false)
    first.install(on: list)
    list.layoutIfNeeded()
    #expect(list.sections.numberOfSections == 1)
    let second = Groups(makeGroups([4, 1, 2, 5]), headers: true)
    second.install(on: list)
    #expect(list.sections.numberOfSections == 4)
    #expect(list.sections.row(of: ItemPath(item: 2, section: 3)) == 13)
    #expect(list.element(atRow: 13) == .item(ItemPath(item: 2, section: 3)))
  }
}
