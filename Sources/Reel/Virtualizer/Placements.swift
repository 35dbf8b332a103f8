/// The displayed cells in drawing order, with frames in viewport coordinates.
///
/// A snapshot taken after a layout pass; read it during the frame and drop it. It does not
/// change when the list does. Indexing is O(1) and allocation-free.
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
  /// The window's entries, in window order.
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  /// What turns the entries' slots into frames.
  @usableFromInline let geometry: PlacementGeometry
  /// The virtual index of the first entry.
  @usableFromInline let firstVirtualIndex: Int
  /// Which items are drawn selected or highlighted.
  @usableFromInline let selection: PlacementSelection
  /// The window position of the pinned header's row, which is drawn last instead of in window
  /// order; `Int.max` when it is not in the window.
  @usableFromInline let pinnedPosition: Int
  /// The pinned header, drawn last.
  @usableFromInline let pinned: Placement<Cell>?
  /// Every placement, worked out while an update animates; `nil` otherwise.
  @usableFromInline let animated: ContiguousArray<Placement<Cell>>?
  /// The number of placements.
  public let endIndex: Int

  /// The placements of a window at rest.
  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, geometry: PlacementGeometry,
    firstVirtualIndex: Int, selection: PlacementSelection, pinned: Placement<Cell>?,
    pinnedPosition: Int
  ) {
    self.entries = entries
    self.geometry = geometry
    self.firstVirtualIndex = firstVirtualIndex
    self.selection = selection
    self.pinned = pinned
    self.pinnedPosition = pinnedPosition
    animated = nil
    endIndex = entries.count - (pinnedPosition < entries.count ? 1 : 0) + (pinned == nil ? 0 : 1)
  }

  /// Placements worked out one by one.
  @inlinable
  init(animated: ContiguousArray<Placement<Cell>>) {
    entries = []
    geometry = PlacementGeometry(
      offset: 0, axis: .vertical, mirrored: false, viewportSize: Size(width: 0, height: 0))
    firstVirtualIndex = 0
    selection = PlacementSelection()
    pinned = nil
    pinnedPosition = .max
    self.animated = animated
    endIndex = animated.count
  }

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }

  /// The placement at a position in drawing order.
  ///
  /// - Precondition: `0 ≤ position < endIndex`.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Placement<Cell> {
    precondition(
      position >= 0 && position < endIndex,
      "Placements: position \(position) is out of range 0..<\(endIndex)")
    if let animated { return animated[position] }
    if let pinned, position == endIndex - 1 { return pinned }
    let p = position < pinnedPosition ? position : position + 1
    let entry = entries[p]
    return Placement(
      virtualIndex: firstVirtualIndex &+ p, index: entry.index, cell: entry.cell,
      frame: geometry.frame(of: entry.slot), kind: entry.kind,
      isSelected: selection.isActive && selection.selects(entry.index),
      isHighlighted: selection.isActive && selection.highlighted == entry.index)
  }
}
