/// A virtualized list: it displays only the cells that fit the viewport, reusing them as the
/// content scrolls.
///
/// Give it a layout, register a factory per reuse identifier, set a data source and a viewport
/// size; then, every frame, feed input and time in and draw ``placements``:
///
/// ```swift
/// let list = VirtualList<Row>(layout: UniformLayout(extent: 44))
/// list.register("row") { Row() }
/// list.dataSource = contacts
/// list.viewportSize = Size(width: 390, height: 844)
///
/// list.tick(clock.now)                      // motion: flings, snaps, animations
/// for placement in list.placements {        // what to draw, in viewport coordinates
///   draw(placement.cell, in: placement.frame)
/// }
/// ```
///
/// A layout pass costs O(log n + cells that changed) and does nothing at all when nothing
/// changed. Cells ever created stay within the largest window plus the pools' caps, whatever the
/// item count. Lists may be ``Wrapping/bounded`` or ``Wrapping/cyclic`` (any count ≥ 1 loops;
/// one item can show several times at once).
///
/// The list is not thread-safe: use it from one thread or actor, usually the UI's.
public final class VirtualList<Cell: ReusableCell> {
  // MARK: Configuration

  /// The layout; replacing it lays the list out again, keeping the first visible item in place.
  public var layout: any ListLayout {
    get { layoutStorage }
    set {
      layoutStorage = newValue
      invalidateLayout()
    }
  }

  /// The scrolling axis.
  public var axis: Axis {
    didSet { if axis != oldValue { invalidateLayout() } }
  }

  /// Whether the list ends or loops.
  public var wrapping: Wrapping {
    didSet { if wrapping != oldValue { invalidateLayout() } }
  }

  /// Whether horizontal content starts at the left or the right edge.
  public var direction: LayoutDirection {
    didSet { if direction != oldValue { needsLayout = true } }
  }

  /// Extra items kept displayed beyond each end of the viewport (2 by default).
  ///
  /// - Precondition: `overscan ≥ 0`.
  public var overscan: Int {
    didSet {
      precondition(overscan >= 0, "VirtualList.overscan must be ≥ 0, got \(overscan)")
      needsLayout = true
    }
  }

  /// The size of the visible area, in points. Changing it keeps the first visible item (or, in
  /// a snapping list, the resting item) in place.
  ///
  /// - Precondition: finite and not negative.
  public var viewportSize: Size = .zero {
    didSet {
      precondition(
        viewportSize.isValid,
        "VirtualList.viewportSize must be finite and ≥ 0, got \(viewportSize)")
      if viewportSize != oldValue { invalidateLayout() }
    }
  }

  /// The scroll position: the main-axis content coordinate at the viewport's leading edge.
  ///
  /// Setting it moves the content at once and does not clamp (drags may rubber-band past the
  /// edges); use ``setContentOffset(_:animated:)`` or ``scrollToItem(at:alignment:animated:)``
  /// for clamped and animated moves. In cyclic lists the offset is kept inside one period by
  /// whole-period recentring, invisibly.
  ///
  /// - Precondition: finite.
  public var contentOffset: Double {
    get { offset }
    set {
      precondition(newValue.isFinite, "VirtualList.contentOffset must be finite, got \(newValue)")
      offset = newValue
    }
  }

  /// Where flings and drags come to rest; `nil` uses the layout's preference (paging layouts
  /// snap to items), or none.
  public var snapping: Snapping? {
    didSet { needsLayout = true }
  }

  /// The effective snapping: the list's own, or the layout's preference.
  public var effectiveSnapping: Snapping? { snapping ?? layoutStorage.preferredSnapping }

  /// Motion tuning: deceleration rate, spring, animation durations.
  public var motionConfiguration = MotionConfiguration()

  /// The data source, held weakly. Setting it reloads the data.
  public weak var dataSource: (any VirtualListDataSource<Cell>)? {
    didSet { reloadData() }
  }

  /// The delegate, held weakly.
  public weak var delegate: (any VirtualListDelegate<Cell>)?

  // MARK: State

  /// The layout, mutated in place by passes (``layout`` is its public face).
  @usableFromInline var layoutStorage: any ListLayout
  @usableFromInline var offset = 0.0
  @usableFromInline var count = 0
  @usableFromInline var pools = ReusePools<Cell>()
  @usableFromInline var window = ContiguousArray<WindowEntry<Cell>>()
  @usableFromInline var windowStart = 0
  var scratch = ContiguousArray<WindowEntry<Cell>>()
  var pending = ContiguousArray<(cell: Cell, pool: ReusePools<Cell>.Key)>()
  var requestedIndex: Int?
  var callbackDepth = 0
  var needsReload = true
  var needsPrepare = true
  @usableFromInline var needsLayout = true
  @usableFromInline var laidOutOffset = Double.nan
  var reportedOffset = 0.0
  var preparedContext: LayoutContext?
  var usesIdentities = false
  var largestWindow = 0
  var motion = MotionState()
  var pendingEvents = MotionEvents()

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - layout: where items go, e.g. `UniformLayout(extent: 44)`.
  ///   - axis: the scrolling axis.
  ///   - wrapping: bounded or cyclic.
  ///   - direction: left-to-right or right-to-left for horizontal lists.
  ///   - overscan: items kept beyond each end of the viewport.
  public init(
    layout: some ListLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    direction: LayoutDirection = .leftToRight, overscan: Int = 2
  ) {
    precondition(overscan >= 0, "VirtualList: overscan must be ≥ 0, got \(overscan)")
    self.layoutStorage = layout
    self.axis = axis
    self.wrapping = wrapping
    self.direction = direction
    self.overscan = overscan
    window.reserveCapacity(64)
    scratch.reserveCapacity(64)
    pending.reserveCapacity(4)
  }

