import Reel

/// An infinite, auto-playing banner carousel: a client of Reel's `VirtualList` that adds
/// autoplay, a page indicator, selection, page events and accessibility.
///
/// A minimal banner:
///
/// ```swift
/// let source = BannerItemDataSource<PixelImage>(items: offers, pipeline: pipeline,
///                                               deliver: mainLoop.enqueue)
/// let banner = Banner<BannerCardCell<PixelImage>>()   // insets 16, spacing 8, every 2 s
/// source.install(on: banner)
/// banner.viewportSize = Size(width: 390, height: 200)
/// banner.onPageChange = { page in dots.current = page }
/// banner.onSelect = { index in open(offers[index]) }
///
/// // every frame (or when `nextDeadline` is due), from the frontend:
/// banner.tick(clock.now)
/// for placement in banner.list.placements { draw(placement.cell, in: placement.frame) }
/// ```
///
/// Time only moves when the frontend calls ``tick(_:)``: the banner has no timer of its own,
/// so it never keeps itself alive and tests drive it with a manual clock. A frontend that wants
/// to sleep asks ``needsFrames`` and ``nextDeadline``.
///
/// Item counts: with none the banner is empty (no page, no timer); with one it neither scrolls
/// nor autoplays and its indicator is hidden; from two on it loops (one item may show on both
/// sides at once).
///
/// The banner is not thread-safe: use it from the UI thread.
public final class Banner<Cell: ReusableCell> {
  /// The engine underneath: register cells on it and read its `placements`.
  ///
  /// Change data through the banner (``reloadData()``, ``performBatchUpdates(_:)-(BatchUpdate)``) so that page
  /// events follow at once; changes made on the list directly are picked up at the next tick.
  public let list: VirtualList<Cell>

  /// The wrapping asked for at creation; a banner of fewer than two items is bounded meanwhile.
  public let wrapping: Wrapping

  /// Called with the data index of the centred item whenever it changes, exactly once per
  /// change, including when the first item appears and after a reload that moved it.
  public var onPageChange: ((Int) -> Void)?

  /// Called with the data index of an item the user tapped (see ``tap(at:)``).
  public var onSelect: ((Int) -> Void)?

  /// Called with text for the frontend to announce (a screen reader's live region) when the page
  /// changes, e.g. `"Item 2 of 5: Summer sale"`. Changes made by autoplay are not announced
  /// unless ``announcesAutoplayChanges`` is set, as the WAI-ARIA carousel pattern advises.
  public var onAnnouncement: ((String) -> Void)?

  /// Whether page changes made by autoplay are announced too (`false` by default).
  public var announcesAutoplayChanges = false

  /// Builds the announcement for a page change from the 1-based position, the count and the
  /// item's label; replace it to localise. The default gives `"Item 2 of 5: Summer sale"`.
  public var announcementText: (_ position: Int, _ count: Int, _ label: String?) -> String = {
    position, count, label in
    let prefix = "Item \(position) of \(count)"
    guard let label, !label.isEmpty else { return prefix }
    return "\(prefix): \(label)"
  }

  /// The autoplay setting. Changing it restarts the interval.
  ///
  /// - Precondition: an `.every` interval is greater than zero.
  public var autoplay: Autoplay {
    didSet {
      Self.validate(autoplay)
      deadline = nil
    }
  }

  /// Whether the frontend shows the banner; autoplay pauses while it is hidden and restarts with
  /// a full interval when it shows again. `true` by default.
  public var isVisible = true {
    didSet { if !isVisible { deadline = nil } }
  }

  /// Whether the app is active (focused, not in the background); autoplay pauses while it is
  /// not. `true` by default.
  public var isAppActive = true {
    didSet { if !isAppActive { deadline = nil } }
  }

  /// What reduced motion means for this banner; ``ReducedMotionPolicy/animate`` by default.
  public var reducedMotion: ReducedMotionPolicy = .animate {
    didSet { deadline = nil }
  }

  @usableFromInline var deadline: ReelInstant?
  @usableFromInline var pausedByUser = false
  var reportedPage: Int?
  /// The list's offset, count and viewport when the page was last published: a tick that
  /// changed none of them cannot have changed the page.
  @usableFromInline var publishedState: (offset: Double, count: Int, viewport: Size)?
  /// Whether the motion in flight was started by autoplay (its page changes are not announced).
  @usableFromInline var autoplayMoved = false
  @usableFromInline var lastTime: ReelInstant?
  var needsInitialPosition = true

  /// Creates a banner.
  ///
  /// - Parameters:
  ///   - layout: item size, side insets and spacing; insets of 16 and spacing of 8
  ///     by default. Give `maximumItemExtent` to show several items on a wide viewport, or
  ///     insets and spacing of 0 for full-width pages.
  ///   - axis: horizontal or vertical.
  ///   - wrapping: cyclic (infinite both ways, the default) or bounded.
  ///   - direction: left-to-right or right-to-left for horizontal banners.
  ///   - autoplay: every 2 seconds forward by default.
  /// - Precondition: an `.every` interval is greater than zero.
  public init(
    layout: PagingLayout = PagingLayout(insets: 16, spacing: 8), axis: Axis = .horizontal,
    wrapping: Wrapping = .cyclic, direction: LayoutDirection = .leftToRight,
    autoplay: Autoplay = .every(.seconds(2))
  ) {
    Self.validate(autoplay)
    list = VirtualList(layout: layout, axis: axis, wrapping: wrapping, direction: direction)
    list.motionConfiguration.decelerationRate = MotionConfiguration.fastDecelerationRate
    list.snapping = Snapping(
      alignment: layout.alignment, threshold: layout.threshold, maximumItemsPerFling: 1)
    self.wrapping = wrapping
    self.autoplay = autoplay
  }

