import Reel

@testable import ReelBanner

/// The `deliver` hook of bindings under test: completions are queued, and the test runs them
/// on its own task, when and in the order it chooses.
final class DeliveryQueue: Sendable {
  typealias Job = @Sendable () -> Void

  private let jobs = Locked<[Job]>([])
  /// Logs `.delivered` once per job; may be shared with a controlled loader.
  let log: EventLog<TestEvent>

  init(log: EventLog<TestEvent> = EventLog<TestEvent>()) {
    self.log = log
  }

  var deliver: ImageBinding<PixelImage>.Deliver {
    { [self] job in
      jobs.withLock { $0.append(job) }
      log.append(.delivered)
    }
  }

  /// The number of jobs ever delivered.
  var deliveredCount: Int { log.events.filter { $0 == .delivered }.count }

  /// Removes and returns the queued jobs, oldest first.
  func takeAll() -> [Job] {
    jobs.withLock { jobs in
      defer { jobs = [] }
      return jobs
    }
  }

  /// Runs the queued jobs in order; returns how many ran.
  @discardableResult
  func runAll() -> Int {
    let taken = takeAll()
    for job in taken { job() }
    return taken.count
  }

  /// Waits until `count` jobs have been delivered in all.
  func waitForDeliveries(_ count: Int) async {
    await log.wait { events in events.filter { $0 == .delivered }.count >= count }
  }
}
