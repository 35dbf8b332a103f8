import Reel

/// Loads, decodes, caches and shares images of a frontend's image type.
///
/// - A memory cache, least recently used first out, bounded by a total cost (bytes, measured by
///   a closure the frontend gives for its image type) and optionally by a count.
/// - Coalescing: requests for the same source and target size while a load is in flight share
///   that one load.
/// - Loading and decoding run in the pipeline's own tasks, off the caller's actor.
/// - Cancellation: a cancelled caller returns at once with `CancellationError`; when the last
///   caller waiting on a load is gone, the load's task is cancelled too.
/// - ``prefetch(_:targetSize:)`` warms the cache for the neighbours of what is on screen.
///
/// ```swift
/// let pipeline = ImagePipeline<PixelImage>(costLimit: 32 << 20)
/// let image = try await pipeline.image(for: .file(path: "/tmp/a.ppm"),
///                                      targetSize: PixelSize(width: 320, height: 180))
/// ```
///
/// ## Concurrency design
/// The pipeline is a `final class` whose state sits behind one lock, not an `actor`, because
/// cell binding needs a *synchronous* cache lookup (``cachedImage(for:targetSize:)``): a cell
/// bound to an image already in memory must show it in the same frame, with no placeholder and
/// no hop to another executor. The lock is only ever held for dictionary and list updates — never
/// across an `await`, a load, a decode, the cost closure or a continuation resume.
public final class ImagePipeline<Image: Sendable>: Sendable {
  private typealias Waiter = CheckedContinuation<Image, any Error>

  /// A load in flight and the callers waiting on it.
  private struct Load {
    var id: UInt64
    var task: Task<Void, Never>
    var waiters: [UInt64: Waiter] = [:]
  }

  private struct State {
    var cache: LRUCache<ImageRequest, Image>
    var loads: [ImageRequest: Load] = [:]
    var nextID: UInt64 = 0

    mutating func makeID() -> UInt64 {
      nextID += 1
      return nextID
    }
  }

  private let loader: any ImageDataLoader
  private let decoder: any ImageDecoder<Image>
  private let cost: @Sendable (Image) -> Int
  private let state: Locked<State>

  /// Creates a pipeline for the image type `decoder` produces.
  ///
  /// - Parameters:
  ///   - loader: fetches encoded bytes; ``DefaultImageDataLoader`` by default.
  ///   - decoder: turns bytes into `Image`, fitting the target size.
  ///   - costLimit: the most the cache holds, in the unit of `cost` (bytes).
  ///   - countLimit: the most images the cache holds, or `nil` for no count limit.
  ///   - cost: the memory one image takes, in bytes; called once per decoded image.
  /// - Precondition: `costLimit >= 0`, `countLimit` is `nil` or `>= 0`.
  public init(
    loader: any ImageDataLoader = DefaultImageDataLoader(),
    decoder: some ImageDecoder<Image>,
    costLimit: Int,
    countLimit: Int? = nil,
    cost: @escaping @Sendable (Image) -> Int
  ) {
    self.loader = loader
    self.decoder = decoder
    self.cost = cost
    self.state = Locked(State(cache: LRUCache(costLimit: costLimit, countLimit: countLimit)))
  }

  // MARK: Requests

