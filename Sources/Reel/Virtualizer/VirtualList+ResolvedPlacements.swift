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
    let entries = state.window
    let start = state.windowStart
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
    if state.animator.isAnimating {
      entries.withUnsafeBufferPointer { entries in
        written = state.animator.resolveWindow(
          entries, start: start, skipped: skipped, geometry: geometry, selection: selection,
          into: resolved)
      }
    } else {
      entries.withUnsafeBufferPointer { entries in
        for position in 0..<entries.count where position != skipped {
          (resolved + written).initialize(
            to: ResolvedPlacement(
              entry: entries.baseAddress.unsafelyUnwrapped + position,
              virtualIndex: start &+ position, geometry: geometry, animation: .rest,
              selection: selection))
          written &+= 1
        }
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
    // Before the first tick every progress is 0.
    let ticked = state.animator.now != nil
    var curve = state.animator.curve(at: state.animator.now ?? ReelInstant(nanoseconds: 0))
    state.departing.withUnsafeBufferPointer { departing in
      for i in 0..<departing.count {
        let cell = departing.baseAddress.unsafelyUnwrapped + i
        var progress = 0.0
        if ticked, let start = cell.pointee.start { progress = curve.progress(since: start) }
        snapshot.appendResolved(
          DepartingCell.placement(
            virtualIndex: cell.pointee.virtualIndex, index: cell.pointee.entry.index,
            cell: cell.pointee.entry.cell, kind: cell.pointee.entry.kind,
            from: cell.pointee.entry.slot, to: cell.pointee.to, fades: cell.pointee.fades,
            progress: progress, geometry: geometry))
      }
    }
    state.animator.memo = curve.memo
  }

  /// Makes the snapshot's held cells the departing cells, in their order.
  ///
  /// The departing cells change by retirements (the oldest, first) and by departures
  /// (appended). So when the held cells, past some first ones, are the departing cells' first
  /// ones in order, they are mended: those first ones are dropped and the missing cells
  /// appended. Otherwise they are emptied and gathered again. Either way, a cell released there
  /// may run its `deinit`: it is released from storage taken out of the snapshot, with no access
  /// open.
  ///
  /// - Complexity: O(h + d) for h held and d departing cells.
  @inlinable
  func holdDepartingCells(in snapshot: PlacementSnapshot<Cell>) {
    let heldCount = snapshot.heldCells.count
    let departingCount = state.departing.count
    // Each cell loaded from its entry in place (``DepartingCell/entryAddress(in:at:)``).
    // The held cells to drop first, when the rest are the departing cells' first ones.
    let dropped = snapshot.heldCells.withUnsafeBufferPointer { held in
      state.departing.withUnsafeBufferPointer { departing -> Int? in
        let cells = UnsafeRawPointer(departing.baseAddress)
        func departingCell(_ i: Int) -> ObjectIdentifier {
          DepartingCell<Cell>.entryAddress(in: cells.unsafelyUnwrapped, at: i)
            .load(as: ObjectIdentifier.self)
        }
        var first = 0
        if departingCount > 0 {
          let leading = departingCell(0)
          while first < heldCount && ObjectIdentifier(held[first]) != leading { first &+= 1 }
        } else {
          first = heldCount
        }
        guard heldCount &- first <= departingCount else { return nil }
        for i in first..<heldCount where ObjectIdentifier(held[i]) != departingCell(i &- first) {
          return nil
        }
        return first
      }
    }
    if dropped == 0 && heldCount == departingCount { return }
    var held = ContiguousArray<Cell>()
    swap(&held, &snapshot.heldCells)
    if let dropped {
      if dropped > 0 { held.removeFirst(dropped) }
    } else {
      held.removeAll(keepingCapacity: true)
    }
    let kept = held.count
    if kept < departingCount {
      held.reserveCapacity(departingCount)
      state.departing.withUnsafeBufferPointer { departing in
        let cells = UnsafeRawPointer(departing.baseAddress.unsafelyUnwrapped)
        for i in kept..<departingCount {
          held.append(DepartingCell<Cell>.entryAddress(in: cells, at: i).load(as: Cell.self))
        }
      }
    }
    swap(&held, &snapshot.heldCells)
  }
}
