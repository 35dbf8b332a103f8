/// Line moves in a grid whose lines are not runs of a fixed number of items — a
/// ``SectionedLayout`` with lanes, whose sections start new lines, or a ``MasonryLayout``,
/// whose lanes fill unevenly — found from the items' slots: the item a line forward (backward)
/// lands on is the nearest one after (before) the item along the main axis that shares its
/// lane; when the next line has no item in that lane, the one of that line nearest across.
///
/// A value over a prepared layout, with no knowledge of the list.
struct GridLines {
  /// The layout, prepared for the list's rows.
  var layout: any ListLayout
  /// The number of rows; virtual rows outside `0..<count` are looked at only when `cyclic`.
  var count: Int
  var cyclic: Bool
  /// Whether a virtual row is an item (not a header or footer).
  var isItem: (Int) -> Bool

  /// Whether a layout's lines need this search: a sectioned grid or a masonry grid with more
  /// than one lane. (Uniform lanes are runs of `lanes` items, and a plain list's line is the
  /// next item.)
  static func needed(for layout: any ListLayout) -> Bool {
    if let sectioned = layout as? SectionedLayout { return sectioned.lanes > 1 }
    if let masonry = layout as? MasonryLayout { return masonry.lanes > 1 }
    return false
  }

  /// The virtual row a line move lands on from a virtual row, or `nil` when there is no item
  /// that way.
  ///
  /// - Complexity: O(k) slot lookups for the k rows between the row and the line it lands on,
  ///   and a few range queries of the layout.
  func target(from row: Int, forward: Bool) -> Int? {
    let origin = layout.slot(at: row)
    let center = origin.crossOffset + origin.crossExtent / 2
    // Rows strictly after (before) the origin along the main axis, searched in growing spans.
    var span = max(origin.extent, 1) * 2
    let limit = layout.contentExtent + span
    while true {
      let range =
        forward
        ? origin.end..<(origin.end + span) : (origin.offset - span)..<origin.offset
      var line: (row: Int, slot: Slot)?
      var overlapping: (row: Int, slot: Slot)?
      for v in layout.indices(intersecting: range)
      where v != row && (cyclic || (v >= 0 && v < count)) {
        guard isItem(v) else { continue }
        let slot = layout.slot(at: v)
        let after = forward ? slot.offset >= origin.end : slot.end <= origin.offset
        guard after else { continue }
        // The nearest line: the least distance along the main axis.
        if let best = line {
          if distance(slot, from: origin, forward) < distance(best.slot, from: origin, forward) {
            line = (v, slot)
          }
        } else {
          line = (v, slot)
        }
        if slot.crossOffset <= center && center < slot.crossOffset + slot.crossExtent {
          if let best = overlapping,
            distance(best.slot, from: origin, forward) <= distance(slot, from: origin, forward)
          {
            continue
          }
          overlapping = (v, slot)
        }
      }
      if let line {
        // The item of the same lane, if it starts before the nearest line's item ends;
        // otherwise the nearest line's item nearest across.
        if let overlapping,
          distance(overlapping.slot, from: origin, forward) < distance(
            line.slot, from: origin, forward)
            + line.slot.extent
        {
          return overlapping.row
        }
        return nearestAcross(line, center: center, forward: forward, from: origin)
      }
      if span > limit || (!cyclic && !layout.contentExtent.isFinite) { return nil }
      span *= 2
    }
  }

  /// Along the main axis, how far a slot lies past the origin in the direction of the move.
  private func distance(_ slot: Slot, from origin: Slot, _ forward: Bool) -> Double {
    forward ? slot.offset - origin.end : origin.offset - slot.end
  }

  /// Among the items that start where the nearest line's item starts, the one nearest across.
  private func nearestAcross(
    _ line: (row: Int, slot: Slot), center: Double, forward: Bool, from origin: Slot
  ) -> Int {
    let start = line.slot.offset
    var best = line
    for v in layout.indices(intersecting: start..<(start + max(line.slot.extent, 1)))
    where cyclic || (v >= 0 && v < count) {
      guard isItem(v) else { continue }
      let slot = layout.slot(at: v)
      guard slot.offset == start else { continue }
      let away = abs(slot.crossOffset + slot.crossExtent / 2 - center)
      let bestAway = abs(best.slot.crossOffset + best.slot.crossExtent / 2 - center)
      if away < bestAway { best = (v, slot) }
    }
    return best.row
  }
}
