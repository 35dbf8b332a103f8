import Glibc

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
/// Non-zero after SIGWINCH, until the event loop consumes it.
nonisolated(unsafe) private var resizePending: sig_atomic_t = 0
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

/// Restores the terminal from pre-computed storage. Async-signal-safe: only `write` and
/// `tcsetattr`, no allocation, no locks.
private func restoreTerminalNow() {
  guard restoreNeeded != 0 else { return }
  restoreNeeded = 0
  var done = 0
  var attempts = 0
  while done < restoreCount && attempts < 64 {
    attempts += 1
    let written = write(restoreOutputFD, restoreBytes + done, restoreCount - done)
    if written > 0 {
      done += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      break
    }
  }
  _ = tcsetattr(restoreTermiosFD, TCSANOW, savedTermios)
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
  resizePending = 1
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
  static func activate(termiosFD: Int32, outputFD: Int32, saved: termios, restore: [UInt8]) throws {
    guard restoreNeeded == 0 else { throw TerminalError.sessionAlreadyActive }
    precondition(restore.count <= 256, "TerminalSignals: restore sequence longer than 256 bytes")
    // Touch every global first so that no lazy initialisation can run inside a handler.
    _ = (resizePending, installed, exitHookRegistered, terminatingSignals.count)
    savedTermios.pointee = saved
    for (offset, byte) in restore.enumerated() { restoreBytes[offset] = byte }
    restoreCount = restore.count
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
    for (slot, signal) in (terminatingSignals + [SIGWINCH]).enumerated() {
      var action = sigaction()
      if signal == SIGWINCH {
        action.__sigaction_handler.sa_handler = { handleResizeSignal($0) }
        action.sa_flags = SA_RESTART
      } else {
        action.__sigaction_handler.sa_handler = { handleTerminatingSignal($0) }
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | SA_RESTART
      }
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, previousActions + slot)
    }
  }

  /// Restores the terminal (if still needed) and the signal actions that were in place.
  static func deactivate() {
    restoreTerminalNow()
    guard installed else { return }
    installed = false
    for (slot, signal) in (terminatingSignals + [SIGWINCH]).enumerated() {
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
    guard resizePending != 0 else { return false }
    resizePending = 0
    return true
  }

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
