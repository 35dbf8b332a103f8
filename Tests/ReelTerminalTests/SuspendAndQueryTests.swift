import Glibc
import Testing

@testable import ReelTerminal

/// Resuming after a stop, and the background colour query, on a real pseudo-terminal. In the
/// serialized session suite: they share the process-wide signal state. The stop itself (Ctrl-Z,
/// then `fg` in a shell) would stop the test runner; the tmux end-to-end test covers it.
extension TerminalSessionTests {
  /// SIGCONT (as after `fg`, or after a SIGSTOP the handlers never saw) takes the terminal
  /// back even when the shell reset it meanwhile: raw mode again, the modes re-sent, and the
  /// event loop reports the resume and the current size.
  @Test func continueSignalReentersRawModeAndAsksForARedraw() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.device, UInt(TIOCSWINSZ), &window) == 0)
    let cooked = pty.termiosFlags()
    /// The SIGCONT disposition's handler, as bytes.
    func continueHandler() -> [UInt8] {
      var action = sigaction()
      sigaction(SIGCONT, nil, &action)
      return withUnsafeBytes(of: action.__sigaction_handler) { Array($0) }
    }
    let handlerBefore = continueHandler()
    let session = try TerminalSession(
      input: pty.device, output: pty.device, options: .init(mouse: false, focusEvents: false))
    #expect(continueHandler() != handlerBefore, "the session did not install a SIGCONT handler")
    defer { session.close() }
    let loop = TerminalEventLoop(session: session)
    _ = TerminalSignals.consumeResize()
    let raw = pty.termiosFlags()
    _ = pty.drain()

    // The shell puts the terminal back into cooked mode while the job is stopped.
    var state = termios()
    _ = tcgetattr(pty.device, &state)
    state.c_lflag |= tcflag_t(ICANON | ECHO | ISIG)
    _ = tcsetattr(pty.device, TCSANOW, &state)
    #expect(pty.termiosFlags().lflag & tcflag_t(ICANON) != 0)

    // To the process, as the shell sends it; the test's worker thread may block it, so the
    // handler may run on another thread: the event loop's wake-up waits for it.
    _ = kill(getpid(), SIGCONT)
    #expect(
      loop.waitForEvents(timeoutMilliseconds: 10_000) == [
        .resumed, .resize(TerminalSize(columns: 80, rows: 24)),
      ])
    #expect(pty.termiosFlags() == raw, "raw mode was not re-entered")
    #expect(pty.termiosFlags() != cooked)
    #expect(pty.drain() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h", "the modes were not re-sent")
    #expect(loop.waitForEvents(timeoutMilliseconds: 0).isEmpty)
    #expect(!TerminalSignals.isSuspended)

    // After close, SIGCONT leaves the terminal alone: its handler is the one from before the
    // session, so nothing can arrive later; the checks after the signal need no waiting.
    session.close()
    _ = pty.drain()
    let closed = pty.termiosFlags()
    #expect(continueHandler() == handlerBefore, "close did not restore the SIGCONT handler")
    _ = kill(getpid(), SIGCONT)
    #expect(loop.waitForEvents(timeoutMilliseconds: 0).isEmpty)
    #expect(pty.termiosFlags() == closed)
    #expect(pty.drain().isEmpty)
    #expect(cooked == closed)
  }

  /// The terminal answers the OSC 11 query (here the answer is already waiting): the colour is
  /// read, both answers are consumed, and a key typed meanwhile reaches the event loop.
  @Test func backgroundQueryReadsTheAnswerAndKeepsTypedKeys() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let session = try TerminalSession(input: pty.device, output: pty.device)
    defer { session.close() }
    _ = pty.drain()
    try TerminalIO.writeAll(
      Array("q\u{1B}]11;rgb:ffff/ffff/f0f0\u{1B}\\\u{1B}[?62;22c".utf8), to: pty.controller)
    let color = session.queryBackgroundColor(timeoutMilliseconds: 5000)
    #expect(color == TerminalColor(red: 255, green: 255, blue: 240))
    #expect(pty.drain() == "\u{1B}]11;?\u{1B}\\\u{1B}[c")
    let loop = TerminalEventLoop(session: session)
    #expect(loop.waitForEvents(timeoutMilliseconds: 0) == [.key(KeyEvent(.character("q")))])
  }

  /// A terminal that answers Device Attributes but not OSC 11 ends the wait at once with
  /// `nil`; one that answers nothing ends it at the timeout; a closed session does not ask.
  @Test func backgroundQueryWithoutAnAnswer() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let session = try TerminalSession(input: pty.device, output: pty.device)
    try TerminalIO.writeAll(Array("\u{1B}[?1;2c".utf8), to: pty.controller)
    // A long timeout: the Device Attributes answer must end the wait, or the test stalls.
    // It must end well before the timeout: a wait that ran out would pass the `nil` check too.
    let clock = ContinuousClock()
    let start = clock.now
    #expect(session.queryBackgroundColor(timeoutMilliseconds: 60_000) == nil)
    let waited = clock.now - start
    #expect(waited < .seconds(30), "the Device Attributes answer did not end the wait (\(waited))")
    #expect(session.queryBackgroundColor(timeoutMilliseconds: 20) == nil)
    session.close()
    _ = pty.drain()
    #expect(session.queryBackgroundColor() == nil)
    #expect(pty.drain().isEmpty, "a closed session wrote a query")
  }
}

@Suite struct BackgroundReplyTests {
  @Test func colourSpecifications() {
    func color(_ body: String) -> TerminalColor? {
      BackgroundReply.color(from: Array(body.utf8))
    }
    #expect(color("rgb:ffff/0000/8080") == TerminalColor(red: 255, green: 0, blue: 128))
    #expect(color("rgb:ff/00/80") == TerminalColor(red: 255, green: 0, blue: 128))
    #expect(color("rgb:f/0/8") == TerminalColor(red: 255, green: 0, blue: 136))
    #expect(color("rgba:1010/1212/1818/ffff") == TerminalColor(red: 16, green: 18, blue: 24))
    #expect(color("#FAFAF7") == TerminalColor(hex: 0xFA_FA_F7))
    #expect(color("rgb:fffff/0/0") == nil)
    #expect(color("rgb:zz/00/00") == nil)
    #expect(color("rgb:ff/00") == nil)
    #expect(color("blue") == nil)
  }

  @Test func scanFindsBothAnswersAmongInput() {
    let bytes = Array("a\u{1B}]11;rgb:00/00/00\u{07}b\u{1B}[?64;1;2cc".utf8)
    let scan = BackgroundReply.scan(bytes)
    #expect(scan.color == .black)
    #expect(scan.isComplete)
    #expect(scan.rest == Array("abc".utf8))
    let partial = BackgroundReply.scan(Array("\u{1B}]11;rgb:00/00".utf8))
    #expect(!partial.isComplete && partial.color == nil)
    #expect(TerminalCapabilities(colorDepth: .ansi16, backgroundColor: .white).hasLightBackground)
    #expect(!TerminalCapabilities(colorDepth: .ansi16, backgroundColor: .black).hasLightBackground)
    #expect(!TerminalCapabilities(colorDepth: .ansi16).hasLightBackground)
  }
}
