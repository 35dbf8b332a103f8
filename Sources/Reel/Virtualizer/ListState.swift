/// The mutable state of a ``VirtualList``, stored behind a pointer the list owns.
///
/// The list reaches it only through ``VirtualList/state``, whose accesses are not checked for
/// exclusivity at run time: with the checks on, a scrolling frame (reel-bench's W2) runs about
/// 40 % more instructions. The rule that
/// makes that sound: no access to the state is ever open while user code runs. User-supplied
/// references kept here — the layout, the data source, the delegate, cells — are copied into a
/// local before they are called, and the operations on the state's collections never call out
/// (the pools hand factories and surplus cells back to the list instead of calling or dropping
/// them). `VirtualList+Invariants.swift` checks the consequences in debug builds after every pass.
@usableFromInline
struct ListState<Cell: ReusableCell> {
  @usableFromInline var axis: Axis
  @usableFromInline var wrapping: Wrapping
  @usableFromInline var direction: LayoutDirection
  @usableFromInline var overscan: Int
  @usableFromInline var viewportSize = Size.zero
  @usableFromInline var snapping: Snapping?
  @usableFromInline weak var dataSource: (any VirtualListDataSource<Cell>)?
  @usableFromInline weak var delegate: (any VirtualListDelegate<Cell>)?
  /// Whether a data source was set and not cleared: tells a released one from none.
  @usableFromInline var hasDataSource = false

  /// The layout. Copy it into a local before calling it: its methods may be user code.
  ///
  /// Every assignment refreshes the figures kept from it (``layoutDidChange(_:)``). A
  /// measurement changes a variable layout in place through ``layoutStorage`` instead, and
  /// keeps the figures itself.
  @inlinable var layout: any ListLayout {
    get { layoutStorage }
    set {
      layoutStorage = newValue
      layoutDidChange(newValue)
    }
  }
  /// The storage of ``layout``, changed in place only by Reel's own code on a
  /// ``VariableLayout`` (a measurement), which then keeps the figures below.
  @usableFromInline var layoutStorage: any ListLayout

  /// Refreshes the figures kept from the layout after `assigned` was assigned (read from the
  /// assigned value: the stored one shares its box with it until the caller lets it go, and a
  /// mutable access would copy the box).
  @usableFromInline
  mutating func layoutDidChange(_ assigned: any ListLayout) {
    // Only a list whose layout is uniform pays for the copy (and the cast); a measuring
    // layout pays one flag test.
    if layoutIsUniform {
      uniformLayout = layout as? UniformLayout
    } else if uniformLayout != nil {
      uniformLayout = nil
    }
    if layoutIsVariable {
      // Reel's own code, read in place on the assigned layout (no copy of the existential).
      if let figures = assigned.readingIfVariable({
        ($0.pointee.contentExtent, $0.pointee.insets.start, $0.pointee.spacing)
      }) {
        (variableContentExtent, variableInset, variableSpacing) = figures
        variableFiguresAreSixtyFourths =
          ExtentStore.isSixtyFourths(variableInset) && ExtentStore.isSixtyFourths(variableSpacing)
      } else {
        // The placeholder that stands in while the layout is moved out.
        variableContentExtent = layoutStorage.contentExtent
      }
    }
    layoutGeneration &+= 1
  }

