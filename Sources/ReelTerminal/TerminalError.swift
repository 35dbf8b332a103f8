/// Why a terminal operation failed.
public enum TerminalError: Error, Hashable, Sendable {
  /// The file descriptor is not a terminal (for example, output is piped to a file).
  case notATerminal(Int32)
  /// Another ``TerminalSession`` is already active in this process.
  case sessionAlreadyActive
  /// A system call failed with `errno`.
  case systemCall(String, Int32)
}
