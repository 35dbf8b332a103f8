import Foundation

/// State behind a lock that ThreadSanitizer understands.
///
/// The standard library's `Mutex` is built on raw futex calls on Linux, which ThreadSanitizer
/// does not see, so it reports races on state that is in fact protected. `NSLock` is a pthread
/// mutex, which it does see. Same shape as `Mutex.withLock`; for the package's own modules.
package final class Locked<State>: @unchecked Sendable {
  private let lock = NSLock()
  private var state: State

  /// Creates the lock around an initial state.
  package init(_ state: State) { self.state = state }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&state)
  }
}
