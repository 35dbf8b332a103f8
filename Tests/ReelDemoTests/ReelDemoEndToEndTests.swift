import Foundation
import Testing

/// Runs the real `reel-demo` binary in a 100 × 30 tmux session and checks what a user sees:
/// the banner turns on a key (and announces it) and by itself, space pauses it (and the idle
/// demo sleeps), the list scrolls, `q` exits 0 and gives the terminal back. Out of process, so
/// it waits on the child, a few seconds at most.
@Suite(.serialized) struct ReelDemoEndToEndTests {
  /// The `reel-demo` built next to this test bundle (`swift build` builds it; so does
  /// `swift build --product reel-demo`).
  static func demoBinary() -> String? {
    var candidates: [URL] = []
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(runner.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug"))
    return candidates.map { $0.appendingPathComponent("reel-demo").path }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `reel-demo` at `binary` with `arguments`, standard input from /dev/null (no TTY), and
  /// returns its exit status and everything it printed.
  static func runWithoutTerminal(_ binary: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The banner's page number, from the indicator line ("  3/8   ● …").
  static func page(in screen: String) -> Int? {
    for line in screen.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard let slash = trimmed.firstIndex(of: "/"), trimmed.contains("●") else { continue }
      return Int(trimmed[..<slash])
    }
    return nil
  }

  /// The first visible row, from the status line ("… │ row 1 of 1,000,000 │ …").
  /// Whether the screen has a line that is exactly `line` (trimmed): the shell's output, not
  /// the typed command that prints it.
  static func printed(_ line: String, in screen: String) -> Bool {
    screen.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == line }
  }

  /// Whether the shell printed its verdict on the terminal's settings.
  static func printedTTYVerdict(_ screen: String) -> Bool {
    printed("TTY_RESTORED", in: screen) || printed("TTY_BROKEN", in: screen)
  }

  static func firstRow(in screen: String) -> Int? {
    guard let range = screen.range(of: "│ row ") else { return nil }
    let digits = screen[range.upperBound...].prefix { $0.isNumber || $0 == "," }
    return Int(digits.filter(\.isNumber))
  }

  /// The pid of the process the tmux pane's shell started (the demo), from /proc.
  static func demoProcess(under tmux: TmuxSession) throws -> Int? {
    let shell = try tmux.format("#{pane_pid}")
    let children = try? String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return children?.split(separator: " ").first.flatMap { Int($0) }
  }

  /// User plus system CPU time of a process in clock ticks, from /proc/PID/stat.
  static func cpuTicks(_ pid: Int) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the command: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  @Test func bannerTurnsListScrollsAndQuitRestoresTheTerminal() throws {
    guard TmuxSession.executable != nil else {
      Issue.record("tmux is not installed: install it (apt-get install tmux); .ci/run does")
      return
    }
    guard let binary = Self.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let command =
      "saved=$(stty -g); '\(binary)'; echo REEL_EXIT=$?; "
      + "[ \"$(stty -g)\" = \"$saved\" ] && echo TTY_RESTORED || echo TTY_BROKEN; sleep 20"
    let tmux = try TmuxSession(
      command: "sh -c \(TmuxSession.quoted(command))", columns: 100,
      rows: 30)

    // Up and drawn: the banner's indicator and the first rows.
    var (screen, ok) = try tmux.waitFor(seconds: 10) {
      Self.page(in: $0) != nil && $0.contains("Row 1") && Self.firstRow(in: $0) == 1
    }
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    #expect(try tmux.format("#{alternate_on}") == "1")

    // A key turns the banner by one page. The autoplay is paused first, so that no step of
    // its own races the key however slowly the machine runs.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("paused") }
    try #require(ok, "space did not pause the banner:\n\(screen)")
    let before = try #require(Self.page(in: screen))
    try tmux.send("n")
    (screen, ok) = try tmux.waitFor(seconds: 15) { Self.page(in: $0) != before }
    #expect(
      Self.page(in: screen) == before % 8 + 1,
      "n did not turn the banner from page \(before):\n\(screen)")

    // The key's page change is announced on the message line (for 5 s); autoplay's own steps
    // are not.
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Item \(before % 8 + 1) of 8: ") }
    #expect(ok, "the page change by n was not announced:\n\(screen)")

    // Resumed, the autoplay turns it again by itself (every 2 s).
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("▶ autoplay") }
    try #require(ok, "space did not resume the banner:\n\(screen)")
    let turned = Self.page(in: screen) ?? before
    (screen, ok) = try tmux.waitFor(seconds: 15) { Self.page(in: $0) == turned % 8 + 1 }
    #expect(ok, "the autoplay did not turn the banner from page \(turned):\n\(screen)")

