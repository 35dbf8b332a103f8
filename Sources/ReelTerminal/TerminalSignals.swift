import Glibc
import Synchronization

// Process-wide state for the signal handlers and the `atexit` hook.
//
// A signal handler may only touch memory that needs no locking and no allocation, so the
// restore bytes and the saved termios live in storage allocated once, before any handler is
// installed, and are only read by the handlers. These globals are `nonisolated(unsafe)`
// because Swift 6 has no way to express "written on one thread while no handler can run,
// read from an async signal handler": the writes happen in `TerminalSignals.activate` and
// `deactivate`, and the flags are `sig_atomic_t`, the only type C guarantees a handler can
// read and write atomically.

/// Non-zero while a session's terminal state needs restoring.
nonisolated(unsafe) private var restoreNeeded: sig_atomic_t = 0
/// Non-zero after SIGWINCH (or a resume), until the event loop consumes it. An atomic: the
/// handler may run on any thread while the event loop reads it on its own (lock-free, so
/// async-signal-safe).
private let resizePending = Atomic<Int32>(0)
/// The terminal whose termios is restored.
nonisolated(unsafe) private var restoreTermiosFD: Int32 = -1
/// The descriptor the restore bytes are written to.
nonisolated(unsafe) private var restoreOutputFD: Int32 = -1
/// The termios saved when the session started.
nonisolated(unsafe) private var savedTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// The escape sequences that undo the session's modes.
nonisolated(unsafe) private var restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
/// How many of `restoreBytes` are used.
nonisolated(unsafe) private var restoreCount = 0
/// The termios of the session's raw mode, re-applied on resume.
nonisolated(unsafe) private var rawTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
/// The escape sequences that turn the session's modes on, re-sent on resume.
nonisolated(unsafe) private var enterBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
/// How many of `enterBytes` are used.
nonisolated(unsafe) private var enterCount = 0
/// Non-zero from SIGTSTP until the terminal is taken back on SIGCONT.
nonisolated(unsafe) private var suspended: sig_atomic_t = 0
/// Non-zero after a resume, until the event loop consumes it (atomic, as `resizePending`).
private let resumePending = Atomic<Int32>(0)
/// Our SIGTSTP action, re-installed after each stop.
nonisolated(unsafe) private var stopAction = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
/// The self-pipe: the SIGWINCH handler writes a byte to wake `poll`.
nonisolated(unsafe) private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
/// The actions in place before ours, restored by `deactivate`.
nonisolated(unsafe) private var previousActions = UnsafeMutablePointer<sigaction>.allocate(
  capacity: 16)
/// Whether the handlers and the `atexit` hook are in place.
nonisolated(unsafe) private var installed = false
nonisolated(unsafe) private var exitHookRegistered = false

/// The signals that end the process by default and would leave the terminal raw: the polite
/// ones, and the crashes (a failed precondition or a trap in cell code is SIGILL or SIGTRAP).
private let terminatingSignals: [Int32] = [
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE,
]

/// Restores the terminal from pre-computed storage and ends the session's claim on it.
/// Async-signal-safe: only `write` and `tcsetattr`, no allocation, no locks.
private func restoreTerminalNow() {
  guard restoreNeeded != 0 else { return }
  restoreNeeded = 0
  if suspended != 0 {
    suspended = 0  // already given back by the stop
    return
  }
  writeNow(restoreBytes, restoreCount)
  _ = tcsetattr(restoreTermiosFD, TCSANOW, savedTermios)
}

/// Writes pre-computed bytes to the session's output, retrying a bounded number of times.
/// Async-signal-safe.
private func writeNow(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
  var done = 0
  var attempts = 0
  while done < count && attempts < 64 {
    attempts += 1
    let written = write(restoreOutputFD, bytes + done, count - done)
    if written > 0 {
      done += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      break
    }
  }
}

/// SIGTSTP (Ctrl-Z from ``TerminalSession/suspend()``, or `kill -TSTP`): gives the terminal
/// back as the shell expects it, stops with the default action, and once continued takes the
/// terminal back (unless the SIGCONT handler already did). Async-signal-safe.
private func handleStopSignal(_ signal: Int32) {
  let savedErrno = errno
  if restoreNeeded != 0 && suspended == 0 {
    writeNow(restoreBytes, restoreCount)
    _ = tcsetattr(restoreTermiosFD, TCSANOW, savedTermios)
    suspended = 1
  }
  var defaultAction = sigaction()
  defaultAction.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&defaultAction.sa_mask)
  _ = sigaction(SIGTSTP, &defaultAction, nil)
  // The handler runs with SA_NODEFER, so the raised signal is delivered now and stops the
  // process; this returns once it is continued (at once in an orphaned process group, where
  // the kernel discards the stop).
  _ = raise(SIGTSTP)
  _ = sigaction(SIGTSTP, stopAction, nil)
  if suspended != 0 { resumeTerminalNow() }
  errno = savedErrno
}

/// SIGCONT: the process was continued (`fg` after Ctrl-Z, or after a SIGSTOP the handlers
/// never saw, during which the shell may have reset the terminal): take it back and ask the
/// event loop for a redraw. Async-signal-safe.
private func handleContinueSignal(_ signal: Int32) {
  let savedErrno = errno
  if restoreNeeded != 0 { resumeTerminalNow() }
  errno = savedErrno
}

