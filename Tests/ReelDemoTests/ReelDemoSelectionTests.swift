import Foundation
import Testing

/// Keyboard focus and selection in the million rows, in a real terminal: ↓ focuses and moves
/// (the row gets the ▶ marker, the status line the accessibility position), space and Enter
/// select (a tick, the selection background, "selected Row 3" then "2 selected"), selecting
/// again deselects, Esc drops the focus and space goes back to pausing the banner.
@Suite(.serialized) struct ReelDemoSelectionTests {
  /// The line of the screen whose row title is `title` ("Row 3"), after the bar and a tick.
  static func titleLine(_ title: String, in screen: String) -> String? {
    DemoLauncher.lines(screen).first { line in
      let rest = line.dropFirst().drop { $0 == " " }
      return (rest.hasPrefix(title + " ") || rest.hasPrefix("✓ " + title + " "))
        && (line.first == "▌" || line.first == "▶")
    }
  }

  @Test func arrowsMoveTheFocusSpaceAndEnterSelect() throws {
    guard let tmux = try DemoLauncher.start("--colors truecolor --theme dark") else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("row 1 of 1,000,000") }
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    #expect(!screen.contains("focus "), "a row has focus before any key:\n\(screen)")

    // The first ↓ focuses the top row, the next two move the focus down.
    try tmux.send("Down")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("focus 1 of 1,000,000") }
    #expect(ok, "↓ did not focus row 1:\n\(screen)")
    try tmux.send("Down")
    try tmux.send("Down")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("focus 3 of 1,000,000") }
    #expect(ok, "two more ↓ did not move the focus to row 3:\n\(screen)")
    #expect(
      Self.titleLine("Row 3", in: screen)?.first == "▶",
      "row 3 is not marked focused:\n\(screen)")
    #expect(
      Self.titleLine("Row 1", in: screen)?.first == "▌", "row 1 is still marked:\n\(screen)")

    // Space selects the focused row: a tick, the selection background, its name in the status.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("selected Row 3") }
    #expect(ok, "space did not select row 3:\n\(screen)")
    #expect(
      Self.titleLine("Row 3", in: screen)?.contains("✓ Row 3") == true,
      "row 3 has no tick:\n\(screen)")
    #expect(!screen.contains("paused"), "space paused the banner instead:\n\(screen)")
    let capture = ScreenCapture(try tmux.captureWithEscapes())
    // Rows 1 and 3 have the same shade (even identifiers) unless one is selected.
    let selected = capture.cells(startingAt: "Row 3")?.first?.background
    let unselected = capture.cells(startingAt: "Row 1")?.first?.background
    #expect(
      selected != nil && selected != unselected,
      "row 3's background \(selected ?? "default") is not the selection's (row 1's: \(unselected ?? "default"))"
    )

    // Enter selects a second row; the status counts them.
    try tmux.send("Down")
    try tmux.send("Enter")
    (screen, ok) = try tmux.waitFor(seconds: 10) {
      $0.contains("2 selected") && $0.contains("focus 4 of 1,000,000")
    }
    #expect(ok, "Enter did not select row 4 as well:\n\(screen)")
    #expect(Self.titleLine("Row 4", in: screen)?.contains("✓ Row 4") == true, "\(screen)")

    // Selecting the focused row again deselects it.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("selected Row 3") }
    #expect(ok, "space on a selected row did not deselect it:\n\(screen)")
    #expect(Self.titleLine("Row 4", in: screen)?.contains("✓") == false, "\(screen)")

    // Esc drops the focus (the selection stays); space is the banner's again.
    try tmux.send("Escape")
    (screen, ok) = try tmux.waitFor(seconds: 10) { !$0.contains("focus ") }
    #expect(ok, "Esc did not drop the focus:\n\(screen)")
    #expect(screen.contains("selected Row 3"), "Esc dropped the selection:\n\(screen)")
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("paused") }
    #expect(ok, "without focus space did not pause the banner:\n\(screen)")

    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("REEL_EXIT=0") }
    #expect(ok, "q did not exit 0:\n\(screen)")
  }
}
