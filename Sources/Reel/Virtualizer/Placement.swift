/// One displayed cell and where to draw it.
///
/// A value read from a ``Placements`` snapshot: it does not change when the list does, and keeps
/// its cell alive while it is held.
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

  /// The opacity to draw with, in `0...1`: below 1 while an inserted item fades in or a
  /// deleted item's cell fades out in an animated update (see ``VirtualList/updateAnimation``).
  public let opacity: Double

  /// What the cell is doing in an animated update, or `nil` when it is at rest. ``frame``
  /// is already the interpolated frame.
  public let transition: PlacementTransition?

  /// Whether the item is selected (see ``VirtualList/selectionMode``): draw it selected.
  public let isSelected: Bool

  /// Whether a pointer is down on the item (see ``VirtualList/highlightItem(at:)``): draw it
  /// pressed.
  public let isHighlighted: Bool

  /// Creates a placement, for example to test a frontend's drawing without a list.
  ///
  /// - Complexity: O(1).
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

/// What turns content-space slots into viewport frames.
@usableFromInline
struct PlacementGeometry: Sendable {
  @usableFromInline var offset: Double
  @usableFromInline let axis: Axis
  @usableFromInline let mirrored: Bool
  @usableFromInline var viewportSize: Size

  @inlinable
  init(offset: Double, axis: Axis, mirrored: Bool, viewportSize: Size) {
    self.offset = offset
    self.axis = axis
    self.mirrored = mirrored
    self.viewportSize = viewportSize
  }

  /// The frame in viewport coordinates of a slot in content coordinates.
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
