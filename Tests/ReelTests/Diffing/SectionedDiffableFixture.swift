import Reel
import ReelTesting

/// A cell that shows a tag: `i7` for item 7, `hs2` / `fs2` for section s2's header / footer.
final class TagCell: ReusableCell {
  var tag = ""
  func prepareForReuse() { tag = "" }
}

/// A list of 10-point rows driven by a ``SectionedDiffableDataSource`` over string sections and
/// integer items; every cell it makes or reconfigures is tagged with its row's identity.
final class SectionedDiffableFixture {
  typealias Snapshot = ListSnapshot<String, Int>

  let list: VirtualList<TagCell>
  let source: SectionedDiffableDataSource<TagCell, String, Int>
  let headers: Bool
  let footers: Bool
  /// Items the cell provider was asked for, in order.
  var provided: [Int] = []
  /// Items the reconfigurer configured, in order.
  var reconfigured: [Int] = []

  init(headers: Bool = true, footers: Bool = false, height: Double = 120, reconfigures: Bool = true)
  {
    self.headers = headers
    self.footers = footers
    let list = VirtualList<TagCell>(layout: UniformLayout(extent: 10), overscan: 2)
    self.list = list
    list.register("item") { TagCell() }
    let headerCells = list.register(
      TagCell.self, forSupplementaryOfKind: .header, reuseIdentifier: "header"
    ) { TagCell() }
    let footerCells = list.register(
      TagCell.self, forSupplementaryOfKind: .footer, reuseIdentifier: "footer"
    ) { TagCell() }
    var provide: (Int) -> Void = { _ in }
    source = SectionedDiffableDataSource(
      list: list, headers: headers, footers: footers,
      cellProvider: { list, path, id in
        provide(id)
        let cell = list.dequeueReusableCell(withReuseIdentifier: "item", for: path)
        cell.tag = "i\(id)"
        return cell
      },
      supplementaryProvider: { list, kind, section, id in
        let cell = list.dequeueSupplementaryCell(
          kind == .header ? headerCells : footerCells, ofKind: kind, inSection: section)
        cell.tag = (kind == .header ? "h" : "f") + id
        return cell
      })
    provide = { [unowned self] in self.provided.append($0) }
    if reconfigures {
      source.cellReconfigurer = { [unowned self] cell, _, id in
        self.reconfigured.append(id)
        cell.tag = "i\(id)"
      }
    }
    list.viewportSize = Size(width: 100, height: height)
  }

  /// The tag of every row a list showing `snapshot` has.
  func tags(_ snapshot: Snapshot) -> [String] {
    var tags = [String]()
    for section in snapshot.sectionIdentifiers {
      if headers { tags.append("h" + section) }
      tags += snapshot.itemIdentifiers(inSection: section).map { "i\($0)" }
      if footers { tags.append("f" + section) }
    }
    return tags
  }

  /// The displayed (not departing) placements' rows and their cells' tags.
  func displayed() -> [(row: Int, tag: String)] {
    list.placements.filter { !$0.isDeparting }.map { ($0.index, $0.cell.tag) }
  }

  /// The rows whose displayed cell does not show the row's identity in `snapshot`, as
  /// `"row: shown ≠ expected"`; empty when the list shows the snapshot.
  func mismatches(_ snapshot: Snapshot) -> [String] {
    let expected = tags(snapshot)
    let shown = displayed()  // lays the list out first, so that its sections are current
    var problems = [String]()
    if list.sections.numberOfRows != expected.count {
      problems.append("rows: \(list.sections.numberOfRows) ≠ \(expected.count)")
    }
    for (row, tag) in shown where row >= expected.count || expected[row] != tag {
      problems.append("\(row): \(tag) ≠ \(row < expected.count ? expected[row] : "nothing")")
    }
    return problems
  }
}
