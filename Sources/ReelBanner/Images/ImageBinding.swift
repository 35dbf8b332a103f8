/// The image slot of one cell: binds it to a request and makes sure a recycled cell never shows
/// another item's image.
///
/// A cell owns one binding. Binding a request shows the placeholder at once and starts (or joins)
/// the load; a cache hit is applied immediately instead, synchronously, so a cell scrolled back
/// into view does not flicker. Every bind and every ``prepareForReuse()`` bumps a generation and
/// cancels the previous load; a completion is applied only if its generation is still current,
/// so a late completion for the item the cell showed before is dropped, whatever the order in
/// which loads finish.
///
/// ```swift
/// final class Card: ReusableCell {
///   var image: PixelImage?
///   let imageBinding = ImageBinding<PixelImage>(deliver: { job in mainLoop.enqueue(job) })
///   func prepareForReuse() { imageBinding.prepareForReuse() }
///   func configure(_ item: Item, pipeline: ImagePipeline<PixelImage>) {
///     imageBinding.bind(item.image, targetSize: thumbnailSize, placeholder: grey,
///                       pipeline: pipeline) { [unowned self] in self.image = $0 }
///   }
/// }
/// ```
///
/// ## Threading
/// A binding is confined to the frontend's UI thread: create it, bind it and reuse it there; it
/// is deliberately not `Sendable`. Loads run in pipeline tasks on other threads, and their
/// completions come back through the `deliver` hook given at creation, which must run each job on
/// that same UI thread (GTK: `g_idle_add`; the terminal: its run loop's job queue; tests: a queue
/// they drain). This keeps the binding free of any particular executor — Linux UI loops do not
/// drain the main actor's queue — and makes every completion order reproducible in tests.
public final class ImageBinding<Image: Sendable> {
  /// Runs a job on the thread that owns the binding.
  public typealias Deliver = @Sendable (_ job: @escaping @Sendable () -> Void) -> Void

  /// The request currently bound, or `nil` when idle.
  public private(set) var request: ImageRequest?
  /// Where the binding stands.
  public private(set) var phase: ImageBindingPhase = .idle
  /// The current generation; it changes on every bind and every ``cancel()``.
  public private(set) var generation: UInt64 = 0

  private let deliver: Deliver
  private var task: Task<Void, Never>?
  private var apply: ((Image) -> Void)?
  private var onFailure: ((any Error) -> Void)?
  private var failureImage: Image?

  /// Creates an idle binding whose completions arrive through `deliver`.
  public init(deliver: @escaping Deliver) {
    self.deliver = deliver
  }

  deinit {
    task?.cancel()
  }

  /// Binds the cell to `source` decoded to fit `targetSize`.
  ///
  /// On a cache hit `apply` receives the image before this returns, and the placeholder is not
  /// shown. Otherwise `apply` receives `placeholder` (if any) before this returns, then the image
  /// later, through `deliver`, unless the binding has moved on by then. Binding the request that
  /// is already loading keeps that load and only replaces the closures.
  ///
  /// `apply` is kept until the next bind or ``prepareForReuse()``: capture the cell `unowned` or
  /// `weak` in it, since the cell owns the binding.
  ///
  /// - Parameters:
  ///   - source: where the image comes from.
  ///   - targetSize: the size in pixels the image is decoded and downsampled to fit.
  ///   - placeholder: shown until the image arrives, unless it is already cached; `nil` shows
  ///     nothing.
  ///   - failureImage: applied (through `deliver`) if the load fails; `nil` leaves the
  ///     placeholder.
  ///   - pipeline: the pipeline that loads, decodes and caches the image.
  ///   - onFailure: called (through `deliver`) if the current load fails, after `failureImage`
  ///     is applied; it receives the typed error (a ``NetworkImageError``,
  ///     ``ImageDecodingError``, ``ImageLoadingError``…). Not called for a cancelled load.
  ///   - apply: shows an image in the cell.
  public func bind(
    _ source: ImageSource,
    targetSize: PixelSize,
    placeholder: Image? = nil,
    failureImage: Image? = nil,
    pipeline: ImagePipeline<Image>,
    onFailure: ((any Error) -> Void)? = nil,
    apply: @escaping (Image) -> Void
  ) {
    let newRequest = ImageRequest(source: source, targetSize: targetSize)
    if newRequest == request && phase == .loading {
      self.apply = apply
      self.onFailure = onFailure
      self.failureImage = failureImage
      return
    }
    cancel()
    request = newRequest
    self.apply = apply
    self.onFailure = onFailure
    self.failureImage = failureImage
    if let image = pipeline.cachedImage(for: source, targetSize: targetSize) {
      phase = .loaded
      apply(image)
      return
    }
    phase = .loading
    if let placeholder { apply(placeholder) }
    let generation = generation
    let target = WeakBinding(self)
    let deliver = deliver
    task = Task {
      let result: Result<Image, any Error>
      do {
        result = .success(try await pipeline.image(for: source, targetSize: targetSize))
      } catch {
        result = .failure(error)
      }
      // Always delivered, even when cancelled: the generation check on the owning thread is
      // the one place that decides, so there is no race between cancelling and completing.
      deliver { target.binding?.complete(generation: generation, with: result) }
    }
  }

  /// Cancels the load in flight, forgets the request and the closures, and bumps the
  /// generation so that any completion still on its way is dropped. What the cell shows is left
  /// to the cell.
  public func cancel() {
    generation &+= 1
    task?.cancel()
    task = nil
    request = nil
    apply = nil
    onFailure = nil
    failureImage = nil
    phase = .idle
  }

  /// Call from the cell's `prepareForReuse()`: the same as ``cancel()``.
  public func prepareForReuse() {
    cancel()
  }

  /// Applies a completion delivered on the owning thread if it belongs to the current bind.
  private func complete(generation: UInt64, with result: Result<Image, any Error>) {
    guard generation == self.generation, phase == .loading else { return }
    task = nil
    switch result {
    case .success(let image):
      phase = .loaded
      apply?(image)
    case .failure(let error):
      phase = .failed
      if let failureImage { apply?(failureImage) }
      onFailure?(error)
    }
  }
}

/// A weak reference to a binding that may travel to the pipeline's task and back.
///
/// `@unchecked Sendable` is sound because the reference is only dereferenced inside jobs run
/// through the binding's `deliver` hook, which by contract runs them on the binding's own thread;
/// the weak reference lets a cell that goes away free its binding before the load finishes.
private final class WeakBinding<Image: Sendable>: @unchecked Sendable {
  weak var binding: ImageBinding<Image>?

  init(_ binding: ImageBinding<Image>) {
    self.binding = binding
  }
}
