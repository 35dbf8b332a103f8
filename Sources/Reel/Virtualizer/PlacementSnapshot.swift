/// What the placements of a snapshot share beside the window's entries: the geometry that turns
/// the window's slots into frames and the window's first virtual index; while a section header
/// is pinned, something is selected or highlighted, or update animations run, every placement
/// worked out in full.
///
/// ``Placements`` and each ``Placement`` hold it by one reference beside the window's entries,
/// so a placement is three words and reading its frame touches only its entry and the geometry.
/// The list keeps one instance and refills it for each snapshot while no earlier snapshot or
/// placement still holds it, so frames allocate nothing.
///
/// Its properties are read on every placement, so they are not checked for exclusivity at run
/// time (a check costs more than the read). That is sound because accesses to them never
/// overlap: the list writes them only while nothing else holds the instance, and the only user
/// code that can run then — the `deinit` of a cell whose last reference was here — runs with no
/// access to them open (the held cells are emptied in a local).
///
/// Resolved placements hold their cells unretained, so that filling and
/// emptying them retains and releases nothing: the window's cells are kept alive by the window's
/// entries, which ``Placements`` and every ``Placement`` hold beside the snapshot, and the other
/// cells (departing cells, a pinned header's own cell, a placement made by hand) by `heldCells`.
@usableFromInline
final class PlacementSnapshot<Cell: ReusableCell> {
  /// What turns the window's content-space slots into viewport frames.
  @exclusivity(unchecked) @usableFromInline var geometry = PlacementGeometry(
    offset: 0, axis: .vertical, mirrored: false, viewportSize: Size(width: 0, height: 0))
  /// The virtual index of the window's first entry.
  @exclusivity(unchecked) @usableFromInline var firstVirtualIndex = 0
  /// Whether the placements are the resolved ones rather than the window's entries.
  @exclusivity(unchecked) @usableFromInline var isResolved = false
  /// How a placement is read: the mode of `isResolved` with the plain mode split by the
  /// geometry, so that a placement's frame tests one value (which a reading loop loads once)
  /// in the common case. Set by ``noteReadMode()`` whenever `isResolved` or `geometry` changed.
  @exclusivity(unchecked) @usableFromInline var readMode = PlacementReadMode.upright

  /// Sets `readMode` from `isResolved` and `geometry`.
  @inlinable
  func noteReadMode() {
    readMode = isResolved ? .resolved : geometry.plainMode
  }
  /// Every placement in drawing order while the snapshot is resolved: the window's cells (the
  /// pinned header's row skipped), the departing cells, then the pinned header.
  /// They are storage the snapshot owns (`resolvedCapacity` elements, the first
  /// `resolvedCount` initialized), read in place through its address: a resolved placement is
  /// a plain value (it holds its cell unretained), so reading one retains nothing.
  @exclusivity(unchecked) @usableFromInline var resolvedStorage:
    UnsafeMutablePointer<ResolvedPlacement<Cell>>?
  /// The number of resolved placements.
  @exclusivity(unchecked) @usableFromInline var resolvedCount = 0
  /// The number of resolved placements `resolvedStorage` has room for.
  @exclusivity(unchecked) @usableFromInline var resolvedCapacity = 0
  /// The cells of resolved placements that are not the window's: departing cells, a pinned
  /// header's own cell, or the cell of a placement made by hand.
  @exclusivity(unchecked) @usableFromInline var heldCells = ContiguousArray<Cell>()
  @inlinable init() {}

  deinit {
    resolvedStorage?.deinitialize(count: resolvedCount)
    resolvedStorage?.deallocate()
  }

  /// Appends a resolved placement.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  func appendResolved(_ placement: ResolvedPlacement<Cell>) {
    if resolvedCount == resolvedCapacity { growResolved(minimumCapacity: resolvedCount &+ 1) }
    (resolvedStorage.unsafelyUnwrapped + resolvedCount).initialize(to: placement)
    resolvedCount &+= 1
  }

  /// Makes room for at least `minimumCapacity` resolved placements, keeping those there are.
  @inlinable
  func reserveResolved(_ minimumCapacity: Int) {
    if minimumCapacity > resolvedCapacity { growResolved(minimumCapacity: minimumCapacity) }
  }

  /// Moves the resolved placements to storage of at least `minimumCapacity` elements.
  @usableFromInline
  func growResolved(minimumCapacity: Int) {
    let capacity = max(minimumCapacity, 2 &* resolvedCapacity, 16)
    let storage = UnsafeMutablePointer<ResolvedPlacement<Cell>>.allocate(capacity: capacity)
    if let old = resolvedStorage {
      storage.moveInitialize(from: old, count: resolvedCount)
      old.deallocate()
    }
    resolvedStorage = storage
    resolvedCapacity = capacity
  }

  /// The number of placements for a window of `windowEntries` entries.
  @inlinable
  func count(windowEntries: Int) -> Int {
    isResolved ? resolvedCount : windowEntries
  }

  /// Empties the resolved placements and the held cells, keeping their storage.
  @inlinable
  func removeResolved() {
    isResolved = false
    resolvedStorage?.deinitialize(count: resolvedCount)
    resolvedCount = 0
    noteReadMode()
    if !heldCells.isEmpty { removeHeldCells() }
  }

  /// Empties the resolved placements, keeping their storage and the held cells.
  @inlinable
  func emptyResolvedPlacements() {
    guard isResolved else { return }
    isResolved = false
    resolvedStorage?.deinitialize(count: resolvedCount)
    resolvedCount = 0
    noteReadMode()
  }

  /// Empties the held cells, keeping their storage. They are emptied in a local: a cell
  /// released there may run its `deinit` (user code) with no access open.
  @inlinable
  func removeHeldCells() {
    var held = ContiguousArray<Cell>()
    swap(&held, &heldCells)
    held.removeAll(keepingCapacity: true)
    swap(&held, &heldCells)
  }
}

