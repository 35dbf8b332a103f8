import Reel
import ReelTesting
import Testing

// The "Sections and sticky headers" and "Several cell kinds" guides' example, compiled and run.
// Keep it in step with the DocC articles Sections and CellKinds.

// One base class the frontend draws through, and a concrete kind per look.
class ContactsCell: ReusableCell {
  func prepareForReuse() {}
}

final class NameRow: ContactsCell {
  var name = ""
  override func prepareForReuse() { name = "" }
}

final class LetterHeader: ContactsCell {
  var letter = ""
}

final class ContactBook: SectionedListDataSource {
  let groups: [(letter: String, names: [String])]
  private var rows: CellRegistration<ContactsCell, NameRow>!
  private var letters: CellRegistration<ContactsCell, LetterHeader>!

  init(names: [String]) {
    var groups: [(letter: String, names: [String])] = []
    for name in names.sorted() {
      let letter = String(name.prefix(1))
      if groups.last?.letter == letter {
        groups[groups.count - 1].names.append(name)
      } else {
        groups.append((letter, [name]))
      }
    }
    self.groups = groups
  }

  /// Registers the two kinds of cells and shows the book.
  func install(on list: VirtualList<ContactsCell>) {
    rows = list.register(NameRow.self) { NameRow() }
    letters = list.register(LetterHeader.self, forSupplementaryOfKind: .header) { LetterHeader() }
    list.dataSource = self
  }

  func sections(in list: VirtualList<ContactsCell>) -> SectionIndex {
    SectionIndex(itemCounts: groups.map(\.names.count), headers: true)
  }

  func virtualList(_ list: VirtualList<ContactsCell>, cellForItemAt path: ItemPath)
    -> ContactsCell
  {
    let row = list.dequeueCell(rows, for: path)  // a NameRow: no cast
    row.name = groups[path.section].names[path.item]
    return row
  }

  func virtualList(
    _ list: VirtualList<ContactsCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> ContactsCell {
    let header = list.dequeueSupplementaryCell(letters, ofKind: kind, inSection: section)
    header.letter = groups[section].letter
    return header
  }
}

@Suite struct SectionGuideExampleTests {
  @Test func theContactBookPinsTheLetterOfTheNamesUnderIt() {
    let book = ContactBook(names: ["Ada", "Alan", "Barbara", "Brian", "Claude", "Dennis", "Donald"])
    let list = VirtualList<ContactsCell>(
      layout: SectionedLayout(itemExtent: .estimated(44), headerExtent: .estimated(28)))
    book.install(on: list)
    list.pinsSectionHeaders = true
    list.viewportSize = Size(width: 320, height: 120)

    list.scrollToItem(at: ItemPath(item: 1, section: 1), alignment: .start)  // "Brian"
    let pinned = list.placements.last!
    #expect(pinned.isPinned)
    #expect((pinned.cell as? LetterHeader)?.letter == "B")
    // "Brian" sits just below the pinned "B", not under it.
    let brian = list.placements.first { ($0.cell as? NameRow)?.name == "Brian" }
    #expect(brian?.frame.minY == pinned.frame.maxY)
    #expect(list.pinnedSection == 1)
    #expect(list.sections.numberOfRows == 11)
  }

  /// The "Section layout" example of the Sections guide, word for word between the markers.
  @Test func theSectionLayoutExampleBuildsAListAndAGrid() {
    // guide: begin
    // A contacts list: a 28-point header per letter, rows measured as they appear.
    let contacts = SectionedLayout(
      itemExtent: .estimated(44), headerExtent: .fixed(28), itemSpacing: 1,
      sectionInsets: ContentInsets(start: 4, end: 12), sectionSpacing: 8)

    // A photo grid grouped by day: three lanes, headers measured.
    let photos = SectionedLayout(
      itemExtent: .fixed(120), headerExtent: .estimated(40), lanes: 3, itemSpacing: 4,
      laneSpacing: 4, sectionInsets: ContentInsets(crossStart: 8, crossEnd: 8))
    // guide: end
    #expect(contacts.lanes == 1 && contacts.sectionSpacing == 8)
    #expect(photos.lanes == 3 && photos.headerExtent == .estimated(40))
  }
}
