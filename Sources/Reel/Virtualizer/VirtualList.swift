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
    @inlinable get { state.pointee.axis }
    set {
      guard newValue != state.pointee.axis else { return }
      state.pointee.axis = newValue
      invalidateLayout()
    }
  }

  /// Whether the list ends or loops.
  public var wrapping: Wrapping {
    @inlinable get { state.pointee.wrapping }
    set {
      guard newValue != state.pointee.wrapping else { return }
      state.pointee.wrapping = newValue
      invalidateLayout()
    }
  }

  /// Whether horizontal content starts at the left or the right edge.
  public var direction: LayoutDirection {
    @inlinable get { state.pointee.direction }
    set {
      guard newValue != state.pointee.direction else { return }
      state.pointee.direction = newValue
      needsLayout = true
    }
  }

  /// Extra items kept displayed beyond each end of the viewport (2 by default).
  ///
  /// - Precondition: `overscan ≥ 0`.
  public var overscan: Int {
    @inlinable get { state.pointee.overscan }
    set {
      precondition(newValue >= 0, "VirtualList.overscan must be ≥ 0, got \(newValue)")
      state.pointee.overscan = newValue
      needsLayout = true
    }
  }

  /// The size of the visible area, in points. Changing it keeps the first visible item (or, in
  /// a snapping list, the resting item) in place.
  ///
  /// - Precondition: finite and not negative.
  public var viewportSize: Size {
    @inlinable get { state.pointee.viewportSize }
    set {
      precondition(
        newValue.isValid, "VirtualList.viewportSize must be finite and ≥ 0, got \(newValue)")
      guard newValue != state.pointee.viewportSize else { return }
      state.pointee.viewportSize = newValue
      invalidateLayout()
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
    @inlinable get { offset }
    @inlinable set {
      precondition(newValue.isFinite, "VirtualList.contentOffset must be finite, got \(newValue)")
      offset = newValue
    }
  }

  /// Where flings and drags come to rest; `nil` uses the layout's preference (paging layouts
  /// snap to items), or none.
  public var snapping: Snapping? {
    get { state.pointee.snapping }
    set {
      state.pointee.snapping = newValue
      needsLayout = true
    }
  }

  /// The effective snapping: the list's own, or the layout's preference.
  public var effectiveSnapping: Snapping? { snapping ?? layoutStorage.preferredSnapping }

  /// Motion tuning: deceleration rate, spring, animation durations.
  public var motionConfiguration: MotionConfiguration {
    get { state.pointee.motion.configuration }
    set { state.pointee.motion.configuration = newValue }
  }

  /// The data source, held weakly. Setting it reloads the data.
  public var dataSource: (any VirtualListDataSource<Cell>)? {
    @inlinable get { state.pointee.dataSource }
    set {
      state.pointee.dataSource = newValue
      reloadData()
    }
  }

  /// The delegate, held weakly.
  public var delegate: (any VirtualListDelegate<Cell>)? {
    @inlinable get { state.pointee.delegate }
    set { state.pointee.delegate = newValue }
  }

  // MARK: State

  /// All mutable state, behind a pointer the list owns. Accesses through it are not checked
  /// for exclusivity at run time, which would otherwise cost about half of an unchanged pass;
  /// the list is single-threaded and never holds an access across a callback.
  @usableFromInline let state: UnsafeMutablePointer<ListState<Cell>>

  @inlinable var layoutStorage: any ListLayout {
    _read { yield state.pointee.layoutStorage }
    _modify { yield &state.pointee.layoutStorage }
  }
  @inlinable var offset: Double {
    _read { yield state.pointee.offset }
    _modify { yield &state.pointee.offset }
  }
  @inlinable var count: Int {
    _read { yield state.pointee.count }
    _modify { yield &state.pointee.count }
  }
  @inlinable var pools: ReusePools<Cell> {
    _read { yield state.pointee.pools }
    _modify { yield &state.pointee.pools }
  }
  @inlinable var window: ContiguousArray<WindowEntry<Cell>> {
    _read { yield state.pointee.window }
    _modify { yield &state.pointee.window }
  }
  @inlinable var windowStart: Int {
    _read { yield state.pointee.windowStart }
    _modify { yield &state.pointee.windowStart }
  }
  @inlinable var scratch: ContiguousArray<WindowEntry<Cell>> {
    _read { yield state.pointee.scratch }
    _modify { yield &state.pointee.scratch }
  }
  @inlinable var pending: ContiguousArray<(cell: Cell, pool: ReusePools<Cell>.Key)> {
    _read { yield state.pointee.pending }
    _modify { yield &state.pointee.pending }
  }
  @inlinable var requestedIndex: Int? {
    _read { yield state.pointee.requestedIndex }
    _modify { yield &state.pointee.requestedIndex }
  }
  @inlinable var callbackDepth: Int {
    _read { yield state.pointee.callbackDepth }
    _modify { yield &state.pointee.callbackDepth }
  }
  @inlinable var needsReload: Bool {
    _read { yield state.pointee.needsReload }
    _modify { yield &state.pointee.needsReload }
  }
  @inlinable var needsPrepare: Bool {
    _read { yield state.pointee.needsPrepare }
    _modify { yield &state.pointee.needsPrepare }
  }
  @inlinable var needsLayout: Bool {
    _read { yield state.pointee.needsLayout }
    _modify { yield &state.pointee.needsLayout }
  }
  @inlinable var laidOutOffset: Double {
    _read { yield state.pointee.laidOutOffset }
    _modify { yield &state.pointee.laidOutOffset }
  }
  @inlinable var reportedOffset: Double {
    _read { yield state.pointee.reportedOffset }
    _modify { yield &state.pointee.reportedOffset }
  }
  @inlinable var preparedContext: LayoutContext? {
    _read { yield state.pointee.preparedContext }
    _modify { yield &state.pointee.preparedContext }
  }
  @inlinable var identities: [ObjectIdentifier: AnyHashable] {
    _read { yield state.pointee.identities }
    _modify { yield &state.pointee.identities }
  }
  @inlinable var asksForIdentities: Bool {
    _read { yield state.pointee.asksForIdentities }
    _modify { yield &state.pointee.asksForIdentities }
  }
  @inlinable var largestWindow: Int {
    _read { yield state.pointee.largestWindow }
    _modify { yield &state.pointee.largestWindow }
  }
  var motion: ScrollMotion {
    _read { yield state.pointee.motion }
    _modify { yield &state.pointee.motion }
  }
  var pendingEvents: MotionEvents {
    _read { yield state.pointee.pendingEvents }
    _modify { yield &state.pointee.pendingEvents }
  }

  /// Creates a list.
  ///
  /// - Parameters:
  ///   - layout: where items go, e.g. `UniformLayout(extent: 44)`.
  ///   - axis: the scrolling axis.
  ///   - wrapping: bounded or cyclic.
  ///   - direction: left-to-right or right-to-left for horizontal lists.
  ///   - overscan: items kept beyond each end of the viewport.
  ///
  /// ```swift
  /// let list = VirtualList<Row>(layout: UniformLayout(extent: 44), axis: .vertical)
  /// list.register("row") { Row() }
  /// list.dataSource = contacts
  /// ```
  ///
  /// - Precondition: `overscan ≥ 0`.
  /// - Complexity: O(1); the layout is prepared on the first layout pass.
  public init(
    layout: some ListLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    direction: LayoutDirection = .leftToRight, overscan: Int = 2
  ) {
    precondition(overscan >= 0, "VirtualList: overscan must be ≥ 0, got \(overscan)")
    state = .allocate(capacity: 1)
    state.initialize(
      to: ListState(
        layout: layout, axis: axis, wrapping: wrapping, direction: direction, overscan: overscan))
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
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
  public func register(_ reuseIdentifier: String, capacity: Int = 5, factory: @escaping () -> Cell)
  {
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
  @inlinable
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

  @usableFromInline
  func guardNotInCallback(_ operation: String) {
    precondition(
      callbackDepth == 0,
      "VirtualList.\(operation) was called from inside a data source or delegate callback during "
        + "a layout pass; call it after the callback returns")
  }
}
