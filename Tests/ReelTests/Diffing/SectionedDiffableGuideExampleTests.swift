import Reel
import Testing

// The "Diffable data" guide's sectioned example (the DocC article DiffableData),
// verbatim, compiled and run.

/// A row or a letter header that shows a title.
final class TitleCell: ReusableCell {
  var title = ""
  func prepareForReuse() { title = "" }
}

/// Contacts grouped by the first letter of their names, with a header per letter.
final class GroupedContactsScreen {
  let list = VirtualList<TitleCell>(layout: UniformLayout(extent: 44))
  private(set) var names: [Int: String] = [:]
  private var dataSource: SectionedDiffableDataSource<TitleCell, String, Int>!

  init() {
    let rows = list.register(TitleCell.self, reuseIdentifier: "row") { TitleCell() }
    let letters = list.register(
      TitleCell.self, forSupplementaryOfKind: .header, reuseIdentifier: "letter"
    ) { TitleCell() }
    list.viewportSize = Size(width: 390, height: 844)
    dataSource = SectionedDiffableDataSource(
      list: list, headers: true,
      cellProvider: { [unowned self] list, path, id in
        let row = list.dequeueCell(rows, for: path)
        row.title = self.names[id] ?? ""
        return row
      },
      supplementaryProvider: { list, kind, section, letter in
        let header = list.dequeueSupplementaryCell(letters, ofKind: kind, inSection: section)
        header.title = letter
        return header
      })
    // A renamed contact keeps its row, even when the new name moves it to another letter.
    dataSource.cellReconfigurer = { [unowned self] row, _, id in
      row.title = self.names[id] ?? ""
    }
  }

  /// Shows contacts (by identifier) grouped by first letter, letters and names in order.
  func show(_ contacts: [Int: String], animated: Bool = true) {
    let renamed = contacts.keys.filter { id in names[id].map { $0 != contacts[id] } ?? false }
    names = contacts
    let groups = Dictionary(grouping: contacts.keys) { String(contacts[$0]!.prefix(1)) }
    var snapshot = ListSnapshot<String, Int>()
    for letter in groups.keys.sorted() {
      snapshot.appendSections([letter])
      let ids = groups[letter]!.sorted { (contacts[$0]!, $0) < (contacts[$1]!, $1) }
      snapshot.appendItems(ids, toSection: letter)
    }
    snapshot.reconfigureItems(renamed)
    dataSource.apply(snapshot, animatingDifferences: animated)
  }
}

@Suite struct SectionedDiffableGuideExampleTests {
  @Test func theGuidesSectionedExampleMovesARenamedContactWithItsRow() {
    let screen = GroupedContactsScreen()
    screen.show([1: "Ada", 2: "Alan", 3: "Grace"])
    #expect(screen.list.placements.map(\.cell.title) == ["A", "Ada", "Alan", "G", "Grace"])
    let alansRow = screen.list.placements[2].cell
    screen.show([1: "Ada", 2: "Babbage", 3: "Grace"], animated: false)
    let titles = screen.list.placements.map(\.cell.title)
    #expect(titles == ["A", "Ada", "B", "Babbage", "G", "Grace"])
    // The renamed contact moved to section B with its row.
    #expect(screen.list.placements[3].cell === alansRow)
    screen.show([3: "Grace"], animated: false)
    #expect(screen.list.placements.map(\.cell.title) == ["G", "Grace"])
  }
}
