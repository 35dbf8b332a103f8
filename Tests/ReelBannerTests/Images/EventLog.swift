import Reel

@testable import ReelBanner

/// A thread-safe, append-only log that tests can await conditions on, with no sleeping: every
/// append re-checks the waiting conditions under the lock, so no wake-up is lost.
final class EventLog<Event: Sendable>: Sendable {
  private struct Waiter {
    var condition: @Sendable ([Event]) -> Bool
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var events: [Event] = []
    var waiters: [Waiter] = []
  }

  private let state = Locked(State())

  var events: [Event] { state.withLock { $0.events } }

  func append(_ event: Event) {
    let ready = state.withLock { state -> [Waiter] in
      state.events.append(event)
      let events = state.events
      let ready = state.waiters.filter { $0.condition(events) }
      state.waiters.removeAll { $0.condition(events) }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once `condition` holds for the events logged so far.
  func wait(until condition: @escaping @Sendable ([Event]) -> Bool) async {
    await withCheckedContinuation { continuation in
      let satisfied = state.withLock { state -> Bool in
        if condition(state.events) { return true }
        state.waiters.append(Waiter(condition: condition, continuation: continuation))
        return false
      }
      if satisfied { continuation.resume() }
    }
  }
}
