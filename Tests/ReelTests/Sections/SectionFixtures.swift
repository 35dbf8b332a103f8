import Reel

/// The base cell type a frontend draws through, with two concrete kinds.
class GroupCell: ReusableCell {
  var label = ""
  func prepareForReuse() { label = "" }
}

final class NameCell: GroupCell {
  var path: ItemPath?
}

final class LetterCell: GroupCell {
  var section = -1
}

final class NoteCell: GroupCell {}

/// A sectioned data source over named groups, with typed registrations and identities.
final class Groups: SectionedListDataSource {
  var groups: [(title: String, names: [String])]
  var headers: Bool
  var footers: Bool
  var names: CellRegistration<GroupCell, NameCell>!
  var letters: CellRegistration<GroupCell, LetterCell>!
  var notes: CellRegistration<GroupCell, NoteCell>!
  var supplementaryAsked: [(SupplementaryKind, Int)] = []

  init(_ groups: [(title: String, names: [String])], headers: Bool = true, footers: Bool = false) {
    self.groups = groups
    self.headers = headers
    self.footers = footers
  }

  func install(on list: VirtualList<GroupCell>) {
    names = list.register(NameCell.self) { NameCell() }
    letters = list.register(LetterCell.self, forSupplementaryOfKind: .header) { LetterCell() }
    notes = list.register(NoteCell.self, forSupplementaryOfKind: .footer) { NoteCell() }
    list.dataSource = self
  }

  func sections(in list: VirtualList<GroupCell>) -> SectionIndex {
    SectionIndex(itemCounts: groups.map(\.names.count), headers: headers, footers: footers)
  }

  func virtualList(_ list: VirtualList<GroupCell>, cellForItemAt path: ItemPath) -> GroupCell {
    let cell = list.dequeueCell(names, for: path)
    cell.label = groups[path.section].names[path.item]
    cell.path = path
    return cell
  }

  func virtualList(
    _ list: VirtualList<GroupCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> GroupCell {
    supplementaryAsked.append((kind, section))
    if kind == .header {
      let cell = list.dequeueSupplementaryCell(letters, ofKind: kind, inSection: section)
      cell.label = groups[section].title
      cell.section = section
      return cell
    }
    let cell = list.dequeueSupplementaryCell(notes, ofKind: kind, inSection: section)
    cell.label = "end of \(groups[section].title)"
    return cell
  }

  func virtualList(_ list: VirtualList<GroupCell>, identifierForItemAt path: ItemPath)
    -> AnyHashable?
  { groups[path.section].names[path.item] }

  func virtualList(
    _ list: VirtualList<GroupCell>, pathForItemWithIdentifier identifier: AnyHashable
  ) -> ItemPath? {
    for (s, group) in groups.enumerated() {
      if let i = group.names.firstIndex(where: { AnyHashable($0) == identifier }) {
        return ItemPath(item: i, section: s)
      }
    }
    return nil
  }

  func virtualList(_ list: VirtualList<GroupCell>, identifierForSection section: Int)
    -> AnyHashable?
  { groups[section].title }

  func virtualList(_ list: VirtualList<GroupCell>, sectionForIdentifier identifier: AnyHashable)
    -> Int?
  { groups.firstIndex { AnyHashable($0.title) == identifier } }

  /// What each row should show, by brute force over the groups.
  var expectedRows: [String] {
    var rows: [String] = []
    for group in groups {
      if headers { rows.append(group.title) }
      rows.append(contentsOf: group.names)
      if footers { rows.append("end of \(group.title)") }
    }
    return rows
  }
}

/// Groups of names: "A" with `counts[0]` names, "B" with `counts[1]`, …
func makeGroups(_ counts: [Int]) -> [(title: String, names: [String])] {
  counts.enumerated().map { s, n in
    (title: "S\(s)", names: (0..<n).map { "S\(s)-\($0)" })
  }
}
