/// One displayed cell and where to draw it.
public struct Placement<Cell: ReusableCell> {
  /// The position in the (possibly infinite) sequence of displayed slots.
  public let virtualIndex: Int
  /// The data index, `virtualIndex mod count` in cyclic lists.
  public let index: Int
  /// The cell to draw.
  public let cell: Cell
  /// The frame in viewport coordinates (origin at the viewport's top-left corner).
  public let frame: Rect
  /// What the row shows: an item, or a section's header or footer.
  public let kind: ElementKind
  /// Whether this is the pinned (sticky) header: it comes last in ``Placements`` and is drawn
  /// above the other cells, which may slide under it.
  public let isPinned: Bool
  /// Whether the item is selected (see ``VirtualList/selectionMode``): draw it selected.
  public let isSelected: Bool
  /// Whether a pointer is down on the item (see ``VirtualList/highlightItem(at:)``): draw it
  /// pressed.
  public let isHighlighted: Bool
  /// The opacity to draw with, in `0...1`: below 1 while an inserted item fades in or a
  /// deleted item's cell fades out in an animated update (see ``VirtualList/updateAnimation``).
  public let opacity: Double
  /// What the cell is doing in an animated update, or `nil` when it is at rest. ``frame``
  /// is already the interpolated frame.
  public let transition: PlacementTransition?

  /// Creates a placement.
  @inlinable
  public init(
    virtualIndex: Int, index: Int, cell: Cell, frame: Rect, kind: ElementKind = .item,
    isPinned: Bool = false, opacity: Double = 1, transition: PlacementTransition? = nil,
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

  /// Whether the cell is animating out of the list: its item was deleted or moved away, the
  /// data source no longer shows it there, and it returns to its pool when the animation ends.
  @inlinable public var isDeparting: Bool { transition?.kind == .disappear }

  /// The z-order to draw with: 1 for the pinned header, 0 for the other cells.
  @inlinable public var zIndex: Int { isPinned ? 1 : 0 }
}

/// The displayed cells in window order, with frames in viewport coordinates.
///
/// A snapshot taken after a layout pass; read it during the frame and drop it. Indexing is
/// O(1) and allocation-free.
///
/// ```swift
/// for placement in list.placements {
///   draw(placement.cell, in: placement.frame)
/// }
/// ```
///
/// Cells animating out of an animated batch update (see ``VirtualList/updateAnimation``) come
/// after the window's cells, with ``Placement/isDeparting`` set. A pinned section header (see
/// ``VirtualList/pinsSectionHeaders``) comes last, so that drawing in order puts it above the
/// cells that slide under it.
public struct Placements<Cell: ReusableCell>: RandomAccessCollection {
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  @usableFromInline let firstVirtualIndex: Int
  @usableFromInline let geometry: PlacementGeometry
  @usableFromInline let pinned: PinnedHeader<Cell>
  @usableFromInline let animation: PlacementAnimation<Cell>
  @usableFromInline let selection: PlacementSelection

  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, firstVirtualIndex: Int,
    geometry: PlacementGeometry, pinned: PinnedHeader<Cell>,
    animation: PlacementAnimation<Cell> = PlacementAnimation(),
    selection: PlacementSelection = PlacementSelection()
  ) {
    self.entries = entries
    self.firstVirtualIndex = firstVirtualIndex
    self.geometry = geometry
    self.pinned = pinned
    self.animation = animation
    self.selection = selection
  }

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of displayed cells, departing ones included.
  @inlinable public var endIndex: Int {
    (pinned.mode == .outside ? entries.count &+ 1 : entries.count) &+ animation.departing.count
  }

  /// The number of window cells drawn before the departing ones (the pinned header excluded).
  @inlinable var unpinnedCount: Int {
    pinned.mode == .inWindow ? entries.count &- 1 : entries.count
  }

