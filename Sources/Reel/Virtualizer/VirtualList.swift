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
/// ## Threading
///
/// A list belongs to one isolation domain — usually the main actor, with the UI. It is not
/// `Sendable`, so the compiler rejects any use of it from two domains. Cells, data sources and
/// delegates isolated to the main actor conform with an isolated conformance:
///
/// ```swift
/// @MainActor final class RowWidget { /* … */ }
/// extension RowWidget: @MainActor ReusableCell {
///   func prepareForReuse() { /* … */ }
/// }
/// ```
///
/// ## Calls from inside callbacks
///
/// A data source or delegate callback may set ``contentOffset``, ``viewportSize``, ``layout`` and
/// the other configuration properties, or start a scroll: the pass runs again until the list is
/// stable (at most eight times). Calls that change the data or the
/// registrations — ``reloadData()``, ``performBatchUpdates(_:)-(BatchUpdate)``,
/// ``setMeasuredExtent(_:forItemAt:)``, ``measure(_:)``, ``register(_:capacity:factory:)`` —
/// stop the program with a message, as RecyclerView's "cannot call this method while computing a
/// layout" does: make them after the callback returns.
public final class VirtualList<Cell: ReusableCell> {
  /// The state, behind a pointer the list owns; see ``ListState`` for the rule that keeps its
  /// unchecked accesses sound. Reach it through ``state``.
  @usableFromInline let storage: UnsafeMutablePointer<ListState<Cell>>
  /// The storage of the last ``measure(_:)`` batch, emptied and kept for the next one, so that
  /// measuring in bulk does not allocate once it has grown to a frame's measurements.
  @usableFromInline var measurementScratch = MeasurementBatch(itemCount: 0)

  /// The list's state: every access is short and never spans a call into user code.
  @inlinable var state: ListState<Cell> {
    @inline(__always) unsafeAddress { UnsafePointer(storage) }
    @inline(__always) unsafeMutableAddress { storage }
  }

  /// How many times one layout pass may run again because callbacks changed the list.
  @usableFromInline package static var maximumPassesPerLayout: Int { 8 }

  // MARK: Configuration

  /// The layout; replacing it lays the list out again, keeping the first visible item (or, in a
  /// snapping list, the resting item) in place.
  public var layout: any ListLayout {
    get {
      applyPendingMeasurements()
      return state.layoutStorage
    }
    set {
      rememberAnchor()
      // The replaced layout may hold a user's reference whose `deinit` calls back into the
      // list: it is released once the list has taken the new one, not during the write.
      let replaced = state.layoutStorage
      state.layoutIsUniform = newValue is UniformLayout
      state.layoutIsVariable = newValue is VariableLayout
      state.layout = newValue
      invalidateLayout()
      withExtendedLifetime(replaced) {}
    }
  }

  /// The scrolling axis; changing it keeps the anchor item in place.
  public var axis: Axis {
    @inlinable get { state.axis }
    set { relayOut(\.axis, to: newValue) }
  }

  /// Whether the list ends or loops; changing it keeps the anchor item in place.
  public var wrapping: Wrapping {
    @inlinable get { state.wrapping }
    set {
      precondition(
        newValue == .bounded || state.anchoring == .start,
        "VirtualList.wrapping = .cyclic needs anchoring = .start: a list anchored at the end "
          + "must be bounded, since a cyclic list has no end")
      relayOut(\.wrapping, to: newValue)
    }
  }

  /// Whether horizontal content starts at the left or the right edge.
  public var direction: LayoutDirection {
    @inlinable get { state.direction }
    set {
      guard newValue != state.direction else { return }
      state.direction = newValue
      state.needsLayout = true
    }
  }

  /// Extra items kept displayed beyond each end of the viewport (2 by default).
  ///
  /// - Precondition: `overscan ≥ 0`.
  public var overscan: Int {
    @inlinable get { state.overscan }
    set {
      precondition(newValue >= 0, "VirtualList.overscan must be ≥ 0, got \(newValue)")
      state.overscan = newValue
      state.needsLayout = true
    }
  }

  /// The size of the visible area, in points. Changing it keeps the first visible item (or, in
  /// a snapping list, the resting item) in place.
  ///
  /// - Precondition: finite and not negative.
  public var viewportSize: Size {
    @inlinable get { state.viewportSize }
    set {
      precondition(
        newValue.isValid, "VirtualList.viewportSize must be finite and ≥ 0, got \(newValue)")
      relayOut(\.viewportSize, to: newValue)
    }
  }

  /// The scroll position: the main-axis content coordinate at the viewport's leading edge.
  ///
  /// Setting it moves the content at once and does not clamp (drags may rubber-band past the
  /// edges); use ``setContentOffset(_:animated:)`` or ``scrollToItem(at:alignment:animated:)-(Int,_,_)``
  /// for clamped and animated moves. In cyclic lists the offset is kept inside one period by
  /// whole-period recentring, invisibly.
  ///
  /// - Precondition: finite.
  public var contentOffset: Double {
    @inlinable get {
      applyPendingMeasurements()
      return state.offset
    }
    @inlinable set {
      precondition(newValue.isFinite, "VirtualList.contentOffset must be finite, got \(newValue)")
      applyPendingMeasurements()
      state.offset = newValue
      // An explicit position wins over an anchor remembered for a pending change.
      if state.hasPendingAnchor { state.pendingAnchor = nil }
      state.measurementAnchor = nil
    }
  }

