import Foundation
import Testing

/// The million rows' random edit (`d`) in a real terminal: the message names the seed and the
/// rows edited; mid-way an inserted row is still fading in (drawn in other colours than at
/// rest); at rest the rows on screen are in the order the edit's rules give for that seed,
/// computed here from the rules (not from the demo's code), and no deleted row shows. The
/// animation is slowed to 6 s (`--animation`) so that a loaded machine, where one capture can
/// take a second, still captures it mid-way; every wait polls with a deadline.
@Suite(.serialized) struct ReelDemoEditTests {
  /// SplitMix64, as the demo's `--seed` documents it: add the golden gamma, mix.
  struct SplitMix64 {
    var state: UInt64
    mutating func next(below count: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(count))
    }
  }

  /// The edit's rules on the titles of the rows edited: delete two at random positions, move
  /// one, insert "New 1" and "New 2" at random positions. Returns the new order and the deleted.
  static func expectedEdit(of window: [String], seed: UInt64) -> (
    order: [String], deleted: [String]
  ) {
    var random = SplitMix64(state: seed)
    var order = window
    var deleted: [String] = []
    for _ in 0..<min(2, max(0, order.count - 1)) {
      deleted.append(order.remove(at: random.next(below: order.count)))
    }
    if order.count >= 2 {
      let row = order.remove(at: random.next(below: order.count))
      order.insert(row, at: random.next(below: order.count + 1))
    }
    for number in 1...2 { order.insert("New \(number)", at: random.next(below: order.count + 1)) }
    return (order, deleted)
  }

  /// The rows edited, from the message "Edit 1 (seed 7) of rows 1–9: …".
  static func editedRows(in screen: String, seed: UInt64) -> ClosedRange<Int>? {
    guard let range = screen.range(of: "Edit 1 (seed \(seed)) of rows ") else { return nil }
    let text = screen[range.upperBound...].prefix { $0.isNumber || $0 == "–" || $0 == "," }
    let bounds = text.split(separator: "–").map { Int($0.filter(\.isNumber)) }
    guard bounds.count == 2, let low = bounds[0], let high = bounds[1], low <= high else {
      return nil
    }
    return low...high
  }

  @Test(arguments: [7, 2026] as [UInt64])
  func anEditFadesInThenRestsInTheSeedsOrder(seed: UInt64) throws {
    guard
      let tmux = try DemoLauncher.start(
        "--seed \(seed) --animation 6 --colors truecolor --theme dark", columns: 80, rows: 30)
    else { return }
    var (screen, ok) = try tmux.waitFor(seconds: 15) { $0.contains("row 1 of 1,000,000") }
    try #require(ok, "the demo did not draw its first frame:\n\(screen)")
    // Space pauses the banner, so that the screen rests ("idle") once the edit has animated.
    try tmux.send("Space")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("paused") && $0.contains("idle") }
    try #require(ok, "space did not pause the banner:\n\(screen)")
    let before = DemoLauncher.rowTitles(screen)
    #expect(before.first == "Row 1", "the list does not start at row 1:\n\(screen)")

    try tmux.send("d")
    (screen, ok) = try tmux.waitFor(seconds: 10) { Self.editedRows(in: $0, seed: seed) != nil }
    try #require(ok, "d did not report an edit with seed \(seed):\n\(screen)")
    let edited = try #require(Self.editedRows(in: screen, seed: seed))
    let expected = Self.expectedEdit(of: edited.map { "Row \($0)" }, seed: seed)

    // Every screen from right after the key to rest, polled with a deadline: the status line
    // shows frames per second while the edit animates, then "idle" again.
    var captures: [ScreenCapture] = []
    var animated = false
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let capture = ScreenCapture(try tmux.captureWithEscapes())
      captures.append(capture)
      let idle = capture.text.contains("idle")
      if animated && idle { break }
      animated = animated || !idle
      usleep(50_000)
    }
    let rest = try #require(captures.last)
    screen = rest.text
    try #require(screen.contains("idle"), "the edit did not come to rest:\n\(screen)")
    #expect(captures.count >= 3, "the edit animated over \(captures.count) captures only")

    // At rest the rows are a run of the expected order followed by the rows after the edited
    // ones, and no deleted row shows.
    let titles = DemoLauncher.rowTitles(screen)
    let following = (edited.upperBound + 1...edited.upperBound + 40).map { "Row \($0)" }
    let order = expected.order + following
    let start = try #require(
      titles.first.flatMap { order.firstIndex(of: $0) },
      "the first row on screen, \(titles.first ?? "none"), is not in the edit's order \(order)")
    #expect(titles.count >= 4, "too few rows at rest:\n\(screen)")
    #expect(
      Array(order[start..<min(order.count, start + titles.count)]) == titles,
      "at rest the rows \(titles) are not in the order of seed \(seed): \(expected.order)")
    for row in expected.deleted {
      #expect(!titles.contains(row), "deleted \(row) still shows at rest:\n\(screen)")
    }

    // Right after and mid-way an inserted row that shows at rest was drawn in other colours:
    // its title's colour takes at least three values (fading, still fading, at rest).
    let inserted = titles.filter { $0.hasPrefix("New ") }
    try #require(!inserted.isEmpty, "no inserted row shows at rest for seed \(seed):\n\(screen)")
    let fades = inserted.map { title in
      Set(captures.compactMap { $0.cells(startingAt: title)?.first?.foreground }).count
    }
    let rightAfter = captures.first?.text ?? ""
    #expect(
      fades.contains { $0 >= 3 },
      "no inserted row faded in (\(inserted): \(fades) colours); right after d:\n\(rightAfter)")
    try tmux.send("q")
    (screen, ok) = try tmux.waitFor(seconds: 10) { $0.contains("REEL_EXIT=0") }
    #expect(ok, "q did not exit 0:\n\(screen)")
  }

  @Test(arguments: [
    (["--seed", "-3"], "--seed needs a whole number ≥ 0, got \"-3\""),
    (["--animation", "0"], "--animation needs seconds in (0, 60], got \"0\""),
  ])
  func badEditOptionsAreRefusedWithTheirContract(arguments: [String], message: String) throws {
    guard let binary = ReelDemoEndToEndTests.demoBinary() else {
      Issue.record("reel-demo is not built next to the tests: run `swift build` first")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments + ["--frames", "1"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 2, "exited \(process.terminationStatus):\n\(text)")
    #expect(text.contains("reel-demo: \(message)"), "the message is not \(message):\n\(text)")
  }
}
