import Reel
import ReelTerminal

/// The contacts list's cell type, which the renderer draws through: a contact row or a section
/// header, each its own class with its own typed registration.
class ContactCell: ReusableCell {
  /// The cell's section.
  var section = -1

  func prepareForReuse() { section = -1 }

  /// Draws the cell into the screen cells `rect`.
  func draw(in rect: CellRect, screen: inout ScreenBuffer, theme: Theme) {}

  /// The section's accent colour: one hue per letter.
  static func accent(_ section: Int, theme: Theme) -> TerminalColor {
    theme.readable(
      theme.accent(section * 360 / ContactNames.letters.count),
      on: theme.header.background ?? theme.background)
  }
}

/// A contact: the name and phone number on the first line, the address on the second.
final class ContactRowCell: ContactCell {
  var path = ItemPath(item: -1, section: -1)
  var name = ""
  var phone = ""
  var email = ""

  /// Fills the cell for a contact.
  func configure(_ path: ItemPath) {
    self.path = path
    section = path.section
    name = ContactNames.name(path)
    phone = ContactNames.phone(path)
    email = ContactNames.email(path)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    name = ""
  }

  override func draw(in rect: CellRect, screen: inout ScreenBuffer, theme: Theme) {
    let background = path.item.isMultiple(of: 2) ? theme.rowShades.even : theme.rowShades.odd
    screen.clear(rect, style: TextStyle(foreground: theme.rowText, background: background))
    let phoneWidth = rect.width >= 44 ? DisplayWidth.of(phone) : 0
    screen.drawText(
      name,
      in: CellRect(x: rect.x + 3, y: rect.y, width: rect.width - 5 - phoneWidth, height: 1),
      style: TextStyle(foreground: theme.rowText, background: background, bold: true),
      overflow: .ellipsis)
    let dim = TextStyle(
      foreground: theme.readable(theme.rowDim, on: background), background: background)
    if phoneWidth > 0 {
      screen.drawText(
        phone,
        in: CellRect(x: rect.maxX - phoneWidth - 1, y: rect.y, width: phoneWidth, height: 1),
        style: dim)
    }
    if rect.height > 1 {
      screen.drawText(
        email, in: CellRect(x: rect.x + 3, y: rect.y + 1, width: rect.width - 4, height: 1),
        style: dim, overflow: .ellipsis)
    }
  }
}

/// A section's header: its letter and how many names it has, on the header's colours with the
/// letter in the section's accent.
final class ContactHeaderCell: ContactCell {
  /// Fills the cell for a section.
  func configure(section: Int) {
    self.section = section
  }

  override func draw(in rect: CellRect, screen: inout ScreenBuffer, theme: Theme) {
    let background = theme.header.background
    screen.clear(rect, style: TextStyle(foreground: theme.rowText, background: background))
    screen.drawText(
      String(ContactNames.letters[section]),
      in: CellRect(x: rect.x + 1, y: rect.y, width: 1, height: 1),
      style: TextStyle(
        foreground: Self.accent(section, theme: theme), background: background, bold: true))
    let count = ContactNames.countText(section)
    let width = DisplayWidth.of(count)
    screen.drawText(
      count, in: CellRect(x: rect.maxX - width - 1, y: rect.y, width: width, height: 1),
      style: theme.headerHint)
  }
}
