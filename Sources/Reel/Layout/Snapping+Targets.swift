extension Snapping {
  /// The content offset at which a virtual index rests with this alignment (unclamped).
  func restingOffset(ofVirtualIndex virtualIndex: Int, in track: ScrollTrack) -> Double {
    restingOffset(for: track.layout.slot(at: virtualIndex), viewportExtent: track.viewportExtent)
  }

  /// Chooses where a snapping list rests, given a projected offset and the motion's direction
  /// (positive toward later items, negative toward earlier ones, 0 for the nearest item).
  ///
  /// Moves on to the neighbour once ``threshold`` of the distance to it is projected, in the
  /// direction of motion (a third by default); limits the distance to
  /// ``maximumItemsPerFling`` items from `startItem`. Returns `nil` when there are no items.
  ///
  /// In a bounded list the resting offsets are clamped to the scrollable range before they are
  /// compared: the items near either end that rest at the same clamped offset are one stop, and
  /// the distance to a neighbour is the distance the content can actually move. (Unclamped, a
  /// pager showing an even number of items per page has its start and its end exactly midway
  /// between two items' resting offsets, and a list at rest there would snap away from it.)
  ///
  /// - Complexity: O(log n) plus a few slot lookups (at most 128 when items rest on one offset).
  func target(projected: Double, direction: Double, startItem: Int?, in track: ScrollTrack)
    -> (offset: Double, virtualIndex: Int)?
  {
    let count = track.count
    guard count > 0 else { return nil }
    let cyclic = track.wrapping == .cyclic
    func rest(_ v: Int) -> Double { track.clamp(restingOffset(ofVirtualIndex: v, in: track)) }
    let point = projected + anchor(viewportExtent: track.viewportExtent)
    let near = track.layout.indices(intersecting: point..<point.nextUp)
    var k = near.isEmpty ? near.lowerBound - 1 : near.lowerBound
    if !cyclic { k = min(max(k, 0), count - 1) }
    var guardSteps = 0
    while rest(k) > projected && guardSteps < 64 && (cyclic || k > 0) {
      k -= 1
      guardSteps += 1
    }
    var next = k + 1
    while cyclic || next < count {
      if rest(next) > rest(k) || guardSteps > 128 { break }
      next += 1
      guardSteps += 1
    }
    var chosen = k
    if cyclic || next < count {
      let rk = rest(k)
      let rn = rest(next)
      let fraction = rn > rk ? (projected - rk) / (rn - rk) : 0
      if direction > 0 {
        chosen = fraction >= threshold ? next : k
      } else if direction < 0 {
        chosen = 1 - fraction >= threshold ? k : next
      } else {
        chosen = fraction < 0.5 ? k : next
      }
      if projected < rk { chosen = k }
    }
    if let limit = maximumItemsPerFling, let start = startItem {
      chosen = min(max(chosen, start - limit), start + limit)
    }
    if !cyclic { chosen = min(max(chosen, 0), count - 1) }
    return (rest(chosen), chosen)
  }
}

extension ScrollAlignment {
  /// The content offset at which a virtual index sits with this alignment, clamped to the
  /// scrollable range; `.nearest` moves least from `base` (the offset the content rests at now
  /// or is headed to), `.resting` uses `snapping` when there is one.
  func offset(
    ofVirtualIndex virtualIndex: Int, in track: ScrollTrack, base: Double, snapping: Snapping?
  ) -> Double {
    track.clamp(
      unclampedOffset(
        of: track.layout.slot(at: virtualIndex), viewportExtent: track.viewportExtent,
        base: base, snapping: snapping))
  }

  /// The content offset at which a slot sits with this alignment, before clamping:
  /// ``offset(ofVirtualIndex:in:base:snapping:)`` for a slot already looked up.
  @inlinable
  func unclampedOffset(
    of slot: Slot, viewportExtent extent: Double, base: Double, snapping: Snapping?
  )
    -> Double
  {
    switch self {
    case .start: return slot.offset
    case .center: return slot.offset + slot.extent / 2 - extent / 2
    case .end: return slot.end - extent
    case .nearest: return Self.nearestOffset(for: slot, base: base, viewportExtent: extent)
    case .resting:
      return snapping?.restingOffset(for: slot, viewportExtent: extent)
        ?? Self.nearestOffset(for: slot, base: base, viewportExtent: extent)
    }
  }

  /// The least movement from `base` that shows the whole slot (its start when it is longer
  /// than the viewport); `base` itself when the slot is already fully visible.
  @inlinable
  static func nearestOffset(for slot: Slot, base: Double, viewportExtent: Double) -> Double {
    if slot.offset >= base && slot.end <= base + viewportExtent { return base }
    if slot.offset < base || slot.extent > viewportExtent { return slot.offset }
    return slot.end - viewportExtent
  }
}
