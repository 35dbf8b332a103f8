import Foundation
import Testing

/// The chat pane (`--chat`) in a real 80 × 24 terminal: it follows its newest message as
/// messages arrive and as a streamed one grows (the newest one ends on the list's bottom line),
/// stays still when scrolled up while counting the messages below ("N new ↓"), and End jumps
/// back and follows again; without a terminal it prints its newest messages.
/// Messages come every few hundred milliseconds of the demo's clock; the test polls the screen
/// with deadlines rather than predicting when.
@Suite(.serialized) struct ReelDemoChatTests {
  /// The list's lines at 80 × 24: below the banner (rows 1–8) and its dots (row 9), above the
  /// message and status lines.
  static let listRows = 10..<22

  /// The number of the message a line starts ("#41 ana: …"), if it starts one.
  static func messageNumber(_ line: String) -> Int? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("#") else { return nil }
    let digits = trimmed.dropFirst().prefix(while: \.isNumber)
    guard trimmed.dropFirst(1 + digits.count).first == " " else { return nil }
    return Int(digits)
  }

  /// The list's lines of a screen.
  static func listLines(_ screen: String) -> [String] {
    let lines = DemoLauncher.lines(screen)
    guard lines.count >= listRows.upperBound else { return [] }
    return Array(lines[listRows])
  }

  /// The newest message on screen when it is the last one drawn and its text reaches the
  /// list's bottom line: no blank line under it, every line after its first a continuation.
  static func newestAtBottom(_ screen: String) -> Int? {
    let lines = listLines(screen)
    guard let start = lines.lastIndex(where: { messageNumber($0) != nil }),
      let newest = messageNumber(lines[start]),
      newest == lines.compactMap(messageNumber).max()
    else { return nil }
    let after = lines[(start + 1)...]
    guard after.allSatisfy({ $0.hasPrefix("   ") && $0.contains { $0 != " " } }) else {
      return nil
    }
    return newest
  }

  /// The words of message `number` on screen (its text after "#N author:", the streaming
  /// cursor left out), or `nil` when its first line does not show.
  static func words(of number: Int, in screen: String) -> Int? {
    let lines = listLines(screen)
    guard let start = lines.firstIndex(where: { messageNumber($0) == number }) else { return nil }
    var text = [lines[start]]
    for line in lines[(start + 1)...] {
      guard messageNumber(line) == nil, line.contains(where: { $0 != " " }) else { break }
      text.append(line)
    }
    let words = text.joined(separator: " ").split(separator: " ").filter { $0 != "▍" }
    return words.count - 2
  }

  /// "3 new ↓" on the message line: the count, if shown.
  static func newBelow(_ screen: String) -> Int? {
    guard let range = screen.range(of: " new ↓") else { return nil }
    let before = screen[..<range.lowerBound]
    let digits = before.reversed().prefix(while: \.isNumber)
    return Int(String(digits.reversed()))
  }

  @Test func followsStopsWhenScrolledUpAndResumesAtTheEnd() throws {
    guard let tmux = try DemoLauncher.start("--chat") else { return }
    // Opened at the end, following; then new messages (after the 40 of history) arrive and
    // each ends on the bottom line.
    var (screen, ok) = try tmux.waitFor(seconds: 15) {
      $0.contains("following") && (Self.newestAtBottom($0) ?? 0) > 40
    }
    try #require(ok, "no new message arrived at the bottom of the chat:\n\(screen)")
    let first = try #require(Self.newestAtBottom(screen))
    (screen, ok) = try tmux.waitFor(seconds: 15) { (Self.newestAtBottom($0) ?? 0) > first }
    #expect(ok, "the chat did not follow message \(first + 1):\n\(screen)")
    #expect(Self.newBelow(screen) == nil, "a hint shows while following:\n\(screen)")

    // A streamed message (the cursor ▍ after its last word) grows word by word and stays at
    // the bottom as it takes more lines.
    (screen, ok) = try tmux.waitFor(seconds: 15) {
      $0.contains("▍") && Self.newestAtBottom($0) != nil
    }
    try #require(ok, "no message streamed in at the bottom:\n\(screen)")
    let streamed = try #require(Self.newestAtBottom(screen))
    let before = try #require(Self.words(of: streamed, in: screen))
    (screen, ok) = try tmux.waitFor(seconds: 10) {
      Self.newestAtBottom($0) == streamed && (Self.words(of: streamed, in: $0) ?? 0) > before
    }
    #expect(ok, "message \(streamed) did not grow from \(before) words at the bottom:\n\(screen)")

    // Two pages up, one after the other: the chat stops following; the lines on screen stay
    // while messages arrive below, counted on the message line. "idle" on the status line
    // says nothing moves; two captures in a row agree on the lines.
    var previous = Self.listLines(screen)
    for page in 1...2 {
      try tmux.send("PPage")
      var last: [String] = []
      (screen, ok) = try tmux.waitFor(seconds: 15) { screen in
        let lines = Self.listLines(screen)
        defer { last = lines }
        return screen.contains("scrolled up") && screen.contains(" idle │") && lines == last
          && lines != previous
      }
      try #require(ok, "Page Up \(page) did not come to rest scrolled up:\n\(screen)")
      previous = Self.listLines(screen)
    }
    let scrolled = Self.listLines(screen)
    (screen, ok) = try tmux.waitFor(seconds: 15) { (Self.newBelow($0) ?? 0) >= 2 }
    try #require(ok, "no \"N new ↓\" hint while scrolled up:\n\(screen)")
    #expect(
      Self.listLines(screen) == scrolled,
      "the lines moved while scrolled up:\n\(scrolled.joined(separator: "\n"))\n---\n\(screen)")
    #expect(screen.contains("scrolled up"), "the status does not say scrolled up:\n\(screen)")

    // End jumps to the newest message; the hint goes and the chat follows again.
    try tmux.send("End")
    (screen, ok) = try tmux.waitFor(seconds: 10) {
      Self.newBelow($0) == nil && $0.contains("following") && Self.newestAtBottom($0) != nil
    }
    try #require(ok, "End did not jump to the newest message:\n\(screen)")
    let resumed = try #require(Self.newestAtBottom(screen))
    (screen, ok) = try tmux.waitFor(seconds: 15) { (Self.newestAtBottom($0) ?? 0) > resumed }
    #expect(ok, "after End the chat did not follow message \(resumed + 1):\n\(screen)")

    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("REEL_EXIT=0") }
    #expect(ok, "q did not exit 0:\n\(screen)")
  }

  @Test func withoutATerminalTheChatPrintsItsNewestMessages() throws {
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let run = try ReelDemoEndToEndTests.runWithoutTerminal(
      binary, ["--chat", "--frames", "2", "--size", "80x24"])
    #expect(run.status == 0, "reel-demo --chat exited \(run.status):\n\(run.output)")
    let frames = run.output.components(separatedBy: "── reel-demo frame ").dropFirst()
    #expect(frames.count == 2, "not 2 frames:\n\(run.output)")
    // Each frame ends with the newest message (the history has 40), following.
    for frame in frames {
      let lines = frame.split(separator: "\n").map(String.init)
      let numbers = lines.compactMap(Self.messageNumber)
      #expect((numbers.max() ?? 0) >= 40, "no messages in the frame:\n\(frame)")
      #expect(frame.contains("messages · following"), "the chat does not follow:\n\(frame)")
    }
  }
}
