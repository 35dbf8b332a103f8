import ReelTerminal

/// The demo's header and status line, fitted to the terminal's width: the longest variant that
/// fits, so that "? help" and "q quit" are never cut at 80 × 24 or smaller.
enum DemoChrome {
  /// The header's key hints for the list's axis, longest first; every variant ends with the
  /// help and quit keys.
  static func headerHints(vertical: Bool) -> [String] {
    let scroll = vertical ? "↑↓" : "←→"
    let banner = vertical ? "←→" : "n p"
    return [
      "\(scroll) focus · PgUp PgDn Home End scroll · \(banner) banner · space select/pause · "
        + "d edit · o axis · c cyclic · g grid · s contacts · t chat · ? help · q quit",
      "\(scroll) focus · \(banner) banner · d edit · o c g modes · s contacts · t chat · "
        + "? help · q quit",
      "\(scroll) scroll · \(banner) banner · s contacts · ? help · q quit",
      "\(scroll) scroll · \(banner) banner · ? help · q quit",
      "? help · q quit",
    ]
  }

  /// Draws the header: the title, then the longest hint that fits.
  static func drawHeader(into screen: inout ScreenBuffer, vertical: Bool, theme: Theme) {
    let line = CellRect(x: 0, y: 0, width: screen.width, height: 1)
    screen.clear(line, style: theme.headerHint)
    let title = screen.width >= 40 ? " Reel demo " : " Reel "
    screen.drawText(title, in: line, style: theme.header)
    let room = screen.width - title.count - 1
    let hints = headerHints(vertical: vertical)
    let hint = hints.first { DisplayWidth.of($0) <= room } ?? hints[hints.count - 1]
    screen.drawText(
      hint, in: CellRect(x: title.count + 1, y: 0, width: room, height: 1),
      style: theme.headerHint, overflow: .ellipsis)
  }

  /// The figures the status line shows.
  struct Status {
    /// Whether something moves ("moving") or the demo sleeps ("idle").
    var isMoving: Bool
    var firstRow: String
    var rowCount: String
    /// The section at the top of a sectioned list ("section K · 12,345 names"), shown in
    /// place of the row; `nil` for the million rows.
    var section: String? = nil
    /// The focused row's position and the selection ("focus 3 of 1,000,000 · 2 selected"),
    /// `nil` without either; never dropped.
    var selection: String? = nil
    var mode: String
    /// The developer figures, shown with `--stats`; `nil` without.
    var stats: Stats? = nil
  }

  /// The figures `--stats` adds.
  struct Stats {
    var frameTimes: TerminalFrameInfo.FrameTimes
    var alive: Int
    var pooled: Int
    var created: Int
    var bytesPerFrame: Int
    var colors: ColorDepth?
  }

  /// The status text for `width` columns: every segment when they fit, else shorter forms,
  /// then dropping the least important (colours, cells, bytes, mode), never the state, the
  /// row (or the section, in the contacts and the chat), the selection or the frame times.
  static func statusText(_ status: Status, width: Int) -> String {
    let state = status.isMoving ? "moving" : "idle"
    let row = status.section ?? "row \(status.firstRow) of \(status.rowCount)"
    let selection = status.selection
    var candidates: [[String?]] = [
      [state, row, selection, status.mode],
      [state, row, selection],
    ]
    if let stats = status.stats {
      let times = stats.frameTimes
      let frame =
        times.count == 0
        ? "frame time –"
        : "frame \(milliseconds(times.median)) median, \(milliseconds(times.worst)) worst of \(times.count)"
      let cellsLong = "cells alive \(stats.alive) pooled \(stats.pooled) created \(stats.created)"
      let cellsShort = "cells \(stats.alive)/\(stats.pooled)/\(stats.created)"
      let bytes = "\(stats.bytesPerFrame) B/frame"
      let colors = stats.colors.map(colorName)
      candidates = [
        [state, frame, cellsLong, bytes, row, selection, status.mode, colors],
        [state, frame, cellsShort, bytes, row, selection, status.mode, colors],
        [state, frame, cellsShort, bytes, row, selection, status.mode],
        [state, frame, bytes, row, selection, status.mode],
        [state, frame, bytes, row, selection],
        [state, frame, row, selection],
      ]
    }
    var text = ""
    for segments in candidates {
      text = " " + segments.compactMap { $0 }.joined(separator: " │ ")
      if DisplayWidth.of(text) <= width { break }
    }
    return text
  }

  /// Seconds as milliseconds with one decimal: "2.4 ms".
  static func milliseconds(_ seconds: Double) -> String {
    let tenths = Int((seconds * 10_000).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
  }

  /// A colour depth as the status line names it.
  static func colorName(_ depth: ColorDepth) -> String {
    switch depth {
    case .trueColor: "24-bit colour"
    case .palette256: "256 colours"
    case .ansi16: "16 colours"
    case .none: "no colour"
    }
  }

  /// Draws the status line on the last row.
  static func drawStatus(into screen: inout ScreenBuffer, status: Status, theme: Theme) {
    let line = CellRect(x: 0, y: screen.height - 1, width: screen.width, height: 1)
    screen.clear(line, style: theme.status)
    screen.drawText(
      statusText(status, width: screen.width), in: line, style: theme.status,
      overflow: .ellipsis)
  }
}
