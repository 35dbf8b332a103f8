import Foundation
import Testing

/// The contacts list of `reel-demo --sections` in a real terminal, tmux at 80 × 24: the header
/// of the section at the top stays pinned on the list's first line while its names scroll
/// under it, hands over to the next section's header, and every name shown sits under its own
/// section's header. Each step waits on the screen (polling, generous timeouts).
@Suite(.serialized) struct ReelDemoSectionsTests {
  /// Sends an SGR wheel notch (64 up, 65 down) at a 1-based column and row.
  private func wheel(_ tmux: TmuxSession, button: Int, column: Int, row: Int) throws {
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<\(button);\(column);\(row)M"])
  }

  /// Sends an SGR left click (press and release) at a 1-based column and row.
  private func click(_ tmux: TmuxSession, column: Int, row: Int) throws {
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<0;\(column);\(row)M"])
    try tmux.run(["send-keys", "-t", tmux.name, "-l", "\u{1B}[<0;\(column);\(row)m"])
  }

  /// The status line's section: "section K · 12,345 names" → "K".
  private static func statusSection(_ screen: String) -> Character? {
    guard let range = screen.range(of: "│ section ") else { return nil }
    return screen[range.upperBound...].first
  }

  /// Without a terminal, `--sections` prints the contacts: each frame pages down, A's header
  /// stays on the list's first line and every name under it starts with A.
  @Test func withoutATerminalSectionsPrintTheContactsUnderTheirHeader() throws {
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let (status, text) = try ReelDemoEndToEndTests.runWithoutTerminal(
      binary, ["--sections", "--frames", "4", "--size", "80x24"])
    #expect(status == 0)
    let frames = text.components(separatedBy: "── reel-demo frame").dropFirst()
    #expect(frames.count == 4, "not 4 frames:\n\(text)")
    var firstNames: [String] = []
    for frame in frames {
      let contacts = ContactsScreen(frame)
      #expect(contacts.pinnedLetter == "A", "A is not on the list's first line:\n\(frame)")
      #expect(contacts.headers.count == 1 && contacts.names.count >= 4, "\(frame)")
      #expect(contacts.namesMatchHeadersAbove, "a name is under another section:\n\(frame)")
      #expect(frame.contains("│ section A · 10,513 names │"), "the status line:\n\(frame)")
      firstNames += contacts.names.prefix(1).map { String(contacts.lines[$0.line]) }
    }
    #expect(Set(firstNames).count == 4, "the pages did not scroll: \(firstNames)")
  }

  @Test func pinnedHeaderShowsTheSectionOfTheRowsUnderIt() throws {
    guard TmuxSession.executable != nil else {
      Issue.record("tmux is not installed: install it (apt-get install tmux); .ci/run does")
      return
    }
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let command = "'\(binary)' --sections --theme dark; echo REEL_EXIT=$?; sleep 20"
    let tmux = try TmuxSession(
      command: "sh -c \(TmuxSession.quoted(command))", columns: 80, rows: 24)

    // First frame: section A's header on the list's first line, its names under it.
    var (screen, ok) = try tmux.waitFor(seconds: 15) {
      ContactsScreen($0).pinnedLetter == "A" && Self.statusSection($0) == "A"
    }
    try #require(ok, "the contacts did not show with section A at the top:\n\(screen)")
    var contacts = ContactsScreen(screen)
    #expect(contacts.names.count >= 3, "too few names on screen:\n\(screen)")
    #expect(contacts.namesMatchHeadersAbove, "a name is under another section:\n\(screen)")
    #expect(screen.contains("section A · 10,513 names"), "the status line:\n\(screen)")
    let firstName = contacts.names.first.map { contacts.lines[$0.line] }

    // Space pauses the banner's autoplay, so the screen comes to rest after each scroll.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("paused") }
    #expect(ok, "space did not pause the banner:\n\(screen)")

    // The wheel and the arrows scroll A's names under its header, which stays pinned.
    try wheel(tmux, button: 65, column: 40, row: 16)
    try wheel(tmux, button: 65, column: 40, row: 16)
    try tmux.send("Down")
    (screen, ok) = try tmux.waitFor(seconds: 15) { screen in
      let now = ContactsScreen(screen)
      return now.pinnedLetter == "A"
        && now.names.first.map { now.lines[$0.line] } != firstName && screen.contains(" idle │")
    }
    #expect(ok, "the header did not stay pinned while A's names scrolled:\n\(screen)")
    contacts = ContactsScreen(screen)
    #expect(contacts.namesMatchHeadersAbove, "a name is under another section:\n\(screen)")
    #expect(contacts.headers.count == 1, "another header while inside A:\n\(screen)")

    // A click on the pinned header opens the section, not the name that slid under it; a
    // click on a name opens that name.
    let top = try #require(contacts.listTop, "no list under the banner:\n\(screen)")
    try click(tmux, column: 40, row: top + 1)
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Section A · 10,513 names") }
    #expect(ok, "a click on the pinned header did not open section A:\n\(screen)")
    // The name is read from the list as it is now, at rest: the wheel and the key sent above
    // may have moved it after the screen the header was found on (that screen can fall between
    // two of them), and the click must land on the name it names.
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains(" idle │") }
    #expect(ok, "the list did not come to rest after the header's click:\n\(screen)")
    contacts = ContactsScreen(screen)
    let nameLine = try #require(contacts.names.first?.line)
    let text = String(contacts.lines[nameLine].dropFirst(3))
    let name = text.components(separatedBy: "  ").first ?? text
    try click(tmux, column: 10, row: nameLine + 1)
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Opened \(name)") }
    #expect(ok, "a click on \(name) did not open it:\n\(screen)")

