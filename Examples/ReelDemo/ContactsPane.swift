import Reel
import ReelTerminal

/// The sectioned list: about 300,000 contacts grouped by initial, with the header of the
/// section at the top pinned while its section scrolls under it.
///
/// Rows are two lines (name and phone, then address) and headers one, measured on first display
/// like the million rows' heights. The header and row cells are two classes with typed
/// registrations; the renderer draws both through ``ContactCell``.
final class ContactsPane: SectionedListDataSource {
  let list: VirtualList<ContactCell>
  private(set) var renderer = TerminalListRenderer(
    region: CellRect(x: 0, y: 0, width: 0, height: 0), background: Theme.dark.plain)
  private var rows: CellRegistration<ContactCell, ContactRowCell>!
  private var headers: CellRegistration<ContactCell, ContactHeaderCell>!
  private var unmeasured: [(index: Int, extent: Double)] = []
  /// The section the last ``jump(sections:)`` scrolls to.
  private var jumpTarget: Int?

  init() {
    list = VirtualList(layout: VariableLayout(estimatedExtent: 2), axis: .vertical)
    rows = list.register(ContactRowCell.self, capacity: 8) { ContactRowCell() }
    headers = list.register(ContactHeaderCell.self, forSupplementaryOfKind: .header, capacity: 2) {
      ContactHeaderCell()
    }
    list.pinsSectionHeaders = true
    list.dataSource = self
    unmeasured.reserveCapacity(64)
  }

  /// Places the list on screen.
  func setRegion(_ region: CellRect) {
    renderer.region = region
    list.viewportSize = renderer.viewportSize
  }

  /// The section at the top of the list: the pinned header's, or the first shown row's.
  var currentSection: Int? {
    if let pinned = list.pinnedSection { return pinned }
    return list.restingDataIndex.map { list.sections.section(containingRow: $0) }
  }

  /// "section K · 12,345 names", for the status line.
  var sectionDescription: String {
    guard let section = currentSection else { return "no section" }
    return "section \(ContactNames.letters[section]) · \(ContactNames.countText(section))"
  }

  /// Scrolls to the first name of the section `step` sections after the current one (before
  /// it for a negative step), stopping at the first and last; returns the section. While the
  /// previous jump is still scrolling, the step counts from its section, so that pressing Tab
  /// twice quickly moves two sections.
  @discardableResult
  func jump(sections step: Int) -> Int {
    let last = ContactNames.letters.count - 1
    let from = list.needsFrames ? (jumpTarget ?? currentSection) : currentSection
    let target = min(max((from ?? 0) + step, 0), last)
    list.scrollToItem(at: ItemPath(item: 0, section: target), alignment: .start, animated: true)
    jumpTarget = target
    return target
  }

  /// What a clicked row shows, for the message line.
  func describe(row: Int) -> String {
    switch list.element(atRow: row) {
    case .item(let path):
      "Opened \(ContactNames.name(path)) — \(ContactNames.phone(path))"
    case .header(let section), .footer(let section):
      "Section \(ContactNames.letters[section]) · \(ContactNames.countText(section))"
    }
  }

  /// Measures the rows displayed for the first time (headers are one line, contacts two) and
  /// tells the list, until the displayed rows are all measured; a pinned header whose own row
  /// is off screen is measured too, so it is pinned at its measured height.
  func measureDisplayedRows() {
    for _ in 0..<8 {
      unmeasured.removeAll(keepingCapacity: true)
      for placement in list.placements {
        let extent: Double = placement.kind == .header ? 1 : 2
        if placement.frame.height != extent { unmeasured.append((placement.index, extent)) }
      }
      if unmeasured.isEmpty { return }
      list.measure { batch in
        for (index, extent) in unmeasured { batch.setExtent(extent, forItemAt: index) }
      }
    }
  }

  /// Draws the displayed rows, the pinned header last and over them.
  func draw(into screen: inout ScreenBuffer, theme: Theme) {
    renderer.background = theme.plain
    renderer.draw(list, into: &screen) { placement, rect, screen in
      placement.cell.draw(in: rect, screen: &screen, theme: theme)
    }
  }

  // MARK: SectionedListDataSource

  func sections(in list: VirtualList<ContactCell>) -> SectionIndex { ContactNames.sections }

  func virtualList(_ list: VirtualList<ContactCell>, cellForItemAt path: ItemPath) -> ContactCell {
    let cell = list.dequeueCell(rows, for: path)
    cell.configure(path)
    return cell
  }

  func virtualList(
    _ list: VirtualList<ContactCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> ContactCell {
    let cell = list.dequeueSupplementaryCell(headers, ofKind: kind, inSection: section)
    cell.configure(section: section)
    return cell
  }
}
