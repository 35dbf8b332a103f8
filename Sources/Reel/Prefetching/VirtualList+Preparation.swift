extension VirtualList {
  /// Uses the time left in a frame to create and bind the cells that come into view next, so
  /// that the frames of a fast fling find them ready (RecyclerView's `GapWorker`).
  ///
  /// Call it after drawing a frame, with the instant the next frame's work must start and the
  /// clock that measures it. The list looks at how far the content moved since the previous
  /// call (or, when it has not moved since, at the last movement seen), and asks the data
  /// source for the cells of the items just past the window in that direction, nearest first,
  /// as far as ``prefetchPlanner`` looks at that speed; a list that never moved prepares
  /// nothing. It stops before a cell whose cost (measured on the cells prepared so far) no
  /// longer fits before the deadline; a later call goes on where it stopped.
  ///
  /// ```swift
  /// list.tick(clock.now)
  /// draw(list.placements)
  /// list.prepareUpcomingCells(until: frameStart.advanced(by: .milliseconds(16)), clock: clock)
  /// ```
  ///
  /// What it changes:
  /// - A prepared cell is dequeued and bound by the data source as usual (a pooled cell gets
  ///   `prepareForReuse()` first) but not placed: it is not in ``placements`` and gets no
  ///   `willDisplay` until its item enters the window, which then takes it without asking the
  ///   data source again. It counts in ``cellsCreated`` and ``cellsPrepared``; cells alive stay
  ///   within the largest window, the pools' caps and the planner's ``PrefetchPlanner/maximumDistance``.
  /// - A prepared cell is handed out once. Cells no longer ahead of the motion — the direction
  ///   reversed, the content jumped elsewhere — go back to their pools at the next call;
  ///   ``reloadData()`` and batch updates return them all, since their data indices may no longer
  ///   name the same items. A pooled cell is prepared for reuse when it is dequeued again.
  ///
  /// - Parameters:
  ///   - deadline: when the time for preparation ends.
  ///   - clock: the clock the deadline is on, read before each cell.
  /// - Returns: the number of cells prepared by this call.
  /// - Precondition: not called from inside a data source or delegate callback.
  /// - Complexity: O(d + p) list work for d items looked ahead and p cells already prepared,
  ///   plus the layout pass, if one is due, and the data source's work per cell.
  @discardableResult
  public func prepareUpcomingCells(until deadline: ReelInstant, clock: some ReelClock) -> Int {
    guardNotInCallback("prepareUpcomingCells(until:clock:)")
    layoutIfNeeded()
    let layout = currentLayout
    let cyclic = state.wrapping == .cyclic
    let period = cyclic ? layout.period.extent : 0
    let movement = state.preparation.movement(to: state.offset, period: period)
    guard state.count > 0, viewportExtent > 0, !state.window.entries.isEmpty else {
      discardPreparedCells()
      return 0
    }
    guard movement != 0 else { return 0 }
    let window = state.window.range
    let planner = state.prefetchPlanner
    let distance = planner.distance(
      forMovement: movement, itemExtent: state.window.entries[0].slot.extent)
    let ahead = PrefetchPlanner.items(
      aheadOf: window, direction: movement > 0 ? 1 : -1, distance: distance,
      count: cyclic ? nil : state.count)
    var wanted: [Int] = []
    var seen = Set<Int>()
    for v in ahead where seen.insert(dataIndex(v)).inserted { wanted.append(v) }
    discardPreparedCells(keeping: seen)
    let source = verifiedSource()
    var made = 0
    for v in wanted {
      let index = dataIndex(v)
      if state.prepared.contains(where: { $0.entry.index == index }) { continue }
      let start = clock.now
      guard state.preparation.hasTime(at: start, before: deadline) else { break }
      let entry = makeEntry(v, source: source, layout: layout)
      state.preparation.record(cost: clock.now.nanoseconds &- start.nanoseconds)
      var identity: AnyHashable?
      if !state.identities.isEmpty {
        identity = state.identities.removeValue(forKey: ObjectIdentifier(entry.cell))
      }
      state.prepared.append(PreparedCell(entry: entry, identity: identity))
      made += 1
      // A callback may have changed the list (reloaded it, moved it): what was planned is stale.
      if !isLaidOut { break }
    }
    return made
  }

  /// Prepares the upcoming cells for a budget of time from now; see
  /// ``prepareUpcomingCells(until:clock:)``.
  ///
  /// - Precondition: not called from inside a data source or delegate callback.
  @discardableResult
  public func prepareUpcomingCells(for budget: Duration, clock: some ReelClock) -> Int {
    prepareUpcomingCells(until: clock.now.advanced(by: budget), clock: clock)
  }

  /// Cells created and bound ahead of the motion, waiting for their items to come into view.
  ///
  /// Reading it runs ``layoutIfNeeded()`` first (a pending reload returns them all).
  public var cellsPrepared: Int {
    layoutIfNeeded()
    return state.prepared.count
  }

  /// The data indices of the prepared cells, in the order they were prepared.
  ///
  /// Reading it runs ``layoutIfNeeded()`` first.
  /// - Complexity: O(p) for p prepared cells.
  public var indicesOfPreparedCells: [Int] {
    layoutIfNeeded()
    return state.prepared.map(\.entry.index)
  }

  /// Hands the prepared cell of the item at a virtual index to the window, with its slot taken
  /// from the layout now; `nil` when none was prepared.
  ///
  /// - Complexity: O(p) for p prepared cells.
  @usableFromInline
  func adoptPreparedCell(_ virtualIndex: Int, layout: any ListLayout) -> WindowEntry<Cell>? {
    let index = dataIndex(virtualIndex)
    guard let position = state.prepared.firstIndex(where: { $0.entry.index == index }) else {
      return nil
    }
    let prepared = state.prepared.remove(at: position)
    var entry = prepared.entry
    entry.slot = layout.slot(at: virtualIndex)
    if let identity = prepared.identity {
      let replaced = state.identities.updateValue(identity, forKey: ObjectIdentifier(entry.cell))
      withExtendedLifetime(replaced) {}
    }
    return entry
  }

  /// Returns the prepared cells whose data indices are not in `keeping` (all of them by
  /// default) to their pools, releasing those beyond the caps outside any access to the state.
  ///
  /// - Complexity: O(p) for p prepared cells.
  @inlinable
  func discardPreparedCells(keeping: Set<Int> = []) {
    guard !state.prepared.isEmpty else { return }
    let deferred = state.pools.deferring
    state.pools.beginDeferringCaps()
    var i = 0
    while i < state.prepared.count {
      if keeping.contains(state.prepared[i].entry.index) {
        i += 1
        continue
      }
      let prepared = state.prepared.remove(at: i)
      state.pools.enqueue(prepared.entry.cell, pool: prepared.entry.pool)
      withExtendedLifetime(prepared) {}
    }
    guard !deferred else { return }
    state.pools.endDeferringCaps()
    releaseExcessCells()
  }
}