  private static func validate(_ autoplay: Autoplay) {
    if let interval = autoplay.interval {
      precondition(
        interval > .zero, "Banner: the autoplay interval must be greater than zero, got \(interval)"
      )
    }
  }

  // MARK: Data and size

  /// The data source, held weakly (keep a strong reference). Setting it reloads the data.
  public var dataSource: (any VirtualListDataSource<Cell>)? {
    get { list.dataSource }
    set {
      list.dataSource = newValue
      refresh()
    }
  }

  /// The size of the visible area. Changing it (a window resize, a rotation) keeps the current
  /// item centred, also in the middle of an animation, which then settles on a valid page.
  ///
  /// - Precondition: finite and not negative.
  public var viewportSize: Size {
    get { list.viewportSize }
    set {
      list.viewportSize = newValue
      refresh()
    }
  }

  /// The number of items.
  public var numberOfItems: Int { list.numberOfItems }

  /// Whether there are no items; frontends show an empty state.
  public var isEmpty: Bool { numberOfItems == 0 }

  /// Reloads the data, keeping the current item centred by identity when it still exists
  /// (`VirtualListDataSource.virtualList(_:identifierForItemAt:)`); otherwise the item
  /// now at its index, or the last one. Page events follow before this returns.
  public func reloadData() {
    list.reloadData()
    refresh()
  }

  /// Applies inserts, deletes, moves and reloads while looping, keeping the current item
  /// centred when it survives. Update the data source first. Page events follow before this
  /// returns.
  ///
  /// ```swift
  /// offers.insert(newOffer, at: 0)
  /// try banner.performBatchUpdates { $0.insert(at: 0) }   // the page index moves to 1 + old
  /// ```
  ///
  /// - Throws: `ReelError` as `VirtualList.performBatchUpdates(_:)` does; the
  ///   banner has then reloaded and is consistent.
  public func performBatchUpdates(_ build: (inout BatchUpdate) -> Void) throws(ReelError) {
    defer { refresh() }
    try list.performBatchUpdates(build)
  }

  /// Applies a batch update made elsewhere — by a diff of identifiers, for instance — as the
  /// closure form applies one it builds. Update the data source first.
  ///
  /// ```swift
  /// let update = try BatchUpdate(from: oldOffers.map(\.id), to: newOffers.map(\.id))
  /// offers = newOffers
  /// try banner.performBatchUpdates(update)
  /// ```
  ///
  /// - Throws: `ReelError` as `VirtualList.performBatchUpdates(_:)` does; the banner has then
  ///   reloaded and is consistent.
  /// - Complexity: that of `VirtualList.performBatchUpdates(_:)`.
  public func performBatchUpdates(_ update: BatchUpdate) throws(ReelError) {
    defer { refresh() }
    try list.performBatchUpdates(update)
  }

  // MARK: Pages

  /// The data index of the centred item, or `nil` when the banner is empty.
  ///
  /// It always names what is centred now, also in the middle of a motion; ``onPageChange``
  /// reports its changes.
  public var currentPage: Int? {
    let count = list.numberOfItems
    guard count > 0 else { return nil }
    return list.restingDataIndex ?? min(reportedPage ?? 0, count - 1)
  }

  /// Scrolls to the item at a data index, the shorter way round in a cyclic banner. Animated
  /// scrolls become instant under reduced motion. Autoplay restarts its interval afterwards.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  public func scrollToPage(_ index: Int, animated: Bool) {
    let count = list.numberOfItems
    precondition(
      index >= 0 && index < count,
      "Banner.scrollToPage(_:animated:): index \(index) is out of bounds 0..<\(count)")
    userInteracted()
    if animated && reducedMotion.animates {
      list.scrollToItem(at: index, alignment: .resting, animated: true)
    } else {
      list.scrollToItem(at: index, alignment: .resting, animated: false)
      refresh()
    }
  }

  /// Lays out, keeps the wrapping right for the count and reports a changed page.
  @usableFromInline
  func refresh() {
    let count = list.numberOfItems
    let wanted: Wrapping = count >= 2 ? wrapping : .bounded
    if list.wrapping != wanted {
      list.wrapping = wanted
      list.layoutIfNeeded()
    }
    if count == 0 {
      needsInitialPosition = true
    } else if needsInitialPosition && list.viewportExtent > 0 {
      // The first item rests centred from the start, also when several items fit.
      needsInitialPosition = false
      list.scrollToItem(at: 0, alignment: .resting, animated: false)
      list.layoutIfNeeded()
    }
    publishPage()
  }

  /// An input or programmatic move: the next settle restarts the interval and is the user's.
  func userInteracted() {
    deadline = nil
    autoplayMoved = false
  }
}
