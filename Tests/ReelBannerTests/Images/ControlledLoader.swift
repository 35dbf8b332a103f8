import Reel

@testable import ReelBanner

/// A loader whose every load waits until the test completes or fails it, so tests choose the
/// order in which loads finish.
final class ControlledLoader: ImageDataLoader {
  private struct Pending {
    var source: ImageSource
    var continuation: CheckedContinuation<[UInt8], any Error>
  }

  /// When false the loader ignores cancellation and only finishes when the test says so.
  let honorsCancellation: Bool
  /// Requests and cancellations in the order they happened; may be shared with a delivery queue.
  let log: EventLog<TestEvent>
  private let pending = Locked<[(id: Int, load: Pending)]>([])
  private let ids = Locked(0)

  init(honorsCancellation: Bool = true, log: EventLog<TestEvent> = EventLog<TestEvent>()) {
    self.honorsCancellation = honorsCancellation
    self.log = log
  }

  func data(for source: ImageSource) async throws -> [UInt8] {
    let id = ids.withLock { id in
      id += 1
      return id
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Checked under the lock the cancellation handler takes, so a load started by an
        // already cancelled task does not stay pending forever.
        let cancelledEarly = pending.withLock { list -> Bool in
          if honorsCancellation && Task.isCancelled { return true }
          list.append((id, Pending(source: source, continuation: continuation)))
          return false
        }
        log.append(.requested(source))
        if cancelledEarly {
          log.append(.cancelled(source))
          continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      guard honorsCancellation else { return }
      let cancelled = pending.withLock { list -> Pending? in
        guard let index = list.firstIndex(where: { $0.id == id }) else { return nil }
        return list.remove(at: index).load
      }
      guard let cancelled else { return }
      log.append(.cancelled(source))
      cancelled.continuation.resume(throwing: CancellationError())
    }
  }

  /// The sources of the loads waiting, oldest first.
  var pendingSources: [ImageSource] { pending.withLock { $0.map(\.load.source) } }

  /// How many loads of `source` were started.
  func requestCount(for source: ImageSource) -> Int {
    log.events.filter { $0 == .requested(source) }.count
  }

  /// Finishes the oldest pending load of `source`; false if there is none.
  @discardableResult
  func complete(_ source: ImageSource, with result: Result<[UInt8], any Error>) -> Bool {
    let load = pending.withLock { list -> Pending? in
      guard let index = list.firstIndex(where: { $0.load.source == source }) else { return nil }
      return list.remove(at: index).load
    }
    load?.continuation.resume(with: result)
    return load != nil
  }

  /// Finishes the oldest pending load of `source` with `bytes`.
  @discardableResult
  func complete(_ source: ImageSource, with bytes: [UInt8]) -> Bool {
    complete(source, with: .success(bytes))
  }

  /// Waits until `source` has been requested `count` times in all.
  func waitForRequest(_ source: ImageSource, count: Int = 1) async {
    await log.wait { events in events.filter { $0 == .requested(source) }.count >= count }
  }

  /// Waits until a load of `source` has been cancelled.
  func waitForCancellation(of source: ImageSource) async {
    await log.wait { $0.contains(.cancelled(source)) }
  }
}
