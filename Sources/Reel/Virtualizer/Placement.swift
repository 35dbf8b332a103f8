/// One displayed cell and where to draw it.
///
/// A placement is read from a ``Placements`` snapshot, and is a small view of it (three words):
/// its properties are read from the snapshot when asked for, so a frontend pays only for what it
/// reads. Like the snapshot, it does not change when the list does, and keeps the cells it
/// shows alive while it is held.
public struct Placement<Cell: ReusableCell> {
  /// The window's entries: read when the snapshot is plain; when it is resolved, they keep the
  /// window's cells alive, which the resolved placements hold unretained.
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  /// The geometry and first virtual index of a plain snapshot, or the resolved placements.
  @usableFromInline let snapshot: PlacementSnapshot<Cell>
  /// Where the placement is read: its window entry in `entries`' buffer when the snapshot is
  /// plain, its resolved placement in the snapshot's storage when resolved. Both stay where
  /// they are while the view holds them: neither the entries nor the snapshot change while
  /// held (the list copies its window, and makes a new snapshot, before changing a held one).
  /// A reading loop steps this one address (see ``Placements/Iterator``). Placements built
  /// as plain values in an array instead made a scrolling frame (reel-bench's W2) run 3.8 times
  /// the instructions, and an animated one (W9-animated) 5 times.
  @usableFromInline let address: UnsafeRawPointer

