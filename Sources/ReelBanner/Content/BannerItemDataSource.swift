import Reel

/// A ready data source for a banner of ``BannerItem``s shown in ``BannerCardCell``s: identities
/// for reloads, spoken labels, and image loading with prefetch of the neighbours.
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
  BannerContentProvider
{
  /// The cell type.
  public typealias Cell = BannerCardCell<Image>

  /// The reuse identifier ``install(on:)`` registers.
  public static var reuseIdentifier: String { "banner-card" }

  /// The items; change them, then call the banner's `reloadData()` or `performBatchUpdates`.
  public var items: [BannerItem] {
    didSet { indexByID = nil }
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
  /// How many items on each side of the current page to prefetch (1 by default).
  public var prefetchDistance = 1
  /// Called when a displayed cell's image arrives, so the frontend redraws it.
  public var onImageChange: ((Cell) -> Void)?

  private let deliver: ImageBinding<Image>.Deliver
  private var indexByID: [String: Int]?
  private var prefetchTask: Task<Void, Never>?

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

  deinit { prefetchTask?.cancel() }

  /// Registers the card cell on the banner's list and becomes its data source. The banner holds
  /// the data source weakly: keep a strong reference.
  public func install(on banner: Banner<Cell>) {
    let deliver = deliver
    banner.list.register(Self.reuseIdentifier) { [weak self] in
      let cell = Cell(deliver: deliver)
      cell.onImageChange = { [weak self] cell in self?.onImageChange?(cell) }
      return cell
    }
    banner.dataSource = self
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

  /// Prefetches the images of the items within ``prefetchDistance`` of `index`, cancelling the
  /// previous prefetch.
  ///
  /// - Complexity: O(``prefetchDistance``) to collect the sources; the loads run in the
  ///   pipeline's tasks.
  public func prefetchItems(around index: Int, count: Int) {
    guard let pipeline, !items.isEmpty, prefetchDistance > 0 else { return }
    var sources: [ImageSource] = []
    for offset in 1...prefetchDistance {
      for neighbour in [index + offset, index - offset] {
        let wrapped = ((neighbour % items.count) + items.count) % items.count
        if let source = items[wrapped].image { sources.append(source) }
      }
    }
    prefetchTask?.cancel()
    prefetchTask = pipeline.prefetch(sources, targetSize: imageSize)
  }
}
