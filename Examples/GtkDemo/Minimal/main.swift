import Glibc
import Reel
import ReelGtk

final class Row: GtkCell {
  let widget = Widget.label("")
  init() { widget.setMargins(8) }
}

@MainActor final class Contacts: @MainActor VirtualListDataSource {
  let names = (1...100_000).map { "Contact \($0)" }
  func numberOfItems(in list: VirtualList<Row>) -> Int { names.count }
  func virtualList(_ list: VirtualList<Row>, cellForItemAt index: Int) -> Row {
    let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    row.widget.setLabelText(names[index])
    return row
  }
}

let contacts = Contacts()  // the list holds its data source weakly
let app = Application(id: "org.example.Contacts")
let status = app.run { app in
  let list = VirtualList<Row>(layout: VariableLayout(estimatedExtent: 36))
  list.register("row") { Row() }
  list.dataSource = contacts
  let view = ReelGtkView(model: list)  // owned by its widget, which the window keeps
  view.onSelect = { index in print("selected \(contacts.names[index])") }
  let window = Window(application: app, title: "Contacts", width: 360, height: 480)
  window.setContent(ScrolledWindow(child: view.widget).widget)
  window.present()
}
exit(status)
