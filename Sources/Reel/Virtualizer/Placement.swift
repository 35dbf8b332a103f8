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

  /// Creates a placement.
  @inlinable
  public init(
    virtualIndex: Int, index: Int, cell: Cell, frame: Rect, kind: ElementKind = .item,
    isPinned: Bool = false
  ) {
    self.virtualIndex = virtualIndex
    self.index = index
    self.cell = cell
    self.frame = frame
    self.kind = kind
    self.isPinned = isPinned
  }

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
/// A pinned section header (see ``VirtualList/pinsSectionHeaders``) comes last, so that drawing
/// in order puts it above the cells that slide under it.
public struct Placements<Cell: ReusableCell>: RandomAccessCollection {
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  @usableFromInline let firstVirtualIndex: Int
  @usableFromInline let geometry: PlacementGeometry
  @usableFromInline let pinned: PinnedHeader<Cell>

  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, firstVirtualIndex: Int,
    geometry: PlacementGeometry, pinned: PinnedHeader<Cell>
  ) {
    self.entries = entries
    self.firstVirtualIndex = firstVirtualIndex
    self.geometry = geometry
    self.pinned = pinned
  }

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of displayed cells.
  @inlinable public var endIndex: Int {
    pinned.mode == .outside ? entries.count &+ 1 : entries.count
  }

  /// The placement at a position in drawing order.
  @inlinable
  public subscript(position: Int) -> Placement<Cell> {
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
    // Field by field: no copy of the whole entry. A window position added to the window's
    // first virtual index cannot overflow: wrapping addition spares a check per placement.
    Placement(
      virtualIndex: firstVirtualIndex &+ position, index: entries[position].index,
      cell: entries[position].cell, frame: geometry.frame(of: entries[position].slot),
      kind: entries[position].kind)
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
