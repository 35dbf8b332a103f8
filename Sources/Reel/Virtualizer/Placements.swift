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
  /// The window's entries: read on the plain path; when the snapshot is resolved, they keep
  /// the window's cells alive, which the resolved placements hold unretained.
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  /// The geometry and first virtual index, or every placement resolved while something is
  /// pinned, animating, selected or highlighted.
  @usableFromInline let snapshot: PlacementSnapshot<Cell>
  /// The number of displayed cells, departing ones and the pinned header's own cell included.
  public let endIndex: Int

  @inlinable
  init(entries: ContiguousArray<WindowEntry<Cell>>, snapshot: PlacementSnapshot<Cell>) {
    self.entries = entries
    self.snapshot = snapshot
    endIndex = snapshot.count(windowEntries: entries.count)
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
    return Placement(entries: entries, snapshot: snapshot, position: position)
  }
}
