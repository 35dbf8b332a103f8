import Reel
import ReelTerminal

/// A list cell: the row's model, set by the data source, drawn by ``draw(in:screen:card:)``.
final class RowCell: ReusableCell {
  var index = -1
  var title = ""
  var subtitle = ""
  var accent = TerminalColor.white
  var progress = 0.0

  /// Fills the cell for a row.
  func configure(index: Int) {
    self.index = index
    title = DemoRows.title(index)
    subtitle = DemoRows.subtitle(index)
    accent = DemoRows.accent(index)
    progress = DemoRows.progress(index)
  }

  func prepareForReuse() {
    index = -1
    title = ""
    subtitle = ""
  }

  /// Draws the cell into the screen cells `rect`: as a list row (accent bar, title, subtitle,
  /// bar) or, with `card`, as a boxed card for horizontal lists and grids.
  func draw(in rect: CellRect, screen: inout ScreenBuffer, card: Bool) {
    let shade = index.isMultiple(of: 2) ? 0x1A_1D_26 : 0x15_17_1F
    let background = TerminalColor(hex: UInt32(shade))
    let text = TextStyle(foreground: TerminalColor(hex: 0xE5_E9_F0), background: background)
    let titleStyle = TextStyle(foreground: accent, background: background, bold: true)
    let dim = TextStyle(foreground: TerminalColor(hex: 0x7B_84_99), background: background)
    screen.clear(rect, style: text)
    if card {
      screen.drawBox(
        rect, border: .rounded, style: TextStyle(foreground: accent, background: background))
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
          background: background)
      }
      return
    }
    screen.set(
      ScreenCell("▌", style: TextStyle(foreground: accent, background: background)), x: rect.x,
      y: rect.y)
    let body = CellRect(x: rect.x + 2, y: rect.y, width: rect.width - 3, height: 1)
    screen.drawText(title, in: body, style: titleStyle, overflow: .ellipsis)
    if rect.height > 1 {
      for row in rect.y + 1..<rect.maxY {
        screen.set(
          ScreenCell("▌", style: TextStyle(foreground: accent, background: background)), x: rect.x,
          y: row)
      }
      screen.drawText(
        subtitle, in: CellRect(x: body.x, y: rect.y + 1, width: body.width, height: 1), style: dim,
        overflow: .ellipsis)
    }
    if rect.height > 2 {
      drawBar(
        CellRect(x: body.x, y: rect.y + 2, width: min(body.width, 40), height: 1), screen: &screen,
        background: background)
    }
  }

  private func drawBar(_ rect: CellRect, screen: inout ScreenBuffer, background: TerminalColor) {
    let filled = Int((Double(rect.width) * progress).rounded())
    let on = TextStyle(foreground: accent, background: background)
    let off = TextStyle(foreground: TerminalColor(hex: 0x3B_42_52), background: background)
    for column in 0..<rect.width {
      screen.set(
        ScreenCell(column < filled ? "━" : "─", style: column < filled ? on : off),
        x: rect.x + column, y: rect.y)
    }
  }
}
