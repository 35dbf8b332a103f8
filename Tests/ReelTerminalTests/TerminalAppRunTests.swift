import Glibc
import Reel
import Testing

@testable import ReelTerminal

/// A scene driven by what its terminal gives it: it types `typed` at the terminal when it
/// starts (the session is in raw mode by then), records what it hears and draws its frame
/// number. It moves for its first `movingFrames` frames; it finishes on `finishKey`, once those
/// frames are drawn, or, as a safety net, ten seconds after its first tick (`timedOut`).
private final class ScriptedScene: TerminalScene {
  let controller: Int32
  let typed: String
  let movingFrames: Int
  let finishKey: KeyEvent?
  var capabilities: TerminalCapabilities?
  var size = TerminalSize(columns: 0, rows: 0)
  var events: [InputEvent] = []
  var frames: [TerminalFrameInfo] = []
  var timedOut = false
  var typingError: (any Error)?
  private var finishedByKey = false
  private var deadline: ReelInstant?

  init(controller: Int32, typing typed: String = "", movingFrames: Int = 0, finishKey: KeyEvent?) {
    self.controller = controller
    self.typed = typed
    self.movingFrames = movingFrames
    self.finishKey = finishKey
  }

  var isFinished: Bool {
    finishedByKey || timedOut || (movingFrames > 0 && frames.count >= movingFrames)
  }
  var needsFrames: Bool { frames.count < movingFrames }
  var nextDeadline: ReelInstant? { deadline }

  func start(in terminal: TerminalCapabilities) {
    capabilities = terminal
    do {
      try TerminalIO.writeAll(Array(typed.utf8), to: controller)
    } catch {
      typingError = error
    }
  }
  func layout(for size: TerminalSize) { self.size = size }
  func handle(_ event: InputEvent, at time: ReelInstant) {
    events.append(event)
    if case .key(let key) = event, key == finishKey { finishedByKey = true }
  }
  func tick(_ now: ReelInstant) {
    if deadline == nil { deadline = now.advanced(by: .seconds(10)) }
    if let deadline, now >= deadline { timedOut = true }
  }
  func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
    frames.append(info)
    screen.clear()
    screen.drawText("frame \(info.frameNumber)", in: screen.bounds)
  }
}

/// A pseudo-terminal of 20 × 3 cells.
private func smallTerminal() throws -> PseudoTerminal {
  let pty = try #require(PseudoTerminal())
  var window = winsize(ws_row: 3, ws_col: 20, ws_xpixel: 0, ws_ypixel: 0)
  #expect(ioctl(pty.device, UInt(TIOCSWINSZ), &window) == 0)
  return pty
}

/// `TerminalApp.run` on a real pseudo-terminal, its options included (in the serialized session
/// suite: a run holds the process-wide terminal session). Ctrl-Z's suspension would stop the
/// test runner; the tmux end-to-end test of the demo covers it.
extension TerminalSessionTests {
  /// The scene hears the terminal's size and the colour depth set on the app, and the keys
  /// typed; Ctrl-C ends the loop without reaching the scene; the terminal gets the session's
  /// modes, the frame, and then everything back.
  @Test func runDrawsTheSceneHandsItKeysAndEndsOnControlC() throws {
    let pty = try smallTerminal()
    defer { pty.close() }
    let before = pty.termiosFlags()
    let scene = ScriptedScene(controller: pty.controller, typing: "x\u{3}", finishKey: nil)
    let app = TerminalApp()
    app.colorDepth = .ansi16
    #expect(app.quitsOnControlC && app.suspendsOnControlZ && !app.queriesBackgroundColor)
    let options = TerminalSession.Options(mouse: false, focusEvents: false)
    try app.run(scene, options: options, input: pty.device, output: pty.device)
    #expect(!scene.timedOut && scene.typingError == nil)
    #expect(scene.capabilities == TerminalCapabilities(colorDepth: .ansi16))
    #expect(scene.size == TerminalSize(columns: 20, rows: 3))
    #expect(scene.events == [.key(KeyEvent(.character("x")))])
    #expect(scene.frames.first?.frameNumber == 0)
    #expect(!TerminalSignals.isActive)
    #expect(pty.termiosFlags() == before, "the terminal was not given back")
    let written = pty.drain()
    let enable = String(decoding: options.enableSequence, as: UTF8.self)
    let restore = String(decoding: options.restoreSequence, as: UTF8.self)
    #expect(written.hasPrefix(enable), "\(written.debugDescription)")
    #expect(written.contains("frame 0"))
    #expect(written.hasSuffix(restore), "\(written.debugDescription)")
    #expect(!written.contains("\u{1B}[?1000h"), "mouse reporting was turned on")
  }