  /// The placement at a position in drawing order.
  @inlinable
  public subscript(position: Int) -> Placement<Cell> {
    if !animation.departing.isEmpty {
      let departed = position &- unpinnedCount
      if departed >= 0 && departed < animation.departing.count {
        return departingPlacement(departed)
      }
    }
    if pinned.mode == .none { return placement(at: position) }
    if position == endIndex &- 1 { return pinnedPlacement() }
    // The pinned header's own position in the window is skipped: it comes last.
    if pinned.mode == .inWindow && position >= pinned.virtualIndex &- firstVirtualIndex {
      return placement(at: position &+ 1)
    }
    return placement(at: position)
  }

  @inlinable
  func placement(at position: Int) -> Placement<Cell> {
    if animation.animator.isAnimating { return animatedPlacement(at: position) }
    // Field by field: no copy of the whole entry. A window position added to the window's
    // first virtual index cannot overflow: wrapping addition spares a check per placement.
    // Without a selection or highlight, the marks cost one test of a flag.
    let index = entries[position].index
    return Placement(
      virtualIndex: firstVirtualIndex &+ position, index: index,
      cell: entries[position].cell, frame: geometry.frame(of: entries[position].slot),
      kind: entries[position].kind,
      isSelected: selection.isActive && selection.selects(index),
      isHighlighted: selection.isActive && selection.highlighted == index)
  }

  /// A window cell's placement while update animations run.
  @inlinable
  func animatedPlacement(at position: Int) -> Placement<Cell> {
    let slot = entries[position].slot
    let id = ObjectIdentifier(entries[position].cell)
    let now = animation.animator.current(id, index: entries[position].index, slot: slot)
    var transition: PlacementTransition?
    if let track = now.track {
      let from = geometry.frame(of: slot.displaced(by: track.displacement, times: 1))
      transition = PlacementTransition(
        kind: track.fades ? .appear : .move, from: from, to: geometry.frame(of: slot),
        progress: animation.animator.progress(
          since: track.fades ? track.fadeStart : track.moveStart))
    }
    return Placement(
      virtualIndex: firstVirtualIndex + position, index: entries[position].index,
      cell: entries[position].cell, frame: geometry.frame(of: now.slot),
      kind: entries[position].kind, opacity: now.opacity, transition: transition,
      isSelected: selection.isActive && selection.selects(entries[position].index),
      isHighlighted: selection.isActive && selection.highlighted == entries[position].index)
  }

  /// A departing cell's placement.
  @inlinable
  func departingPlacement(_ k: Int) -> Placement<Cell> {
    let departing = animation.departing[k]
    let progress = animation.animator.progress(since: departing.start)
    let from = departing.entry.slot
    let slot = from.displaced(by: departing.to.difference(from), times: progress)
    return Placement(
      virtualIndex: departing.virtualIndex, index: departing.entry.index,
      cell: departing.entry.cell, frame: geometry.frame(of: slot), kind: departing.entry.kind,
      opacity: departing.fades ? 1 - progress : 1,
      transition: PlacementTransition(
        kind: .disappear, from: geometry.frame(of: from), to: geometry.frame(of: departing.to),
        progress: progress))
  }

  @inlinable
  func pinnedPlacement() -> Placement<Cell> {
    let entry =
      pinned.mode == .outside
      ? pinned.entry! : entries[pinned.virtualIndex &- firstVirtualIndex]
    return Placement(
      virtualIndex: pinned.virtualIndex, index: entry.index, cell: entry.cell,
      frame: geometry.frame(of: pinned.slot), kind: entry.kind, isPinned: true)
  }
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

/// What turns content-space slots into viewport frames.
@usableFromInline
struct PlacementGeometry: Sendable {
  @usableFromInline var offset: Double
  @usableFromInline var axis: Axis
  @usableFromInline var mirrored: Bool
  @usableFromInline var viewportSize: Size

  @inlinable
  init(offset: Double, axis: Axis, mirrored: Bool, viewportSize: Size) {
    self.offset = offset
    self.axis = axis
    self.mirrored = mirrored
    self.viewportSize = viewportSize
  }

  @inlinable
  func frame(of slot: Slot) -> Rect {
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
