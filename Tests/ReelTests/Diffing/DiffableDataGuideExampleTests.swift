import Reel
import Testing

// The "Diffable data" guide's complete example (the DocC article DiffableData),
// verbatim, compiled and run.

/// A row that shows a contact's name.
final class ContactRow: ReusableCell {
  var title = ""
  func prepareForReuse() { title = "" }
}

/// The app's model: contacts with a stable identifier.
struct Contact: Hashable {
  let id: Int
  var name: String
}

/// A screen that shows contacts in a list, driven by snapshots of their identifiers.
final class ContactsScreen {
  let list = VirtualList<ContactRow>(layout: UniformLayout(extent: 44))
  private(set) var contacts: [Int: Contact] = [:]
  private var dataSource: DiffableDataSource<ContactRow, Int>!

  init() {
    list.register("row") { ContactRow() }
    list.viewportSize = Size(width: 390, height: 844)
    // The cell provider configures a dequeued row for an identifier.
    dataSource = DiffableDataSource(list: list) { [unowned self] list, index, id in
      let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
      row.title = self.contacts[id]?.name ?? ""
      return row
    }
    // Renamed contacts keep their rows: only the title changes.
    dataSource.cellReconfigurer = { [unowned self] row, _, id in
      row.title = self.contacts[id]?.name ?? ""
    }
  }

  /// Shows a new list of contacts: Reel works out what was inserted, deleted, moved or renamed.
  func show(_ newContacts: [Contact]) {
    let old = contacts
    contacts = Dictionary(uniqueKeysWithValues: newContacts.map { ($0.id, $0) })
    var snapshot = ListSnapshot<String, Int>()
    snapshot.appendSections(["all"])
    snapshot.appendItems(newContacts.map(\.id))
    let renamed = newContacts.filter { contact in
      old[contact.id].map { $0.name != contact.name } ?? false
    }
    snapshot.reconfigureItems(renamed.map(\.id))
    dataSource.apply(snapshot)
  }
}

@Suite struct DiffableDataGuideExampleTests {
  @Test func theGuidesExampleShowsRenamesInPlace() {
    let screen = ContactsScreen()
    screen.show([Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")])
    #expect(screen.list.placements.map(\.cell.title) == ["Ada", "Grace"])
    let graceRow = screen.list.placements[1].cell
    screen.show([Contact(id: 2, name: "Grace Hopper"), Contact(id: 3, name: "Alan")])
    let rows = screen.list.placements.map(\.cell)
    #expect(rows.map(\.title) == ["Grace Hopper", "Alan"])
    // Grace's row kept its cell and shows the new name.
    #expect(rows[0] === graceRow)
  }
}
