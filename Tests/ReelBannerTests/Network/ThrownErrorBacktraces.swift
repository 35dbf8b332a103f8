import Foundation

/// Switches off, for a while, the Swift runtime's `swift_willThrow` hooks, through which Swift
/// Testing records a backtrace for every error thrown while a test runs.
///
/// Swift Testing keeps those backtraces in a process-wide table keyed by the address of each
/// thrown error's box and flushes it only when a test ends. A long soak throws thousands of
/// errors by design (every fault, retry and cancellation), so within the one test the table
/// grows by about a kilobyte per request — memory that is the test runner's, not Reel's, and
/// that would hide any growth of Reel's own. Only for a process that runs nothing else (an exit
/// test's child): other tests running beside it would lose their thrown-error backtraces.
enum ThrownErrorBacktraces {
  /// The runtime's hook variables (`_swift_willThrow`, `_swift_willThrowTypedImpl`).
  private static let hookNames = ["_swift_willThrow", "_swift_willThrowTypedImpl"]

  /// Clears the hooks and returns how many were installed (0 when none, or when the runtime
  /// has no such variables).
  @discardableResult
  static func suspend() -> Int {
    var cleared = 0
    for name in hookNames {
      guard let symbol = dlsym(nil, name) else { continue }
      let hook = symbol.assumingMemoryBound(to: UnsafeRawPointer?.self)
      if hook.pointee != nil { cleared += 1 }
      hook.pointee = nil
    }
    return cleared
  }
}
