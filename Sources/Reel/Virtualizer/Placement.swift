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

  /// Creates a placement.
  @inlinable
  public init(virtualIndex: Int, index: Int, cell: Cell, frame: Rect) {
    self.virtualIndex = virtualIndex
    self.index = index
    self.cell = cell
    self.frame = frame
  }
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
public struct Placements<Cell: ReusableCell>: RandomAccessCollection {
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  @usableFromInline let firstVirtualIndex: Int
  @usableFromInline let geometry: PlacementGeometry

  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, firstVirtualIndex: Int,
    geometry: PlacementGeometry
  ) {
    self.entries = entries
    self.firstVirtualIndex = firstVirtualIndex
    self.geometry = geometry
  }

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of displayed cells.
  @inlinable public var endIndex: Int { entries.count }

  /// The placement at a position in window order.
  @inlinable
  public subscript(position: Int) -> Placement<Cell> {
    // Field by field: no copy of the whole entry. A window position added to the window's
    // first virtual index cannot overflow: wrapping addition spares a check per placement.
    Placement(
      virtualIndex: firstVirtualIndex &+ position, index: entries[position].index,
      cell: entries[position].cell, frame: geometry.frame(of: entries[position].slot))
  }
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

  @inlinable
  init(
    cell: Cell, pool: ReusePools<Cell>.Key, index: Int, slot: Slot
  ) {
    self.cell = cell
    self.pool = pool
    self.index = index
    self.slot = slot
  }
}
