import Reel
import ReelTerminal

/// A list cell: the row's model, set by the data source, drawn by
/// ``draw(in:screen:card:theme:marks:)``.
final class RowCell: ReusableCell {
  /// The row's identifier (its index until a random edit reorders the rows).
  var index = -1
  var title = ""
  var subtitle = ""
  var hue = 0
  var progress = 0.0

  /// How the list marks a row: selected (a tick and the selection background) and focused (a
  /// pointer in the first column).
  struct Marks {
    var selected = false
    var focused = false
  }

  /// Fills the cell for a row identifier.
  func configure(index: Int) {
    self.index = index
    title = DemoRows.title(index)
    subtitle = DemoRows.subtitle(index)
    hue = DemoRows.hue(index)
    progress = DemoRows.progress(index)
  }

  func prepareForReuse() {
    index = -1
    title = ""
    subtitle = ""
  }

  /// Draws the cell into the screen cells `rect`: as a list row (accent bar, title, subtitle,
  /// bar, and the progress right-aligned) or, with `card`, as a boxed card for horizontal lists
  /// and grids. A selected row has the selection background and a tick before its title; the
  /// focused one a pointer (▶) in place of its accent bar (or its card's corner).
  func draw(
    in rect: CellRect, screen: inout ScreenBuffer, card: Bool, theme: Theme, marks: Marks = Marks()
  ) {
    let shade = index.isMultiple(of: 2) ? theme.rowShades.even : theme.rowShades.odd
    let background = marks.selected ? theme.selectedRow : shade
    let title = marks.selected ? "✓ " + self.title : self.title
    let bar: Character = marks.focused ? "▶" : "▌"
    let accent = theme.readable(theme.accent(hue), on: background)
    let text = TextStyle(foreground: theme.rowText, background: background)
    let titleStyle = TextStyle(foreground: accent, background: background, bold: true)
    let dim = TextStyle(
      foreground: theme.readable(theme.rowDim, on: background), background: background)
    screen.clear(rect, style: text)
    if card {
      screen.drawBox(
        rect, border: .rounded, style: TextStyle(foreground: accent, background: background))
      if marks.focused {
        screen.set(
          ScreenCell("▶", style: TextStyle(foreground: accent, background: background)), x: rect.x,
          y: rect.y)
      }
      let inner = rect.inset(by: 1)
      screen.drawText(title, in: inner, style: titleStyle, overflow: .ellipsis)
      if inner.height > 1 {
        screen.drawText(
          subtitle, in: CellRect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1),
          style: dim, overflow: .ellipsis)
      }
      if inner.height > 2 {
        drawBar(
          CellRect(x: inner.x, y: inner.maxY - 1, width: inner.width, height: 1), screen: &screen,
          background: background, accent: accent, theme: theme)
      }
      return
    }
    // The progress, right-aligned: it lines up in every row only if every title before it
    // was measured in the columns the terminal gives it (wide CJK and emoji take two).
    let percent = "\(Int((progress * 100).rounded()))%"
    let percentWidth = 4
    if rect.width >= 24 {
      screen.drawText(
        String(repeating: " ", count: percentWidth - percent.count) + percent,
        in: CellRect(x: rect.maxX - percentWidth - 1, y: rect.y, width: percentWidth, height: 1),
        style: dim)
    }
    screen.set(
      ScreenCell(bar, style: TextStyle(foreground: accent, background: background)), x: rect.x,
      y: rect.y)
    let body = CellRect(x: rect.x + 2, y: rect.y, width: rect.width - 3, height: 1)
    let titleWidth = rect.width >= 24 ? body.width - percentWidth - 1 : body.width
    screen.drawText(
      title, in: CellRect(x: body.x, y: body.y, width: titleWidth, height: 1), style: titleStyle,
      overflow: .ellipsis)
    if rect.height > 1 {
      for row in rect.y + 1..<rect.maxY {
        screen.set(
          ScreenCell(bar, style: TextStyle(foreground: accent, background: background)), x: rect.x,
          y: row)
      }
      screen.drawText(
        subtitle, in: CellRect(x: body.x, y: rect.y + 1, width: body.width, height: 1), style: dim,
        overflow: .ellipsis)
    }
    if rect.height > 2 {
      drawBar(
        CellRect(x: body.x, y: rect.y + 2, width: min(body.width, 40), height: 1), screen: &screen,
        background: background, accent: accent, theme: theme)
    }
  }

  private func drawBar(
    _ rect: CellRect, screen: inout ScreenBuffer, background: TerminalColor,
    accent: TerminalColor, theme: Theme
  ) {
    let filled = Int((Double(rect.width) * progress).rounded())
    let on = TextStyle(foreground: accent, background: background)
    let off = TextStyle(
      foreground: theme.readable(theme.barOff, on: background, minimum: 3), background: background)
    for column in 0..<rect.width {
      screen.set(
        ScreenCell(column < filled ? "━" : "─", style: column < filled ? on : off),
        x: rect.x + column, y: rect.y)
    }
  }
}