  /// Where flings and drags come to rest; `nil` uses the layout's preference (paging layouts
  /// snap to items), or none.
  public var snapping: Snapping? {
    get { state.snapping }
    set {
      state.snapping = newValue
      state.needsLayout = true
      state.motion.layoutDidChange()
    }
  }

  /// The effective snapping: the list's own, or the layout's preference.
  public var effectiveSnapping: Snapping? {
    // Uniform and variable layouts prefer none: told without copying the layout.
    if let snapping = state.snapping { return snapping }
    if state.layoutIsUniform || state.layoutIsVariable { return nil }
    return currentLayout.preferredSnapping
  }

  /// A copy of the layout, to call: its methods may be user code, so they never run inside an
  /// access to the state.
  @inlinable var currentLayout: any ListLayout { state.layoutStorage }

  /// Motion tuning: deceleration rate, spring, animation durations.
  public var motionConfiguration: MotionConfiguration {
    get { state.motion.configuration }
    set { state.motion.configuration = newValue }
  }

  /// The data source, held weakly. Setting it reloads the data.
  ///
  /// - Precondition: not set from inside a data source or delegate callback.
  public var dataSource: (any VirtualListDataSource<Cell>)? {
    @inlinable get { state.dataSource }
    set {
      guardNotInCallback("dataSource")
      state.dataSource = newValue
      state.hasDataSource = newValue != nil
      reloadData()
    }
  }

  /// The delegate, held weakly.
  public var delegate: (any VirtualListDelegate<Cell>)? {
    @inlinable get { state.delegate }
    set {
      state.delegate = newValue
      state.hasDelegate = newValue != nil
    }
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
    storage = .allocate(capacity: 1)
    storage.initialize(
      to: ListState(
        layout: layout, axis: axis, wrapping: wrapping, direction: direction, overscan: overscan))
  }

  deinit {
    // Take the cells out first, so that their deinits (user code) run outside the state.
    let window = state.window.entries
    state.window.entries.removeAll()
    withExtendedLifetime(window) {}
    let pinned = state.pinned.entry
    state.pinned.entry = nil
    withExtendedLifetime(pinned) {}
    let departing = state.departing
    state.departing.removeAll()
    withExtendedLifetime(departing) {}
    let snapshot = state.snapshot
    state.snapshot = nil
    withExtendedLifetime(snapshot) {}
    let prepared = state.prepared
    state.prepared.removeAll()
    withExtendedLifetime(prepared) {}
    while let cell = state.pools.popAny() { withExtendedLifetime(cell) {} }
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  // MARK: Placements

  /// The displayed cells with their frames in viewport coordinates, after a layout pass.
  ///
  /// Reading it runs ``layoutIfNeeded()`` first.
  ///
  /// - Complexity: O(1) when nothing changed.
  @inlinable
  public var placements: Placements<Cell> {
    @inline(__always) get {
      layoutIfNeeded()
      refillSnapshot()
      return Placements(entries: state.window.entries, snapshot: state.snapshot!)
    }
  }

  @inlinable
  var geometry: PlacementGeometry {
    PlacementGeometry(
      offset: state.offset, axis: state.axis, mirrored: state.direction == .rightToLeft,
      viewportSize: state.viewportSize)
  }

  /// The number of items, as last reported by the data source.
  public var numberOfItems: Int {
    layoutIfNeeded()
    return state.count
  }

  /// The context the layout sees.
  @usableFromInline
  var context: LayoutContext {
    if state.isSectioned {
      return LayoutContext(
        sections: state.sections, viewportSize: state.viewportSize, axis: state.axis,
        wrapping: state.wrapping)
    }
    return LayoutContext(
      count: state.count, viewportSize: state.viewportSize, axis: state.axis,
      wrapping: state.wrapping)
  }

  /// The viewport's length along the main axis.
  @inlinable public var viewportExtent: Double { state.axis.main(of: state.viewportSize) }

  /// Changes an input of the layout, keeping the anchor item in place: the anchor is taken from
  /// the layout as displayed, before the change.
  func relayOut<Value: Equatable>(
    _ input: WritableKeyPath<ListState<Cell>, Value>, to newValue: Value
  ) {
    guard newValue != state[keyPath: input] else { return }
    rememberAnchor()
    state[keyPath: input] = newValue
    invalidateLayout()
  }

  /// Marks the layout for preparation on the next pass.
  func invalidateLayout() {
    state.needsPrepare = true
    state.needsLayout = true
    state.motion.layoutDidChange()
  }

  /// The data index of a virtual index.
  @inlinable
  func dataIndex(_ virtualIndex: Int) -> Int {
    state.wrapping == .cyclic
      ? CyclicMath.dataIndex(virtualIndex, count: state.count) : virtualIndex
  }

  @usableFromInline
  func guardNotInCallback(_ operation: String) {
    precondition(
      state.callbackDepth == 0,
      "VirtualList.\(operation) was called from inside a data source or delegate callback during "
        + "a layout pass; call it after the callback returns")
  }
}

@available(*, unavailable, message: "a VirtualList belongs to one isolation domain")
extension VirtualList: Sendable {}
