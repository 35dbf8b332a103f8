import Reel

/// A ready data source for a banner of ``BannerItem``s shown in ``BannerCardCell``s: identities
/// for reloads, spoken labels, and image loading with prefetch of the items about to slide in.
///
/// It is also the list's prefetching data source: the list names the items ahead of the motion,
/// further ahead the faster it moves (see the list's `prefetchPlanner`), and the data source
/// starts loading their images; when the motion reverses, the list cancels them and so do their
/// loads, unless a card already waits for the same image.
///
/// ```swift
/// let pipeline = ImagePipeline<PixelImage>()
/// let source = BannerItemDataSource(items: items, pipeline: pipeline,
///                                   imageSize: PixelSize(width: 716, height: 400),
///                                   deliver: { job in mainLoop.enqueue(job) })
/// let banner = Banner<BannerCardCell<PixelImage>>()
/// source.install(on: banner)          // keep `source` alive: the banner holds it weakly
/// ```
public final class BannerItemDataSource<Image: Sendable>: VirtualListDataSource,
  VirtualListPrefetchingDataSource, BannerContentProvider
{
  /// The cell type.
  public typealias Cell = BannerCardCell<Image>

  /// The reuse identifier ``install(on:)`` registers.
  public static var reuseIdentifier: String { "banner-card" }

  /// The items; change them, then call the banner's `reloadData()` or `performBatchUpdates`.
  public var items: [BannerItem] {
    didSet {
      indexByID = nil
      // The indices the prefetches were started for no longer name the same items.
      cancelAllPrefetches()
    }
  }
  /// Loads images; `nil` shows placeholders only.
  public let pipeline: ImagePipeline<Image>?
  /// The size images are decoded to fit, in pixels (the card's size on screen).
  public var imageSize: PixelSize
  /// Shown while an image loads, and for items without an image.
  public var placeholder: Image?
  /// Shown when an image fails to load (a 404, a timeout, a file that is not an image…);
  /// `nil` keeps the placeholder.
  public var failureImage: Image?
  /// Called when a displayed cell's image arrives, so the frontend redraws it.
  public var onImageChange: ((Cell) -> Void)?

  private let deliver: ImageBinding<Image>.Deliver
  private var indexByID: [String: Int]?
  /// The image prefetches in flight, by data index.
  private var prefetches: [Int: Task<Void, Never>] = [:]

  /// Creates a data source.
  ///
  /// - Parameters:
  ///   - items: the items.
  ///   - pipeline: loads images; `nil` for none.
  ///   - imageSize: the size images are decoded to fit.
  ///   - placeholder: shown until an image is ready.
  ///   - deliver: runs image completions on the UI thread (see ``ImageBinding``).
  public init(
    items: [BannerItem], pipeline: ImagePipeline<Image>? = nil,
    imageSize: PixelSize = PixelSize(width: 512, height: 256), placeholder: Image? = nil,
    deliver: @escaping ImageBinding<Image>.Deliver
  ) {
    self.items = items
    self.pipeline = pipeline
    self.imageSize = imageSize
    self.placeholder = placeholder
    self.deliver = deliver
  }

  deinit { for task in prefetches.values { task.cancel() } }

  /// Registers the card cell on the banner's list and becomes its data source and prefetching
  /// data source. The banner holds both weakly: keep a strong reference. To load only what is
  /// displayed, set `banner.list.prefetchDataSource = nil` afterwards.
  public func install(on banner: Banner<Cell>) {
    let deliver = deliver
    banner.list.register(Self.reuseIdentifier) { [weak self] in
      let cell = Cell(deliver: deliver)
      cell.onImageChange = { [weak self] cell in self?.onImageChange?(cell) }
      return cell
    }
    banner.dataSource = self
    banner.list.prefetchDataSource = self
  }

  /// The number of items.
  public func numberOfItems(in list: VirtualList<Cell>) -> Int { items.count }

  /// A card configured for the item.
  public func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: index)
    cell.configure(
      with: items[index], at: index, of: items.count, pipeline: pipeline, targetSize: imageSize,
      placeholder: placeholder, failureImage: failureImage)
    if cell.imageBinding.phase == .loading { imageLoadsStarted += 1 }
    // The card's binding joins a prefetch in flight; the prefetch needs no cancelling any more.
    prefetches[index] = nil
    return cell
  }

  /// Cells' image loads started so far (cache misses); a diagnostic for tests and benchmarks.
  public private(set) var imageLoadsStarted = 0

  /// The item's ``BannerItem/id``.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int)
    -> AnyHashable?
  {
    AnyHashable(items[index].id)
  }

  /// The index of the item with an identity.
  ///
  /// - Complexity: O(n) for n items on the first call after ``items`` changed, then O(1).
  public func virtualList(
    _ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? {
    guard let id = identifier.base as? String else { return nil }
    if indexByID == nil {
      indexByID = Dictionary(
        items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return indexByID?[id]
  }

  /// The item's ``BannerItem/spokenLabel``.
  public func accessibilityLabel(forItemAt index: Int) -> String? {
    items.indices.contains(index) ? items[index].spokenLabel : nil
  }

  /// Starts loading the images of items about to come into view, nearest first; the list calls
  /// it after a layout pass in which the content moved.
  ///
  /// - Complexity: O(k) for k indices; the loads run in the pipeline's tasks.
  public func virtualList(_ list: VirtualList<Cell>, prefetchItemsAt indices: [Int]) {
    guard let pipeline else { return }
    for index in indices where items.indices.contains(index) && prefetches[index] == nil {
      guard let source = items[index].image else { continue }
      prefetches[index] = pipeline.prefetch([source], targetSize: imageSize)
      imagePrefetchesStarted += 1
    }
  }

  /// Cancels the image loads of items prefetched ahead of a motion that reversed (a load a card
  /// also waits for carries on).
  ///
  /// - Complexity: O(k) for k indices.
  public func virtualList(_ list: VirtualList<Cell>, cancelPrefetchingForItemsAt indices: [Int]) {
    for index in indices {
      prefetches.removeValue(forKey: index)?.cancel()
    }
  }

  /// Image prefetches started so far at the list's request; a diagnostic for tests and
  /// benchmarks.
  public private(set) var imagePrefetchesStarted = 0

  /// The data indices whose image prefetch is in flight or done and not yet used by a card,
  /// ascending.
  ///
  /// - Complexity: O(p log p) for p prefetches.
  public var prefetchingIndices: [Int] { prefetches.keys.sorted() }

  private func cancelAllPrefetches() {
    for task in prefetches.values { task.cancel() }
    prefetches.removeAll()
  }
}
