/// The resolved placements: every placement worked out in drawing order, for a snapshot that
/// the plain and the animated forms cannot serve (something pinned, selected or highlighted);
/// and the departing cells a snapshot holds, which the animated form shares.
extension VirtualList {
  /// Works out every placement in drawing order into the snapshot: the window's cells (the
  /// pinned header's row skipped) with their animations and selection marks, the departing
  /// cells with their progress, then the pinned header. The resolved placements hold their
  /// cells unretained: the window's entries, which ``Placements`` holds, keep the window's
  /// cells alive, and the snapshot's `heldCells` the others.
  @inlinable
  func resolvePlacements(into snapshot: PlacementSnapshot<Cell>) {
    let entries = state.window.entries
    let start = state.window.start
    let geometry = self.geometry
    let selection = placementSelection
    var skipped = Int.max
    if state.pinned.mode == .inWindow { skipped = state.pinned.virtualIndex &- start }
    snapshot.reserveResolved(entries.count &+ state.departing.count &+ 1)
    snapshot.isResolved = true
    let resolved = snapshot.resolvedStorage.unsafelyUnwrapped
    // Resolved placements are plain values (nothing to deinitialize): they are initialized over
    // what was there.
    assert(
      _isPOD(ResolvedPlacement<Cell>.self),
      "ResolvedPlacement must stay a plain value: resolved placements are written over without "
        + "being deinitialized")
    snapshot.resolvedCount = 0
    var written = 0
    let animates = state.animator.isAnimating
    entries.withUnsafeBufferPointer { entries in
      for position in 0..<entries.count where position != skipped {
        let entry = entries.baseAddress.unsafelyUnwrapped + position
        let animation =
          animates
          ? state.animator.animation(
            of: ObjectIdentifier(entry.pointee.cell), index: entry.pointee.index) : .rest
        (resolved + written).initialize(
          to: ResolvedPlacement(
            entry: entry, virtualIndex: start &+ position, geometry: geometry,
            animation: animation, selection: selection))
        written &+= 1
      }
    }
    snapshot.resolvedCount = written
    resolveDeparting(into: snapshot, geometry: geometry)
    if state.pinned.mode != .none {
      let header = state.pinned
      let entry = header.mode == .outside ? header.entry! : entries[skipped]
      if header.mode == .outside { snapshot.heldCells.append(entry.cell) }
      snapshot.appendResolved(
        ResolvedPlacement(
          virtualIndex: header.virtualIndex, index: entry.index, cell: entry.cell,
          frame: geometry.frame(of: header.slot), kind: entry.kind, isPinned: true))
    }
  }

  /// Appends the departing cells' placements to the snapshot's resolved ones, and makes the
  /// snapshot's held cells the departing cells (see ``holdDepartingCells(in:)``).
  @inlinable
  func resolveDeparting(
    into snapshot: PlacementSnapshot<Cell>, geometry: PlacementGeometry
  ) {
    holdDepartingCells(in: snapshot)
    guard !state.departing.isEmpty else { return }
    snapshot.reserveResolved(snapshot.resolvedCount &+ state.departing.count &+ 1)
    // Cells that departed together share their start: the curve is evaluated once for them.
    var last: (start: ReelInstant?, progress: Double) = (nil, 0)
    for cell in state.departing {
      if cell.start != last.start {
        last = (cell.start, state.animator.progress(since: cell.start))
      }
      snapshot.appendResolved(
        DepartingCell.placement(
          virtualIndex: cell.virtualIndex, index: cell.entry.index, cell: cell.entry.cell,
          kind: cell.entry.kind, from: cell.entry.slot, to: cell.to, fades: cell.fades,
          progress: last.progress, geometry: geometry))
    }
  }

  /// Makes the snapshot's held cells the departing cells, in their order. A cell released here
  /// may run its `deinit`: it is released from storage taken out of the snapshot, with no access
  /// open.
  ///
  /// - Complexity: O(d) for d departing cells.
  @inlinable
  func holdDepartingCells(in snapshot: PlacementSnapshot<Cell>) {
    let count = state.departing.count
    if snapshot.heldCells.count == count {
      var same = true
      for i in 0..<count where snapshot.heldCells[i] !== state.departing[i].entry.cell {
        same = false
        break
      }
      if same { return }
    }
    snapshot.removeHeldCells()
    for i in 0..<count { snapshot.heldCells.append(state.departing[i].entry.cell) }
  }
}
