import Reel

@testable import ReelBanner

/// A `deliver` hook like ``DeliveryQueue``'s that keeps only a count of the jobs delivered, not
/// a log, so a day of deliveries does not grow the test's own memory.
final class CountingDeliveryQueue: Sendable {
  typealias Job = @Sendable () -> Void

  private struct State {
    var jobs: [Job] = []
    var delivered = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  var deliver: ImageBinding<PixelImage>.Deliver {
    { [self] job in
      let ready = state.withLock { state in
        state.jobs.append(job)
        state.delivered += 1
        let delivered = state.delivered
        defer { state.waiters.removeAll { $0.count <= delivered } }
        return state.waiters.filter { $0.count <= delivered }.map(\.continuation)
      }
      for waiter in ready { waiter.resume() }
    }
  }

  /// Runs the queued jobs in order; returns how many ran.
  @discardableResult
  func runAll() -> Int {
    let jobs = state.withLock { state in
      defer { state.jobs = [] }
      return state.jobs
    }
    for job in jobs { job() }
    return jobs.count
  }

  /// Waits until `count` jobs have been delivered in all.
  func waitForDeliveries(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state in
        if state.delivered >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }
}
