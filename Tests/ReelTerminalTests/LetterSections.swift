import Reel

/// The cell the sectioned test lists draw through, with a row kind and section each.
class LetterCell: ReusableCell {
  var section = -1
  func prepareForReuse() { section = -1 }
}

/// An item cell.
final class LetterItemCell: LetterCell {
  var item = -1
}

/// A section header cell.
final class LetterHeaderCell: LetterCell {}

/// Sections "A", "B", … of the given item counts, every one with a header, through typed
/// registrations.
final class LetterSections: SectionedListDataSource {
  let counts: [Int]
  private var items: CellRegistration<LetterCell, LetterItemCell>!
  private var headers: CellRegistration<LetterCell, LetterHeaderCell>!

  init(counts: [Int]) {
    self.counts = counts
  }

  /// The section's letter: "A" for section 0.
  static func letter(_ section: Int) -> Character {
    Character(UnicodeScalar(UInt8(65 + section % 26)))
  }

  func install(on list: VirtualList<LetterCell>) {
    items = list.register(LetterItemCell.self) { LetterItemCell() }
    headers = list.register(LetterHeaderCell.self, forSupplementaryOfKind: .header) {
      LetterHeaderCell()
    }
    list.dataSource = self
  }

  func sections(in list: VirtualList<LetterCell>) -> SectionIndex {
    SectionIndex(itemCounts: counts, headers: true)
  }

  func virtualList(_ list: VirtualList<LetterCell>, cellForItemAt path: ItemPath) -> LetterCell {
    let cell = list.dequeueCell(items, for: path)
    cell.section = path.section
    cell.item = path.item
    return cell
  }

  func virtualList(
    _ list: VirtualList<LetterCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> LetterCell {
    let cell = list.dequeueSupplementaryCell(headers, ofKind: kind, inSection: section)
    cell.section = section
    return cell
  }
}
