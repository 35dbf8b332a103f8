/// A cell leaving the list in an animated update: a deleted (or reloaded) item's cell fading
/// out, or a survivor's cell sliding out of the window. It is drawn, never handed to the data
/// source, and returns to its pool when its animation ends.
@usableFromInline
struct DepartingCell<Cell: ReusableCell> {
  /// The cell, its pool, the data index reported to `didEndDisplaying`, and the slot it
  /// leaves from (content coordinates).
  @usableFromInline var entry: WindowEntry<Cell>
  /// The virtual index it had when it left (informational: it is not in the window).
  @usableFromInline var virtualIndex: Int
  /// Where it goes (content coordinates): its slot for a fade out in place.
  @usableFromInline var to: Slot
  /// Whether it fades out.
  @usableFromInline var fades: Bool
  /// When the animation began; `nil` until the first tick.
  @usableFromInline var start: ReelInstant?

  @inlinable
  init(entry: WindowEntry<Cell>, virtualIndex: Int, to: Slot, fades: Bool, start: ReelInstant?) {
    self.entry = entry
    self.virtualIndex = virtualIndex
    self.to = to
    self.fades = fades
    self.start = start
  }

  /// The address of the entry of the departing cell at `position` in storage that starts at
  /// `base`, for reading it in place: a copy of the departing cell would copy all of it, and
  /// retain its cell. The entry's first field is its cell.
  ///
  /// - Precondition: `base` is the address of initialized departing cells, at least
  ///   `position + 1` of them.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func entryAddress(in base: UnsafeRawPointer, at position: Int) -> UnsafeRawPointer {
    base
      + (position &* MemoryLayout<Self>.stride
        &+ MemoryLayout<Self>.offset(of: \.entry).unsafelyUnwrapped)
  }

  /// Moves both ends along the main axis: the content coordinates changed under the cell.
  @inlinable
  mutating func shift(by delta: Double) {
    entry.slot.offset += delta
    to.offset += delta
  }
}
