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

  /// Applies insertions, deletions, moves and reloads at once, keeping the first visible item
  /// that the update does not move, delete or reload at the same on-screen position (scroll
  /// anchoring). Moved items travel to their new places; when every visible item moves or
  /// goes, the offset stays, as UIKit keeps its content offset.
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
  @inlinable
  public func performBatchUpdates(_ update: BatchUpdate) throws(ReelError) {
    guard let changes = try validatedChanges(update) else { return }
    apply(changes)
  }

  /// Validates an update against the count the list was last told (or, while a reload is
  /// pending, against the data source's count) and returns its index changes; `nil` when the
  /// update joins the pending reload. On an invalid update the list reloads and rethrows.
  @usableFromInline
  func validatedChanges(_ update: BatchUpdate) throws(ReelError) -> IndexChanges? {
    guardNotInCallback("performBatchUpdates(_:)")
    applyPendingMeasurements()
    precondition(
      !state.isSectioned,
      "performBatchUpdates(_: BatchUpdate) was called on a list with sections; describe the "
        + "change with a SectionedBatchUpdate")
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
      return nil
    }
    return changes
  }

  /// Applies a batch update built by a closure. See ``performBatchUpdates(_:)-(BatchUpdate)``.
  ///
  /// ```swift
  /// try list.performBatchUpdates { update in
  ///   update.delete(at: 3)
  ///   update.insert(at: 0)
  /// }
  /// ```
  ///
  /// The update is built in arrays the list keeps from one call to the next, so that a steady
  /// stream of small updates allocates nothing for them.
  @inlinable
  public func performBatchUpdates(_ build: (inout BatchUpdate) -> Void) throws(ReelError) {
    // Taken out while it is built and applied: an update performed inside `build` builds in
    // arrays of its own.
    var update = BatchUpdate()
    swap(&update, &state.spareUpdate)
    build(&update)
    defer {
      // The changes made of the update are gone: its arrays are uniquely referenced again.
      update.removeAll(keepingCapacityUpTo: BatchUpdate.keptCapacity)
      state.spareUpdate = update
    }
    try performBatchUpdates(update)
  }

  /// Applies validated changes: re-keys the surviving cells, updates the layout, restores the
  /// anchor and rebuilds the window.
  ///
  /// Inlinable so that it is specialized for the client's cell type, and free of allocations in
  /// the common case: the window is detached into the scratch buffer, its survivors compacted in
  /// place (their `index` holding their new virtual index while detached) and merged back by
  /// their sorted new indices. The parts that do not touch the window's cells are out of line.
  @inlinable
  func apply(_ changes: IndexChanges) {
    if let shift = applyOutsideWindow(changes) {
      // The window's cells stay; their items moved by `shift` (changes before the window).
      if shift != 0 {
        for i in state.window.entries.indices { state.window.entries[i].index &+= shift }
      }
      return
    }
    let oldCount = state.count
    let before = beginChange(changes)
    state.pools.beginDeferringCaps()
    let delegate = state.delegate
    var detached = state.window.entries
    state.window.entries = state.window.scratch
    state.window.scratch = ContiguousArray()
    // Animated: every detached entry's `slot` now holds where its cell is drawn.
    let animated = captureForAnimation(&detached)
    let detachedStart = state.window.start
    let newCount = changes.newCount
    let cyclic = state.wrapping == .cyclic
    var kept = 0
    var ordered = true
    var walk = IndexChanges.Walk()
    var i = 0
    while i < detached.count {
      let old = detached[i].index
      if newCount > 0, let newIndex = changes.survivingIndex(forOld: old, advancing: &walk) {
        let key = CyclicMath.remap(
          detachedStart &+ i, oldCount: oldCount, toIndex: newIndex, newCount: newCount,
          cyclic: cyclic)
        if kept > 0 && detached[kept &- 1].index >= key { ordered = false }
        if kept != i { detached.swapAt(kept, i) }
        detached[kept].index = key
        kept &+= 1
      } else if animated {
        depart(detached[i], virtualIndex: detachedStart &+ i)
      } else {
        retire(detached[i].cell, pool: detached[i].pool, index: old, delegate: delegate)
      }
      i &+= 1
    }
    // Moves reorder survivors; everything else keeps them in order.
    if !ordered { detached[0..<kept].sort { $0.index < $1.index } }
    let shift = finishChange(changes, before, oldCount: oldCount)
    if shift != 0 {
      for j in 0..<kept { detached[j].index &-= shift }
    }
    let range = targetRange()
    state.window.start = range.lowerBound
    let source = range.isEmpty ? nil : verifiedSource()
    // A variable layout gives the window's slots in one walk of its store, after the loop
    // (read where it is stored: a copy of it retains and releases its store's arrays). Its
    // fresh entries then need no layout to ask, and other layouts are copied to be called.
    let walksVariable = state.layoutIsVariable
    let current: any ListLayout = walksVariable ? PlaceholderLayout() : currentLayout
    var p = 0
    while p < kept && detached[p].index < range.lowerBound { p &+= 1 }
    let firstInRange = p
    var hasFresh = false
    var v = range.lowerBound
    while v < range.upperBound {
      // The run of survivors at v, v + 1, …, appended together.
      var end = p
      while end < kept && detached[end].index == v &+ (end &- p)
        && v &+ (end &- p) < range.upperBound
      {
        end &+= 1
      }
      if end > p {
        appendSurvivors(detached, p..<end, at: v, walksVariable: walksVariable, layout: current)
        v &+= end &- p
        p = end
        continue
      }
      if let source {
        hasFresh = true
        // The walk below gives a variable layout's fresh items their slots too.
        state.window.entries.append(
          makeEntry(v, source: source, layout: current, asksSlot: !walksVariable))
      }
      v &+= 1
    }
    if walksVariable && !state.window.entries.isEmpty
      && state.layoutStorage.readingIfVariable({ refreshSlots(walking: $0) }) == nil
    {
      refreshSlots()
    }
    if animated {
      departLeftovers(detached, before: firstInRange, after: p..<kept)
    } else {
      retireLeftovers(detached, before: firstInRange, after: p..<kept, delegate: delegate)
    }
    if hasFresh { announceFresh(survivors: detached, firstInRange..<p) }
    state.window.noteDisplayed(state.window.entries.count)
    if animated { finishAnimatedChange(survivors: detached, firstInRange..<p, changes) }
    state.pools.endDeferringCaps()
    detached.removeAll(keepingCapacity: true)
    state.window.scratch = consume detached
    releaseExcessCells()
    state.laidOutOffset = .nan
    state.needsLayout = true
  }

  /// Appends the survivors at `run`, whose new virtual indices are `start`, `start + 1`, …, to
  /// the window. With a variable layout, whose slots the pass walks next, they are appended as
  /// they are, in one copy (a cyclic list's data indices set in one access after it); with
  /// another, each is given its slot from `layout`, which is the client's code, one at a time.
  ///
  /// - Complexity: O(`run.count`).
  @inlinable
  func appendSurvivors(
    _ survivors: ContiguousArray<WindowEntry<Cell>>, _ run: Range<Int>, at start: Int,
    walksVariable: Bool, layout: any ListLayout
  ) {
    guard walksVariable else {
      for (p, v) in zip(run, start...) {
        var entry = survivors[p]
        entry.index = dataIndex(v)
        entry.slot = layout.slot(at: v)
        state.window.entries.append(entry)
      }
      return
    }
    let first = state.window.entries.count
    state.window.entries.append(contentsOf: survivors[run])
    // A survivor's `index` holds its new virtual index: a bounded list's data index.
    guard state.wrapping == .cyclic else { return }
    let count = state.count
    for i in first..<state.window.entries.count {
      state.window.entries[i].index = CyclicMath.dataIndex(start &+ (i &- first), count: count)
    }
  }

  /// Returns the surviving cells that left the window to their pools, in data-index order.
  /// `survivors` holds new virtual indices in `index`.
  @inlinable
  func retireLeftovers(
    _ survivors: ContiguousArray<WindowEntry<Cell>>, before: Int, after: Range<Int>,
    delegate: (any VirtualListDelegate<Cell>)?
  ) {
    if state.wrapping == .cyclic && before + after.count > 1 {
      // Virtual order is not data order across a period's boundary: sort (rare, allocates).
      var leftovers = Array(survivors[0..<before]) + survivors[after]
      for j in leftovers.indices { leftovers[j].index = dataIndex(leftovers[j].index) }
      leftovers.sort { $0.index < $1.index }
      for entry in leftovers {
        retire(entry.cell, pool: entry.pool, index: entry.index, delegate: delegate)
      }
      return
    }
    for j in 0..<before {
      let index = dataIndex(survivors[j].index)
      retire(survivors[j].cell, pool: survivors[j].pool, index: index, delegate: delegate)
    }
    for j in after {
      let index = dataIndex(survivors[j].index)
      retire(survivors[j].cell, pool: survivors[j].pool, index: index, delegate: delegate)
    }
  }

  /// Announces the window's cells that are not in `survivors[kept]` (sorted new virtual indices).
  @inlinable
  func announceFresh(survivors: ContiguousArray<WindowEntry<Cell>>, _ kept: Range<Int>) {
    guard state.delegate != nil else { return }
    var q = kept.lowerBound
    let start = state.window.start
    var i = 0
    while i < state.window.entries.count {
      if q < kept.upperBound && survivors[q].index == start &+ i {
        q &+= 1
      } else {
        announce(i..<(i &+ 1))
      }
      i &+= 1
    }
  }
}
