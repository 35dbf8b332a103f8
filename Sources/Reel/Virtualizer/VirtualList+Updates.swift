extension VirtualList {
  /// Reloads everything: asks the data source for the count and new cells on the next pass.
  ///
  /// The first visible item stays in place; with identities
  /// (``VirtualListDataSource/virtualList(_:identifierForItemAt:)``) it is found again when its
  /// index changed. A motion in flight settles on a valid resting position.
  ///
  /// - Precondition: not called from inside a data source or display callback.
  public func reloadData() {
    guardNotInCallback("reloadData()")
    needsReload = true
    needsLayout = true
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
  /// reloaded items' cells go back to their pools.
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` for indices out of bounds or named twice,
  ///   ``ReelError/inconsistentItemCount(expected:reported:)`` when the data source's new count
  ///   does not match. In both cases the list has reloaded its data and is consistent.
  /// - Precondition: not called from inside a data source or display callback.
  /// - Complexity: O(d log d + w) for d changes and w displayed cells, plus O(n) in layouts that
  ///   keep per-item extents.
  public func performBatchUpdates(_ update: BatchUpdate) throws(ReelError) {
    guardNotInCallback("performBatchUpdates(_:)")
    if needsReload {
      // Nothing is displayed from the old data yet: the update is part of the pending reload.
      needsLayout = true
      return
    }
    let changes: IndexChanges
    do {
      changes = try IndexChanges(oldCount: count, update: update)
    } catch {
      reloadData()
      throw error
    }
    var reported = 0
    if let source = dataSource {
      reported = source.numberOfItems(in: self)
    }
    guard reported == changes.newCount else {
      reloadData()
      throw .inconsistentItemCount(expected: changes.newCount, reported: reported)
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
    let oldCount = count
    let reloaded = Set(changes.reloaded)
    let anchor = captureAnchor { changes.newIndex(forOld: $0) != nil }
    // Detach the window; survivors are re-keyed by their new virtual index.
    var survivors: [Int: WindowEntry<Cell>] = [:]
    pools.beginDeferringCaps()
    defer { pools.endDeferringCaps() }
    let detached = window
    let detachedStart = windowStart
    window.removeAll(keepingCapacity: true)
    for (i, entry) in detached.enumerated() {
      let v = detachedStart + i
      guard let newIndex = changes.newIndex(forOld: entry.index), !reloaded.contains(entry.index),
        changes.newCount > 0
      else {
        retire(entry.cell, pool: entry.pool, index: entry.index, delegate: delegate)
        continue
      }
      let loop = wrapping == .cyclic ? CyclicMath.floorDiv(v, oldCount) : 0
      var moved = entry
      moved.index = newIndex
      survivors[loop * changes.newCount + newIndex] = moved
    }
    layoutStorage.apply(changes)
    count = changes.newCount
    layoutStorage.prepare(for: context)
    preparedContext = context
    needsPrepare = false
    if let anchor, let newIndex = changes.newIndex(forOld: anchor.index), count > 0 {
      let loop = wrapping == .cyclic ? CyclicMath.floorDiv(anchor.virtualIndex, oldCount) : 0
      restore(anchor, at: loop * count + newIndex)
    }
    clampIfIdle()
    motion.dataDidReload()
    if wrapping == .cyclic, let shift = recentringShift() {
      // The window is detached: re-key the survivors instead of shifting the window.
      survivors = Dictionary(uniqueKeysWithValues: survivors.map { ($0 - shift.items, $1) })
    }
    let range = targetRange()
    windowStart = range.lowerBound
    var fresh: [Int] = []
    let source = range.isEmpty ? nil : verifiedSource()
    for v in range {
      if var entry = survivors.removeValue(forKey: v) {
        entry.slot = layoutStorage.slot(at: v)
        window.append(entry)
      } else if let source {
        fresh.append(window.count)
        window.append(makeEntry(v, source: source))
      }
    }
    for entry in survivors.values.sorted(by: { $0.index < $1.index }) {
      retire(entry.cell, pool: entry.pool, index: entry.index, delegate: delegate)
    }
    announce(fresh)
    if window.count > largestWindow { largestWindow = window.count }
    needsLayout = true
  }

  /// Records the measured main-axis extent of an item (for measuring layouts such as
  /// ``VariableLayout``), keeping the first visible item in place.
  ///
  /// Call it after drawing or measuring a displayed cell. Setting the same extent again costs
  /// one lookup and changes nothing.
  ///
  /// - Precondition: the layout measures (``ListLayout/supportsMeasuredExtents``), the index is
  ///   in `0..<numberOfItems`, and the extent is finite and `≥ 0`.
  /// - Complexity: O(log n + w) for w displayed cells.
  @inlinable
  public func setMeasuredExtent(_ extent: Double, forItemAt index: Int) {
    guardNotInCallback("setMeasuredExtent(_:forItemAt:)")
    layoutIfNeeded()
    precondition(
      layoutStorage.supportsMeasuredExtents,
      "setMeasuredExtent(_:forItemAt:) needs a layout that measures, such as VariableLayout; "
        + "\(type(of: layout)) does not")
    precondition(
      index >= 0 && index < count,
      "setMeasuredExtent(_:forItemAt:): index \(index) is out of bounds 0..<\(count)")
    let anchor = captureAnchor()
    let before = anchor.map { layoutStorage.slot(at: $0.virtualIndex).offset }
    let delta = layoutStorage.setExtent(extent, forItemAt: index)
    guard delta != 0 else { return }
    if wrapping == .bounded {
      for i in window.indices where window[i].index >= index {
        if window[i].index == index {
          window[i].slot = layoutStorage.slot(at: index)
        } else {
          window[i].slot.offset += delta
        }
      }
    } else {
      refreshSlots()
    }
    if let anchor, let before {
      let correction = layoutStorage.slot(at: anchor.virtualIndex).offset - before
      offset += correction
      contentDidShift(by: correction)
    }
    measurementDidChangeLayout()
  }

  /// The bookkeeping after a measured extent changed the layout.
  @usableFromInline
  func measurementDidChangeLayout() {
    // Content that shrank under a list resting at its end keeps it pinned to the end.
    clampIfIdle()
    motion.layoutDidChange()
    needsLayout = true
  }
}
