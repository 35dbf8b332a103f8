import ReelTerminal

/// The `?` overlay: every key of the demo in a box over the middle of the screen, so that the
/// header can stay short on small terminals.
enum HelpOverlay {
  /// The keys and what they do.
  static func lines(vertical: Bool) -> [(keys: String, action: String)] {
    [
      ("PgUp PgDn Home End", "scroll the list"),
      (vertical ? "↑ ↓" : "← →", "move the focus (rows), scroll (others)"),
      ("space Enter", "select the focused row"),
      ("Esc", "drop the focus"),
      (vertical ? "← → n p [ ]" : "n p [ ]", "turn the banner"),
      ("space (no focus)", "pause or resume autoplay"),
      ("Enter (no focus)", "open the banner page"),
      ("d", "edit the visible rows (animated)"),
      ("o", "vertical / horizontal list"),
      ("c", "bounded / cyclic"),
      ("g", "list / grid"),
      ("s", "million rows / contacts (sticky headers)"),
      ("t", "million rows / chat (End: latest)"),
      ("Tab Shift-Tab", "next / previous section (contacts)"),
      ("wheel, drag, click", "scroll, fling, open or select"),
      ("Ctrl-Z", "suspend (fg resumes)"),
      ("? Esc", "close this help"),
      ("q Ctrl-C", "quit"),
    ]
  }

  /// Draws the overlay centred on `screen`, clipped to it when the screen is too small.
  static func draw(into screen: inout ScreenBuffer, vertical: Bool, theme: Theme) {
    let entries = lines(vertical: vertical)
    let keysWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
    let actionWidth = entries.map { DisplayWidth.of($0.action) }.max() ?? 0
    let width = min(screen.width, keysWidth + actionWidth + 7)
    let height = min(screen.height, entries.count + 4)
    let box = CellRect(
      x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width,
      height: height)
    screen.clear(box, style: theme.overlay)
    screen.drawBox(box, border: .rounded, style: theme.overlayTitle)
    screen.drawText(
      " Keys ", in: CellRect(x: box.x + 2, y: box.y, width: max(0, width - 4), height: 1),
      style: theme.overlayTitle)
    let inner = box.inset(by: 1)
    for (offset, entry) in entries.enumerated() where offset + 1 < inner.height {
      let y = inner.y + 1 + offset
      screen.drawText(
        entry.keys, in: CellRect(x: inner.x + 1, y: y, width: keysWidth, height: 1),
        style: theme.overlayTitle, overflow: .ellipsis)
      let actionX = inner.x + keysWidth + 3
      screen.drawText(
        entry.action, in: CellRect(x: actionX, y: y, width: inner.maxX - actionX, height: 1),
        style: theme.overlay, overflow: .ellipsis)
    }
  }
}
