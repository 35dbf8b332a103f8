extension VirtualList {
  /// Reloads everything: asks the data source for the count and new cells on the next pass.
  ///
  /// The first visible item stays in place; with identities
  /// (``VirtualListDataSource/virtualList(_:identifierForItemAt:)``) it is found again when its
  /// index changed. A motion in flight towards an item is re-aimed at the same item (found by
  /// identity, or at the same index without identities).
  ///
  /// - Precondition: not called from inside a data source or display callback.
  public func reloadData() {
    guardNotInCallback("reloadData()")
    if !state.needsReload {
      // Capture before the data is read again: the layout still matches what is displayed.
      rememberAnchor()
      noteMotionTarget()
    }
    state.needsReload = true
    state.needsLayout = true
  }

  /// Applies insertions, deletions, moves and reloads at once, keeping the first visible
  /// surviving item at the same on-screen position (scroll anchoring).
  ///
  /// Update the data source's items first, then describe the change:
  ///
  /// ```swift
  /// names.insert("Ada", at: 0)
  /// try list.performBatchUpdates { $0.insert(at: 0) }
  /// ```
  ///
  /// Cells of surviving items stay attached to their items (their state is kept); deleted and
  /// reloaded items' cells go back to their pools. A motion in flight towards an item is re-aimed
  /// at the same item's new index.
  ///
  /// The update is validated the same way in every state: against the count the list was last
  /// told, or — while a reload is pending — against the count the data source reports, less the
  /// update's insertions and plus its deletions; a valid update then joins the pending reload.
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` for indices out of bounds or named twice,
  ///   ``ReelError/inconsistentItemCount(expected:reported:)`` when the data source's new count
  ///   does not match. In both cases the list has reloaded its data and is consistent.
  /// - Precondition: not called from inside a data source or display callback.
  /// - Complexity: O(d log d + w) for d changes and w displayed cells, plus the layout's cost of
  ///   moving per-item extents.
  public func performBatchUpdates(_ update: BatchUpdate) throws(ReelError) {
    guardNotInCallback("performBatchUpdates(_:)")
    var reported = 0
    if let source = state.dataSource {
      reported = source.numberOfItems(in: self)
    }
    let oldCount =
      state.needsReload ? reported - update.insertions.count + update.deletions.count : state.count
    let changes: IndexChanges
    do throws(ReelError) {
      guard oldCount >= 0 else {
        throw .invalidBatchUpdate(
          "the update deletes more items than the data source had: it reports \(reported) "
            + "items after \(update.deletions.count) deletions and "
            + "\(update.insertions.count) insertions")
      }
      changes = try IndexChanges(oldCount: oldCount, update: update)
    } catch {
      reloadData()
      throw error
    }
    guard reported == changes.newCount else {
      reloadData()
      throw .inconsistentItemCount(expected: changes.newCount, reported: reported)
    }
    if state.needsReload {
      // Nothing is displayed from the old data yet: the update is part of the pending reload.
      state.needsLayout = true
      return
    }
    apply(changes)
  }

  /// Applies a batch update built by a closure. See ``performBatchUpdates(_:)-(BatchUpdate)``.
  ///
  /// ```swift
  /// try list.performBatchUpdates { update in
  ///   update.delete(at: 3)
  ///   update.insert(at: 0)
  /// }
  /// ```
  public func performBatchUpdates(_ build: (inout BatchUpdate) -> Void) throws(ReelError) {
    var update = BatchUpdate()
    build(&update)
    try performBatchUpdates(update)
  }

  func apply(_ changes: IndexChanges) {
    let oldCount = state.count
    let reloaded = Set(changes.reloaded)
    let survives = { (index: Int) in
      changes.newIndex(forOld: index) != nil && !reloaded.contains(index)
    }
    // An anchor remembered for a pending layout or viewport change, else the current one.
    let remembered = state.pendingAnchor.flatMap { survives($0.index) ? $0 : nil }
    state.pendingAnchor = nil
    let anchor = remembered ?? captureAnchor(where: survives)
    let target = motionTargetBeforeChange()
    // Detach the window; survivors are re-keyed by their new virtual index.
    var survivors: [Int: WindowEntry<Cell>] = [:]
    state.pools.beginDeferringCaps()
    let detached = state.window
    let detachedStart = state.windowStart
    state.window.removeAll(keepingCapacity: true)
    let delegate = state.delegate
    let cyclic = state.wrapping == .cyclic
    for (i, entry) in detached.enumerated() {
      let v = detachedStart + i
      guard let newIndex = changes.newIndex(forOld: entry.index), !reloaded.contains(entry.index),
        changes.newCount > 0
      else {
        retire(entry.cell, pool: entry.pool, index: entry.index, delegate: delegate)
        continue
      }
      let loop = cyclic ? CyclicMath.floorDiv(v, oldCount) : 0
      var moved = entry
      moved.index = newIndex
      survivors[loop * changes.newCount + newIndex] = moved
    }
    var layout = takeLayout()
    layout.apply(changes)
    state.count = changes.newCount
    layout.prepare(for: context)
    state.layout = layout
    state.preparedContext = context
    state.needsPrepare = false
    state.measurementAnchor = nil
    if let anchor, let newIndex = changes.newIndex(forOld: anchor.index), state.count > 0 {
      let loop = cyclic ? CyclicMath.floorDiv(anchor.virtualIndex, oldCount) : 0
      restore(anchor, at: loop * state.count + newIndex)
    }
    clampIfIdle()
    state.motion.dataDidReload()
    remapMotionTarget(target, oldCount: oldCount) { index, _ in changes.newIndex(forOld: index) }
    if cyclic, let shift = recentringShift() {
      // The window is detached: re-key the survivors instead of shifting the window.
      survivors = Dictionary(uniqueKeysWithValues: survivors.map { ($0 - shift.items, $1) })
    }
    let range = targetRange()
    state.windowStart = range.lowerBound
    var fresh: [Int] = []
    let source = range.isEmpty ? nil : verifiedSource()
    let current = currentLayout
    for v in range {
      if var entry = survivors.removeValue(forKey: v) {
        entry.slot = current.slot(at: v)
        state.window.append(entry)
      } else if let source {
        fresh.append(state.window.count)
        let entry = makeEntry(v, source: source, layout: current)
        state.window.append(entry)
      }
    }
    for entry in survivors.values.sorted(by: { $0.index < $1.index }) {
      retire(entry.cell, pool: entry.pool, index: entry.index, delegate: delegate)
    }
    announce(fresh)
    if state.window.count > state.largestWindow { state.largestWindow = state.window.count }
    state.pools.endDeferringCaps()
    withExtendedLifetime(detached) {}
    releaseExcessCells()
    state.laidOutOffset = .nan
    state.needsLayout = true
  }
}
