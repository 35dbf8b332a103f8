import ReelTesting
import Testing

@testable import Reel

/// A sectioned data source driving a real list: rows, typed cells, updates, misuse.
@Suite struct SectionedListTests {
  func makeList(
    _ groups: Groups, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    layout: some ListLayout = VariableLayout(estimatedExtent: 20)
  ) -> VirtualList<GroupCell> {
    let list = VirtualList<GroupCell>(layout: layout, axis: axis, wrapping: wrapping, overscan: 1)
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 200)
    list.layoutIfNeeded()
    return list
  }

  /// Every displayed cell shows its row's element, with the concrete type for its kind.
  func expectRowsMatch(
    _ list: VirtualList<GroupCell>, _ groups: Groups,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = groups.expectedRows
    #expect(list.numberOfItems == expected.count, sourceLocation: sourceLocation)
    for placement in list.placements {
      #expect(placement.cell.label == expected[placement.index], sourceLocation: sourceLocation)
      switch list.element(atRow: placement.index) {
      case .header(let section):
        #expect(placement.kind == .header, sourceLocation: sourceLocation)
        #expect(placement.cell is LetterCell, "section \(section)", sourceLocation: sourceLocation)
      case .footer:
        #expect(placement.kind == .footer, sourceLocation: sourceLocation)
        #expect(placement.cell is NoteCell, sourceLocation: sourceLocation)
      case .item(let path):
        #expect(placement.kind == .item, sourceLocation: sourceLocation)
        #expect(placement.cell is NameCell, "item \(path)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test func rowsShowHeadersItemsAndFootersWithTheirOwnCellTypes() {
    let groups = Groups(makeGroups([3, 0, 1, 2, 5]), headers: true, footers: true)
    let list = makeList(groups)
    #expect(list.sections.numberOfSections == 5)
    expectRowsMatch(list, groups)
    #expect(list.placements.contains { $0.kind == .footer })
    // Pools are per registration: a header cell is never handed to an item.
    list.contentOffset = 200
    list.layoutIfNeeded()
    expectRowsMatch(list, groups)
  }

  @Test func emptyAndOneItemSections() {
    for counts in [[], [0], [1], [0, 0, 1], [1, 0]] {
      let groups = Groups(makeGroups(counts), headers: true)
      let list = makeList(groups)
      #expect(list.numberOfItems == counts.count + counts.reduce(0, +), "\(counts)")
      expectRowsMatch(list, groups)
    }
  }

  @Test func sectionedUpdatesInsertDeleteAndMoveSectionsAndItems() throws {
    let groups = Groups(makeGroups([3, 2, 4, 1]), headers: true)
    let list = makeList(groups)
    var random = SplitMix64(seed: 11)
    for step in 0..<60 {
      var update = SectionedBatchUpdate()
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        let at = Int.random(in: 0...groups.groups.count, using: &random)
        groups.groups.insert((title: "N\(step)", names: ["N\(step)-a", "N\(step)-b"]), at: at)
        update.insertSections([at])
      case 1 where groups.groups.count > 1:
        let at = Int.random(in: 0..<groups.groups.count, using: &random)
        groups.groups.remove(at: at)
        update.deleteSections([at])
      case 2 where groups.groups.count > 1:
        let from = Int.random(in: 0..<groups.groups.count, using: &random)
        let group = groups.groups.remove(at: from)
        let to = Int.random(in: 0...groups.groups.count, using: &random)
        groups.groups.insert(group, at: to)
        update.moveSection(from, toSection: to)
      case 3 where !groups.groups.isEmpty:
        let s = Int.random(in: 0..<groups.groups.count, using: &random)
        let i = Int.random(in: 0...groups.groups[s].names.count, using: &random)
        groups.groups[s].names.insert("I\(step)", at: i)
        update.insertItems(at: [ItemPath(item: i, section: s)])
      case 4 where groups.groups.contains { !$0.names.isEmpty }:
        let s = groups.groups.firstIndex { !$0.names.isEmpty }!
        let i = Int.random(in: 0..<groups.groups[s].names.count, using: &random)
        groups.groups[s].names.remove(at: i)
        update.deleteItems(at: [ItemPath(item: i, section: s)])
      case 5 where groups.groups.count > 1 && !groups.groups[0].names.isEmpty:
        let name = groups.groups[0].names.remove(at: 0)
        let s = groups.groups.count - 1
        groups.groups[s].names.append(name)
        update.moveItem(
          at: ItemPath(item: 0, section: 0),
          to: ItemPath(item: groups.groups[s].names.count - 1, section: s))
      default:
        continue
      }
      try list.performBatchUpdates(update)
      list.layoutIfNeeded()
      #expect(list.sections == groups.sections(in: list), "step \(step)")
      expectRowsMatch(list, groups)
    }
  }

  @Test func sectionedUpdateKeepsTheFirstVisibleItemInPlace() throws {
    let groups = Groups(makeGroups([10, 10, 10, 10]), headers: true)
    let list = makeList(groups)
    list.contentOffset = 300
    list.layoutIfNeeded()
    let anchor = list.placements.first { $0.kind == .item && $0.frame.minY >= 0 }!
    let label = anchor.cell.label
    groups.groups.insert((title: "New", names: ["x", "y", "z"]), at: 0)
    var update = SectionedBatchUpdate()
    update.insertSections([0])
    try list.performBatchUpdates(update)
    let moved = list.placements.first { $0.cell.label == label }
    #expect(moved?.frame.minY == anchor.frame.minY)
  }

  @Test func anUpdateThatDoesNotMatchTheSectionsThrowsAndReloads() {
    let groups = Groups(makeGroups([3, 3]), headers: true)
    let list = makeList(groups)
    groups.groups[1].names.append("extra")
    var update = SectionedBatchUpdate()
    update.insertItems(at: [ItemPath(item: 0, section: 0)])  // wrong section
    #expect(throws: ReelError.self) { try list.performBatchUpdates(update) }
    list.layoutIfNeeded()
    expectRowsMatch(list, groups)
    do {
      try list.performBatchUpdates(update)
      Issue.record("expected an error")
    } catch {
      #expect("\(error)".contains("section 0 has 3 items after the update"))
    }
  }

  @Test func reloadKeepsTheAnchorItemByIdentityAcrossSections() {
    let groups = Groups(makeGroups([10, 10, 10]), headers: true)
    let list = makeList(groups)
    list.contentOffset = 250
    list.layoutIfNeeded()
    let anchor = list.placements.first { $0.kind == .item && $0.frame.minY >= 0 }!
    let label = anchor.cell.label
    groups.groups.insert((title: "Top", names: (0..<7).map { "T\($0)" }), at: 0)
    list.reloadData()
    let found = list.placements.first { $0.cell.label == label }
    #expect(found?.frame.minY == anchor.frame.minY)
  }

  @Test func scrollToAnItemKeepsItClearOfThePinnedHeader() {
    let groups = Groups(makeGroups([30, 30, 30]), headers: true)
    let list = makeList(groups)
    list.pinsSectionHeaders = true
    list.scrollToItem(at: ItemPath(item: 12, section: 1), alignment: .start)
    let pinned = list.placements.last!
    #expect(pinned.isPinned)
    let item = list.placements.first { $0.cell.label == "S1-12" }
    #expect(item != nil)
    if let item { #expect(item.frame.minY == pinned.frame.maxY) }
  }
}
