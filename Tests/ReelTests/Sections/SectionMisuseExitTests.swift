import Reel
import ReelTestSupport
import ReelTesting
import Testing

/// Every misuse of sections, supplementaries and typed registrations stops the process with a
/// message that names the broken contract.
@Suite struct SectionMisuseExitTests {
  // MARK: Paths out of range

  @Test func scrollToAnItemPastItsSectionsEnd() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) { list.scrollToItem(at: ItemPath(item: 2, section: 1)) }
      }, "scrollToItem(at:alignment:animated:): item [1, 2] is outside the list's sections")
  }

  @Test func scrollToAnItemOfASectionThatDoesNotExist() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) {
          list.scrollToItem(at: ItemPath(item: 0, section: 2), alignment: .center)
        }
      }, "scrollToItem(at:alignment:animated:): item [2, 0] is outside the list's sections")
  }

  @Test func rowOfAnItemPastItsSectionsEnd() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) { _ = list.sections.row(of: ItemPath(item: 3, section: 0)) }
      }, "SectionIndex: item 3 is out of range for section 0, which has 3 items")
  }

  @Test func rowOfAnItemOfASectionThatDoesNotExist() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) { _ = list.sections.row(of: ItemPath(item: 0, section: -1)) }
      }, "SectionIndex: section -1 is out of range 0..<2")
  }

  @Test func elementOfARowPastTheEnd() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) { _ = list.element(atRow: list.numberOfItems) }
      }, "SectionIndex: row 7 is out of range 0..<7")
  }

  // MARK: Supplementaries of the wrong kind

  @Test func aFooterDequeuedWhenTheListAskedForAHeader() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let footers = list.register(NoteCell.self, forSupplementaryOfKind: .footer) { NoteCell() }
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true, footers: true))
        source.supplementary = { list, _, section in
          list.dequeueSupplementaryCell(footers, ofKind: .footer, inSection: section)
        }
        layOutSections(source, on: list)
      },
      "a cell was dequeued for the footer of section 0 while the list asked for the header of "
        + "section 0; dequeue for the element asked for")
  }

  @Test func aHeaderDequeuedByIdentifierForAnItem() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true))
        source.supplementary = { list, kind, section in
          list.dequeueReusableSupplementaryCell(
            ofKind: kind, withReuseIdentifier: "header", inSection: section)
        }
        source.item = { list, path in
          list.dequeueReusableSupplementaryCell(
            ofKind: .header, withReuseIdentifier: "header", inSection: path.section)
        }
        layOutSections(source, on: list)
      },
      "a cell was dequeued for the header of section 0 while the list asked for item [0, 0]")
  }

  @Test func aFooterRegistrationDequeuedAsAHeader() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let footers = list.register(NoteCell.self, forSupplementaryOfKind: .footer) { NoteCell() }
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true, footers: true))
        source.supplementary = { list, kind, section in
          list.dequeueSupplementaryCell(footers, ofKind: kind, inSection: section)
        }
        layOutSections(source, on: list)
      },
      "dequeueSupplementaryCell(_:ofKind:inSection:): the registration is for footers, not "
        + "headers")
  }

  @Test func anItemRegistrationDequeuedAsAHeader() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let names = list.register(NameCell.self) { NameCell() }
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true))
        source.supplementary = { list, kind, section in
          list.dequeueSupplementaryCell(names, ofKind: kind, inSection: section)
        }
        layOutSections(source, on: list)
      },
      "dequeueSupplementaryCell(_:ofKind:inSection:): the registration is for items, not headers")
  }

  @Test func aHeaderRegistrationDequeuedForAnItem() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let letters = list.register(LetterCell.self, forSupplementaryOfKind: .header) {
          LetterCell()
        }
        let source = MisusingSections(SectionIndex(itemCounts: [2]))
        source.item = { list, path in list.dequeueCell(letters, for: path) }
        layOutSections(source, on: list)
      },
      "dequeueCell(_:for:): the registration is for headers; dequeue it with "
        + "dequeueSupplementaryCell(_:ofKind:inSection:)")
  }

  // MARK: Supplementaries the sections do not have

  @Test func aFooterDequeuedWhenSectionsHaveNoFooters() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let footers = list.register(NoteCell.self, forSupplementaryOfKind: .footer) { NoteCell() }
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true))
        source.supplementary = { list, _, section in
          list.dequeueSupplementaryCell(footers, ofKind: .footer, inSection: section)
        }
        layOutSections(source, on: list)
      },
      "a footer was dequeued, but the data source's sections have no footers "
        + "(SectionIndex(…, footers: false)); the list asked for the header of section 0")
  }

  @Test func aHeaderDequeuedByIdentifierWhenSectionsHaveNoHeaders() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let source = MisusingSections(SectionIndex(itemCounts: [0, 2]))
        source.item = { list, path in
          list.dequeueReusableSupplementaryCell(
            ofKind: .header, withReuseIdentifier: "header", inSection: path.section)
        }
        layOutSections(source, on: list)
      },
      "a header was dequeued, but the data source's sections have no headers "
        + "(SectionIndex(…, headers: false)); the list asked for item [1, 0]")
  }

  @Test func aSupplementaryDequeuedForASectionThatDoesNotExist() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let letters = list.register(LetterCell.self, forSupplementaryOfKind: .header) {
          LetterCell()
        }
        let source = MisusingSections(SectionIndex(itemCounts: [2, 2], headers: true))
        source.supplementary = { list, kind, _ in
          list.dequeueSupplementaryCell(letters, ofKind: kind, inSection: 5)
        }
        layOutSections(source, on: list)
      },
      "a header was dequeued for section 5, which is outside the list's 2 sections; the list "
        + "asked for the header of section 0")
  }

  // MARK: Updates

  @Test func aFlatBatchUpdateOnASectionedList() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        withExtendedLifetime(groups) { try? list.performBatchUpdates { $0.insert(at: 0) } }
      },
      "performBatchUpdates(_: BatchUpdate) was called on a list with sections; describe the "
        + "change with a SectionedBatchUpdate")
  }

  @Test func aSectionedBatchUpdateOnAFlatList() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = laidOutList(source)
        var update = SectionedBatchUpdate()
        update.insertSections([0])
        withExtendedLifetime(source) { try? list.performBatchUpdates(update) }
      },
      "performBatchUpdates(_: SectionedBatchUpdate) needs a SectionedListDataSource; use "
        + "performBatchUpdates(_: BatchUpdate) for a list without sections")
  }

  @Test func sectionCountsChangedWithoutAReload() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let groups = Groups(makeGroups([3, 2]))
        let list = misuseList(groups)
        groups.groups = makeGroups([3, 4])
        list.contentOffset = 20
        list.layoutIfNeeded()
      },
      "the data source now reports 9 items but the list was last told 7",
      "call reloadData() or performBatchUpdates(_:) whenever the data changes")
  }

  // MARK: Registrations

  @Test func anItemRegistrationFromAnotherList() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let other = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let foreign = other.register(NameCell.self) { NameCell() }
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        _ = list.register(NameCell.self) { NameCell() }
        let source = MisusingSections(SectionIndex(itemCounts: [2]))
        source.item = { list, path in list.dequeueCell(foreign, for: path) }
        layOutSections(source, on: list)
        withExtendedLifetime(other) {}
      }, "dequeueCell(_:for:): the registration was made by another list")
  }

  @Test func aHeaderRegistrationFromAnotherList() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let other = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let foreign = other.register(LetterCell.self, forSupplementaryOfKind: .header) {
          LetterCell()
        }
        let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
        let source = MisusingSections(SectionIndex(itemCounts: [2], headers: true))
        source.supplementary = { list, kind, section in
          list.dequeueSupplementaryCell(foreign, ofKind: kind, inSection: section)
        }
        layOutSections(source, on: list)
        withExtendedLifetime(other) {}
      }, "dequeueSupplementaryCell(_:ofKind:inSection:): the registration was made by another list")
  }
}