    // Tab: the next section, B, pinned on the first line with its first names under it.
    try tmux.send("Tab")
    (screen, ok) = try tmux.waitFor(seconds: 15) {
      ContactsScreen($0).pinnedLetter == "B" && Self.statusSection($0) == "B"
    }
    #expect(ok, "Tab did not bring section B to the top:\n\(screen)")
    contacts = ContactsScreen(screen)
    #expect(contacts.namesMatchHeadersAbove, "a name is under another section:\n\(screen)")
    #expect(
      contacts.names.first.map { contacts.lines[$0.line].contains("Baba, Ada") } == true,
      "B's first name is not right under its header:\n\(screen)")

    // Up, a row at a time: A's header comes back pinned above the end of A, and B's header,
    // in its own place below, is the one taking over; every name sits under its own section.
    var handOver: String?
    for _ in 0..<6 where handOver == nil {
      try tmux.send("Up")
      (screen, ok) = try tmux.waitFor(seconds: 15) { screen in
        let now = ContactsScreen(screen)
        return now.pinnedLetter == "A" && now.headers.map(\.letter) == ["A", "B"]
          && now.names.contains { $0.letter == "A" } && now.names.contains { $0.letter == "B" }
      }
      if ok { handOver = screen }
    }
    let captured = try #require(handOver, "no hand-over from A to B on the way up:\n\(screen)")
    contacts = ContactsScreen(captured)
    #expect(contacts.namesMatchHeadersAbove, "a name is under another section:\n\(captured)")
    #expect(Self.statusSection(captured) == "A", "the status line is not on A:\n\(captured)")
    if let path = ProcessInfo.processInfo.environment["REEL_SECTIONS_CAPTURE"] {
      try captured.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // End: the last section, Z, pinned over its last names.
    try tmux.send("End")
    (screen, ok) = try tmux.waitFor(seconds: 15) {
      ContactsScreen($0).pinnedLetter == "Z" && Self.statusSection($0) == "Z"
    }
    #expect(ok, "End did not reach section Z:\n\(screen)")
    contacts = ContactsScreen(screen)
    #expect(contacts.namesMatchHeadersAbove && contacts.names.allSatisfy { $0.letter == "Z" })

    // s: back to the million rows; q quits cleanly.
    try tmux.send("s")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("of 1,000,000") }
    #expect(ok, "s did not bring the million rows back:\n\(screen)")
    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("REEL_EXIT=") }
    #expect(screen.contains("REEL_EXIT=0"), "q did not quit cleanly:\n\(screen)")
  }
}
