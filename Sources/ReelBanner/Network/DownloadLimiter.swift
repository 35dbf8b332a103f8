import Reel

/// A counting semaphore for async code: at most `limit` holders at once, the others wait in
/// order, and a waiter whose task is cancelled leaves the queue at once.
final class DownloadLimiter: Sendable {
  private struct State {
    var available: Int
    var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    var nextID: UInt64 = 0
  }

  private let state: Locked<State>

  /// - Precondition: `limit >= 1`.
  init(limit: Int) {
    precondition(limit >= 1, "maximumConcurrentDownloads must be at least 1, got \(limit)")
    state = Locked(State(available: limit))
  }

  /// Tasks waiting for a slot; for tests.
  var waiting: Int { state.withLock { $0.waiters.count } }

  /// Runs `body` while holding one slot.
  func withSlot<T>(_ body: () async throws -> T) async throws -> T {
    try await acquire()
    defer { release() }
    return try await body()
  }

  private func acquire() async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if Task.isCancelled { return .failure(CancellationError()) }
          if state.available > 0 {
            state.available -= 1
            return .success(())
          }
          state.waiters.append((id, continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  private func release() {
    let next = state.withLock { state in
      if state.waiters.isEmpty {
        state.available += 1
        return CheckedContinuation<Void, any Error>?.none
      }
      return state.waiters.removeFirst().continuation  // the slot passes to the next waiter
    }
    next?.resume()
  }
}
