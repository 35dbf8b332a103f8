import Testing

@testable import Reel

/// A `Placements` value is a snapshot: the pinned header's and the animations' placements are
/// worked out when it is taken, in storage the list reuses only once no snapshot holds it.
@Suite struct PlacementSnapshotTests {
  /// What a snapshot draws, as comparable values (not the cells' contents: a later pass
  /// reconfigures the cells a held snapshot still names).
  func drawn(_ placements: Placements<GroupCell>) -> [String] {
    placements.map { "\($0.index) \($0.kind) \($0.frame.minY) \($0.isPinned)" }
  }

  func pinnedList() -> (VirtualList<GroupCell>, Groups) {
    let groups = Groups(makeGroups([6, 6, 6, 6, 6, 6]), headers: true)
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 20), overscan: 0)
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 60)
    list.pinsSectionHeaders = true
    return (list, groups)
  }

  @Test func aHeldSnapshotKeepsItsPinnedHeaderWhileTheListScrolls() {
    let (list, groups) = pinnedList()
    list.contentOffset = 45  // section 0's header pinned, its row out of the window
    let held = list.placements
    let before = drawn(held)
    #expect(held.last?.isPinned == true && held.last?.index == 0)
    list.contentOffset = 290  // section 2's header pinned, its row in the window
    let next = list.placements
    #expect(next.last?.isPinned == true && next.last?.index == 14)
    #expect(drawn(held) == before, "the held snapshot changed under the newer one")
    #expect(drawn(next) != before)
    withExtendedLifetime(groups) {}
  }

  @Test func snapshotsWithoutAnythingPinnedCountOnlyTheWindow() {
    let (list, groups) = pinnedList()
    list.contentOffset = 45
    #expect(list.placements.count == list.cellsDisplayed)
    list.pinsSectionHeaders = false
    let placements = list.placements
    #expect(placements.count == list.cellsDisplayed)
    #expect(placements.allSatisfy { !$0.isPinned && $0.transition == nil && $0.opacity == 1 })
    withExtendedLifetime(groups) {}
  }

  @Test func aDataSourceThatDequeuesTwoCellsReturnsTheUnusedOneToItsPool() {
    final class Cell: ReusableCell {}
    final class Source: VirtualListDataSource {
      func numberOfItems(in list: VirtualList<Cell>) -> Int { 3 }
      func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
        let spare = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        withExtendedLifetime(spare) {}
        return list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
      }
    }
    let list = VirtualList<Cell>(layout: UniformLayout(extent: 20))
    list.register("cell") { Cell() }
    let source = Source()
    list.dataSource = source
    list.viewportSize = Size(width: 100, height: 100)
    let placements = list.placements
    #expect(placements.map(\.index) == [0, 1, 2])
    #expect(Set(placements.map { ObjectIdentifier($0.cell) }).count == 3)
    // The first item made two cells and kept one; every later item reused the spare.
    #expect(list.cellsCreated == 4 && list.cellsPooled == 1)
  }
}