  /// The image at `source`, decoded to fit inside `targetSize`: from the cache, from a load
  /// already in flight for the same request, or from a new load.
  ///
  /// A decoded ``InMemoryImage`` of this pipeline's type is returned as it is.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled (at once, even if other
  ///   callers keep the shared load going), or the loader's or decoder's error. Failures are not
  ///   cached: the next request tries again.
  /// - Complexity: O(1) on a cache hit.
  public func image(for source: ImageSource, targetSize: PixelSize) async throws -> Image {
    let request = ImageRequest(source: source, targetSize: targetSize)
    if let image = try decodedMemoryImage(request.source) { return image }
    let waiterID = state.withLock { $0.makeID() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: Waiter) in
        // nil: now waiting on a load; otherwise the answer to give at once.
        let outcome = state.withLock { state -> Result<Image, any Error>? in
          if let image = state.cache.value(forKey: request) { return .success(image) }
          // Checked under the lock the cancellation handler also takes: either the handler ran
          // before (and this sees the flag) or it runs after and finds the waiter to resume.
          if Task.isCancelled { return .failure(CancellationError()) }
          if state.loads[request] == nil {
            let id = state.makeID()
            let task = Task.detached { await self.runLoad(request, id: id) }
            state.loads[request] = Load(id: id, task: task)
          }
          state.loads[request]?.waiters[waiterID] = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard var load = state.loads[request],
          let waiter = load.waiters.removeValue(forKey: waiterID)
        else { return nil }
        if load.waiters.isEmpty {
          load.task.cancel()
          state.loads[request] = nil
        } else {
          state.loads[request] = load
        }
        return waiter
      }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// The image for `source` at `targetSize` if it is in the cache (or is a decoded in-memory
  /// image of this type), without loading; a hit becomes the most recently used entry.
  ///
  /// This is what makes cell binding flicker-free: it answers synchronously, on the caller's
  /// thread.
  ///
  /// - Complexity: O(1).
  public func cachedImage(for source: ImageSource, targetSize: PixelSize) -> Image? {
    if let image = try? decodedMemoryImage(source) { return image }
    let request = ImageRequest(source: source, targetSize: targetSize)
    return state.withLock { $0.cache.value(forKey: request) }
  }

  /// Starts loading the `sources` not yet cached, so they are ready when they scroll into view.
  ///
  /// Each prefetch is an ordinary request: it coalesces with loads in flight and a cell binding
  /// that asks for the same image meanwhile joins it. Cancel the returned task to stop the
  /// prefetches no one else is waiting for; await its `value` to know they all finished
  /// (successfully or not — errors are dropped).
  ///
  /// ```swift
  /// pipeline.prefetch([items[page - 1].image, items[page + 1].image], targetSize: size)
  /// ```
  ///
  /// - Complexity: O(n) to start, for n sources.
  @discardableResult
  public func prefetch(_ sources: [ImageSource], targetSize: PixelSize) -> Task<Void, Never> {
    var seen: Set<ImageSource> = []
    let missing = sources.filter {
      seen.insert($0).inserted && cachedImage(for: $0, targetSize: targetSize) == nil
    }
    return Task {
      await withTaskGroup(of: Void.self) { group in
        for source in missing {
          group.addTask { _ = try? await self.image(for: source, targetSize: targetSize) }
        }
      }
    }
  }

  // MARK: Cache

  /// The total cost of the cached images, in the unit of the cost closure (bytes).
  ///
  /// - Complexity: O(1).
  public var cachedCost: Int { state.withLock { $0.cache.totalCost } }

  /// The number of cached images.
  ///
  /// - Complexity: O(1).
  public var cachedCount: Int { state.withLock { $0.cache.count } }

  /// The number of distinct loads in flight (coalesced requests count once).
  ///
  /// - Complexity: O(1).
  public var loadsInFlight: Int { state.withLock { $0.loads.count } }

  /// Removes the cached image for `source` at `targetSize`, if any.
  ///
  /// - Complexity: O(1).
  public func removeCachedImage(for source: ImageSource, targetSize: PixelSize) {
    let request = ImageRequest(source: source, targetSize: targetSize)
    state.withLock { $0.cache.removeValue(forKey: request) }
  }

  /// Empties the cache (for example on a memory warning). Loads in flight carry on.
  ///
  /// - Complexity: O(n) in the number of cached images.
  public func removeAllCachedImages() {
    state.withLock { $0.cache.removeAll() }
  }

  /// The cached requests from most to least recently used, for tests and diagnostics.
  ///
  /// - Complexity: O(n) in the number of cached images.
  public var cachedRequestsByRecency: [ImageRequest] {
    state.withLock { $0.cache.keysByRecency }
  }

  /// The number of callers waiting on the load in flight for `source` at `targetSize`; for tests.
  func waiterCount(for source: ImageSource, targetSize: PixelSize) -> Int {
    let request = ImageRequest(source: source, targetSize: targetSize)
    return state.withLock { $0.loads[request]?.waiters.count ?? 0 }
  }

  // MARK: Loading

  /// Runs one load, caches a success and resumes whoever still waits on it.
  private func runLoad(_ request: ImageRequest, id: UInt64) async {
    let result: Result<Image, any Error>
    do {
      let bytes = try await loader.data(for: request.source)
      try Task.checkCancellation()
      result = .success(try decoder.decode(bytes, fitting: request.targetSize))
    } catch {
      result = .failure(error)
    }
    let imageCost = (try? result.get()).map(cost)
    let waiters = state.withLock { state -> [Waiter] in
      if case .success(let image) = result, let imageCost {
        state.cache.insert(image, forKey: request, cost: imageCost)
      }
      // A load abandoned by all its callers was removed (and may have been replaced by a newer
      // load for the same request): it has no one to resume.
      guard state.loads[request]?.id == id else { return [] }
      return state.loads.removeValue(forKey: request).map { Array($0.waiters.values) } ?? []
    }
    for waiter in waiters {
      waiter.resume(with: result)
    }
  }

  /// The value of a decoded in-memory source, `nil` for every other source.
  private func decodedMemoryImage(_ source: ImageSource) throws -> Image? {
    guard case .memory(let memory) = source, case .decoded(let value) = memory.content else {
      return nil
    }
    guard let image = value as? Image else { throw ImageLoadingError.memoryImageTypeMismatch }
    return image
  }
}
