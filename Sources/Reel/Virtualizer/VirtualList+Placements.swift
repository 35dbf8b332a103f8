extension VirtualList {
  /// The displayed cells with their frames in viewport coordinates, after a layout pass.
  ///
  /// Reading it runs ``layoutIfNeeded()`` first.
  ///
  /// - Complexity: O(1) at rest; O(w + d) while an update animates, for w cells in the window
  ///   and d departing cells.
  @inlinable
  public var placements: Placements<Cell> {
    layoutIfNeeded()
    if state.animator.isAnimating || !state.departing.isEmpty {
      return Placements(animated: animatedPlacements())
    }
    let start = state.windowStart
    var pinnedPosition = Int.max
    var pinned: Placement<Cell>?
    if let header = pinnedHeaderEntry() {
      if state.pinned.mode == .inWindow { pinnedPosition = state.pinned.virtualIndex &- start }
      pinned = header
    }
    return Placements(
      entries: state.window, geometry: geometry, firstVirtualIndex: start,
      selection: placementSelection, pinned: pinned, pinnedPosition: pinnedPosition)
  }

  /// The pinned header's placement, drawn last: its row's cell in the window, or its own cell.
  @inlinable
  func pinnedHeaderEntry() -> Placement<Cell>? {
    let header = state.pinned
    let entry: WindowEntry<Cell>
    switch header.mode {
    case .none: return nil
    case .inWindow: entry = state.window[header.virtualIndex &- state.windowStart]
    case .outside:
      guard let own = header.entry else { return nil }
      entry = own
    }
    return Placement(
      virtualIndex: header.virtualIndex, index: entry.index, cell: entry.cell,
      frame: geometry.frame(of: header.slot), kind: entry.kind, isPinned: true)
  }

  /// Every placement in drawing order while an update animates: the window's cells (the pinned
  /// header's row skipped) with their animations and selection marks, the departing cells with
  /// their progress, then the pinned header.
  ///
  /// - Complexity: O(w + d) for w cells in the window and d departing cells.
  @inlinable
  func animatedPlacements() -> ContiguousArray<Placement<Cell>> {
    let start = state.windowStart
    let geometry = self.geometry
    let selection = placementSelection
    var skipped = Int.max
    if state.pinned.mode == .inWindow { skipped = state.pinned.virtualIndex &- start }
    var placements = ContiguousArray<Placement<Cell>>()
    placements.reserveCapacity(state.window.count + state.departing.count + 1)
    for (position, entry) in state.window.enumerated() where position != skipped {
      let animation = state.animator.animation(of: ObjectIdentifier(entry.cell), index: entry.index)
      placements.append(
        Placement(
          entry: entry, virtualIndex: start &+ position, geometry: geometry,
          animation: animation, selection: selection))
    }
    // Cells that departed together share their start: the curve is evaluated once for them.
    var last: (start: ReelInstant?, progress: Double) = (nil, 0)
    for cell in state.departing {
      if cell.start != last.start {
        last = (cell.start, state.animator.progress(since: cell.start))
      }
      placements.append(cell.placement(progress: last.progress, geometry: geometry))
    }
    if let pinned = pinnedHeaderEntry() { placements.append(pinned) }
    return placements
  }

  /// What turns the window's content-space slots into viewport frames now.
  @inlinable
  var geometry: PlacementGeometry {
    PlacementGeometry(
      offset: state.offset, axis: state.axis, mirrored: state.direction == .rightToLeft,
      viewportSize: state.viewportSize)
  }
}

extension Placement {
  /// The placement of a window entry: at rest, or while update animations run, its slot
  /// displaced by what remains of its move and its fade-in as the opacity; marked when the
  /// selection selects or highlights its item.
  @inlinable
  init(
    entry: WindowEntry<Cell>, virtualIndex: Int, geometry: PlacementGeometry,
    animation: WindowAnimation, selection: PlacementSelection
  ) {
    let index = entry.index
    let slot = entry.slot
    let isSelected = selection.isActive && selection.selects(index)
    let isHighlighted = selection.isActive && selection.highlighted == index
    guard animation.kind != .rest else {
      self.init(
        virtualIndex: virtualIndex, index: index, cell: entry.cell,
        frame: geometry.frame(of: slot), kind: entry.kind, isSelected: isSelected,
        isHighlighted: isHighlighted)
      return
    }
    let appears = animation.kind == .appear
    let transition = PlacementTransition(
      kind: appears ? .appear : .move,
      from: geometry.frame(of: slot.displaced(by: animation.displacement, times: 1)),
      to: geometry.frame(of: slot),
      progress: appears ? animation.fadeProgress : animation.moveProgress)
    self.init(
      virtualIndex: virtualIndex, index: index, cell: entry.cell,
      frame: geometry.frame(
        of: slot.displaced(by: animation.displacement, times: 1 - animation.moveProgress)),
      kind: entry.kind, opacity: animation.fadeProgress, transition: transition,
      isSelected: isSelected, isHighlighted: isHighlighted)
  }
}
