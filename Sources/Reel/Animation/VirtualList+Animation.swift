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
  /// it are placed at once. Animations advance in ``tick(_:)`` and are computed at the last
  /// tick's instant; ``needsFrames`` stays `true` while they run. Turning animation off ends
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
  public var cellsDeparting: Int { state.departing.count }

  /// Before an animated update changes the layout: writes where every cell of the detached
  /// window is drawn now, in viewport coordinates, into its entry's `slot`, and moves the
  /// departing cells into viewport coordinates too. Returns `false` (and changes nothing) when
  /// updates do not animate.
  ///
  /// The window's survivors keep their entries through the update, so the captured frames
  /// travel with them: no table by cell, no sort and no search (the entries' slots are written
  /// again when the window is rebuilt). `version` is the window's version it was detached at.
  @inlinable
  func captureForAnimation(
    _ window: inout ContiguousArray<WindowEntry<Cell>>, detachedAt version: UInt
  ) -> Bool {
    guard state.animator.animation.isAnimated, !window.isEmpty || !state.departing.isEmpty
    else { return false }
    let offset = state.offset
    if !copyDrawnSlots(into: &window, detachedAt: version, offset: offset) {
      state.animator.captureDrawnSlots(of: &window, offset: offset)
    }
    shiftDeparting(by: -offset)
    return true
  }

  /// Writes where every window cell is drawn now, in viewport coordinates, into its entry's
  /// `slot`, copied from the animated snapshot when that snapshot was drawn for the window, the
  /// tracks and the instant the animator has now (`version` is the window's version when it was
  /// detached); returns `false`, changing nothing, otherwise.
  ///
  /// An animated snapshot draws each window entry where its track puts it at the last tick, with
  /// the same arithmetic as ``UpdateAnimator/captureDrawnSlots(of:offset:)`` (the slot moved by
  /// the displacement times one minus the move's progress), so the two give the same bits; the
  /// copy needs no search of the tracks.
  ///
  /// - Complexity: O(w) for w window cells.
  @inlinable
  func copyDrawnSlots(
    into window: inout ContiguousArray<WindowEntry<Cell>>, detachedAt version: UInt,
    offset: Double
  ) -> Bool {
    guard let snapshot = state.snapshot, snapshot.isAnimated, !snapshot.isResolved,
      let now = state.animator.now, snapshot.animated.instant == now.nanoseconds,
      snapshot.animated.generation == state.animator.generation,
      snapshot.animated.windowVersion == version,
      snapshot.animated.windowStart == state.windowStart,
      snapshot.animated.windowCount == window.count
    else { return false }
    let drawn = UnsafePointer(snapshot.animated.entries.unsafelyUnwrapped)
    window.withUnsafeMutableBufferPointer { window in
      for i in window.indices {
        var slot = (drawn + i).pointee.slot
        slot.offset -= offset
        window[i].slot = slot
      }
    }
    return true
  }

  /// Keeps the cell of a deleted or reloaded item drawn, fading out where it is, instead of
  /// retiring it. `virtualIndex` is where it was in the window; `entry.slot` is where it is
  /// drawn (see ``captureForAnimation(_:detachedAt:)``).
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
        entry: entry, virtualIndex: virtualIndex, to: slot, fades: true,
        start: state.animator.now))
    state.animator.noteDeparture(start: state.animator.now)
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
          entry: entry, virtualIndex: virtualIndex, to: far ? from : to, fades: far,
          start: state.animator.now))
      state.animator.noteDeparture(start: state.animator.now)
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
    let start = state.windowStart
    var q = kept.lowerBound
    var i = 0
    while i < state.window.count {
      let id = ObjectIdentifier(state.window[i].cell)
      let index = state.window[i].index
      let to = state.window[i].slot
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
      } else if changes.oldIndex(forNew: index) == nil {
        state.animator.move(id, index: index, from: to, to: to, fadingIn: true)
      } else {
        state.animator.stop(id)
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
    guard !state.departing.isEmpty, state.animator.departuresNeedCheck() else { return }
    retireFinishedDepartures(at: now)
  }

  /// Starts the departing cells that waited for a tick and retires those whose animation ended.
  ///
  /// The ended cells are moved, in order, into the kept `retiring` storage (no allocation once
  /// it has the capacity), which is taken out of the state while their delegate calls run: a
  /// callback that retires cells again gathers them in storage of its own.
  @inlinable
  func retireFinishedDepartures(at now: ReelInstant) {
    state.animator.departureWaiting = false
    state.animator.earliestDeparture = nil
    var finished = ContiguousArray<DepartingCell<Cell>>()
    swap(&finished, &state.retiring)
    var i = 0
    while i < state.departing.count {
      if state.departing[i].start == nil {
        state.departing[i].start = now
      } else if state.animator.hasEnded(since: state.departing[i].start) {
        finished.append(state.departing.remove(at: i))
        continue
      }
      state.animator.noteDeparture(start: state.departing[i].start)
      i += 1
    }
    retireDeparted(finished)
    finished.removeAll(keepingCapacity: true)
    swap(&finished, &state.retiring)
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
  /// Out of line: inlined into the layout pass, which calls it only while cells depart, it
  /// made every pass larger, and slower for lists with no departing cells.
  @inlinable @inline(never)
  func shiftDeparting(by delta: Double) {
    guard delta != 0, !state.departing.isEmpty else { return }
    // One access to the buffer (one uniqueness check and one version change), not one per cell.
    state.departing.withUnsafeMutableBufferPointer { departing in
      for i in departing.indices { departing[i].shift(by: delta) }
    }
  }

  /// Counts departing cells and a pinned header's own cell in the largest number of cells
  /// displayed at once, which bounds the cells ever alive.
  @inlinable
  func noteDisplayedCount() {
    let displayed =
      state.window.count + state.departing.count + (state.pinned.mode == .outside ? 1 : 0)
    if displayed > state.largestWindow { state.largestWindow = displayed }
  }

  /// Drops the identity kept for a cell that is no longer displayed.
  @usableFromInline
  func forgetIdentity(of id: ObjectIdentifier) {
    guard !state.identities.isEmpty else { return }
    let identity = state.identities.removeValue(forKey: id)
    withExtendedLifetime(identity) {}
  }
}

