import ReelTerminal

/// W14-terminal-scroll: the bytes a terminal receives while a 120 × 40 list scrolls one row a
/// frame: a header, 37 list rows (striped backgrounds, a highlighted focus row that stays on
/// screen, a scrollbar in the last column), a status line; 2,000 frames. Written by
/// `FrameRenderer` as it rewrites changed cells (`moves_lines` false) and as it has the terminal
/// move the rows with a scroll region and delete line (`moves_lines` true); bytes per frame and time per frame (diff and, with
/// moved lines, finding the move).
enum TerminalScrollWorkload {
  static let columns = 120
  static let rows = 40

  static func w14(_ options: Options) -> [Report] {
    let frames = options.frames(full: 2_000, quick: 200)
    return [false, true].map { movesLines in
      var bytes = 0
      let results = measureRuns(options.runCount) {
        let renderer = FrameRenderer(lineMoves: movesLines ? .insertDeleteLine : .off)
        var screen = ScreenBuffer(width: columns, height: rows)
        draw(&screen, first: 0)
        renderer.render(screen)
        bytes = 0
        let start = Machine.nanoseconds()
        for frame in 1...frames {
          draw(&screen, first: frame)
          bytes += renderer.render(screen)
        }
        return RunResult(
          nanoseconds: Machine.nanoseconds() - start, checksum: Double(bytes), cellsCreated: 0)
      }
      var report = Report(workload: "W14-terminal-scroll", n: 1_000_000)
      report.add("moves_lines", movesLines)
      report.addTiming(results, frames: frames)
      report.add("bytes_per_frame", Double(bytes) / Double(frames))
      return report
    }
  }

  /// The screen with list row `first` at the top of the list area.
  static func draw(_ screen: inout ScreenBuffer, first: Int) {
    let header = TextStyle(foreground: .white, background: TerminalColor(hex: 0x30_3A_52))
    let status = TextStyle(foreground: TerminalColor(hex: 0xD0_D0_D0), background: .black)
    screen.clear()
    screen.clear(CellRect(x: 0, y: 0, width: columns, height: 1), style: header)
    screen.drawText(" Reel · PgUp PgDn scroll", in: screen.bounds, style: header)
    let listRows = rows - 3
    for row in 0..<listRows {
      let index = first + row
      let focused = row == listRows / 2
      let style =
        focused
        ? TextStyle(foreground: .black, background: TerminalColor(hex: 0x8F_B8_FF), bold: true)
        : TextStyle(
          foreground: TerminalColor(hex: 0xE0_E0_E0),
          background: index.isMultiple(of: 2) ? TerminalColor(hex: 0x1C_1C_24) : nil)
      let line = CellRect(x: 0, y: 1 + row, width: columns - 1, height: 1)
      screen.clear(line, style: style)
      screen.drawText(
        " Row \(index + 1) · item \(index * 7_919 % 1_000_003) · \(String(repeating: "▪", count: index % 23))",
        in: line, style: style, overflow: .ellipsis)
    }
    // The scrollbar: a 2-row thumb that moves every 27,000 rows of 1,000,000.
    let thumb = 1 + first * (listRows - 2) / 1_000_000
    for row in 0..<listRows {
      let isThumb = row + 1 >= thumb && row + 1 < thumb + 2
      screen[columns - 1, 1 + row] = ScreenCell(isThumb ? "█" : "│")
    }
    screen.clear(CellRect(x: 0, y: rows - 2, width: columns, height: 2), style: status)
    screen.drawText(
      " row \(first + 1) of 1,000,000", in: CellRect(x: 0, y: rows - 1, width: columns, height: 1),
      style: status)
  }
}