  /// With `quitsOnControlC` and `suspendsOnControlZ` off, both arrive as keys and the scene
  /// decides when to finish.
  @Test func withoutQuitAndSuspendKeysTheSceneHearsThem() throws {
    let pty = try smallTerminal()
    defer { pty.close() }
    let quit = KeyEvent(.character("q"))
    let scene = ScriptedScene(
      controller: pty.controller, typing: "\u{3}\u{1A}q", finishKey: quit)
    let app = TerminalApp()
    app.quitsOnControlC = false
    app.suspendsOnControlZ = false
    try app.run(scene, options: .init(), input: pty.device, output: pty.device)
    #expect(!scene.timedOut && scene.typingError == nil)
    #expect(
      scene.events == [
        .key(KeyEvent(.character("c"), modifiers: .control)),
        .key(KeyEvent(.character("z"), modifiers: .control)), .key(quit),
      ])
    #expect(!TerminalSignals.isActive)
  }

  /// While the scene moves, frames come at least `frameInterval` apart, numbered in order, each
  /// told the bytes the one before it wrote and the frame times of the animation so far.
  @Test func framesComeAtTheFrameIntervalWhileTheSceneMoves() throws {
    let pty = try smallTerminal()
    defer { pty.close() }
    let scene = ScriptedScene(controller: pty.controller, movingFrames: 5, finishKey: nil)
    let app = TerminalApp(frameInterval: .milliseconds(30))
    #expect(app.frameInterval == .milliseconds(30))
    try app.run(scene, options: .init(), input: pty.device, output: pty.device)
    #expect(!scene.timedOut && scene.typingError == nil)
    let frames = scene.frames
    #expect(frames.map(\.frameNumber) == Array(0..<5))
    #expect(frames.first?.lastFrameBytes == 0)
    var checked = 0
    for (previous, frame) in zip(frames, frames.dropFirst()) {
      #expect(
        frame.time.seconds(since: previous.time) >= 0.03,
        "frame \(frame.frameNumber) came \(frame.time.seconds(since: previous.time)) s after")
      #expect(frame.lastFrameBytes > 0)
      let times = frame.frameTimes
      #expect(times.count == frame.frameNumber, "every moving frame before it is measured")
      #expect(times.median >= 0 && times.median <= times.worst)
      checked += 1
    }
    #expect(checked == 4)
    // The first frame whole, then only what changed (the frame number's digit), then the
    // terminal given back.
    let written = pty.drain()
    #expect(written.contains("frame 0"))
    #expect(
      written.hasSuffix(String(decoding: TerminalSession.Options().restoreSequence, as: UTF8.self)))
  }

  /// `queriesBackgroundColor` asks the terminal for its background before the first frame and
  /// tells the scene; a key typed before the answer still reaches it. Without an answer the
  /// wait ends at `backgroundQueryTimeout` and the scene hears no colour.
  @Test func theBackgroundColourQueryReachesTheScene() throws {
    for answers in [true, false] {
      let pty = try smallTerminal()
      defer { pty.close() }
      // Raw before the run, so that what is typed now is readable at once (the run gives the
      // terminal back in this state).
      var state = termios()
      _ = tcgetattr(pty.device, &state)
      cfmakeraw(&state)
      _ = tcsetattr(pty.device, TCSANOW, &state)
      let before = pty.termiosFlags()
      let reply = answers ? "\u{1B}]11;rgb:ffff/ffff/f0f0\u{1B}\\\u{1B}[?62;22c" : ""
      try TerminalIO.writeAll(Array(("q" + reply).utf8), to: pty.controller)
      let quit = KeyEvent(.character("q"))
      let scene = ScriptedScene(controller: pty.controller, finishKey: quit)
      let app = TerminalApp()
      app.colorDepth = .trueColor
      app.queriesBackgroundColor = true
      app.backgroundQueryTimeout = answers ? .seconds(30) : .milliseconds(50)
      try app.run(scene, options: .init(), input: pty.device, output: pty.device)
      #expect(!scene.timedOut && scene.typingError == nil)
      #expect(pty.drain().contains("\u{1B}]11;?\u{1B}\\\u{1B}[c"), "the query was not asked")
      #expect(
        scene.capabilities?.backgroundColor
          == (answers ? TerminalColor(red: 255, green: 255, blue: 240) : nil),
        "answered: \(answers)")
      #expect(scene.events == [.key(quit)], "answered: \(answers)")
      #expect(pty.termiosFlags() == before)
    }
  }
}
