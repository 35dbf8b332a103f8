extension VirtualList {
  /// The main-axis length of the content (one loop in cyclic lists), insets included.
  public var contentExtent: Double {
    layoutIfNeeded()
    return wrapping == .cyclic ? currentLayout.period.extent : currentLayout.contentExtent
  }

  /// The size of the content: `contentExtent` along the main axis, the viewport across.
  public var contentSize: Size {
    let main = contentExtent
    let cross = axis.cross(of: viewportSize)
    return axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }

  /// The smallest resting offset: 0 in bounded lists, `-infinity` in cyclic ones.
  public var minimumOffset: Double { wrapping == .cyclic ? -.infinity : 0 }

  /// The largest resting offset: the content minus the viewport (never below 0) in bounded
  /// lists, `+infinity` in cyclic ones.
  public var maximumOffset: Double {
    wrapping == .cyclic ? .infinity : max(0, currentLayout.contentExtent - viewportExtent)
  }

  /// The data indices of the items that intersect the viewport (overscan excluded), in window
  /// order; an item may appear twice in a short cyclic list.
  public var visibleIndices: [Int] {
    layoutIfNeeded()
    let lo = state.offset
    let hi = state.offset + viewportExtent
    return state.window.filter { $0.slot.end > lo && $0.slot.offset < hi && $0.slot.extent > 0 }
      .map(
        \.index)
  }

  /// The displayed placement under a point in viewport coordinates, if any.
  ///
  /// - Complexity: O(w) for w displayed cells.
  public func placement(at point: Point) -> Placement<Cell>? {
    placements.first { $0.frame.contains(point) }
  }

  /// Selects the item under a point (a tap or click) and tells the delegate.
  ///
  /// - Returns: the selected data index, or `nil` when no item is there.
  @discardableResult
  public func selectItem(at point: Point) -> Int? {
    guard let placement = placement(at: point) else { return nil }
    delegate?.virtualList(self, didSelectItemAt: placement.index)
    return placement.index
  }

  /// The content offset at which a virtual index rests with an alignment, clamped to the
  /// scrollable range in bounded lists.
  public func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment) -> Double
  {
    layoutIfNeeded()
    let slot = currentLayout.slot(at: virtualIndex)
    let extent = viewportExtent
    let raw: Double
    switch alignment {
    case .start: raw = slot.offset
    case .center: raw = slot.offset + slot.extent / 2 - extent / 2
    case .end: raw = slot.end - extent
    case .nearest: raw = nearestOffset(for: slot)
    case .resting:
      raw =
        effectiveSnapping?.restingOffset(for: slot, viewportExtent: extent)
        ?? nearestOffset(for: slot)
    }
    return clampToRange(raw)
  }

  private func nearestOffset(for slot: Slot) -> Double {
    let base = state.motion.curve?.restingOffset ?? state.offset
    if slot.offset >= base && slot.end <= base + viewportExtent { return base }
    if slot.offset < base || slot.extent > viewportExtent { return slot.offset }
    return slot.end - viewportExtent
  }

  func clampToRange(_ value: Double) -> Double {
    wrapping == .cyclic ? value : min(max(value, minimumOffset), maximumOffset)
  }

  /// The virtual index showing a data index that is nearest to the current position (the
  /// shorter way round in cyclic lists).
  ///
  /// - Precondition: `0 ≤ index < count`.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func nearestVirtualIndex(forItemAt index: Int) -> Int {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count, "index \(index) is out of bounds 0..<\(state.count)")
    guard wrapping == .cyclic else { return index }
    let reference = restingItem ?? state.windowStart + state.window.count / 2
    let current = CyclicMath.dataIndex(reference, count: state.count)
    var delta = CyclicMath.dataIndex(index - current, count: state.count)
    if delta > state.count / 2 { delta -= state.count }
    return reference + delta
  }

  /// The virtual index of the item at the resting point: the one nearest the snapping point in
  /// snapping lists, else the first visible one; `nil` when nothing is displayed.
  @inlinable
  public var restingItem: Int? {
    layoutIfNeeded()
    return captureAnchor()?.virtualIndex
  }

  /// The data index of ``restingItem``.
  @inlinable
  public var restingIndex: Int? {
    restingItem.map(dataIndex)
  }

  /// The resting offset of a virtual index under the effective snapping (or its start).
  func restingOffset(of virtualIndex: Int) -> Double {
    let slot = currentLayout.slot(at: virtualIndex)
    return effectiveSnapping?.restingOffset(for: slot, viewportExtent: viewportExtent)
      ?? slot.offset
  }

  /// Chooses where a snapping list rests, given a projected offset and the motion's direction.
  ///
  /// Moves on to the neighbour once `threshold` of the distance to it is projected, in the
  /// direction of motion (seed 002's one-third rule); limits the distance to
  /// `maximumItemsPerFling` items from `startItem`.
  func snapTarget(projected: Double, direction: Double, startItem: Int?) -> (Double, Int)? {
    guard let snapping = effectiveSnapping, state.count > 0 else { return nil }
    let point = projected + snapping.anchor(viewportExtent: viewportExtent)
    let near = currentLayout.indices(intersecting: point..<point.nextUp)
    var k = near.isEmpty ? near.lowerBound - 1 : near.lowerBound
    if wrapping == .bounded { k = min(max(k, 0), state.count - 1) }
    var guardSteps = 0
    while restingOffset(of: k) > projected && guardSteps < 64 && (wrapping == .cyclic || k > 0) {
      k -= 1
      guardSteps += 1
    }
    var next = k + 1
    while wrapping == .cyclic || next < state.count {
      if restingOffset(of: next) > restingOffset(of: k) || guardSteps > 128 { break }
      next += 1
      guardSteps += 1
    }
    var chosen = k
    if wrapping == .cyclic || next < state.count {
      let rk = restingOffset(of: k)
      let rn = restingOffset(of: next)
      let fraction = rn > rk ? (projected - rk) / (rn - rk) : 0
      if direction > 0 {
        chosen = fraction >= snapping.threshold ? next : k
      } else if direction < 0 {
        chosen = 1 - fraction >= snapping.threshold ? k : next
      } else {
        chosen = fraction < 0.5 ? k : next
      }
      if projected < rk { chosen = k }
    }
    if let limit = snapping.maximumItemsPerFling, let start = startItem {
      chosen = min(max(chosen, start - limit), start + limit)
    }
    if wrapping == .bounded { chosen = min(max(chosen, 0), state.count - 1) }
    return (clampToRange(restingOffset(of: chosen)), chosen)
  }
}
