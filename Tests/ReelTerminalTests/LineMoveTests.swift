import Testing

@testable import ReelTerminal

/// Moved lines: the renderer moves a scrolled band with a scroll region and delete or insert
/// line, or scroll up or down, and the terminal shows exactly the frame after every frame.
@Suite struct LineMoveTests {
  /// A screen with a header, `lines[first...]` in rows 1…height−2, and a status line.
  private static func screen(
    width: Int, height: Int, lines: [String], first: Int, status: String = "status"
  ) -> ScreenBuffer {
    var screen = ScreenBuffer(width: width, height: height)
    screen.drawText("header", in: CellRect(x: 0, y: 0, width: width, height: 1))
    for row in 1..<height - 1 where first + row - 1 < lines.count {
      let style = TextStyle(
        background: (first + row).isMultiple(of: 2) ? TerminalColor(hex: 0x2040A0) : nil)
      screen.fill(CellRect(x: 0, y: row, width: width, height: 1), with: .blank(style))
      screen.drawText(
        lines[first + row - 1], in: CellRect(x: 1, y: row, width: width - 2, height: 1),
        style: style)
    }
    screen.drawText(status, in: CellRect(x: 0, y: height - 1, width: width, height: 1))
    return screen
  }

  @Test func oneRowUpIsARegionADeleteAndTheNewRow() {
    let lines = (0..<40).map { "line \($0)" }
    let renderer = FrameRenderer(lineMoves: .insertDeleteLine)
    renderer.render(Self.screen(width: 20, height: 8, lines: lines, first: 0))
    var terminal = ANSIInterpreter(width: 20, height: 8)
    terminal.feed(renderer.output)
    let next = Self.screen(width: 20, height: 8, lines: lines, first: 1)
    renderer.render(next)
    let text = String(decoding: renderer.output, as: UTF8.self)
    // The region is the list's rows 2…7 (1-based), one line deleted at its top; then the new
    // bottom row is drawn.
    #expect(text.hasPrefix("\u{1B}[2;7r\u{1B}[2H\u{1B}[M\u{1B}[r"), "\(text.debugDescription)")
    #expect(text.contains("line 6"))
    #expect(!text.contains("line 5"))
    terminal.feed(renderer.output)
    #expect(terminal.errors.isEmpty, "\(terminal.errors)")
    #expect(terminal.screen == next)
    #expect(terminal.lineMoves == 1)
  }

  @Test func oneRowUpWithScrollUpDown() {
    let lines = (0..<40).map { "line \($0)" }
    let renderer = FrameRenderer(lineMoves: .scrollUpDown)
    renderer.render(Self.screen(width: 20, height: 8, lines: lines, first: 3))
    var terminal = ANSIInterpreter(width: 20, height: 8)
    terminal.feed(renderer.output)
    for (first, prefix) in [
      (4, "\u{1B}[2;7r\u{1B}[1S\u{1B}[r"), (1, "\u{1B}[2;7r\u{1B}[3T\u{1B}[r"),
    ] {
      let next = Self.screen(width: 20, height: 8, lines: lines, first: first)
      renderer.render(next)
      let text = String(decoding: renderer.output, as: UTF8.self)
      #expect(
        text.hasPrefix(prefix) || text.hasPrefix("\u{1B}[0m" + prefix), "\(text.debugDescription)")
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "\(terminal.errors)")
      #expect(terminal.screen == next)
    }
    #expect(terminal.lineMoves == 2)
  }

  @Test func offByDefault() {
    let lines = (0..<40).map { "line \($0)" }
    let renderer = FrameRenderer()
    #expect(renderer.lineMoves == .off)
    renderer.render(Self.screen(width: 20, height: 8, lines: lines, first: 0))
    var terminal = ANSIInterpreter(width: 20, height: 8)
    terminal.feed(renderer.output)
    let next = Self.screen(width: 20, height: 8, lines: lines, first: 1)
    renderer.render(next)
    terminal.feed(renderer.output)
    #expect(terminal.screen == next)
    #expect(terminal.lineMoves == 0)
  }

  /// Seeded random scrolls, both ways and by up to a page, with edits and styled rows mixed
  /// in: after every frame the interpreted terminal equals the frame, and the bytes are fewer
  /// than without moved lines.
  @Test(
    arguments: [1, 7, 99, 2024, 31337] as [UInt32],
    [LineMoveSequences.insertDeleteLine, .scrollUpDown])
  func randomScrollsLeaveTheScreenEqualToTheFrame(seed: UInt32, sequences: LineMoveSequences) {
    var random = SeededRandom(seed: seed)
    let width = 10 + random.below(40)
    let height = 5 + random.below(30)
    let alphabet: [Character] = ["a", "b", "é", "字", "─", "z", " "]
    var lines = (0..<400).map { index in
      String((0..<random.below(width)).map { _ in alphabet[random.below(alphabet.count)] })
        + " \(index)"
    }
    let renderer = FrameRenderer(lineMoves: sequences)
    let plain = FrameRenderer()
    var terminal = ANSIInterpreter(width: width, height: height)
    var first = 100
    var moved = 0
    var plainBytes = 0
    var movedBytes = 0
    var checks = 0
    for frame in 0..<80 {
      first = max(0, min(lines.count - 1, first + random.below(2 * height) - height))
      if random.below(6) == 0 { lines[first] = "edited \(frame)" }
      let screen = Self.screen(
        width: width, height: height, lines: lines, first: first, status: "frame \(frame)")
      movedBytes += renderer.render(screen)
      plainBytes += plain.render(screen)
      terminal.feed(renderer.output)
      #expect(terminal.errors.isEmpty, "seed \(seed), frame \(frame): \(terminal.errors)")
      #expect(terminal.screen == screen, "seed \(seed), frame \(frame): screens differ")
      checks += 1
      if terminal.screen != screen || !terminal.errors.isEmpty { return }
      moved = terminal.lineMoves
    }
    #expect(checks == 80)
    #expect(moved > 10, "seed \(seed): \(moved) line moves")
    #expect(movedBytes < plainBytes, "seed \(seed): \(movedBytes) vs \(plainBytes) bytes")
  }

  @Test func bestMoveFindsTheShiftedBand() {
    // Rows 1…5 moved up by 2; row 0 and row 6 stayed.
    let old: [UInt64] = [100, 1, 2, 3, 4, 5, 200]
    let new: [UInt64] = [100, 3, 4, 5, 6, 7, 200]
    #expect(LineMove.best(from: old, to: new, blankRow: 0) == LineMove(top: 1, bottom: 5, shift: 2))
    let down: [UInt64] = [100, 8, 9, 1, 2, 3, 200]
    #expect(
      LineMove.best(from: old, to: down, blankRow: 0) == LineMove(top: 1, bottom: 5, shift: -2))
    #expect(LineMove.best(from: old, to: old, blankRow: 0) == nil)
  }
}
