import Foundation
import Testing

/// The terminal frontend in a real terminal, tmux, at the most common default size: wide
/// characters line up, the header keeps "? help" and "q quit" and `?` shows every key, the
/// light palette (chosen by option, or by tmux's answer to the background query) leaves no
/// cell in the terminal's default colour, and Ctrl-Z then `fg` gives the shell a sane terminal
/// and brings the demo back whole. Each test waits on the screen with generous timeouts
/// (polling, no fixed sleeps), so a loaded machine only makes it slower.
@Suite(.serialized) struct ReelDemoTerminalTests {
  /// Starts the demo at 80 × 24 behind a shell that reports its exit and the terminal state.
  private func startDemo(_ arguments: String = "", shell: Bool = false) throws -> TmuxSession? {
    guard TmuxSession.executable != nil else {
      Issue.record("tmux is not installed: install it (apt-get install tmux); .ci/run does")
      return nil
    }
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return nil
    }
    if shell {
      // The demo alone on its command line: a shell moves on to the rest of a list when a job
      // in it stops. ``reportExit(_:)`` checks the exit status and the terminal afterwards.
      let tmux = try TmuxSession(command: "sh", columns: 80, rows: 24)
      try tmux.type("saved=$(stty -g)")
      try tmux.type("'\(binary)' \(arguments)")
      return tmux
    }
    let command = "'\(binary)' \(arguments); echo REEL_EXIT=$?; sleep 20"
    return try TmuxSession(
      command: "sh -c \(TmuxSession.quoted(command))", columns: 80, rows: 24)
  }

  /// Whether the demo's first frame is up: the list and the status line.
  private static func isDrawn(_ screen: String) -> Bool {
    screen.contains("Row 2 · 東京タワー 🗼") && screen.contains("row 1 of 1,000,000")
  }

  @Test func wideCharactersLineUpAndTheHelpKeyShowsAt80x24() throws {
    guard let tmux = try startDemo() else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15, Self.isDrawn)
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")

    // The progress figures are right-aligned in every row: rows with CJK, Hangul and emoji in
    // their titles end them in the same column as plain rows.
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    func percentColumn(_ title: String) -> Int? {
      guard let line = lines.first(where: { $0.contains(title) }) else { return nil }
      return ScreenCapture.column(of: "%", in: line)
    }
    let plain = try #require(percentColumn("Row 1 "), "no row 1:\n\(screen)")
    #expect(plain == 78, "row 1's % is at column \(plain), not 78:\n\(screen)")
    #expect(percentColumn("東京タワー 🗼") == plain, "the CJK and emoji row is shifted:\n\(screen)")
    #expect(percentColumn("서울 카페 ☕") == plain, "the Hangul row is shifted:\n\(screen)")

    // Nothing important is cut at 80 columns: the header ends with the help and quit keys.
    let header = String(lines[0])
    #expect(header.hasSuffix("? help · q quit"), "the header is cut:\n\(header)")
    #expect(DisplayWidthOfLine.columns(header) <= 80)

    // The hints follow the mode: in a horizontal list the arrows scroll it, n p turn the banner.
    try tmux.send("o")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("horizontal bounded list") }
    #expect(ok, "o did not switch the list to horizontal:\n\(screen)")
    let horizontalHeader = screen.split(separator: "\n").first.map(String.init) ?? ""
    #expect(
      horizontalHeader.contains("←→ scroll · n p banner")
        && !horizontalHeader.contains("←→ banner"),
      "the header's hints do not match the horizontal mode:\n\(horizontalHeader)")
    try tmux.send("o")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("vertical bounded list") }
    #expect(ok, "o did not switch the list back:\n\(screen)")

    // `?` shows every key over the screen; Esc closes it.
    try tmux.send("?")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Keys") && $0.contains("Ctrl-Z") }
    #expect(ok, "? did not show the help overlay:\n\(screen)")
    for key in ["scroll the list", "turn the banner", "list / grid", "quit"] {
      #expect(screen.contains(key), "the help lacks \"\(key)\":\n\(screen)")
    }
    try tmux.send("Escape")
    (screen, ok) = try tmux.waitFor(seconds: 15) { !$0.contains("Ctrl-Z") && Self.isDrawn($0) }
    #expect(ok, "Esc did not close the help:\n\(screen)")

    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("REEL_EXIT=") }
    #expect(screen.contains("REEL_EXIT=0"), "q did not quit cleanly:\n\(screen)")
  }

  /// A drag on the banner holds its autoplay, and the dots row says so until it is let go.
  @Test func draggingTheBannerShowsAutoplayHeld() throws {
    guard let tmux = try startDemo() else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15, Self.isDrawn)
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    #expect(screen.contains("▶ autoplay 2s"))
    // SGR mouse reports, typed into the pane as a terminal would send them: press on the
    // banner's card (1-based column 40, row 5), move left while held.
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<0;40;5M"])
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<32;34;5M"])
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("⏸ held (drag)") }
    #expect(ok, "a held drag still reads as playing:\n\(screen)")
    #expect(!screen.contains("▶ autoplay"))
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<0;34;5m"])
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("▶ autoplay 2s") }
    #expect(ok, "releasing the drag did not resume autoplay:\n\(screen)")
    try tmux.send("q")
  }

  /// Every cell of the screen has the light theme's background, in list and grid mode: no
  /// stripe of the terminal's default colour between cards or columns.
  @Test func lightPaletteLeavesNoDefaultBackground() throws {
    guard let tmux = try startDemo("--theme light --colors truecolor") else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15, Self.isDrawn)
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    try expectNoDefaultBackground(tmux, mode: "list")
    try tmux.send("g")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("vertical bounded grid") }
    #expect(ok, "g did not switch to the grid:\n\(screen)")
    try expectNoDefaultBackground(tmux, mode: "grid")
    let capture = ScreenCapture(try tmux.captureWithEscapes())
    let backgrounds = Set(capture.rows.flatMap { $0.map(\.background) })
    #expect(
      backgrounds.contains("48;2;250;250;247"), "the light background is not on screen")
    #expect(!backgrounds.contains("48;2;16;18;24"), "the dark background is on screen")
    try tmux.send("q")
  }

  private func expectNoDefaultBackground(_ tmux: TmuxSession, mode: String) throws {
    let capture = ScreenCapture(try tmux.captureWithEscapes())
    let rows = capture.rows.prefix(24)
    #expect(rows.count == 24)
    for (row, cells) in rows.enumerated() {
      let defaults = cells.filter { $0.background == nil }.map(\.column)
      #expect(
        defaults.isEmpty,
        "\(mode): row \(row) has terminal-default background at columns \(defaults)")
      let width = cells.last.map { $0.column + ScreenCapture.width(of: $0.character) } ?? 0
      #expect(width == 80, "\(mode): row \(row) is \(width) columns wide")
    }
  }

  /// tmux answers the OSC 11 background query with the window style's background: on a light
  /// one the demo picks its light palette by itself.
  @Test func lightTerminalBackgroundSelectsTheLightPalette() throws {
    guard TmuxSession.executable != nil, let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("tmux or reel-demo is missing")
      return
    }
    let tmux = try TmuxSession(command: "sh", columns: 80, rows: 24)
    try tmux.run(["set-option", "-g", "window-style", "bg=#f0f0f0"], capturingOutput: false)
    try tmux.type("'\(binary)' --colors truecolor")
    let (screen, ok) = try tmux.waitFor(seconds: 15, Self.isDrawn)
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    let backgrounds = Set(
      ScreenCapture(try tmux.captureWithEscapes()).rows.flatMap { $0.map(\.background) })
    #expect(
      backgrounds.contains("48;2;250;250;247"),
      "a light terminal did not get the light palette: \(backgrounds.compactMap { $0 }.sorted())"
    )
    try tmux.send("q")
  }

  /// Ctrl-Z gives the shell its terminal back (main screen, cursor shown, canonical mode with
  /// echo) and stops the demo; `fg` brings it back redrawn and responsive.
  @Test func controlZThenFgRestoresTheDemo() throws {
    guard let tmux = try startDemo(shell: true) else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15, Self.isDrawn)
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    #expect(try tmux.format("#{alternate_on}") == "1")

    try tmux.send("C-z")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Stopped") }
    #expect(ok, "Ctrl-Z did not stop the demo:\n\(screen)")
    #expect(try tmux.format("#{alternate_on}") == "0", "still on the alternate screen")
    #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is still hidden")
    #expect(try tmux.format("#{mouse_any_flag}") == "0", "mouse reporting is still on")
    try tmux.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo")
    (screen, ok) = try tmux.waitFor(seconds: 15) { screen in
      let words = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      // Both lines of the answer: a capture can come between them.
      return (words.contains("icanon") || words.contains("-icanon"))
        && (words.contains("echo") || words.contains("-echo"))
    }
    let words = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      words.contains("icanon") && words.contains("echo"),
      "the suspended demo left the terminal raw:\n\(screen)")

    try tmux.type("fg")
    (screen, ok) = try tmux.waitFor(seconds: 10) { screen in
      Self.isDrawn(screen) && !screen.contains("Stopped")
    }
    #expect(ok, "fg did not bring the demo back whole:\n\(screen)")
    #expect(try tmux.format("#{alternate_on}") == "1", "fg did not re-enter the alternate screen")
    #expect(try tmux.format("#{cursor_flag}") == "0", "fg did not hide the cursor again")

    // Raw mode again: a single key, without Enter, scrolls the list.
    try tmux.send("NPage")
    (screen, ok) = try tmux.waitFor(seconds: 15) {
      (ReelDemoEndToEndTests.firstRow(in: $0) ?? 1) > 3
    }
    #expect(ok, "the resumed demo does not take keys:\n\(screen)")

    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 15) { _ in (try? tmux.format("#{alternate_on}")) == "0"
    }
    #expect(ok, "q did not end the resumed demo:\n\(screen)")
    try tmux.type(
      "echo REEL_EXIT=$?; [ \"$(stty -g)\" = \"$saved\" ] && echo TTY_RESTORED || echo TTY_BROKEN")
    (screen, ok) = try tmux.waitFor(seconds: 15) { ReelDemoEndToEndTests.printedTTYVerdict($0) }
    #expect(screen.contains("REEL_EXIT=0"), "the demo did not exit cleanly:\n\(screen)")
    #expect(
      ReelDemoEndToEndTests.printed("TTY_RESTORED", in: screen),
      "stty settings differ after exit:\n\(screen)")
  }
}

/// The columns a captured line takes, with ``ScreenCapture/width(of:)``.
enum DisplayWidthOfLine {
  static func columns(_ line: String) -> Int {
    line.reduce(0) { $0 + ScreenCapture.width(of: $1) }
  }
}
