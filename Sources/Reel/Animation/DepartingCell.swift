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

  @inlinable
  mutating func shift(by delta: Double) {
    entry.slot.offset += delta
    to.offset += delta
  }
}