extension ResolvedPlacement {
  /// The placement of a window entry: at rest, or while update animations run, its slot
  /// displaced by what remains of its move and its fade-in as the opacity; marked when the
  /// selection selects or highlights its item.
  @inlinable
  init(
    entry: UnsafePointer<WindowEntry<Cell>>, virtualIndex: Int, geometry: PlacementGeometry,
    animation: WindowAnimation, selection: PlacementSelection
  ) {
    let index = entry.pointee.index
    let slot = entry.pointee.slot
    let isSelected = selection.isActive && selection.selects(index)
    let isHighlighted = selection.isActive && selection.highlighted == index
    guard animation.kind != .rest else {
      self.init(
        virtualIndex: virtualIndex, index: index, cell: entry.pointee.cell,
        frame: geometry.frame(of: slot), kind: entry.pointee.kind, isSelected: isSelected,
        isHighlighted: isHighlighted)
      return
    }
    let appears = animation.kind == .appear
    let transition = ResolvedTransition(
      kind: appears ? .appear : .move, from: slot.displaced(by: animation.displacement, times: 1),
      to: slot, progress: appears ? animation.fadeProgress : animation.moveProgress)
    self.init(
      virtualIndex: virtualIndex, index: index, cell: entry.pointee.cell,
      frame: geometry.frame(
        of: slot.displaced(by: animation.displacement, times: 1 - animation.moveProgress)),
      kind: entry.pointee.kind, opacity: animation.fadeProgress, transition: transition,
      isSelected: isSelected, isHighlighted: isHighlighted)
  }
}

extension VirtualList {
  /// Fills the list's snapshot for the current window: the list's instance while nothing else
  /// holds it, else a new one. Plain (geometry and first virtual index) when nothing is pinned,
  /// nothing animates and nothing is selected or highlighted; resolved otherwise.
  ///
  /// Inlined into ``placements``, which then reads `state.snapshot` itself: a client's reading
  /// loop that neither calls out nor stores sees the snapshot held by the list for the whole
  /// loop, so it neither retains nor releases it (an opaque call returning the snapshot made
  /// the client retain it and release it after the loop, two atomic operations a frame).
  @inlinable @inline(__always)
  func refillSnapshot() {
    if !isKnownUniquelyReferenced(&state.snapshot) { replaceHeldSnapshot() }
    // The snapshot is in hand for stores only, in a scope that ends before any call: a call
    // in its scope makes the compiler retain it around the call.
    let isPlain: Bool
    do {
      let snapshot = state.snapshot!
      let geometry = self.geometry
      snapshot.geometry = geometry
      snapshot.readMode = geometry.plainMode
      snapshot.firstVirtualIndex = state.window.start
      isPlain = !snapshot.isResolved
    }
    if state.pinned.mode == .none && state.departing.isEmpty && !state.animator.isAnimating
      && !hasPlacementMarks
    {
      if !isPlain { emptyResolvedSnapshot() }
    } else {
      resolveSnapshot()
    }
  }

  /// Makes the list's snapshot plain again, emptying its resolved or animated placements.
  @usableFromInline @inline(never)
  func emptyResolvedSnapshot() {
    state.snapshot!.removeResolved()
  }

  /// Fills the list's snapshot while something is pinned, animating, selected or highlighted:
  /// every placement worked out in full (see ``resolvePlacements(into:)``).
  @inlinable @inline(never)
  func resolveSnapshot() {
    let snapshot = state.snapshot!
    resolvePlacements(into: snapshot)
    snapshot.noteReadMode()
  }

  /// Gives the list a new snapshot in place of one that a `Placements` or `Placement` still
  /// holds (which must not change).
  @usableFromInline @inline(never)
  func replaceHeldSnapshot() {
    let held = state.snapshot
    state.snapshot = PlacementSnapshot()
    withExtendedLifetime(held) {}
  }
}

/// How a placement of a snapshot is read: the snapshot's plain or resolved mode, the plain mode
/// split by the geometry.
///
/// Compared by pattern (`if case`, `switch`), not by `==`: the reading paths stay free of calls.
@usableFromInline
enum PlacementReadMode: UInt8, Sendable {
  /// A plain snapshot with a vertical, unmirrored geometry: a frame is the entry's slot moved by
  /// the offset. It is 0, tested first by a `switch`.
  case upright = 0
  /// A plain snapshot with another geometry: the geometry turns the entry's slot into a frame.
  case rotated = 1
  /// The resolved placements.
  case resolved = 2
}

/// The pinned section header of a list: none, a window entry shown at its pinned slot, or a cell
/// of its own when its row is outside the window.
@usableFromInline
struct PinnedHeader<Cell: ReusableCell> {
  @usableFromInline
  enum Mode: UInt8 {
    case none
    case inWindow
    case outside
  }
  @usableFromInline var mode = Mode.none
  /// The header's virtual row.
  @usableFromInline var virtualIndex = 0
  /// Where it is drawn, in content coordinates.
  @usableFromInline var slot = Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0)
  /// The header's own cell while its row is outside the window.
  @usableFromInline var entry: WindowEntry<Cell>?

  @inlinable init() {}
}
