import Glibc

/// Waits for input, a resize or a deadline, and returns what happened as ``InputEvent``s.
///
/// Each call `poll()`s the input descriptor and the SIGWINCH self-pipe, so an application
/// sleeps while nothing moves and wakes at once for a key, a mouse event or a resize, or when
/// the timeout (the time to its next animation deadline) runs out. Everything read is decoded
/// by an ``InputParser``; a lone ESC is reported as the Escape key once no further byte came
/// for ``escapeTimeoutMilliseconds``.
///
/// ```swift
/// let loop = TerminalEventLoop(session: session)
/// while running {
///   let timeout: Int32 = animating ? 16 : -1  // -1: sleep until something happens
///   for event in loop.waitForEvents(timeoutMilliseconds: timeout) { handle(event) }
///   draw()
/// }
/// ```
public final class TerminalEventLoop {
  /// The descriptor read for input.
  public let inputFD: Int32
  /// The descriptor whose window size is reported in ``InputEvent/resize(_:)``.
  public let sizeFD: Int32
  /// How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
  public var escapeTimeoutMilliseconds: Int32 = 25
  /// Whether the input reached end of file (or hung up); it is no longer polled.
  public private(set) var isInputClosed = false
  private var parser = InputParser()
  private var readBuffer = [UInt8](repeating: 0, count: 4096)
  /// When the parser started holding an incomplete sequence (monotonic milliseconds).
  private var pendingSince: Int64?
  /// Events decoded before the first wait (input read by a session's query).
  private var queued: [InputEvent] = []

  /// Creates a loop reading `input`; sizes for resize events come from `sizeFD`.
  ///
  /// The input may be any pollable descriptor (a pipe works too, which is how the loop is
  /// tested).
  ///
  /// - Complexity: O(1).
  public init(input: Int32 = STDIN_FILENO, sizeFD: Int32 = STDOUT_FILENO) {
    inputFD = input
    self.sizeFD = sizeFD
    try? TerminalSignals.makeWakePipe()
  }

  /// Creates a loop for a session's terminal.
  ///
  /// - Complexity: O(1).
  public convenience init(session: TerminalSession) {
    self.init(input: session.inputFD, sizeFD: session.outputFD)
    if !session.leftoverInput.isEmpty {
      parser.parse(session.leftoverInput, into: &queued)
      session.leftoverInput = []
      if parser.hasPending { pendingSince = now() }
    }
  }

  /// Sleeps until input arrives, the terminal is resized or `timeoutMilliseconds` pass, and
  /// returns the decoded events (possibly none, for example after a timeout or a partial
  /// escape sequence).
  ///
  /// - Parameter timeoutMilliseconds: the longest wait; `0` only takes what is already there,
  ///   a negative value waits without limit.
  /// - Complexity: O(n) in the bytes read (at most 4096 per call).
  public func waitForEvents(timeoutMilliseconds: Int32) -> [InputEvent] {
    var events: [InputEvent] = queued
    queued = []
    appendResize(to: &events)
    if !events.isEmpty { return events }
    var timeout = timeoutMilliseconds
    if parser.hasPending, let since = pendingSince {
      let left = Int32(clamping: max(0, Int64(escapeTimeoutMilliseconds) - (now() - since)))
      timeout = timeout < 0 ? left : min(timeout, left)
    }
    var descriptors: [pollfd] = []
    if !isInputClosed { descriptors.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }
    let wake = TerminalSignals.wakeFD
    if wake >= 0 { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
    let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
    if ready > 0, !isInputClosed, descriptors[0].revents != 0 {
      readInput(into: &events)
    }
    appendResize(to: &events)
    flushIfStale(into: &events)
    return events
  }

  /// Reads what is available and decodes it.
  private func readInput(into events: inout [InputEvent]) {
    let count = readBuffer.withUnsafeMutableBytes { buffer in
      read(inputFD, buffer.baseAddress, buffer.count)
    }
    if count > 0 {
      parser.parse(readBuffer[0..<count], into: &events)
      if !parser.hasPending {
        pendingSince = nil
      } else if pendingSince == nil {
        pendingSince = now()
      }
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      isInputClosed = true
      events.append(contentsOf: parser.flushPending())
      pendingSince = nil
    }
  }

  /// Reports a lone ESC (or other unfinished sequence) whose wait is over.
  private func flushIfStale(into events: inout [InputEvent]) {
    guard parser.hasPending, let since = pendingSince else { return }
    if now() - since >= Int64(escapeTimeoutMilliseconds) {
      events.append(contentsOf: parser.flushPending())
      pendingSince = parser.hasPending ? since : nil
    }
  }

  private func appendResize(to events: inout [InputEvent]) {
    if TerminalSignals.consumeResume() { events.append(.resumed) }
    guard TerminalSignals.consumeResize() else { return }
    if let size = TerminalIO.size(of: sizeFD) ?? TerminalIO.size(of: inputFD) {
      events.append(.resize(size))
    }
  }

  /// Monotonic time in milliseconds.
  private func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }
}
