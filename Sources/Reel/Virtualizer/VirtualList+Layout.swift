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

  @usableFromInline
  func performLayout() {
    guard callbackDepth == 0 else { return }
    if needsReload { reload() }
    if needsPrepare { prepare(anchor: captureAnchor()) }
    if wrapping == .cyclic { recentre() }
    pools.beginDeferringCaps()
    updateWindow(to: targetRange())
    pools.endDeferringCaps()
    needsLayout = false
    laidOutOffset = offset
    if offset != reportedOffset {
      reportedOffset = offset
      pendingEvents.insert(.didScroll)
    }
    deliverEvents()
  }

  // MARK: Anchoring

  /// An item and its position, kept fixed across changes of data, size or viewport.
  struct Anchor {
    var virtualIndex: Int
    var index: Int
    var identity: AnyHashable?
    /// The item's main-axis start, in viewport coordinates.
    var position: Double
    /// Where the alignment point falls inside the item, as a fraction of its extent.
    var fraction: Double
    /// Whether to keep `fraction` at the snapping point (snapping lists) rather than `position`.
    var snapped: Bool
  }

  /// The first visible item (or, when snapping, the item at the snapping point).
  func captureAnchor(where survives: (WindowEntry<Cell>) -> Bool = { _ in true }) -> Anchor? {
    guard !window.isEmpty, preparedContext != nil else { return nil }
    let snapping = effectiveSnapping
    let point = offset + (snapping?.anchor(viewportExtent: viewportExtent) ?? 0)
    var best: Int?
    var bestDistance = Double.infinity
    for i in window.indices where survives(window[i]) {
      let slot = window[i].slot
      let distance: Double
      if snapping == nil {
        guard slot.end > point || slot.extent == 0 && slot.offset >= point else { continue }
        best = i
        break
      } else {
        distance = point < slot.offset ? slot.offset - point : max(0, point - slot.end)
      }
      if distance < bestDistance {
        bestDistance = distance
        best = i
      }
    }
    guard let i = best else { return nil }
    let entry = window[i]
    return Anchor(
      virtualIndex: windowStart + i, index: entry.index, identity: entry.identity,
      position: entry.slot.offset - offset,
      fraction: entry.slot.extent > 0 ? (point - entry.slot.offset) / entry.slot.extent : 0,
      snapped: snapping != nil)
  }

  /// Moves the offset so that the anchor, now at `virtualIndex`, keeps its place.
  func restore(_ anchor: Anchor, at virtualIndex: Int) {
    let slot = layout.slot(at: virtualIndex)
    if anchor.snapped, let snapping = effectiveSnapping {
      let point = snapping.anchor(viewportExtent: viewportExtent)
      offset = slot.offset + anchor.fraction * slot.extent - point
    } else {
      offset = slot.offset - anchor.position
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
        reported >= 0, "the data source's numberOfItems(in:) returned \(reported); counts must be ≥ 0")
    }
    count = reported
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
    layout.prepare(for: context)
    preparedContext = context
    needsPrepare = false
    refreshSlots()
    if let anchor { restore(anchor, at: anchor.virtualIndex) }
    // Clamp even without an anchor: an empty window (zero-extent viewport) has none, and the
    // offset must still come back into range when the viewport grows.
    clampIfIdle()
    motion.layoutDidChange()
  }

  func refreshSlots() {
    for i in window.indices {
      window[i].slot = layout.slot(at: windowStart + i)
    }
  }

  /// In a bounded list at rest, keeps the offset inside the scrollable range.
  func clampIfIdle() {
    guard wrapping == .bounded, motion.phase == .idle else { return }
    offset = min(max(offset, minimumOffset), maximumOffset)
  }

  /// Shifts a cyclic offset by whole periods into `0..<period`, invisibly.
  func recentre() {
    let period = layout.period
    guard period.items > 0, period.extent > 0, offset < 0 || offset >= period.extent else {
      return
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
    windowStart -= loops * period.items
    refreshSlots()
    motion.shift(by: delta, items: -loops * period.items)
  }

  // MARK: The window

  /// The virtual indices to display: those intersecting the viewport, plus overscan.
  func targetRange() -> Range<Int> {
    let extent = viewportExtent
    guard count > 0, extent > 0 else { return windowStart..<windowStart }
    let visible = layout.indices(intersecting: offset..<(offset + extent))
    var lo = visible.lowerBound &- overscan
    var hi = visible.upperBound &+ overscan
    if wrapping == .bounded {
      lo = min(max(lo, 0), count)
      hi = max(min(hi, count), lo)
    }
    return lo..<hi
  }

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

  func recycleAll() {
    recycle(window.indices)
    window.removeAll(keepingCapacity: true)
  }

  func recycle(_ positions: Range<Int>) {
    guard !positions.isEmpty else { return }
    let delegate = self.delegate
    for i in positions {
      let entry = window[i]
      if let delegate {
        callbackDepth += 1
        delegate.virtualList(self, didEndDisplaying: entry.cell, forItemAt: entry.index)
        callbackDepth -= 1
      }
      pools.enqueue(entry.cell, pool: entry.pool)
    }
  }

  func appendEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    let first = window.count
    for v in range { window.append(makeEntry(v, source: source)) }
    announce(first..<window.count)
  }

  func prependEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    scratch.removeAll(keepingCapacity: true)
    for v in range { scratch.append(makeEntry(v, source: source)) }
    window.insert(contentsOf: scratch, at: 0)
    scratch.removeAll(keepingCapacity: true)
    windowStart = range.lowerBound
    announce(0..<range.count)
  }

  func announce(_ positions: Range<Int>) {
    guard let delegate else { return }
    for i in positions {
      callbackDepth += 1
      delegate.virtualList(self, willDisplay: window[i].cell, forItemAt: window[i].index)
      callbackDepth -= 1
    }
  }

  /// The data source, after checking that its count did not change behind the list's back.
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

  func makeEntry(_ virtualIndex: Int, source: any VirtualListDataSource<Cell>) -> WindowEntry<Cell> {
    let index = dataIndex(virtualIndex)
    requestedIndex = index
    callbackDepth += 1
    let cell = source.virtualList(self, cellForItemAt: index)
    let identity = source.virtualList(self, identifierForItemAt: index)
    callbackDepth -= 1
    requestedIndex = nil
    guard let position = pending.firstIndex(where: { $0.cell === cell }) else {
      preconditionFailure(
        "the data source returned a cell for index \(index) that it did not dequeue in this call; "
          + "return the cell from list.dequeueReusableCell(withReuseIdentifier:for:)")
    }
    let pool = pending[position].pool
    pending.remove(at: position)
    while let extra = pending.popLast() { pools.enqueue(extra.cell, pool: extra.pool) }
    return WindowEntry(
      cell: cell, pool: pool, index: index, slot: layout.slot(at: virtualIndex),
      identity: identity)
  }
}
