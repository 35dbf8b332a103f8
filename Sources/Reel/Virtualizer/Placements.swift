/// The displayed cells in window order, with frames in viewport coordinates.
///
/// A snapshot taken after a layout pass; read it during the frame and drop it. Indexing is
/// O(1) and allocation-free; a `for` loop over it (its ``Placements/Iterator``) steps one
/// address per placement.
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
  /// The window's entries: read on the plain path; when the snapshot is resolved, they keep the
  /// window's cells alive, which the resolved placements hold unretained.
  @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
  /// The geometry and first virtual index; every placement resolved while something is pinned,
  /// selected, highlighted or animating.
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
  @inlinable @inline(__always)
  public subscript(position: Int) -> Placement<Cell> {
    precondition(
      position >= 0 && position < endIndex,
      "Placements: position \(position) is out of range 0..<\(endIndex)")
    return Placement(entries: entries, snapshot: snapshot, address: address(of: position))
  }

  /// The address of the element a placement at `position` reads: a window entry, a resolved
  /// placement when the snapshot is resolved. Not
  /// dereferenced for `position == endIndex`.
  @inlinable @inline(__always)
  func address(of position: Int) -> UnsafeRawPointer {
    if case .resolved = snapshot.readMode {
      return UnsafeRawPointer(snapshot.resolvedStorage.unsafelyUnwrapped + position)
    }
    return entries.withUnsafeBufferPointer {
      UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped + position)
    }
  }

  /// Steps through the placements by their elements' addresses.
  @inlinable @inline(__always)
  public func makeIterator() -> Iterator {
    var stride = MemoryLayout<WindowEntry<Cell>>.stride
    if case .resolved = snapshot.readMode { stride = MemoryLayout<ResolvedPlacement<Cell>>.stride }
    let start = address(of: 0)
    return Iterator(
      entries: entries, snapshot: snapshot, address: start, end: start + endIndex &* stride,
      stride: stride)
  }

  /// The placements in drawing order, one after another.
  ///
  /// Steps one address by the size of the elements read (a window entry or a resolved
  /// placement), so a loop over the placements keeps one pointer.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let entries: ContiguousArray<WindowEntry<Cell>>
    @usableFromInline let snapshot: PlacementSnapshot<Cell>
    @usableFromInline var address: UnsafeRawPointer
    @usableFromInline let end: UnsafeRawPointer
    @usableFromInline let stride: Int

    @inlinable
    init(
      entries: ContiguousArray<WindowEntry<Cell>>, snapshot: PlacementSnapshot<Cell>,
      address: UnsafeRawPointer, end: UnsafeRawPointer, stride: Int
    ) {
      self.entries = entries
      self.snapshot = snapshot
      self.address = address
      self.end = end
      self.stride = stride
    }

    /// The next placement, or `nil` after the last.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> Placement<Cell>? {
      guard address != end else { return nil }
      let placement = Placement(entries: entries, snapshot: snapshot, address: address)
      address += stride
      return placement
    }
  }
}
