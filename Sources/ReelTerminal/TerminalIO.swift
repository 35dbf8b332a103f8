import Glibc

/// Small, dependency-free helpers around terminal file descriptors.
public enum TerminalIO {
  /// Whether `fd` refers to a terminal; use it to fall back to plain text output when
  /// stdout is piped.
  ///
  /// ```swift
  /// if !TerminalIO.isTerminal(STDOUT_FILENO) {
  ///   print(screen.textLines.joined(separator: "\n"))
  /// }
  /// ```
  ///
  /// - Complexity: O(1), one system call.
  public static func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
  }

  /// The window size of the terminal behind `fd` (`ioctl(TIOCGWINSZ)`), or `nil` when `fd` is
  /// not a terminal or reports a zero size.
  ///
  /// - Complexity: O(1), one system call.
  public static func size(of fd: Int32) -> TerminalSize? {
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return nil
    }
    return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
  }

  /// Writes all of `bytes` to `fd`, resuming after partial writes and `EINTR`, and waiting
  /// with `poll` when a non-blocking descriptor reports `EAGAIN`.
  ///
  /// ```swift
  /// try TerminalIO.writeAll(renderer.render(screen), to: STDOUT_FILENO)
  /// ```
  ///
  /// - Throws: ``TerminalError/systemCall(_:_:)`` on any other error.
  /// - Complexity: O(n) in the number of bytes.
  public static func writeAll(_ bytes: [UInt8], to fd: Int32) throws {
    try bytes.withUnsafeBytes { try writeAll($0, to: fd) }
  }

  /// Writes all of `bytes` to `fd`; see ``writeAll(_:to:)-([UInt8],_)``.
  ///
  /// - Throws: ``TerminalError/systemCall(_:_:)`` on any error other than `EINTR`/`EAGAIN`.
  /// - Complexity: O(n) in the number of bytes.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws {
    guard let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
      let written = write(fd, base + done, bytes.count - done)
      if written > 0 {
        done += written
        continue
      }
      let error = errno
      if written < 0 && error == EINTR { continue }
      if written < 0 && (error == EAGAIN || error == EWOULDBLOCK) {
        var waiter = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        _ = poll(&waiter, 1, -1)
        continue
      }
      throw TerminalError.systemCall("write", written == 0 ? EIO : error)
    }
  }
}