  /// A view of a placement of a snapshot: `address` must be that of an entry of `entries`
  /// (plain snapshot) or of one of the snapshot's resolved placements (resolved snapshot).
  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, snapshot: PlacementSnapshot<Cell>,
    address: UnsafeRawPointer
  ) {
    self.entries = entries
    self.snapshot = snapshot
    self.address = address
  }

  /// Creates a placement, for example to test a frontend's drawing without a list.
  ///
  /// - Complexity: O(1); it allocates.
  public init(
    virtualIndex: Int, index: Int, cell: Cell, frame: Rect, kind: ElementKind = .item,
    isPinned: Bool = false, opacity: Double = 1, transition: PlacementTransition? = nil,
    isSelected: Bool = false, isHighlighted: Bool = false
  ) {
    // The snapshot's geometry is left at its default (no offset, vertical, not mirrored), which
    // turns the transition's slots back into the given frames exactly.
    let snapshot = PlacementSnapshot<Cell>()
    snapshot.isResolved = true
    snapshot.heldCells.append(cell)
    snapshot.appendResolved(
      ResolvedPlacement(
        virtualIndex: virtualIndex, index: index, cell: cell, frame: frame, kind: kind,
        isPinned: isPinned, opacity: opacity,
        transition: transition.map {
          ResolvedTransition(
            kind: $0.kind, from: Slot(unrotated: $0.from), to: Slot(unrotated: $0.to),
            progress: $0.progress)
        }, isSelected: isSelected, isHighlighted: isHighlighted))
    snapshot.noteReadMode()
    self.init(
      entries: [], snapshot: snapshot,
      address: UnsafeRawPointer(snapshot.resolvedStorage.unsafelyUnwrapped))
  }

  // The two readers below read in place, without copying the element: the address was checked
  // when the view was made, and neither the entries nor the snapshot change while a view
  // holds them. Both paths stay inline: a call on either would make the reading loop retain
  // what the view holds.

  /// Reads the window entry of a plain snapshot in place.
  @inlinable
  func readEntry<R>(_ body: (UnsafePointer<WindowEntry<Cell>>) -> R) -> R {
    body(address.assumingMemoryBound(to: WindowEntry<Cell>.self))
  }

  /// Reads the resolved placement of a resolved snapshot in place.
  @inlinable
  func readResolved<R>(_ body: (UnsafePointer<ResolvedPlacement<Cell>>) -> R) -> R {
    body(address.assumingMemoryBound(to: ResolvedPlacement<Cell>.self))
  }

  /// The position of a plain snapshot's placement in the window.
  @inlinable
  var windowPosition: Int {
    let base = entries.withUnsafeBufferPointer {
      UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped)
    }
    return (address - base) / MemoryLayout<WindowEntry<Cell>>.stride
  }

  /// The position in the (possibly infinite) sequence of displayed slots.
  @inlinable
  public var virtualIndex: Int {
    if snapshot.isResolved { return readResolved { $0.pointee.virtualIndex } }
    return snapshot.firstVirtualIndex &+ windowPosition
  }

  /// The data index, `virtualIndex mod count` in cyclic lists.
  @inlinable
  public var index: Int {
    snapshot.isResolved ? readResolved { $0.pointee.index } : readEntry { $0.pointee.index }
  }

  /// The cell to draw.
  @inlinable
  public var cell: Cell {
    snapshot.isResolved ? readResolved { $0.pointee.cell } : readEntry { $0.pointee.cell }
  }

  /// The frame in viewport coordinates (origin at the viewport's top-left corner).
  @inlinable
  public var frame: Rect {
    // The mode and the offset are read before any branch, so a reading loop loads them once;
    // the upright frame reads the slot in its own branch, straight into the frame.
    let offset = snapshot.geometry.offset
    switch snapshot.readMode {
    case .upright:
      return readEntry { entry in
        Rect(
          x: entry.pointee.slot.crossOffset, y: entry.pointee.slot.offset - offset,
          width: entry.pointee.slot.crossExtent, height: entry.pointee.slot.extent)
      }
    case .resolved:
      return readResolved { $0.pointee.frame }
    case .rotated:
      let geometry = snapshot.geometry
      return readEntry { geometry.rotatedFrame(of: $0.pointee.slot) }
    }
  }

  /// What the row shows: an item, or a section's header or footer.
  @inlinable
  public var kind: ElementKind {
    snapshot.isResolved ? readResolved { $0.pointee.kind } : readEntry { $0.pointee.kind }
  }

  /// Whether this is the pinned (sticky) header: it comes last in ``Placements`` and is drawn
  /// above the other cells, which may slide under it.
  @inlinable
  public var isPinned: Bool { snapshot.isResolved && readResolved { $0.pointee.isPinned } }

  /// Whether the item is selected (see ``VirtualList/selectionMode``): draw it selected.
  @inlinable
  public var isSelected: Bool { snapshot.isResolved && readResolved { $0.pointee.isSelected } }

  /// Whether a pointer is down on the item (see ``VirtualList/highlightItem(at:)``): draw it
  /// pressed.
  @inlinable
  public var isHighlighted: Bool {
    snapshot.isResolved && readResolved { $0.pointee.isHighlighted }
  }

  /// The opacity to draw with, in `0...1`: below 1 while an inserted item fades in or a
  /// deleted item's cell fades out in an animated update (see ``VirtualList/updateAnimation``).
  @inlinable
  public var opacity: Double {
    if snapshot.isResolved { return readResolved { $0.pointee.opacity } }
    return 1
  }

  /// What the cell is doing in an animated update, or `nil` when it is at rest. ``frame``
  /// is already the interpolated frame.
  ///
  /// - Complexity: O(1); the transition's two frames are worked out when it is read.
  @inlinable
  public var transition: PlacementTransition? {
    let geometry = snapshot.geometry
    if snapshot.isResolved {
      return readResolved { $0.pointee.transition?.placementTransition(geometry) }
    }
    return nil
  }

  /// Whether the cell is animating out of the list: its item was deleted or moved away, the
  /// data source no longer shows it there, and it returns to its pool when the animation ends.
  @inlinable public var isDeparting: Bool {
    snapshot.isResolved && readResolved { $0.pointee.transition?.kind == .disappear }
  }

  /// The z-order to draw with: 1 for the pinned header, 0 for the other cells.
  @inlinable public var zIndex: Int { isPinned ? 1 : 0 }
}

/// A placement worked out in full: what a snapshot holds for each placement while a section
/// header is pinned, an update animates or something is selected or highlighted.
///
/// It holds its cell unretained, so that it is a plain value: filling and emptying a snapshot's
/// placements retains, releases and destroys nothing. Whoever makes one keeps its cell alive
/// for as long as it is read (see ``PlacementSnapshot``).
@usableFromInline
struct ResolvedPlacement<Cell: ReusableCell> {
  @usableFromInline unowned(unsafe) let cell: Cell
  @usableFromInline let virtualIndex: Int
  @usableFromInline let index: Int
  /// Rewritten in place by a refill that keeps the placement (see ``PlacementSnapshot``).
  @usableFromInline var frame: Rect
  @usableFromInline let kind: ElementKind
  @usableFromInline let isPinned: Bool
  @usableFromInline let isSelected: Bool
  @usableFromInline let isHighlighted: Bool
  /// Rewritten in place by a refill that keeps the placement.
  @usableFromInline var opacity: Double
  /// Rewritten in place by a refill that keeps the placement.
  @usableFromInline var transition: ResolvedTransition?