/// Re-enters raw mode, re-sends the modes and wakes the event loop with a resume and a
/// resize (the window may have changed meanwhile). Async-signal-safe.
private func resumeTerminalNow() {
  suspended = 0
  _ = tcsetattr(restoreTermiosFD, TCSANOW, rawTermios)
  writeNow(enterBytes, enterCount)
  resumePending.store(1, ordering: .releasing)
  resizePending.store(1, ordering: .releasing)
  if wakePipe.write >= 0 {
    var byte: UInt8 = 0x43
    _ = write(wakePipe.write, &byte, 1)
  }
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals: restore, then die of the same
/// signal. `SA_RESETHAND` has already put the default action back; the re-raised signal is
/// delivered when the handler returns (a crash signal also comes again when the faulting
/// instruction re-runs).
private func handleTerminatingSignal(_ signal: Int32) {
  let savedErrno = errno
  restoreTerminalNow()
  _ = raise(signal)
  errno = savedErrno
}

/// SIGWINCH: set the flag and wake the event loop.
private func handleResizeSignal(_ signal: Int32) {
  let savedErrno = errno
  resizePending.store(1, ordering: .releasing)
  if wakePipe.write >= 0 {
    var byte: UInt8 = 0x57
    _ = write(wakePipe.write, &byte, 1)
  }
  errno = savedErrno
}

/// The process-wide terminal restore and resize machinery used by ``TerminalSession`` and
/// ``TerminalEventLoop``.
enum TerminalSignals {
  /// Records what to restore and installs the handlers. Call from one thread only.
  static func activate(
    termiosFD: Int32, outputFD: Int32, saved: termios, raw: termios, restore: [UInt8],
    enter: [UInt8]
  ) throws {
    guard restoreNeeded == 0 else { throw TerminalError.sessionAlreadyActive }
    precondition(restore.count <= 256, "TerminalSignals: restore sequence longer than 256 bytes")
    precondition(enter.count <= 256, "TerminalSignals: enable sequence longer than 256 bytes")
    // Touch every global first so that no lazy initialisation can run inside a handler.
    _ = resizePending.load(ordering: .relaxed) + resumePending.load(ordering: .relaxed)
    _ = (suspended, installed, exitHookRegistered)
    _ = (terminatingSignals.count, handledSignals.count)
    savedTermios.pointee = saved
    rawTermios.pointee = raw
    for (offset, byte) in restore.enumerated() { restoreBytes[offset] = byte }
    restoreCount = restore.count
    for (offset, byte) in enter.enumerated() { enterBytes[offset] = byte }
    enterCount = enter.count
    suspended = 0
    restoreTermiosFD = termiosFD
    restoreOutputFD = outputFD
    try makeWakePipe()
    restoreNeeded = 1
    if !exitHookRegistered {
      exitHookRegistered = true
      atexit { restoreTerminalNow() }
    }
    guard !installed else { return }
    installed = true
    for (slot, signal) in handledSignals.enumerated() {
      var action = sigaction()
      switch signal {
      case SIGWINCH:
        action.__sigaction_handler.sa_handler = { handleResizeSignal($0) }
        action.sa_flags = SA_RESTART
      case SIGTSTP:
        action.__sigaction_handler.sa_handler = { handleStopSignal($0) }
        action.sa_flags = SA_RESTART | Int32(SA_NODEFER)
      case SIGCONT:
        action.__sigaction_handler.sa_handler = { handleContinueSignal($0) }
        action.sa_flags = SA_RESTART
      default:
        action.__sigaction_handler.sa_handler = { handleTerminatingSignal($0) }
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | SA_RESTART
      }
      sigemptyset(&action.sa_mask)
      if signal == SIGTSTP { stopAction.pointee = action }
      _ = sigaction(signal, &action, previousActions + slot)
    }
  }

  /// Every signal whose action a session replaces: the terminating ones, SIGWINCH, SIGTSTP and
  /// SIGCONT.
  static let handledSignals = terminatingSignals + [SIGWINCH, SIGTSTP, SIGCONT]

  /// Restores the terminal (if still needed) and the signal actions that were in place.
  static func deactivate() {
    restoreTerminalNow()
    guard installed else { return }
    installed = false
    for (slot, signal) in handledSignals.enumerated() {
      _ = sigaction(signal, previousActions + slot, nil)
    }
  }

  /// Whether a session's restore is pending (the session is active).
  static var isActive: Bool { restoreNeeded != 0 }

  /// Runs the same restore a signal handler would run; for tests.
  static func restoreAsSignalHandlerWould() { restoreTerminalNow() }

  /// The read end of the self-pipe, or -1 before any session started.
  static var wakeFD: Int32 { wakePipe.read }

  /// Returns and clears the SIGWINCH flag, draining the self-pipe.
  static func consumeResize() -> Bool {
    if wakePipe.read >= 0 {
      var sink = [UInt8](repeating: 0, count: 64)
      while read(wakePipe.read, &sink, sink.count) > 0 {}
    }
    return resizePending.exchange(0, ordering: .acquiring) != 0
  }

  /// Returns and clears the resume flag set when the process was continued.
  static func consumeResume() -> Bool {
    return resumePending.exchange(0, ordering: .acquiring) != 0
  }

  /// Stops the process as Ctrl-Z would in a cooked terminal (the SIGTSTP handler gives the
  /// terminal back first); returns once it is continued, with the terminal taken back.
  static func suspend() {
    // To the process, not the calling thread: a thread that blocks SIGTSTP (a worker thread)
    // would keep a raised signal pending forever; the kernel delivers a process-directed one
    // to the caller when it can, else to a thread that accepts it.
    _ = kill(getpid(), SIGTSTP)
  }

  /// Whether the process is between a stop and its resume; for tests.
  static var isSuspended: Bool { suspended != 0 }

  /// Marks a resize as if SIGWINCH had arrived; for tests and for callers that resize
  /// themselves.
  static func simulateResize() { handleResizeSignal(SIGWINCH) }

  /// Creates the self-pipe once per process.
  static func makeWakePipe() throws {
    guard wakePipe.read < 0 else { return }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw TerminalError.systemCall("pipe", errno) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    wakePipe = (ends[0], ends[1])
  }
}
