/// A cell created and bound in idle time for an item about to come into view, not displayed
/// yet: the list hands it to the window when its item enters, instead of asking the data source
/// again.
@usableFromInline
struct PreparedCell<Cell: ReusableCell> {
  /// The cell, its pool and data index as the data source made them; the slot is taken again
  /// from the layout when the cell is displayed.
  @usableFromInline var entry: WindowEntry<Cell>
  /// The item's identity, kept here (not with the displayed cells' identities) until the cell
  /// is displayed.
  @usableFromInline var identity: AnyHashable?

  @inlinable
  init(entry: WindowEntry<Cell>, identity: AnyHashable?) {
    self.entry = entry
    self.identity = identity
  }
}

/// What idle-time preparation remembers between calls: the offset it last saw (from which the
/// direction and speed of the motion follow) and what preparing one cell costs, so that it does
/// not start a cell the time left cannot pay for. A value with no knowledge of the list.
struct CellPreparation: Sendable, Hashable {
  /// The content offset at the previous call; before the first, where every list starts.
  var lastOffset = 0.0
  /// What one cell took to create and bind, smoothed over the cells prepared so far.
  var nanosecondsPerCell: Int64?

  /// The last movement seen: a call that finds the content where the previous one left it
  /// continues in the same direction at the same speed.
  var lastMovement = 0.0

  /// Notes the offset and returns the movement to plan for: how far the content moved since the
  /// previous call, or the last movement seen when it did not move (0 until it first moves). In
  /// a cyclic list of period `period` (points, 0 for a bounded list) the shorter way round is
  /// taken, so that recentring by whole periods does not read as a reversal.
  ///
  /// - Complexity: O(1).
  mutating func movement(to offset: Double, period: Double) -> Double {
    defer { lastOffset = offset }
    var delta = offset - lastOffset
    if period > 0 {
      delta = delta.truncatingRemainder(dividingBy: period)
      if delta > period / 2 { delta -= period }
      if delta < -period / 2 { delta += period }
    }
    if delta != 0 { lastMovement = delta }
    return lastMovement
  }

  /// Whether another cell may start at `now`: the deadline has not passed and, once a cell's
  /// cost is known, that cost still fits before it.
  ///
  /// - Complexity: O(1).
  func hasTime(at now: ReelInstant, before deadline: ReelInstant) -> Bool {
    let left = deadline.nanoseconds &- now.nanoseconds
    return left > 0 && (nanosecondsPerCell ?? 0) <= left
  }

  /// Records what one cell took; the estimate follows changes within a few cells.
  ///
  /// - Complexity: O(1).
  mutating func record(cost nanoseconds: Int64) {
    let cost = max(0, nanoseconds)
    if let estimate = nanosecondsPerCell {
      nanosecondsPerCell = (estimate &* 3 &+ cost) / 4
    } else {
      nanosecondsPerCell = cost
    }
  }
}
