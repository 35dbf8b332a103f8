extension VirtualList {
  /// Runs a layout pass if anything changed since the last one.
  ///
  /// The pass reloads data if asked to, prepares the layout for a new viewport, recentres a
  /// cyclic offset, finds the visible virtual range plus overscan, recycles the cells that left
  /// it (``VirtualListDelegate/virtualList(_:didEndDisplaying:forItemAt:)``) and asks the data
  /// source for the cells that entered it
  /// (``VirtualListDelegate/virtualList(_:willDisplay:forItemAt:)``).
  ///
  /// Called from inside a data source or delegate callback it returns at once.
  ///
  /// - Complexity: O(log n + cells that changed); O(1) and allocation-free when nothing changed.
  @inlinable
  public func layoutIfNeeded() {
    if !needsLayout && offset == laidOutOffset { return }
    performLayout()
  }

  // The pass and the window diff below are `@inlinable` so that they are specialized for the
  // client's cell type: unspecialized, every array operation on the window and the pools looks
  // up generic metadata at run time, which cost microseconds per pass (see Docs/Performance.md).
  @inlinable
  func performLayout() {
    guard callbackDepth == 0 else { return }
    if needsReload || needsPrepare { reloadAndPrepare() }
    if wrapping == .cyclic { recentre() }
    motionDidLayout()
    let range = targetRange()
    // Most scrolling frames keep the same window: skip the diff and the pools entirely then.
    if range != windowStart..<(windowStart + window.count) || pools.deferring {
      pools.beginDeferringCaps()
      updateWindow(to: range)
      pools.endDeferringCaps()
    }
    needsLayout = false
    laidOutOffset = offset
    if offset != reportedOffset {
      reportedOffset = offset
      noteDidScroll()
    }
    deliverEvents()
  }

  /// Reloads data and prepares the layout, as far as either is needed.
  @usableFromInline
  func reloadAndPrepare() {
    if needsReload { reload() }
    if needsPrepare { prepare(anchor: captureAnchor()) }
  }

  @usableFromInline
  func noteDidScroll() { pendingEvents.insert(.didScroll) }

  // MARK: Anchoring

  /// An item and its position, kept fixed across changes of data, size or viewport.
  @usableFromInline
  struct Anchor {
    @usableFromInline var virtualIndex: Int
    @usableFromInline var index: Int
    @usableFromInline var identity: AnyHashable?
    /// The item's main-axis start, in viewport coordinates.
    @usableFromInline var position: Double
    /// Where the alignment point falls inside the item, as a fraction of its extent.
    @usableFromInline var fraction: Double
    /// Whether to keep `fraction` at the snapping point (snapping lists) rather than `position`.
    @usableFromInline var snapped: Bool

    @inlinable
    init(
      virtualIndex: Int, index: Int, identity: AnyHashable?, position: Double, fraction: Double,
      snapped: Bool
    ) {
      self.virtualIndex = virtualIndex
      self.index = index
      self.identity = identity
      self.position = position
      self.fraction = fraction
      self.snapped = snapped
    }
  }

  /// The first visible item (or, when snapping, the item nearest the snapping point), among the
  /// items whose data index `survives` (all when `nil`).
  ///
  /// Asks the layout as it was last prepared, at the current offset, so it is right even when
  /// the offset moved since the last pass; identities come from the window when displayed.
  /// `survives` is optional rather than a defaulted closure, which would be heap-allocated on
  /// every call in unspecialized generic code.
  @inlinable
  func captureAnchor(where survives: ((Int) -> Bool)? = nil) -> Anchor? {
    guard let laidOut = preparedContext, count > 0, laidOut.count == count, !window.isEmpty,
      laidOut.viewportExtent > 0
    else { return nil }
    let snapping = effectiveSnapping
    // Measure in the viewport the layout was prepared for, not a new one.
    let point = offset + (snapping?.anchor(viewportExtent: laidOut.viewportExtent) ?? 0)
    let first = layoutStorage.indices(intersecting: point..<point.nextUp).lowerBound
    func valid(_ v: Int) -> Bool {
      (wrapping == .cyclic || (v >= 0 && v < count)) && (survives?(dataIndex(v)) ?? true)
    }
    var chosen: Int?
    if snapping == nil {
      // The first item whose end is past the point, moving forward (then backward at the end).
      for step in 0..<256 where valid(first + step) {
        chosen = first + step
        break
      }
      if chosen == nil {
        for step in 1..<256 where valid(first - step) {
          chosen = first - step
          break
        }
      }
    } else {
      // The nearest item to the point, searching outwards from the two around it.
      var bestDistance = Double.infinity
      for step in 0..<256 {
        for v in [first - 1 - step, first + step] where valid(v) {
          let slot = layoutStorage.slot(at: v)
          let distance = point < slot.offset ? slot.offset - point : max(0, point - slot.end)
          if distance < bestDistance {
            bestDistance = distance
            chosen = v
          }
        }
        if chosen != nil && step > 0 { break }
      }
    }
    guard let v = chosen else { return nil }
    let slot = layoutStorage.slot(at: v)
    let position = v - windowStart
    let identity =
      position >= 0 && position < window.count && !identities.isEmpty
      ? identities[ObjectIdentifier(window[position].cell)] : nil
    return Anchor(
      virtualIndex: v, index: dataIndex(v), identity: identity, position: slot.offset - offset,
      fraction: slot.extent > 0 ? (point - slot.offset) / slot.extent : 0,
      snapped: snapping != nil)
  }

  /// Moves the offset so that the anchor, now at `virtualIndex`, keeps its place.
  func restore(_ anchor: Anchor, at virtualIndex: Int) {
    let slot = layoutStorage.slot(at: virtualIndex)
    let restored: Double
    if anchor.snapped, let snapping = effectiveSnapping {
      let point = snapping.anchor(viewportExtent: viewportExtent)
      restored = slot.offset + anchor.fraction * slot.extent - point
    } else {
      restored = slot.offset - anchor.position
    }
    // When nothing moved, rounding in the fraction must not nudge the offset: a nudge of 1e-14
    // can flip which of two equidistant items counts as the resting one.
    if abs(restored - offset) > 1e-12 * max(1, abs(offset)) {
      contentDidShift(by: restored - offset)
      offset = restored
    }
  }

  // MARK: Reload and prepare

  func reload() {
    let anchor = captureAnchor()
    let oldCount = count
    pools.beginDeferringCaps()
    recycleAll()
    needsReload = false
    let source = dataSource
    var reported = 0
    if let source {
      callbackDepth += 1
      reported = source.numberOfItems(in: self)
      callbackDepth -= 1
      precondition(
        reported >= 0,
        "the data source's numberOfItems(in:) returned \(reported); counts must be ≥ 0")
    }
    count = reported
    asksForIdentities = true
    needsPrepare = true
    prepare(anchor: nil)
    motion.dataDidReload()
    guard let anchor, count > 0, oldCount > 0 else {
      clampIfIdle()
      return
    }
    var index = min(anchor.index, count - 1)
    if let identity = anchor.identity, let source {
      callbackDepth += 1
      if let found = source.virtualList(self, indexForItemWithIdentifier: identity),
        found >= 0 && found < count
      {
        index = found
      }
      callbackDepth -= 1
    }
    let loop = wrapping == .cyclic ? CyclicMath.floorDiv(anchor.virtualIndex, oldCount) : 0
    restore(anchor, at: loop * count + index)
    clampIfIdle()
  }

  func prepare(anchor: Anchor?) {
    layoutStorage.prepare(for: context)
    preparedContext = context
    needsPrepare = false
    refreshSlots()
    if let anchor { restore(anchor, at: anchor.virtualIndex) }
    // Clamp even without an anchor: an empty window (zero-extent viewport) has none, and the
    // offset must still come back into range when the viewport grows.
    clampIfIdle()
    motion.layoutDidChange()
  }

  @inlinable
  func refreshSlots() {
    for i in window.indices {
      window[i].slot = layoutStorage.slot(at: windowStart + i)
    }
  }

  /// In a bounded list at rest, keeps the offset inside the scrollable range.
  func clampIfIdle() {
    guard wrapping == .bounded, motion.phase == .idle else { return }
    offset = min(max(offset, minimumOffset), maximumOffset)
  }

  /// Shifts a cyclic offset by whole periods into `0..<period`, invisibly.
  @usableFromInline
  func recentre() {
    guard let shift = recentringShift() else { return }
    windowStart -= shift.items
    refreshSlots()
  }

  /// Moves a cyclic offset that left `0..<period` back by whole periods, with the reported
  /// offset and any motion in flight, and returns the shift; `nil` when the offset is inside.
  /// The caller moves its virtual indices by `items`.
  func recentringShift() -> (items: Int, delta: Double)? {
    let period = layoutStorage.period
    guard period.items > 0, period.extent > 0, offset < 0 || offset >= period.extent else {
      return nil
    }
    var loops = Int(saturating: (offset / period.extent).rounded(.down))
    var shifted = offset - Double(loops) * period.extent
    if shifted >= period.extent {
      loops += 1
      shifted -= period.extent
    }
    if shifted < 0 { shifted = 0 }
    let delta = shifted - offset
    offset = shifted
    reportedOffset += delta
    motion.shift(by: delta, items: -loops * period.items)
    return (loops * period.items, delta)
  }

  // MARK: The window

  /// The virtual indices to display: those intersecting the viewport, plus overscan.
  @inlinable
  func targetRange() -> Range<Int> {
    let extent = viewportExtent
    guard count > 0, extent > 0 else { return windowStart..<windowStart }
    let visible = layoutStorage.indices(intersecting: offset..<(offset + extent))
    var lo = visible.lowerBound &- overscan
    var hi = visible.upperBound &+ overscan
    if wrapping == .bounded {
      lo = min(max(lo, 0), count)
      hi = max(min(hi, count), lo)
    }
    return lo..<hi
  }

  @inlinable
  func updateWindow(to range: Range<Int>) {
    let end = windowStart + window.count
    if window.isEmpty || range.upperBound <= windowStart || range.lowerBound >= end {
      recycleAll()
      windowStart = range.lowerBound
      appendEntries(range)
    } else {
      if range.lowerBound > windowStart {
        let k = range.lowerBound - windowStart
        recycle(0..<k)
        window.removeFirst(k)
        windowStart = range.lowerBound
      }
      let currentEnd = windowStart + window.count
      if range.upperBound < currentEnd {
        let k = currentEnd - range.upperBound
        recycle((window.count - k)..<window.count)
        window.removeLast(k)
      }
      if range.lowerBound < windowStart {
        prependEntries(range.lowerBound..<windowStart)
      }
      let newEnd = windowStart + window.count
      if range.upperBound > newEnd {
        appendEntries(newEnd..<range.upperBound)
      }
    }
    if window.count > largestWindow { largestWindow = window.count }
  }

  @inlinable
  func recycleAll() {
    recycle(window.indices)
    window.removeAll(keepingCapacity: true)
  }

  @inlinable
  func recycle(_ positions: Range<Int>) {
    guard !positions.isEmpty else { return }
    let delegate = self.delegate
    var i = positions.lowerBound
    while i < positions.upperBound {
      // Read the fields, not the whole entry.
      retire(window[i].cell, pool: window[i].pool, index: window[i].index, delegate: delegate)
      i += 1
    }
  }

  /// Ends the display of a cell: forgets its identity, tells the delegate, and returns the cell
  /// to its pool.
  @inlinable
  func retire(
    _ cell: Cell, pool: ReusePools<Cell>.Key, index: Int,
    delegate: (any VirtualListDelegate<Cell>)?
  ) {
    if !identities.isEmpty { identities.removeValue(forKey: ObjectIdentifier(cell)) }
    if let delegate {
      callbackDepth += 1
      delegate.virtualList(self, didEndDisplaying: cell, forItemAt: index)
      callbackDepth -= 1
    }
    pools.enqueue(cell, pool: pool)
  }

  @inlinable
  func appendEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    let first = window.count
    var v = range.lowerBound
    while v < range.upperBound {
      window.append(makeEntry(v, source: source))
      v += 1
    }
    announce(first..<window.count)
  }

  @inlinable
  func prependEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    scratch.removeAll(keepingCapacity: true)
    var v = range.lowerBound
    while v < range.upperBound {
      scratch.append(makeEntry(v, source: source))
      v += 1
    }
    window.insert(contentsOf: scratch, at: 0)
    scratch.removeAll(keepingCapacity: true)
    windowStart = range.lowerBound
    announce(0..<range.count)
  }

  @inlinable
  func announce(_ positions: some Sequence<Int>) {
    guard let delegate else { return }
    for i in positions {
      callbackDepth += 1
      delegate.virtualList(self, willDisplay: window[i].cell, forItemAt: window[i].index)
      callbackDepth -= 1
    }
  }

  /// The data source, after checking that its count did not change behind the list's back.
  @inlinable
  func verifiedSource() -> any VirtualListDataSource<Cell> {
    guard let source = dataSource else {
      preconditionFailure(
        "the data source was released while the list shows \(count) items; the list holds it "
          + "weakly, so keep a strong reference")
    }
    callbackDepth += 1
    let reported = source.numberOfItems(in: self)
    callbackDepth -= 1
    precondition(
      reported == count,
      "the data source now reports \(reported) items but the list was last told \(count); call "
        + "reloadData() or performBatchUpdates(_:) whenever the data changes")
    return source
  }

  @inlinable
  func makeEntry(_ virtualIndex: Int, source: any VirtualListDataSource<Cell>) -> WindowEntry<Cell>
  {
    let index = dataIndex(virtualIndex)
    requestedIndex = index
    callbackDepth += 1
    let cell = source.virtualList(self, cellForItemAt: index)
    // A data source gives identities for all items or for none: after a nil, stop asking
    // until the next reload, so lists without identities pay nothing for them.
    if asksForIdentities { recordIdentity(of: cell, at: index, source: source) }
    callbackDepth -= 1
    requestedIndex = nil
    let pool: ReusePools<Cell>.Key
    if pending.count == 1 && pending[0].cell === cell {
      // The usual case: one cell dequeued, and returned.
      pool = pending[0].pool
      pending.removeLast()
    } else {
      guard let position = pending.firstIndex(where: { $0.cell === cell }) else {
        preconditionFailure(
          "the data source returned a cell for index \(index) that it did not dequeue in this "
            + "call; return the cell from list.dequeueReusableCell(withReuseIdentifier:for:)")
      }
      pool = pending[position].pool
      pending.remove(at: position)
      while let extra = pending.popLast() { pools.enqueue(extra.cell, pool: extra.pool) }
    }
    return WindowEntry(
      cell: cell, pool: pool, index: index, slot: layoutStorage.slot(at: virtualIndex))
  }

  /// Asks the data source for an item's identity and keeps it by cell.
  @usableFromInline
  func recordIdentity(of cell: Cell, at index: Int, source: any VirtualListDataSource<Cell>) {
    callbackDepth += 1
    let identity = source.virtualList(self, identifierForItemAt: index)
    callbackDepth -= 1
    if let identity {
      identities[ObjectIdentifier(cell)] = identity
    } else {
      asksForIdentities = false
    }
  }
}
