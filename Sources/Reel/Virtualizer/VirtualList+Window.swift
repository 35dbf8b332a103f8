extension VirtualList {
  /// The virtual indices to display: those intersecting the viewport, plus overscan.
  ///
  /// Inlined into the pass for a uniform layout, which is Reel's own and computed in place
  /// (without the existential or a call); other layouts take `visibleLayoutRange`.
  @inlinable @inline(__always)
  func targetRange() -> Range<Int> {
    let extent = viewportExtent
    let count = state.count
    guard count > 0, extent > 0 else { return state.window.start..<state.window.start }
    let offset = state.offset
    let visible =
      state.uniformLayout?.indices(intersecting: offset..<(offset + extent))
      ?? visibleLayoutRange(offset: offset, extent: extent)
    return overscanned(visible, count: count)
  }

  /// The items of a layout other than a uniform one that intersect `offset..<offset + extent`.
  @inlinable @inline(never)
  func visibleLayoutRange(offset: Double, extent: Double) -> Range<Int> {
    if let found = visibleRangeFromWindow(offset: offset, extent: extent) {
      // A bounded variable list whose window tells: no search of the store.
      assert(
        found == currentLayout.indices(intersecting: offset..<(offset + extent)),
        "VirtualList: the visible range read from the window differs from the layout's")
      return found
    }
    return currentLayout.indices(intersecting: offset..<(offset + extent))
  }

  /// The items of a bounded variable list that intersect `offset..<offset + extent`, read from
  /// the window's slots (``CellWindow/visibleRange(offset:extent:count:inset:spacing:)``)
  /// instead of searching the layout's store; `nil` when the window cannot tell.
  @inlinable
  func visibleRangeFromWindow(offset: Double, extent: Double) -> Range<Int>? {
    guard state.layoutIsVariable, state.wrapping == .bounded, !state.needsPrepare else {
      return nil
    }
    return state.window.visibleRange(
      offset: offset, extent: extent, count: state.count, inset: state.variableInset,
      spacing: state.variableSpacing)
  }

  /// The slot of a virtual index of a bounded variable list, read from the window when the
  /// window shows the index and its slot is current: the layout's `slot(at:)` bit for bit,
  /// without a descent of the store.
  @inlinable
  func currentWindowSlot(_ virtualIndex: Int) -> Slot? {
    guard state.layoutIsVariable, state.wrapping == .bounded, !state.needsPrepare,
      !state.needsReload
    else { return nil }
    return state.window.currentSlot(of: virtualIndex)
  }

  /// The visible range widened by the overscan, within `0..<count` in a bounded list.
  @inlinable @inline(__always)
  func overscanned(_ visible: Range<Int>, count: Int) -> Range<Int> {
    let overscan = state.overscan
    var lo = visible.lowerBound &- overscan
    var hi = visible.upperBound &+ overscan
    if state.wrapping == .bounded {
      lo = min(max(lo, 0), count)
      hi = max(min(hi, count), lo)
    }
    return lo..<hi
  }

  /// Makes the window show exactly `range`: recycles the cells that left it and asks for the
  /// ones that entered, keeping the cells of indices in both.
  @inlinable
  func updateWindow(to range: Range<Int>) {
    let start = state.window.start
    let end = start + state.window.entries.count
    if state.window.entries.isEmpty || range.upperBound <= start || range.lowerBound >= end {
      recycleAll()
      state.window.start = range.lowerBound
      appendEntries(range)
    } else {
      if range.lowerBound > start {
        let k = range.lowerBound - start
        recycle(0..<k)
        state.window.entries.removeFirst(k)
        state.window.start = range.lowerBound
      }
      let currentEnd = state.window.start + state.window.entries.count
      if range.upperBound < currentEnd {
        let k = currentEnd - range.upperBound
        recycle((state.window.entries.count - k)..<state.window.entries.count)
        state.window.entries.removeLast(k)
      }
      if range.lowerBound < state.window.start {
        prependEntries(range.lowerBound..<state.window.start)
      }
      let newEnd = state.window.start + state.window.entries.count
      if range.upperBound > newEnd {
        appendEntries(newEnd..<range.upperBound)
      }
    }
    state.window.noteDisplayed(state.window.entries.count)
  }

  /// Recycles every displayed cell and empties the window.
  @inlinable
  func recycleAll() {
    recycle(0..<state.window.entries.count)
    state.window.entries.removeAll(keepingCapacity: true)
  }

  /// Recycles the cells at window positions (which stay in the window until the caller removes
  /// them; the pools hold them too, so removing them never ends a cell's life).
  @inlinable
  func recycle(_ positions: Range<Int>) {
    guard !positions.isEmpty else { return }
    precondition(
      positions.lowerBound >= 0 && positions.upperBound <= state.window.entries.count,
      "VirtualList.recycle: window positions \(positions) outside 0..<\(state.window.entries.count)"
    )
    let delegate = state.hasDelegate ? state.delegate : nil
    for i in positions {
      // Read field by field in place: `state.window.entries[i]` copies the whole entry through its
      // value witness first, which made a jump (reel-bench W3) cost 2.4 times as many
      // instructions. Only the three loads run inside the access.
      let (cell, pool, index) = state.window.entries.withUnsafeBufferPointer { buffer in
        (buffer[i].cell, buffer[i].pool, buffer[i].index)
      }
      retire(cell, pool: pool, index: index, delegate: delegate)
    }
  }

  /// Ends the display of a cell: forgets its identity, tells the delegate, and returns the cell
  /// to its pool. Caps are deferred while this runs, so the pool keeps the cell.
  @inlinable
  func retire(
    _ cell: Cell, pool: ReusePools<Cell>.Key, index: Int,
    delegate: (any VirtualListDelegate<Cell>)?
  ) {
    if !state.identities.isEmpty {
      let identity = state.identities.removeValue(forKey: ObjectIdentifier(cell))
      withExtendedLifetime(identity) {}
    }
    if let delegate {
      state.callbackDepth += 1
      delegate.virtualList(self, didEndDisplaying: cell, forItemAt: index)
      state.callbackDepth -= 1
    }
    state.pools.enqueue(cell, pool: pool)
  }

  @inlinable
  func appendEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    let layout = currentLayout
    let first = state.window.entries.count
    // Many new cells of a variable layout (a jump) take their slots in one walk of its store
    // after the loop (one descent per leaf, not one per cell), unless a data source's call
    // changed the layout meanwhile.
    let walks = range.count > Self.slotsAskedOneByOne && state.layoutIsVariable
    let generation = state.layoutGeneration
    var v = range.lowerBound
    while v < range.upperBound {
      state.window.entries.append(makeEntry(v, source: source, layout: layout, asksSlot: !walks))
      v += 1
    }
    if walks { fillSlots(of: first, range, from: layout, generation: generation) }
    if state.hasDelegate { announce(first..<state.window.entries.count) }
  }

  /// How many new cells ask the layout for their slots one by one; more are given them in one
  /// walk of a variable layout's store (``fillSlots(of:_:from:generation:)``).
  @inlinable
  static var slotsAskedOneByOne: Int { 4 }

  /// Writes the slots of the window's entries from position `first` on, made without their
  /// slots for the virtual indices `range`: from the list's variable layout in one walk of its
  /// store when the layout is the one `layout` copied (its generation is still `generation`),
  /// else from `layout` one by one. Only Reel's own code runs in the walk.
  @usableFromInline
  func fillSlots(
    of first: Int, _ range: Range<Int>, from layout: any ListLayout, generation: UInt
  ) {
    precondition(
      first + range.count <= state.window.entries.count,
      "VirtualList: the window lost entries while the data source made new cells")
    if state.layoutGeneration == generation, state.layoutIsVariable,
      state.layoutStorage.readingIfVariable({ (variable) -> Void in
        // Read once, so that the walk copies nothing (see `refreshSlots(walking:from:)`); the
        // layout stays where it is stored, unchanged.
        let walker = variable.pointee.slotWalker
        var p = first
        walker.forEachSlot(in: range) { slot in
          state.window.entries[p].slot = slot
          p += 1
        }
      }) != nil
    {
      return
    }
    var p = first
    for v in range {
      state.window.entries[p].slot = layout.slot(at: v)
      p += 1
    }
  }

  @inlinable
  func prependEntries(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let source = verifiedSource()
    let layout = currentLayout
    state.window.scratch.removeAll(keepingCapacity: true)
    var v = range.lowerBound
    while v < range.upperBound {
      let entry = makeEntry(v, source: source, layout: layout)
      state.window.scratch.append(entry)
      v += 1
    }
    state.window.entries.insert(contentsOf: state.window.scratch, at: 0)
    state.window.scratch.removeAll(keepingCapacity: true)
    state.window.start = range.lowerBound
    announce(0..<range.count)
  }

  /// Tells the delegate that the cells at window positions will be displayed.
  @inlinable
  func announce(_ positions: some Sequence<Int>) {
    guard state.hasDelegate, let delegate = state.delegate else { return }
    for i in positions {
      let cell = state.window.entries[i].cell
      let index = state.window.entries[i].index
      state.callbackDepth += 1
      delegate.virtualList(self, willDisplay: cell, forItemAt: index)
      state.callbackDepth -= 1
    }
  }

  /// The data source, which must still be alive while the list shows items. (Debug builds check
  /// its count at every pass: ``checkCountInDebugBuilds()``.)
  @inlinable
  func verifiedSource() -> any VirtualListDataSource<Cell> {
    guard let source = state.dataSource else {
      preconditionFailure(
        "VirtualList: the data source was released while the list shows \(state.count) items; "
          + "the list holds it weakly, so keep a strong reference")
    }
    return source
  }

  /// Asks the data source for the cell of a virtual index and checks it was dequeued for it.
  ///
  /// Inlined into the loops that call it: once per entered cell, its call and the copy of the
  /// entry it returns cost more than its own work.
  @inlinable
  @inline(__always)
  func makeEntry(
    _ virtualIndex: Int, source: any VirtualListDataSource<Cell>, layout: any ListLayout,
    asksSlot: Bool = true
  ) -> WindowEntry<Cell> {
    // A cell prepared in idle time for this item is displayed without asking again.
    if !state.prepared.isEmpty, let entry = adoptPreparedCell(virtualIndex, layout: layout) {
      return entry
    }
    // A bounded list's data index is its virtual index: no call for the cyclic remap.
    let index = state.wrapping == .cyclic ? dataIndex(virtualIndex) : virtualIndex
    state.pools.beginRequest(for: index)
    state.callbackDepth += 1
    let cell = source.virtualList(self, cellForItemAt: index)
    // A data source gives identities for all items or for none: after a nil, stop asking
    // until the next reload, so lists without identities pay nothing for them.
    if state.asksForIdentities { recordIdentity(of: cell, at: index, source: source) }
    state.callbackDepth -= 1
    let (pool, sparesReturned) = state.pools.endRequest(returning: cell)
    // Spare cells the call dequeued went back beyond the caps: they leave now, unless a pass
    // defers the caps.
    if sparesReturned && !state.pools.deferring { releaseExcessCells() }
    let kind = state.isSectioned ? state.sections.kind(ofRow: index) : .item
    // Without `asksSlot`, the caller writes the slot (a zero slot until then).
    let slot =
      state.uniformLayout?.slot(at: virtualIndex)
      ?? (asksSlot
        ? layout.slot(at: virtualIndex)
        : Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0))
    return WindowEntry(cell: cell, pool: pool, index: index, slot: slot, kind: kind)
  }

  /// Asks the data source for an item's identity and keeps it by cell.
  @usableFromInline
  func recordIdentity(of cell: Cell, at index: Int, source: any VirtualListDataSource<Cell>) {
    state.callbackDepth += 1
    let identity = source.virtualList(self, identifierForItemAt: index)
    state.callbackDepth -= 1
    if let identity {
      let replaced = state.identities.updateValue(identity, forKey: ObjectIdentifier(cell))
      withExtendedLifetime(replaced) {}
    } else {
      state.asksForIdentities = false
    }
  }
}
