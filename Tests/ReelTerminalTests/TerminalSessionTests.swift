import Glibc
import Testing

@testable import ReelTerminal

/// A pseudo-terminal pair, opened through /dev/ptmx (posix_openpt is not imported by Glibc).
struct PseudoTerminal {
  let controller: Int32
  let device: Int32

  init?() {
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
    guard controller >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    // TIOCSPTLCK and TIOCGPTN: the ioctl macros are not imported, their values are.
    guard ioctl(controller, UInt(0x4004_5431), &unlock) == 0,
      ioctl(controller, UInt(0x8004_5430), &number) == 0
    else {
      Glibc.close(controller)
      return nil
    }
    device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard device >= 0 else {
      Glibc.close(controller)
      return nil
    }
  }

  /// What the application wrote to the terminal so far.
  func drain() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(controller, &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func termiosFlags() -> (lflag: tcflag_t, iflag: tcflag_t) {
    var state = termios()
    _ = tcgetattr(device, &state)
    return (state.c_lflag, state.c_iflag)
  }

  func close() {
    Glibc.close(device)
    Glibc.close(controller)
  }
}

/// Session and event-loop tests share process-wide signal state, so they run one at a time.
@Suite(.serialized) struct TerminalSessionTests {
  @Test func sessionEntersRawModeAndRestoresOnClose() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let before = pty.termiosFlags()
    #expect(before.lflag & tcflag_t(ICANON) != 0)
    let session = try TerminalSession(input: pty.device, output: pty.device)
    #expect(TerminalSignals.isActive)
    let raw = pty.termiosFlags()
    #expect(raw.lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    #expect(
      pty.drain() == "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h"
        + "\u{1B}[?1004h\u{1B}[?2004h")
    #expect(throws: TerminalError.sessionAlreadyActive) {
      _ = try TerminalSession(input: pty.device, output: pty.device)
    }
    session.close()
    session.close()
    #expect(!TerminalSignals.isActive)
    #expect(pty.termiosFlags() == before)
    #expect(
      pty.drain() == "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1003l"
        + "\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
  }

  @Test func deinitRestores() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let before = pty.termiosFlags()
    do {
      _ = try TerminalSession(
        input: pty.device, output: pty.device, options: .init(mouse: false, focusEvents: false))
    }
    #expect(pty.termiosFlags() == before)
    #expect(pty.drain().hasSuffix("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
  }

  /// The code path of the SIGINT/SIGTERM/SIGHUP handlers and the atexit hook, run directly.
  @Test func signalHandlerRestoreUsesThePrecomputedState() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let before = pty.termiosFlags()
    let session = try TerminalSession(
      input: pty.device, output: pty.device, options: .init(alternateScreen: false))
    _ = pty.drain()
    TerminalSignals.restoreAsSignalHandlerWould()
    #expect(pty.termiosFlags() == before)
    #expect(pty.drain().hasSuffix("\u{1B}[?25h"))
    // A second restore (the handler ran, then close() or atexit) writes nothing more.
    session.close()
    #expect(pty.drain().isEmpty)
  }

  @Test func notATerminalIsRejected() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      Glibc.close(ends[0])
      Glibc.close(ends[1])
    }
    #expect(!TerminalIO.isTerminal(ends[0]))
    #expect(TerminalIO.size(of: ends[0]) == nil)
    #expect(throws: TerminalError.notATerminal(ends[0])) {
      _ = try TerminalSession(input: ends[0], output: ends[1])
    }
  }

  @Test func eventLoopReadsWholeBuffersAndFlushesEscape() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      Glibc.close(ends[0])
      Glibc.close(ends[1])
    }
    let loop = TerminalEventLoop(input: ends[0], sizeFD: ends[0])
    loop.escapeTimeoutMilliseconds = 0
    #expect(loop.waitForEvents(timeoutMilliseconds: 0).isEmpty)
    try TerminalIO.writeAll(Array("q\u{1B}[A\u{1B}[<64;3;4M".utf8), to: ends[1])
    #expect(
      loop.waitForEvents(timeoutMilliseconds: -1) == [
        .key(KeyEvent(.character("q"))), .key(KeyEvent(.up)),
        .mouse(MouseEvent(.scroll(.up), x: 2, y: 3)),
      ])
    try TerminalIO.writeAll([0x1B], to: ends[1])
    #expect(loop.waitForEvents(timeoutMilliseconds: -1) == [.key(KeyEvent(.escape))])
    Glibc.close(ends[1])
    ends[1] = -1
    _ = loop.waitForEvents(timeoutMilliseconds: -1)
    #expect(loop.isInputClosed)
    #expect(loop.waitForEvents(timeoutMilliseconds: 0).isEmpty)
  }

  @Test func eventLoopReportsResize() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    var window = winsize(ws_row: 33, ws_col: 101, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(pty.device, UInt(TIOCSWINSZ), &window) == 0)
    #expect(TerminalIO.size(of: pty.device) == TerminalSize(columns: 101, rows: 33))
    let loop = TerminalEventLoop(input: pty.device, sizeFD: pty.device)
    _ = TerminalSignals.consumeResize()
    TerminalSignals.simulateResize()
    #expect(
      loop.waitForEvents(timeoutMilliseconds: -1) == [.resize(TerminalSize(columns: 101, rows: 33))]
    )
    #expect(loop.waitForEvents(timeoutMilliseconds: 0).isEmpty)
  }

  @Test func writeAllWritesEverything() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      Glibc.close(ends[0])
      Glibc.close(ends[1])
    }
    let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    try TerminalIO.writeAll(bytes, to: ends[1])
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while received.count < bytes.count {
      let count = read(ends[0], &chunk, chunk.count)
      if count <= 0 { break }
      received += chunk[0..<count]
    }
    #expect(received == bytes)
    #expect(throws: TerminalError.self) { try TerminalIO.writeAll([1], to: -1) }
  }
}
