import Testing

/// Starts the real `reel-demo` in a tmux session, as the interaction tests need it.
enum DemoLauncher {
  /// Starts `reel-demo arguments` in a `columns` × `rows` tmux session; records an issue and
  /// returns `nil` when tmux or the demo binary is missing.
  static func start(_ arguments: String, columns: Int = 80, rows: Int = 24) throws -> TmuxSession? {
    guard TmuxSession.executable != nil else {
      Issue.record("tmux is not installed: install it (apt-get install tmux); .ci/run does")
      return nil
    }
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return nil
    }
    let command = "'\(binary)' \(arguments); echo REEL_EXIT=$?; sleep 20"
    return try TmuxSession(
      command: "sh -c \(TmuxSession.quoted(command))", columns: columns, rows: rows)
  }

  /// The screen's lines.
  static func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The row titles the million-row list shows, top to bottom, from the lines that start with
  /// a row's bar (▌, or ▶ when focused), an optional tick and the title: "Row 12", "New 2".
  static func rowTitles(_ screen: String) -> [String] {
    lines(screen).compactMap { line in
      guard let first = line.first, first == "▌" || first == "▶" else { return nil }
      var rest = line.dropFirst().drop { $0 == " " }
      if rest.hasPrefix("✓ ") { rest = rest.dropFirst(2) }
      guard rest.hasPrefix("Row ") || rest.hasPrefix("New ") else { return nil }
      let number = rest.dropFirst(4).prefix { $0.isNumber || $0 == "," }
      return String(rest.prefix(4)) + number
    }
  }
}