/// A sectioned data source of a fixed shape whose item and supplementary methods run the
/// misuse under test (by default they dequeue correctly by identifier).
final class MisusingSections: SectionedListDataSource {
  let shape: SectionIndex
  var item: (VirtualList<GroupCell>, ItemPath) -> GroupCell = { list, path in
    list.dequeueReusableCell(withReuseIdentifier: "item", for: path)
  }
  var supplementary: (VirtualList<GroupCell>, SupplementaryKind, Int) -> GroupCell = {
    list, kind, section in
    list.dequeueReusableSupplementaryCell(
      ofKind: kind, withReuseIdentifier: "\(kind)", inSection: section)
  }

  init(_ shape: SectionIndex) { self.shape = shape }

  func sections(in list: VirtualList<GroupCell>) -> SectionIndex { shape }

  func virtualList(_ list: VirtualList<GroupCell>, cellForItemAt path: ItemPath) -> GroupCell {
    item(list, path)
  }

  func virtualList(
    _ list: VirtualList<GroupCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> GroupCell { supplementary(list, kind, section) }
}

/// Registers the default identifiers of ``MisusingSections``, sets `source` and
/// lays the list out in a 200 × 200 viewport.
func layOutSections(_ source: MisusingSections, on list: VirtualList<GroupCell>) {
  for identifier in ["item", "header", "footer"] {
    list.register(identifier) { GroupCell() }
  }
  list.dataSource = source
  list.viewportSize = Size(width: 200, height: 200)
  withExtendedLifetime(source) { list.layoutIfNeeded() }
}

/// A 200 × 200 list of rows estimated at 20 over `groups`, laid out once.
func misuseList(_ groups: Groups) -> VirtualList<GroupCell> {
  let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
  groups.install(on: list)
  list.viewportSize = Size(width: 200, height: 200)
  list.layoutIfNeeded()
  return list
}