  /// Advanced by every assignment or mutation of ``layout``: a pass that asked the data source
  /// for cells tells by it whether a callback changed the layout meanwhile.
  @usableFromInline var layoutGeneration: UInt = 0
  /// Whether the layout is a ``UniformLayout``: set where the layout's type can change (the
  /// list's initializer and its `layout` setter), before the layout itself.
  @usableFromInline var layoutIsUniform: Bool
  /// Whether the layout is a ``VariableLayout``: set with ``layoutIsUniform``. Tells a
  /// measuring layout without copying the existential (a copy and its release cost more than
  /// the rest of the measurement's checks).
  @usableFromInline var layoutIsVariable: Bool
  /// The layout's content extent when ``layoutIsVariable`` (kept by ``layout``'s observer: a
  /// variable layout is a value, changed only by assignment), so that ``VirtualList``'s
  /// `maximumOffset`, asked two or three times per change, copies no layout.
  @usableFromInline var variableContentExtent = 0.0
  /// The layout's leading inset and spacing when ``layoutIsVariable`` (kept with
  /// ``variableContentExtent``; a measurement changes neither): the pass reads the visible
  /// range from the window's slots with them.
  @usableFromInline var variableInset = 0.0
  @usableFromInline var variableSpacing = 0.0
  /// Whether ``variableInset`` and ``variableSpacing`` are whole numbers of sixty-fourths: one
  /// of the conditions under which a measurement shifts the window's slots exactly.
  @usableFromInline var variableFiguresAreSixtyFourths = true
  /// A copy of ``layout`` when it is a ``UniformLayout`` (Reel's own code, never user code), so
  /// that the scrolling path computes the window and the slots directly, without copying the
  /// existential and calling through its witness table; `nil` for any other layout, and while
  /// the layout is moved out for a mutating call. Kept in step by ``layout``'s observer.
  @usableFromInline var uniformLayout: UniformLayout?
  /// Whether a delegate was set and not cleared: lets a pass without one skip the weak load.
  @usableFromInline var hasDelegate = false
  @usableFromInline var offset = 0.0
  @usableFromInline var count = 0
  /// The sections of the rows, as the data source last gave them (flat without sections).
  @usableFromInline var sections = SectionIndex(flat: 0)
  /// Whether the data source is sectioned (asked at every reload).
  @usableFromInline var isSectioned = false
  /// Whether the header of the section at the leading edge stays pinned.
  @usableFromInline var pinsHeaders = false
  /// Where pinned headers sit, from the viewport's leading edge.
  @usableFromInline var pinInset = 0.0
  /// The pinned header: in the window, or a cell of its own outside it.
  @usableFromInline var pinned = PinnedHeader<Cell>()
  /// What the last ``Placements`` snapshot shares with its placements, refilled for the next one.
  @usableFromInline var snapshot: PlacementSnapshot<Cell>?
  @usableFromInline var pools = ReusePools<Cell>()
  /// The displayed cells and their slots.
  @usableFromInline var window = CellWindow<Cell>()
  /// The update that `performBatchUpdates { … }` builds next: empty, its arrays' storage kept
  /// from the last one (see ``BatchUpdate/removeAll(keepingCapacityUpTo:)``).
  @usableFromInline var spareUpdate = BatchUpdate()
  @usableFromInline var callbackDepth = 0
  @usableFromInline var needsReload = true
  @usableFromInline var needsPrepare = true
  @usableFromInline var needsLayout = true
  @usableFromInline var laidOutOffset = Double.nan
  @usableFromInline var reportedOffset = 0.0
  @usableFromInline var preparedContext: LayoutContext?
  /// The anchor captured when the layout, axis, wrapping or viewport changed, restored by the
  /// next prepare: it must be taken from the layout as it was, before the change.
  @usableFromInline var pendingAnchor: ListAnchor? {
    didSet { hasPendingAnchor = pendingAnchor != nil }
  }
  /// Whether ``pendingAnchor`` is set: a trivial flag, so that the hot `contentOffset` setter
  /// tests it without touching the anchor's non-trivial storage.
  @usableFromInline var hasPendingAnchor = false
  /// The item that measurements since the last pass keep in place, with its position in the
  /// viewport: one capture for any number of measurements. Valid only until the next pass and
  /// while the offset is ``measurementAnchorOffset``: a scroll in between (a jump, a motion's
  /// tick) shows another first item, which the next measurement captures instead.
  @usableFromInline var measurementAnchor: (virtualIndex: Int, position: Double)?
  /// The offset ``measurementAnchor``'s position is relative to: the offset the last
  /// measurement left.
  @usableFromInline var measurementAnchorOffset = 0.0
  /// Measurements given one at a time (``VirtualList/setMeasuredExtent(_:forItemAt:)``) since
  /// they were last applied: applied together, as one ``VirtualList/measure(_:)`` batch, by the
  /// next pass or before anything reads or changes what they move. Kept here rather than on the
  /// list, where every frame's test for them would be checked for exclusivity at run time: an
  /// auto-playing banner's frame (reel-bench's W5) ran about 1.4 times the instructions.
  @usableFromInline var pendingMeasurements = MeasurementBatch(itemCount: 0)
  /// Identities of displayed items whose data source provides them, by cell. Kept out of the
  /// window's entries so that lists without identities pay nothing for them.
  @usableFromInline var identities: [ObjectIdentifier: AnyHashable] = [:]
  /// Whether the data source gives identities: unknown until the first cell after a reload asks.
  @usableFromInline var asksForIdentities = true
  /// The identity of the item a motion in flight is headed for, and its virtual index when
  /// asked, so that a reload can re-aim the motion at the same item.
  @usableFromInline var motionTarget: (virtualIndex: Int, identity: AnyHashable?)?
  /// The selected and highlighted rows (empty unless a selection mode is set).
  @usableFromInline var selection = SelectionModel()
  /// The row with keyboard focus, if any.
  @usableFromInline var focusedRow: Int?
  /// The prefetching data source, and whether one is set (a trivial flag for the pass to test).
  weak var prefetchSource: (any VirtualListPrefetchingDataSource<Cell>)?
  @usableFromInline var hasPrefetchSource = false
  @usableFromInline var prefetchPlanner = PrefetchPlanner()
  /// Cells created and bound ahead of the motion in idle time, not yet displayed: handed to the
  /// window when their item enters it (see `VirtualList+Preparation.swift`).
  @usableFromInline var prepared = ContiguousArray<PreparedCell<Cell>>()
  /// The motion idle-time preparation last saw, and what a cell costs to prepare.
  var preparation = CellPreparation()
  /// Which end of the content stays in place: the start (the default) or the end (chat, logs).
  @usableFromInline var anchoring = ContentAnchoring.start
  /// Whether following the end animates to a new end after items are appended.
  @usableFromInline var animatesFollowingEnd = false
  /// Items appended at the end while the list did not follow it; 0 once the end is reached.
  @usableFromInline var newItemsBelow = 0
  /// Whether the list followed its end when a layout, axis or viewport change was remembered:
  /// the next prepare pins it to the end again.
  @usableFromInline var pendingEndPin = false
  @usableFromInline var motion = ScrollMotion()
  /// The animations of surviving and inserted cells after an animated batch update.
  @usableFromInline var animator = UpdateAnimator()
  /// Cells animating out after an animated batch update: drawn, neither in the window nor
  /// pooled, retired when their animation ends.
  @usableFromInline var departing = ContiguousArray<DepartingCell<Cell>>()
  var pendingEvents = MotionEvents()

  init(
    layout: any ListLayout, axis: Axis, wrapping: Wrapping, direction: LayoutDirection,
    overscan: Int
  ) {
    layoutStorage = layout
    uniformLayout = layout as? UniformLayout
    layoutIsUniform = uniformLayout != nil
    layoutIsVariable = layout is VariableLayout
    if let variable = layout as? VariableLayout {
      variableContentExtent = variable.contentExtent
      variableInset = variable.insets.start
      variableSpacing = variable.spacing
      variableFiguresAreSixtyFourths =
        ExtentStore.isSixtyFourths(variableInset) && ExtentStore.isSixtyFourths(variableSpacing)
    }
    self.axis = axis
    self.wrapping = wrapping
    self.direction = direction
    self.overscan = overscan
  }
}