extension UpdateAnimator {
  /// Replaces each entry's `slot` with where its cell is drawn now, in viewport coordinates
  /// (`offset` is the content offset): its slot moved by its animation, if any.
  ///
  /// Mutating only so that the list's stored animator is read in place: a copy of it retains
  /// and releases its arrays. Nothing is changed.
  ///
  /// A cell animates when its track is for the item it shows; its move's progress is read as
  /// the resolved placements read it (``moveProgress(of:ticked:curve:lastStart:lastProgress:)``).
  /// The arrays are walked through their addresses: one uniqueness check for the window, not
  /// one per entry.
  ///
  /// - Complexity: O(w log k) for w window cells and k animating cells.
  @inlinable
  mutating func captureDrawnSlots<Cell>(
    of window: inout ContiguousArray<WindowEntry<Cell>>, offset: Double
  ) {
    // The arrays are taken out while they are read through their addresses, so that the walk
    // needs no access to `self` (inside a closure, an access copied the animator); they are
    // put back below.
    var cells = ContiguousArray<ObjectIdentifier>()
    var tracks = ContiguousArray<Track>()
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
    // Before the first tick every progress is 0.
    let ticked = now != nil
    var curve = curve(at: now ?? ReelInstant(nanoseconds: 0))
    var lastStart = Int64.min
    var lastProgress = 0.0
    cells.withUnsafeBufferPointer { cells in
      tracks.withUnsafeBufferPointer { tracks in
        window.withUnsafeMutableBufferPointer { window in
          for i in window.indices {
            let entry = window.baseAddress.unsafelyUnwrapped + i
            var slot = entry.pointee.slot
            if let position = Self.position(of: ObjectIdentifier(entry.pointee.cell), in: cells),
              tracks[position].index == entry.pointee.index
            {
              let track = tracks.baseAddress.unsafelyUnwrapped + position
              let moveProgress = Self.moveProgress(
                of: track, ticked: ticked, curve: &curve, lastStart: &lastStart,
                lastProgress: &lastProgress)
              slot = slot.displaced(by: track.pointee.displacement, times: 1 - moveProgress)
            }
            slot.offset -= offset
            entry.pointee.slot = slot
          }
        }
      }
    }
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
  }
}

/// A window cell's animation as a snapshot reads it: plain values, no reference, so that
/// filling them per frame retains nothing and a placement is a multiply-add per coordinate.
@usableFromInline
struct WindowAnimation {
  /// What the cell does.
  @usableFromInline
  enum Kind: UInt8 {
    /// At its slot.
    case rest
    /// Travelling to its slot.
    case move
    /// Fading in (and possibly travelling).
    case appear
  }

  /// Where the cell started relative to its slot (from − to), in content coordinates.
  @usableFromInline var displacement: Slot
  /// The move's progress at the last tick.
  @usableFromInline var moveProgress: Double
  /// The fade-in's progress at the last tick: the opacity (1 when the cell does not fade).
  @usableFromInline var fadeProgress: Double
  @usableFromInline var kind: Kind

  @inlinable
  init(displacement: Slot, moveProgress: Double, fadeProgress: Double, kind: Kind) {
    self.displacement = displacement
    self.moveProgress = moveProgress
    self.fadeProgress = fadeProgress
    self.kind = kind
  }

  /// A cell at rest.
  @inlinable static var rest: WindowAnimation {
    WindowAnimation(
      displacement: Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0), moveProgress: 1,
      fadeProgress: 1, kind: .rest)
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
