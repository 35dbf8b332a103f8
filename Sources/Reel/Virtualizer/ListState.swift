/// The mutable state of a ``VirtualList``, stored behind a pointer the list owns.
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

  /// The layout, mutated in place by passes (``VirtualList/layout`` is its public face).
  @usableFromInline var layoutStorage: any ListLayout
  @usableFromInline var offset = 0.0
  @usableFromInline var count = 0
  @usableFromInline var pools = ReusePools<Cell>()
  @usableFromInline var window = ContiguousArray<WindowEntry<Cell>>()
  @usableFromInline var windowStart = 0
  @usableFromInline var scratch = ContiguousArray<WindowEntry<Cell>>()
  @usableFromInline var pending = ContiguousArray<(cell: Cell, pool: ReusePools<Cell>.Key)>()
  @usableFromInline var requestedIndex: Int?
  @usableFromInline var callbackDepth = 0
  @usableFromInline var needsReload = true
  @usableFromInline var needsPrepare = true
  @usableFromInline var needsLayout = true
  @usableFromInline var laidOutOffset = Double.nan
  @usableFromInline var reportedOffset = 0.0
  @usableFromInline var preparedContext: LayoutContext?
  @usableFromInline var largestWindow = 0
  /// Identities of displayed items whose data source provides them, by cell. Kept out of the
  /// window's entries so that lists without identities pay nothing for them.
  @usableFromInline var identities: [ObjectIdentifier: AnyHashable] = [:]
  /// Whether the data source gives identities: unknown until the first cell after a reload asks.
  @usableFromInline var asksForIdentities = true
  var motion = ScrollMotion()
  var pendingEvents = MotionEvents()

  init(
    layout: any ListLayout, axis: Axis, wrapping: Wrapping, direction: LayoutDirection,
    overscan: Int
  ) {
    self.layoutStorage = layout
    self.axis = axis
    self.wrapping = wrapping
    self.direction = direction
    self.overscan = overscan
    window.reserveCapacity(64)
    scratch.reserveCapacity(64)
    pending.reserveCapacity(4)
  }
}