  @inlinable
  init(
    virtualIndex: Int, index: Int, cell: Cell, frame: Rect, kind: ElementKind = .item,
    isPinned: Bool = false, opacity: Double = 1, transition: ResolvedTransition? = nil,
    isSelected: Bool = false, isHighlighted: Bool = false
  ) {
    self.virtualIndex = virtualIndex
    self.index = index
    self.cell = cell
    self.frame = frame
    self.kind = kind
    self.isPinned = isPinned
    self.opacity = opacity
    self.transition = transition
    self.isSelected = isSelected
    self.isHighlighted = isHighlighted
  }
}

/// A resolved placement's transition with its two ends as content-space slots: the placement
/// turns them into frames with its snapshot's geometry only when ``Placement/transition`` is
/// read, so that a frame that draws only frames and opacities does not work them out.
@usableFromInline
struct ResolvedTransition {
  @usableFromInline let kind: PlacementTransition.Kind
  /// Where the cell starts, in content coordinates.
  @usableFromInline let from: Slot
  /// Where the cell ends, in content coordinates.
  @usableFromInline let to: Slot
  @usableFromInline let progress: Double

  @inlinable
  init(kind: PlacementTransition.Kind, from: Slot, to: Slot, progress: Double) {
    self.kind = kind
    self.from = from
    self.to = to
    self.progress = progress
  }

  /// The transition in viewport coordinates.
  @inlinable
  func placementTransition(_ geometry: PlacementGeometry) -> PlacementTransition {
    PlacementTransition(
      kind: kind, from: geometry.frame(of: from), to: geometry.frame(of: to), progress: progress)
  }
}

extension Slot {
  /// The slot that a vertical, unmirrored geometry at offset 0 (a new snapshot's) turns into
  /// `frame` exactly: `frame.minY − 0` is `frame.minY` for every value.
  @inlinable
  init(unrotated frame: Rect) {
    self.init(
      offset: frame.origin.y, extent: frame.size.height, crossOffset: frame.origin.x,
      crossExtent: frame.size.width)
  }
}

/// What turns content-space slots into viewport frames.
@usableFromInline
struct PlacementGeometry: Sendable {
  @usableFromInline var offset: Double
  @usableFromInline let axis: Axis
  @usableFromInline let mirrored: Bool
  /// `.upright` when vertical and not mirrored (a frame is the slot moved by the offset, tested
  /// with one branch per frame instead of two), else `.rotated`: the mode of a plain snapshot
  /// with this geometry.
  @usableFromInline let plainMode: PlacementReadMode
  /// Vertical and not mirrored.
  @inlinable var isUpright: Bool {
    if case .upright = plainMode { return true }
    return false
  }
  @usableFromInline var viewportSize: Size

  @inlinable
  init(offset: Double, axis: Axis, mirrored: Bool, viewportSize: Size) {
    self.offset = offset
    self.axis = axis
    self.mirrored = mirrored
    plainMode = axis != .vertical || mirrored ? .rotated : .upright
    self.viewportSize = viewportSize
  }

  @inlinable
  func frame(of slot: Slot) -> Rect {
    if isUpright {
      // The vertical, unmirrored case below, first and alone.
      return Rect(
        x: slot.crossOffset, y: slot.offset - offset, width: slot.crossExtent, height: slot.extent)
    }
    return rotatedFrame(of: slot)
  }

  /// The frame of a slot in a geometry that is not upright (horizontal, or mirrored).
  @inlinable
  func rotatedFrame(of slot: Slot) -> Rect {
    let main = slot.offset - offset
    if axis == .horizontal {
      let x = mirrored ? viewportSize.width - main - slot.extent : main
      return Rect(x: x, y: slot.crossOffset, width: slot.extent, height: slot.crossExtent)
    }
    let x = mirrored ? viewportSize.width - slot.crossOffset - slot.crossExtent : slot.crossOffset
    return Rect(x: x, y: main, width: slot.crossExtent, height: slot.extent)
  }
}

/// A displayed cell with its data index, pool and content-space slot.
@usableFromInline
struct WindowEntry<Cell: ReusableCell> {
  @usableFromInline var cell: Cell
  @usableFromInline var pool: ReusePools<Cell>.Key
  @usableFromInline var index: Int
  @usableFromInline var slot: Slot
  /// The kind of row the entry shows.
  @usableFromInline var kind: ElementKind

  @inlinable
  init(
    cell: Cell, pool: ReusePools<Cell>.Key, index: Int, slot: Slot, kind: ElementKind = .item
  ) {
    self.cell = cell
    self.pool = pool
    self.index = index
    self.slot = slot
    self.kind = kind
  }
}
