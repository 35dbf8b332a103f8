/// An item and its position, kept fixed across changes of data, size, layout or viewport
/// (scroll anchoring).
@usableFromInline
struct ListAnchor {
  @usableFromInline var virtualIndex: Int
  @usableFromInline var index: Int
  @usableFromInline var identity: AnyHashable?
  /// The item's main-axis start, in viewport coordinates.
  @usableFromInline var position: Double
  /// Where the alignment point falls inside the item, as a fraction of its extent.
  @usableFromInline var fraction: Double
  /// The item's extent when the anchor was taken.
  @usableFromInline var extent: Double
  /// Whether to keep `fraction` at the snapping point (snapping lists) rather than `position`.
  @usableFromInline var snapped: Bool
  /// The wrapping mode the anchor was taken in.
  @usableFromInline var wrapping: Wrapping
  /// Whether a snapping list rested on the item: idle, at the item's (clamped) resting offset.
  /// Restored, it rests on the item again, wherever the new layout or wrapping rests it.
  @usableFromInline var resting: Bool

  @inlinable
  init(
    virtualIndex: Int, index: Int, identity: AnyHashable?, position: Double, fraction: Double,
    extent: Double, snapped: Bool, wrapping: Wrapping, resting: Bool = false
  ) {
    self.extent = extent
    self.virtualIndex = virtualIndex
    self.index = index
    self.identity = identity
    self.position = position
    self.fraction = fraction
    self.resting = resting
    self.snapped = snapped
    self.wrapping = wrapping
  }
}

extension VirtualList {
  /// The first visible item (or, when snapping, the item nearest the snapping point), among the
  /// items that `changes` keep in place (``IndexChanges/stayingIndex(forOld:)``: not deleted,
  /// reloaded or moved; all when `nil`). With `changes`, only a visible item is an anchor.
  ///
  /// Asks the layout as it was last prepared, at the current offset, so it is right even when
  /// the offset moved since the last pass; identities come from the window when displayed.
  /// `nil` when nothing was laid out yet, and — unless `evenWithoutCells` — when the window
  /// is empty (the viewport shows only an inset). Call it before the layout, viewport, axis or
  /// data change — ``rememberAnchor()`` does for property changes.
  @inlinable
  func captureAnchor(
    surviving changes: IndexChanges? = nil, evenWithoutCells: Bool = false
  ) -> ListAnchor? {
    // The prepared context's fields are read in place: a copy retains its sections.
    let laidOutExtent = state.preparedContext?.viewportExtent ?? 0
    guard state.count > 0, state.preparedContext?.count == state.count, laidOutExtent > 0,
      !state.needsPrepare
    else { return nil }
    if state.window.entries.isEmpty && !evenWithoutCells { return nil }
    let layout = currentLayout
    let snapping = effectiveSnapping
    let count = state.count
    let wrapping = state.wrapping
    let offset = state.offset
    // Measure in the viewport the layout was prepared for, not a new one.
    let point = offset + (snapping?.anchor(viewportExtent: laidOutExtent) ?? 0)
    // A bounded variable list reads the item at the point from its window when it can: no
    // search of the store.
    let fromWindow =
      state.layoutIsVariable
      ? visibleRangeFromWindow(offset: point, extent: viewportExtent)?.lowerBound : nil
    let first = fromWindow ?? layout.indices(intersecting: point..<point.nextUp).lowerBound
    assert(
      first == layout.indices(intersecting: point..<point.nextUp).lowerBound,
      "VirtualList: the item at the anchor point read from the window differs from the layout's")
    func valid(_ v: Int) -> Bool {
      guard wrapping == .cyclic || (v >= 0 && v < count) else { return false }
      // The changes are passed, not a closure over them: an optional closure escapes, so it
      // cost an allocation and a copy of the changes on every batch update.
      guard let changes else { return true }
      return changes.stayingIndex(forOld: dataIndex(v)) != nil
    }
    // A slot's resting offset with the snapping, clamped to the range of a bounded list.
    let maximum = max(0, layout.contentExtent - laidOutExtent)
    func restingOffset(_ s: Slot) -> Double {
      let rest = snapping?.restingOffset(for: s, viewportExtent: laidOutExtent) ?? 0
      return wrapping == .bounded ? min(max(rest, 0), maximum) : rest
    }
    // How far apart two figures of about `x` may be and still count as equal, up to rounding.
    func rounding(_ x: Double) -> Double { 1e-9 * max(1, abs(x)) }
    var chosen: Int?
    if snapping == nil {
      // The first item whose end is past the point, moving forward (then backward at the end).
      // An update anchors on a visible item that it keeps in place — one that starts before
      // the viewport's end, in any lane — and when it moves or removes every visible item,
      // there is no anchor and the offset stays.
      let end = offset + laidOutExtent
      let last =
        changes == nil ? first + 256 : layout.indices(intersecting: offset..<end).upperBound
      for v in first..<max(first, min(last, first + 256))
      where valid(v) && (changes == nil || layout.slot(at: v).offset < end) {
        chosen = v
        break
      }
      if chosen == nil && changes == nil {
        for step in 1..<256 where valid(first - step) {
          chosen = first - step
          break
        }
      }
    } else {
      // The nearest item to the point, searching outwards from the two around it. Equally
      // near items, within rounding, keep the one searched first (the earlier of two around
      // the point): a point in the middle of a gap stays there, up to rounding, through an
      // anchored change, and must still count the same item.
      var bestDistance = Double.infinity
      let tie = rounding(point)
      for step in 0..<256 {
        for v in [first - 1 - step, first + step] where valid(v) {
          let slot = layout.slot(at: v)
          let distance = point < slot.offset ? slot.offset - point : max(0, point - slot.end)
          var nearer = distance < bestDistance - tie
          // Equally near (the point in the gap of an even page at a bounded end): the resting
          // item is the one whose clamped resting offset is nearer the content offset.
          if wrapping == .bounded, let best = chosen, abs(distance - bestDistance) <= tie {
            let away = { (s: Slot) in abs(restingOffset(s) - offset) }
            nearer = away(slot) < away(layout.slot(at: best)) - rounding(offset)
          }
          if nearer {
            bestDistance = min(distance, bestDistance)
            chosen = v
          }
        }
        if chosen != nil && step > 0 { break }
      }
    }
    guard let v = chosen else { return nil }
    let position = v - state.window.start
    let slot = currentWindowSlot(v) ?? layout.slot(at: v)
    assert(
      slot == layout.slot(at: v),
      "VirtualList: the anchor's slot in the window differs from the layout's")
    let identity =
      position >= 0 && position < state.window.entries.count && !state.identities.isEmpty
      ? state.identities[ObjectIdentifier(state.window.entries[position].cell)] : nil
    return ListAnchor(
      virtualIndex: v, index: dataIndex(v), identity: identity, position: slot.offset - offset,
      fraction: slot.extent > 0 ? (point - slot.offset) / slot.extent : 0, extent: slot.extent,
      snapped: snapping != nil, wrapping: wrapping,
      resting: snapping != nil && !isMoving
        && abs(restingOffset(slot) - offset) <= rounding(offset))
  }

