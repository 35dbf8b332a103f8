import Glibc

/// A terminal put into the state a full-screen application needs, and put back afterwards.
///
/// Starting a session saves the termios of the input terminal and switches it to raw mode
/// (no echo, no line buffering, no signal keys: Ctrl-C arrives as a key), then turns on the
/// alternate screen, hides the cursor and enables SGR mouse reporting with any-motion
/// tracking, focus events and bracketed paste, as ``Options`` asks. Everything is undone on
/// every way out: ``close()``, `deinit`, `exit()` (an `atexit` hook), SIGINT, SIGTERM, SIGHUP
/// and SIGQUIT, and the crash signals (SIGABRT, SIGILL and SIGTRAP from a failed precondition,
/// SIGSEGV, SIGBUS, SIGFPE), whose handlers restore the terminal from pre-computed storage and
/// then re-raise the signal with its default action. SIGWINCH sets a flag and wakes ``TerminalEventLoop``.
///
/// Ctrl-Z arrives as a key in raw mode; ``suspend()`` (which ``TerminalApp`` calls for it) and
/// a SIGTSTP from elsewhere give the terminal back and stop the process. When the shell
/// continues it (`fg`, SIGCONT), the session re-enters raw mode and re-sends its modes, and the
/// event loop reports ``InputEvent/resumed`` and the current size: redraw everything.
///
/// One session can be active per process at a time.
///
/// ```swift
/// let session = try TerminalSession()
/// defer { session.close() }
/// let loop = TerminalEventLoop(session: session)
/// let renderer = FrameRenderer()
/// var screen = ScreenBuffer(width: session.size.columns, height: session.size.rows)
/// while running {
///   for event in loop.waitForEvents(timeoutMilliseconds: 16) { handle(event) }
///   renderer.render(screen)
///   try renderer.write(to: session.outputFD)
/// }
/// ```
public final class TerminalSession {
  /// Which terminal modes a session turns on.
  public struct Options: Hashable, Sendable {
    /// Switch to the alternate screen (`CSI ?1049h`), keeping the shell's scrollback intact.
    public var alternateScreen: Bool
    /// Hide the cursor (`CSI ?25l`).
    public var hideCursor: Bool
    /// Report mouse presses, releases, drags, motion and wheel in SGR form
    /// (`CSI ?1000h`, `?1003h`, `?1006h`).
    public var mouse: Bool
    /// Report focus in and out (`CSI ?1004h`).
    public var focusEvents: Bool
    /// Wrap pasted text in `CSI 200~` … `CSI 201~` (`CSI ?2004h`).
    public var bracketedPaste: Bool

    /// Creates options; by default every mode is on.
    ///
    /// - Complexity: O(1).
    public init(
      alternateScreen: Bool = true, hideCursor: Bool = true, mouse: Bool = true,
      focusEvents: Bool = true, bracketedPaste: Bool = true
    ) {
      self.alternateScreen = alternateScreen
      self.hideCursor = hideCursor
      self.mouse = mouse
      self.focusEvents = focusEvents
      self.bracketedPaste = bracketedPaste
    }

    /// The bytes that turn the modes on.
    public var enableSequence: [UInt8] {
      var text = ""
      if alternateScreen { text += "\u{1B}[?1049h" }
      if hideCursor { text += "\u{1B}[?25l" }
      if mouse { text += "\u{1B}[?1000h\u{1B}[?1003h\u{1B}[?1006h" }
      if focusEvents { text += "\u{1B}[?1004h" }
      if bracketedPaste { text += "\u{1B}[?2004h" }
      return Array(text.utf8)
    }

    /// The bytes that turn the modes off again and reset the attributes, in reverse order.
    public var restoreSequence: [UInt8] {
      var text = "\u{1B}[0m"
      if bracketedPaste { text += "\u{1B}[?2004l" }
      if focusEvents { text += "\u{1B}[?1004l" }
      if mouse { text += "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1000l" }
      if hideCursor { text += "\u{1B}[?25h" }
      if alternateScreen { text += "\u{1B}[?1049l" }
      return Array(text.utf8)
    }
  }

  /// The terminal read from; its termios is switched to raw mode.
  public let inputFD: Int32
  /// The terminal written to.
  public let outputFD: Int32
  /// The modes this session turned on.
  public let options: Options
  /// Whether the session still holds the terminal (``close()`` not yet called).
  public private(set) var isActive: Bool
  /// Input read while waiting for a query's answer, for the event loop to decode first.
  var leftoverInput: [UInt8] = []

  /// Takes over the terminal: raw mode, then the modes in `options`.
  ///
  /// - Throws: ``TerminalError/notATerminal(_:)`` when `input` is not a terminal,
  ///   ``TerminalError/sessionAlreadyActive`` when another session is active, or
  ///   ``TerminalError/systemCall(_:_:)``.
  /// - Complexity: O(1), a few system calls.
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options()
  ) throws {
    guard TerminalIO.isTerminal(input) else { throw TerminalError.notATerminal(input) }
    inputFD = input
    outputFD = output
    self.options = options
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { throw TerminalError.systemCall("tcgetattr", errno) }
    var raw = saved
    cfmakeraw(&raw)  // also VMIN 1, VTIME 0: a read returns as soon as one byte is there
    try TerminalSignals.activate(
      termiosFD: input, outputFD: output, saved: saved, raw: raw,
      restore: options.restoreSequence, enter: options.enableSequence)
    guard tcsetattr(input, TCSANOW, &raw) == 0 else {
      let error = errno
      TerminalSignals.deactivate()
      throw TerminalError.systemCall("tcsetattr", error)
    }
    isActive = true
    do {
      try TerminalIO.writeAll(options.enableSequence, to: output)
    } catch {
      close()
      throw error
    }
  }

  deinit {
    close()
  }

  /// Gives the terminal back: writes ``Options/restoreSequence``, restores the saved termios and
  /// the previous signal handlers. Safe to call more than once.
  ///
  /// - Complexity: O(1), a few system calls.
  public func close() {
    guard isActive else { return }
    isActive = false
    TerminalSignals.deactivate()
  }

  /// The terminal's current size, or 80 × 24 when it cannot be read.
  ///
  /// - Complexity: O(1), one system call.
  public var size: TerminalSize {
    TerminalIO.size(of: outputFD) ?? TerminalIO.size(of: inputFD)
      ?? TerminalSize(columns: 80, rows: 24)
  }

  /// Gives the terminal back and stops the process, as Ctrl-Z does for a program in a cooked
  /// terminal; returns once the shell continues it (`fg`), with raw mode and the modes back.
  /// (SIGTSTP goes to the process: called from a thread that blocks it, such as a worker
  /// thread, the stop comes as soon as another thread takes the signal.)
  ///
  /// The next ``TerminalEventLoop/waitForEvents(timeoutMilliseconds:)`` reports
  /// ``InputEvent/resumed`` and a resize with the current size; redraw the whole screen (call
  /// ``FrameRenderer/invalidate()``). Does nothing after ``close()``.
  ///
  /// ```swift
  /// case .key(let key) where key.key == .character("z") && key.modifiers == .control:
  ///   session.suspend()
  /// ```
  ///
  /// - Complexity: O(1), a few system calls (plus the time the process is stopped).
  public func suspend() {
    guard isActive else { return }
    TerminalSignals.suspend()
  }

  /// Writes bytes to the terminal, all of them; see ``TerminalIO/writeAll(_:to:)-([UInt8],_)``.
  ///
  /// - Complexity: O(n) in the number of bytes.
  public func write(_ bytes: [UInt8]) throws {
    try TerminalIO.writeAll(bytes, to: outputFD)
  }
}
