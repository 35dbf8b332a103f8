extension VirtualList {
  /// How batch updates animate; ``UpdateAnimation/none`` (the default) makes them land at once.
  ///
  /// With an animation, ``performBatchUpdates(_:)-(BatchUpdate)`` (flat or sectioned) keeps the
  /// displayed cells where they are drawn and animates them over the following ticks:
  /// survivors travel from their old frame to their new one, inserted items fade in, and
  /// deleted items' cells fade out in place before they return to their pools. An update that
  /// arrives mid-animation starts from where every cell is drawn at that moment.
  ///
  /// ```swift
  /// list.updateAnimation = .default            // a critically damped spring
  /// names.remove(at: 3)
  /// try list.performBatchUpdates { $0.delete(at: 3) }
  /// list.tick(clock.now)                       // every frame until `needsFrames` is false
  /// ```
  ///
  /// Only the window (the visible items plus overscan) animates: items that arrive from beyond
  /// it are placed at once. An update's animations start at the first ``tick(_:)`` after it, so
  /// a list that idled before the update still animates for the whole duration; they advance
  /// in ``tick(_:)`` and are computed at the last tick's instant; ``needsFrames`` stays `true` while they run. Turning animation off ends
  /// those in flight at once.
  ///
  /// - Precondition: a timed duration or a spring response is finite and `> 0`.
  public var updateAnimation: UpdateAnimation {
    get { state.animator.animation }
    set {
      newValue.validate()
      state.animator.animation = newValue
      if !newValue.isAnimated { finishUpdateAnimations() }
    }
  }

  /// Whether an animated update is still running: cells moving, fading in, or departing.
  public var isAnimatingUpdates: Bool {
    state.animator.isAnimating || !state.departing.isEmpty
  }

  /// Cells of deleted or moved-away items still drawn while they animate out; they are
  /// neither displayed by the window nor pooled.
  @inlinable package var cellsDeparting: Int { state.departing.count }

  /// Before an animated update changes the layout: writes where every cell of the detached
  /// window is drawn now, in viewport coordinates, into its entry's `slot`, and moves the
  /// departing cells into viewport coordinates too. Returns `false` (and changes nothing) when
  /// updates do not animate.
  ///
  /// The window's survivors keep their entries through the update, so the captured frames
  /// travel with them: no table by cell, no sort and no search (the entries' slots are written
  /// again when the window is rebuilt).
  @inlinable
  func captureForAnimation(
    _ window: inout ContiguousArray<WindowEntry<Cell>>
  ) -> Bool {
    guard state.animator.animation.isAnimated, !window.isEmpty || !state.departing.isEmpty
    else { return false }
    let offset = state.offset
    for i in window.indices {
      let entry = window[i]
      var slot = entry.slot
      let animation = state.animator.animation(of: ObjectIdentifier(entry.cell), index: entry.index)
      if animation.kind != .rest {
        slot = slot.displaced(by: animation.displacement, times: 1 - animation.moveProgress)
      }
      slot.offset -= offset
      window[i].slot = slot
    }
    shiftDeparting(by: -offset)
    return true
  }

  /// Keeps the cell of a deleted or reloaded item drawn, fading out where it is, instead of
  /// retiring it. `virtualIndex` is where it was in the window; `entry.slot` is where it is
  /// drawn (see ``captureForAnimation(_:)``).
  ///
  /// The entry is consumed: it moves into the departing cell, without a copy.
  @inlinable
  func depart(_ entry: consuming WindowEntry<Cell>, virtualIndex: Int) {
    let id = ObjectIdentifier(entry.cell)
    forgetIdentity(of: id)
    state.animator.stop(id)
    let slot = entry.slot
    state.departing.append(
      DepartingCell(
        entry: entry, virtualIndex: virtualIndex, to: slot, fades: true, start: nil))
  }

  /// Keeps the cells of survivors that left the window drawn, sliding to their new slot (or
  /// fading out in place when that is more than a viewport away). `survivors` holds new
  /// virtual indices in `index` and where each cell is drawn in `slot`; called after the
  /// layout changed.
  @usableFromInline
  func departLeftovers(
    _ survivors: ContiguousArray<WindowEntry<Cell>>, before: Int, after: Range<Int>
  ) {
    guard before > 0 || !after.isEmpty else { return }
    let layout = currentLayout
    let offset = state.offset
    let reach = 2 * viewportExtent
    func leave(_ j: Int) {
      var entry = survivors[j]
      let virtualIndex = entry.index
      var to = layout.slot(at: virtualIndex)
      to.offset -= offset
      let from = entry.slot
      entry.index = dataIndex(virtualIndex)
      let far = abs(to.offset - from.offset) > reach
      forgetIdentity(of: ObjectIdentifier(entry.cell))
      state.animator.stop(ObjectIdentifier(entry.cell))
      state.departing.append(
        DepartingCell(
          entry: entry, virtualIndex: virtualIndex, to: far ? from : to, fades: far, start: nil))
    }
    for j in 0..<before { leave(j) }
    for j in after { leave(j) }
  }

  /// After an animated update rebuilt the window: survivors travel from where they were drawn,
  /// inserted (and reloaded) items fade in, items from beyond the window are placed at once.
  /// `survivors[kept]` are the survivors the window shows, ascending by new virtual index, with
  /// where each was drawn in `slot`; `survivors[..<kept.upperBound]` are all the survivors.
  @inlinable
  func finishAnimatedChange(
    survivors: ContiguousArray<WindowEntry<Cell>>, _ kept: Range<Int>, _ changes: IndexChanges
  ) {
    shiftDeparting(by: state.offset)
    let offset = state.offset
    let start = state.window.start
    var q = kept.lowerBound
    var i = 0
    while i < state.window.entries.count {
      let id = ObjectIdentifier(state.window.entries[i].cell)
      let index = state.window.entries[i].index
      let to = state.window.entries[i].slot
      // The window shows the survivors in order (one merged walk). Any other cell is looked
      // up among the survivors not met yet: the others show elsewhere (a window shows a cell
      // once) or depart, and departing cells are not displayed. It is one of them only when
      // a callback changed the window meanwhile.
      var from: Slot?
      if q < kept.upperBound && survivors[q].index == start &+ i
        && ObjectIdentifier(survivors[q].cell) == id
      {
        from = survivors[q].slot
        q &+= 1
      } else {
        from = Self.drawnSlot(of: id, among: survivors, q..<kept.upperBound)
      }
      if var from {
        from.offset += offset
        state.animator.move(id, index: index, from: from, to: to, fadingIn: false)
      } else if let old = changes.oldIndex(forNew: index), !changes.wasReloaded(old) {
        state.animator.stop(id)
      } else {
        // Inserted or reloaded: the item's new cell fades in.
        state.animator.move(id, index: index, from: to, to: to, fadingIn: true)
      }
      i &+= 1
    }
    noteDisplayedCount()
  }

  /// Where a survivor's cell was drawn before the update, or `nil` when `id` is not among
  /// `survivors[range]`.
  ///
  /// - Complexity: O(n) for n survivors in `range`; asked only for the cells that are not
  ///   where the merged walk expects a survivor (inserted items, items from beyond the window).
  @inlinable
  static func drawnSlot(
    of id: ObjectIdentifier, among survivors: ContiguousArray<WindowEntry<Cell>>,
    _ range: Range<Int>
  ) -> Slot? {
    for j in range where ObjectIdentifier(survivors[j].cell) == id { return survivors[j].slot }
    return nil
  }

  /// Advances update animations to `now` and retires the departing cells whose animation ended
  /// (``VirtualListDelegate/virtualList(_:didEndDisplaying:forItemAt:)`` with the index the
  /// item had when it left, then the pool).
  @inlinable
  func advanceUpdateAnimations(to now: ReelInstant) {
    state.animator.advance(to: now)
    guard !state.departing.isEmpty else { return }
    retireFinishedDepartures(at: now)
  }

  /// Starts the departing cells that waited for a tick and retires those whose animation ended.
  @inlinable
  func retireFinishedDepartures(at now: ReelInstant) {
    var finished = ContiguousArray<DepartingCell<Cell>>()
    var i = 0
    while i < state.departing.count {
      if state.departing[i].start == nil {
        state.departing[i].start = now
      } else if state.animator.hasEnded(since: state.departing[i].start) {
        finished.append(state.departing.remove(at: i))
        continue
      }
      i += 1
    }
    retireDeparted(finished)
  }

  /// Ends every update animation at once: cells jump to their slots, departing cells retire.
  func finishUpdateAnimations() {
    state.animator.stopAll()
    guard !state.departing.isEmpty else { return }
    let all = state.departing
    state.departing.removeAll()
    retireDeparted(all)
  }

  /// Retires departed cells: delegate, then pool. Inlinable so that it is specialized with the
  /// tick that calls it (unspecialized, it looks up generic metadata on every retirement).
  @inlinable
  func retireDeparted(_ cells: ContiguousArray<DepartingCell<Cell>>) {
    guard !cells.isEmpty else { return }
    let delegate = state.delegate
    for cell in cells {
      retire(cell.entry.cell, pool: cell.entry.pool, index: cell.entry.index, delegate: delegate)
    }
    releaseExcessCells()
  }

  /// Moves departing cells along the main axis: the content coordinates changed under them.
  @usableFromInline
  func shiftDeparting(by delta: Double) {
    guard delta != 0 else { return }
    for i in state.departing.indices { state.departing[i].shift(by: delta) }
  }

  /// Counts departing cells and a pinned header's own cell in the largest number of cells
  /// displayed at once, which bounds the cells ever alive.
  @inlinable
  func noteDisplayedCount() {
    let displayed =
      state.window.entries.count + state.departing.count + (state.pinned.mode == .outside ? 1 : 0)
    state.window.noteDisplayed(displayed)
  }

  /// Drops the identity kept for a cell that is no longer displayed.
  @usableFromInline
  func forgetIdentity(of id: ObjectIdentifier) {
    guard !state.identities.isEmpty else { return }
    let identity = state.identities.removeValue(forKey: id)
    withExtendedLifetime(identity) {}
  }
}

extension DepartingCell {
  /// The placement of a departing cell, `progress` into its animation.
  @inlinable
  static func placement(
    virtualIndex: Int, index: Int, cell: Cell, kind: ElementKind, from: Slot, to: Slot,
    fades: Bool, progress: Double, geometry: PlacementGeometry
  ) -> ResolvedPlacement<Cell> {
    let slot = from.displaced(by: to.difference(from), times: progress)
    return ResolvedPlacement(
      virtualIndex: virtualIndex, index: index, cell: cell,
      frame: geometry.frame(of: slot), kind: kind, opacity: fades ? 1 - progress : 1,
      transition: ResolvedTransition(kind: .disappear, from: from, to: to, progress: progress))
  }
}
