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
  /// The pinned header and the update animations, behind one reference: `nil` on the common
  /// path (nothing pinned, nothing animating), where a placement is a window entry and a frame.
  @usableFromInline let decorations: PlacementDecorations<Cell>?
  /// The number of displayed cells, departing ones and the pinned header's own cell included.
  public let endIndex: Int

  @inlinable
  init(
    entries: ContiguousArray<WindowEntry<Cell>>, firstVirtualIndex: Int,
    geometry: PlacementGeometry, decorations: PlacementDecorations<Cell>?
  ) {
    self.entries = entries
    self.firstVirtualIndex = firstVirtualIndex
    self.geometry = geometry
    self.decorations = decorations
    endIndex = decorations?.count ?? entries.count
  }

  /// Always 0.
  @inlinable public var startIndex: Int { 0 }

  /// The placement at a position in drawing order.
  ///
  /// - Precondition: `0 ≤ position < endIndex`.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> Placement<Cell> {
    if let decorations { return decorations.placement(at: position, in: self) }
    return windowPlacement(at: position)
  }

  /// The placement of the window cell at a window position, at rest.
  @inlinable
  func windowPlacement(at position: Int) -> Placement<Cell> {
    // Field by field through the element's address: `entries[position].field` copies the whole
    // entry first (a retain of its cell and, for this generic type, a call through its value
    // witnesses). A window position added to the window's first virtual index cannot
    // overflow: wrapping addition spares a check per placement.
    precondition(
      position >= 0 && position < entries.count,
      "Placements: position \(position) is out of range 0..<\(entries.count)")
    return entries.withUnsafeBufferPointer { buffer in
      let entry = buffer.baseAddress.unsafelyUnwrapped + position
      return Placement(
        virtualIndex: firstVirtualIndex &+ position, index: entry.pointee.index,
        cell: entry.pointee.cell, frame: geometry.frame(of: entry.pointee.slot),
        kind: entry.pointee.kind)
    }
  }
}