  // MARK: Reuse

  /// Registers a factory for a reuse identifier, with a cap on pooled cells (5 by default).
  ///
  /// ```swift
  /// list.register("row") { Row() }
  /// list.register("header", capacity: 2) { Header() }
  /// ```
  ///
  /// - Precondition: not called from inside a data source or delegate callback; `capacity ≥ 0`.
  public func register(_ reuseIdentifier: String, capacity: Int = 5, factory: @escaping () -> Cell) {
    precondition(
      callbackDepth == 0,
      "VirtualList.register(_:factory:) was called from inside a data source or delegate callback")
    pools.register(reuseIdentifier, capacity: capacity, factory: factory)
  }

  /// A cell for the item the list is asking for: a pooled one after `prepareForReuse()`, or a
  /// new one from the identifier's factory.
  ///
  /// - Precondition: called from ``VirtualListDataSource/virtualList(_:cellForItemAt:)`` with the
  ///   index it was asked for, and the identifier was registered.
  /// - Complexity: O(1) amortized.
  public func dequeueReusableCell(withReuseIdentifier reuseIdentifier: String, for index: Int)
    -> Cell
  {
    guard let requested = requestedIndex else {
      preconditionFailure(
        "dequeueReusableCell(withReuseIdentifier:for:) must be called from the data source's "
          + "virtualList(_:cellForItemAt:)")
    }
    precondition(
      index == requested,
      "dequeueReusableCell(withReuseIdentifier:for:) was called for index \(index) while the "
        + "list asked for index \(requested)")
    guard let key = pools.key(for: reuseIdentifier) else {
      preconditionFailure(
        "no cell is registered for reuse identifier \"\(reuseIdentifier)\"; call "
          + "register(_:factory:) first")
    }
    let cell = pools.dequeue(key)
    pending.append((cell, key))
    return cell
  }

  /// Cells the factories made over the list's life.
  public var cellsCreated: Int { pools.createdCount }
  /// Cells released because their pool was full.
  public var cellsReleased: Int { pools.releasedCount }
  /// Cells waiting in the pools.
  public var cellsPooled: Int { pools.pooledCount }
  /// Cells displayed now (the window, overscan included).
  public var cellsDisplayed: Int { window.count }
  /// The largest number of cells displayed at once so far.
  public var largestWindowCount: Int { largestWindow }
  /// The sum of the pools' caps.
  public var poolCapacity: Int { pools.totalCapacity }

  // MARK: Placements

  /// The displayed cells with their frames in viewport coordinates, after a layout pass.
  ///
  /// Reading it runs ``layoutIfNeeded()`` first.
  ///
  /// - Complexity: O(1) when nothing changed.
  public var placements: Placements<Cell> {
    layoutIfNeeded()
    // A didScroll handler may have moved the content during the pass: lay out once more.
    if offset != laidOutOffset { layoutIfNeeded() }
    return Placements(entries: window, firstVirtualIndex: windowStart, geometry: geometry)
  }

  @usableFromInline
  var geometry: PlacementGeometry {
    PlacementGeometry(
      offset: offset, axis: axis, mirrored: direction == .rightToLeft,
      viewportSize: viewportSize)
  }

  /// The number of items, as last reported by the data source.
  public var numberOfItems: Int {
    layoutIfNeeded()
    return count
  }

  /// The context the layout sees.
  var context: LayoutContext {
    LayoutContext(count: count, viewportSize: viewportSize, axis: axis, wrapping: wrapping)
  }

  /// The viewport's length along the main axis.
  public var viewportExtent: Double { axis.main(of: viewportSize) }

  func invalidateLayout() {
    needsPrepare = true
    needsLayout = true
  }

  /// The data index of a virtual index.
  @inlinable
  func dataIndex(_ virtualIndex: Int) -> Int {
    wrapping == .cyclic ? CyclicMath.dataIndex(virtualIndex, count: count) : virtualIndex
  }

  func guardNotInCallback(_ operation: String) {
    precondition(
      callbackDepth == 0,
      "VirtualList.\(operation) was called from inside a data source or delegate callback during "
        + "a layout pass; call it after the callback returns")
  }
}