  /// Captures the anchor before a change to the layout, axis, wrapping or viewport, unless one
  /// is already waiting: the first change of a series sees the layout as it was displayed.
  func rememberAnchor() {
    applyPendingMeasurements()
    guard state.pendingAnchor == nil else { return }
    state.pendingAnchor = captureAnchor()
    // A list following its end comes back to the end after the change.
    if state.anchoring == .end { state.pendingEndPin = endGap != nil }
  }

  /// Moves the offset so that the anchor, now at `virtualIndex`, keeps its place, shifting a
  /// drag or a motion in flight with the content.
  @usableFromInline
  func restore(_ anchor: ListAnchor, at virtualIndex: Int) {
    let slot = currentLayout.slot(at: virtualIndex)
    let restored: Double
    if anchor.snapped, let snapping = effectiveSnapping, anchor.resting,
      state.motion.phase == .idle
    {
      // It rested on the item: it rests on it again, where this layout and wrapping rest it.
      let rest = snapping.restingOffset(for: slot, viewportExtent: viewportExtent)
      let maximum = max(0, currentLayout.contentExtent - viewportExtent)
      restored = state.wrapping == .bounded ? min(max(rest, 0), maximum) : rest
    } else if anchor.snapped, let snapping = effectiveSnapping {
      let point = snapping.anchor(viewportExtent: viewportExtent)
      // A point outside the item (in the gap beside it, or by a deleted neighbour) keeps its
      // distance in points from the item's nearer edge: scaled with a longer item, it would
      // cross the gap into the neighbour.
      let f = anchor.fraction
      let along =
        f < 0
        ? f * anchor.extent
        : f > 1 ? slot.extent + (f - 1) * anchor.extent : f * slot.extent
      restored = slot.offset + along - point
    } else {
      restored = slot.offset - anchor.position
    }
    // When nothing moved, rounding in the fraction must not nudge the offset: a nudge of 1e-14
    // can flip which of two equidistant items counts as the resting one.
    if abs(restored - state.offset) > 1e-12 * max(1, abs(state.offset)) {
      shiftContent(by: restored - state.offset)
    }
  }

  /// Moves the offset by an anchoring correction, and a drag or motion in flight with it.
  @usableFromInline
  func shiftContent(by delta: Double) {
    state.offset += delta
    state.motion.shift(by: delta, items: 0)
  }

  /// The virtual index at which an anchor taken before a change stands after it: the same
  /// virtual index, or — when the wrapping changed — the same data index near the offset.
  func virtualIndex(restoring anchor: ListAnchor) -> Int {
    guard anchor.wrapping != state.wrapping || state.wrapping == .bounded else {
      return anchor.virtualIndex
    }
    return min(max(anchor.index, 0), state.count - 1)
  }
}