    // The announcement expires: 5 s after it, the message line shows its resting hint again.
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("Click a banner page or a row") }
    #expect(ok, "the announcement did not expire:\n\(screen)")
    #expect(!screen.contains("Item \(before % 8 + 1) of 8: "))

    // Space pauses the autoplay: the page stays, and the idle demo sleeps (no CPU time) and
    // says so instead of a misleading frame rate.
    // Over 6 s (three autoplay intervals) the page stays and the process uses at most 12 clock
    // ticks of CPU time: CPU time, not wall time, so a loaded machine does not inflate it, and
    // a demo that kept drawing would use far more.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("paused") }
    #expect(ok, "space did not pause the banner:\n\(screen)")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains(" idle │") }
    #expect(ok, "the sleeping demo's status does not read idle:\n\(screen)")
    let paused = Self.page(in: screen)
    let demo = try Self.demoProcess(under: tmux)
    let ticksBefore = demo.flatMap(Self.cpuTicks)
    usleep(6_000_000)
    screen = try tmux.capture()
    #expect(Self.page(in: screen) == paused, "the paused banner turned:\n\(screen)")
    if let before = ticksBefore, let after = demo.flatMap(Self.cpuTicks) {
      #expect(after - before <= 12, "the paused demo used \(after - before) ticks of CPU in 6 s")
    }
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("▶ autoplay") }
    #expect(ok, "space did not resume the banner:\n\(screen)")

    // Page Down scrolls the list.
    try tmux.send("NPage")
    (screen, ok) = try tmux.waitFor(seconds: 15) { (Self.firstRow(in: $0) ?? 1) > 5 }
    #expect(ok, "Page Down did not scroll the list:\n\(screen)")

    // q quits with status 0 and leaves the terminal as it found it.
    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 15) { Self.printedTTYVerdict($0) }
    #expect(ok, "reel-demo did not exit on q:\n\(screen)")
    #expect(screen.contains("REEL_EXIT=0"))
    #expect(Self.printed("TTY_RESTORED", in: screen), "stty settings differ after exit:\n\(screen)")
    #expect(try tmux.format("#{alternate_on}") == "0")
    #expect(try tmux.format("#{cursor_flag}") == "1")
    #expect(try tmux.format("#{mouse_any_flag}") == "0")
  }

  @Test func withoutATerminalItPrintsFramesAndExitsZero() throws {
    guard let binary = Self.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let (status, text) = try Self.runWithoutTerminal(binary, ["--frames", "3", "--size", "80x24"])
    #expect(status == 0)
    #expect(text.contains("reel-demo frame 1/3"))
    #expect(text.contains("reel-demo frame 3/3"))
    #expect(!text.contains("\u{1B}"), "plain-text frames must carry no escape sequences")
    let frames = text.components(separatedBy: "── reel-demo frame").dropFirst()
    // 2.5 s apart: the banner's autoplay turned once between frames.
    #expect(frames.map { Self.page(in: $0) } == [1, 2, 3])
    #expect(frames.allSatisfy { $0.contains("▶ autoplay 2s") })
    #expect(!text.contains("Item 2 of 8"), "autoplay's page changes are not announced")
  }
}
