import CGtk4
import Reel
import ReelGtk

/// A contact row: a round avatar with initials, the name (bold) and a detail line, both
/// wrapping; the row's height is measured by the view (height for width).
@MainActor
final class ContactCell: GtkCell {
  /// What the avatar's draw closure reads; separate so the closure does not retain the cell.
  private final class Avatar {
    var initials = ""
    var color: UInt32 = 0x3584E4
  }

  private let avatar = Avatar()
  private let avatarArea: DrawingArea
  private let name = Widget.wrappingLabel("", cssClass: "reel-contact-name")
  private let detail = Widget.wrappingLabel("", cssClass: "reel-contact-detail")
  let widget: Widget
  private(set) var title = ""

  init() {
    avatarArea = DrawingArea { [avatar] cr, width, height in
      let size = min(width, height)
      cairo_arc(cr, width / 2, height / 2, size / 2, 0, 2 * Double.pi)
      Cairo.setColor(cr, rgb: avatar.color)
      cairo_fill(cr)
      Cairo.setColor(cr, rgb: Contrast.initialsColor(on: avatar.color))
      Cairo.drawText(
        cr, avatar.initials, x: width / 2 - 11, y: height / 2 - 10, font: "Sans Bold 11")
    }
    avatarArea.widget.setSizeRequest(width: 40, height: 40)
    // The initials repeat the name the row is read by.
    avatarArea.widget.setHiddenFromAccessibility(true)
    avatarArea.widget.setAlignment(horizontal: GTK_ALIGN_CENTER, vertical: GTK_ALIGN_START)
    let text = Box(GTK_ORIENTATION_VERTICAL, spacing: 2, [name, detail])
    text.widget.setExpands(horizontally: true, vertically: false)
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, [avatarArea.widget, text.widget])
    row.widget.addCSSClass("reel-contact")
    widget = row.widget
  }

  var accessibleLabel: String? { title }

  func configure(_ contact: Contacts.Contact) {
    title = contact.name
    name.setLabelText(contact.name)
    detail.setLabelText(contact.detail)
    avatar.initials = contact.initials
    avatar.color = contact.color
    avatarArea.redraw()
  }
}

/// The list's data: contacts; rows are measured, so the layout only estimates.
@MainActor
final class ContactSource: @MainActor VirtualListDataSource {
  let contacts: [Contacts.Contact]

  init(count: Int) {
    contacts = Contacts(count: count).contacts
  }

  /// Rows of estimated height, measured as they show.
  func makeLayout() -> VariableLayout {
    VariableLayout(estimatedExtent: 60, spacing: 0)
  }

  func numberOfItems(in list: VirtualList<ContactCell>) -> Int { contacts.count }

  func virtualList(_ list: VirtualList<ContactCell>, cellForItemAt index: Int) -> ContactCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "contact", for: index)
    cell.configure(contacts[index])
    return cell
  }
}
