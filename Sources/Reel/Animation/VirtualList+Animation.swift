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

  /// Captures where every displayed and departing cell is drawn now, in viewport coordinates,
  /// before an animated update changes the layout; `nil` when updates do not animate.
  @inlinable
  func captureForAnimation() -> UpdateCapture? {
    guard state.animator.animation.isAnimated, !state.window.isEmpty || !state.departing.isEmpty
    else { return nil }
    let offset = state.offset
    // One copy of the animator: reading `state.animator` per cell copied it per cell.
    let animator = state.animator
    var frames = ContiguousArray<UpdateCapture.Frame>()
    frames.reserveCapacity(state.window.count)
    for entry in state.window {
      let id = ObjectIdentifier(entry.cell)
      var slot = animator.current(id, index: entry.index, slot: entry.slot).slot
      slot.offset -= offset
      frames.append(UpdateCapture.Frame(cell: id, slot: slot))
    }
    frames.sort { $0.cell < $1.cell }
    shiftDeparting(by: -offset)
    return UpdateCapture(frames: frames)
  }

  /// Keeps the cell of a deleted or reloaded item drawn, fading out where it is, instead of
  /// retiring it. `virtualIndex` is where it was in the window.
  @inlinable
  func depart(_ entry: WindowEntry<Cell>, virtualIndex: Int, capture: UpdateCapture) {
    let id = ObjectIdentifier(entry.cell)
    var leaving = entry
    leaving.slot = capture.slot(of: id) ?? entry.slot
    forgetIdentity(of: id)
    state.animator.stop(id)
    state.departing.append(
      DepartingCell(
        entry: leaving, virtualIndex: virtualIndex, to: leaving.slot, fades: true,
        start: state.animator.now))
    state.animator.noteDeparture(start: state.animator.now)
  }

  /// Keeps the cells of survivors that left the window drawn, sliding to their new slot (or
  /// fading out in place when that is more than a viewport away). `survivors` holds new
  /// virtual indices in `index`; called after the layout changed.
  @usableFromInline
  func departLeftovers(
    _ survivors: ContiguousArray<WindowEntry<Cell>>, before: Int, after: Range<Int>,
    capture: UpdateCapture
  ) {
    guard before > 0 || !after.isEmpty else { return }
    let layout = currentLayout
    let offset = state.offset
    let reach = 2 * viewportExtent
    for j in Array(0..<before) + Array(after) {
      var entry = survivors[j]
      let virtualIndex = entry.index
      var to = layout.slot(at: virtualIndex)
      to.offset -= offset
      let from = capture.slot(of: ObjectIdentifier(entry.cell)) ?? to
      entry.index = dataIndex(virtualIndex)
      entry.slot = from
      let far = abs(to.offset - from.offset) > reach
      forgetIdentity(of: ObjectIdentifier(entry.cell))
      state.animator.stop(ObjectIdentifier(entry.cell))
      state.departing.append(
        DepartingCell(
          entry: entry, virtualIndex: virtualIndex, to: far ? from : to, fades: far,
          start: state.animator.now))
      state.animator.noteDeparture(start: state.animator.now)
    }
  }

  /// After an animated update rebuilt the window: survivors travel from their captured frame,
  /// inserted (and reloaded) items fade in, items from beyond the window are placed at once.
  @inlinable
  func finishAnimatedChange(_ capture: UpdateCapture, _ changes: IndexChanges) {
    shiftDeparting(by: state.offset)
    let offset = state.offset
    for entry in state.window {
      let id = ObjectIdentifier(entry.cell)
      if var from = capture.slot(of: id) {
        from.offset += offset
        state.animator.move(id, index: entry.index, from: from, to: entry.slot, fadingIn: false)
      } else if changes.oldIndex(forNew: entry.index) == nil {
        state.animator.move(
          id, index: entry.index, from: entry.slot, to: entry.slot, fadingIn: true)
      } else {
        state.animator.stop(id)
      }
    }
    noteDisplayedCount()
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
  @inlinable
  func retireFinishedDepartures(at now: ReelInstant) {
    state.animator.departureWaiting = false
    state.animator.earliestDeparture = nil
    var finished: [DepartingCell<Cell>] = []
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
  }

  /// Ends every update animation at once: cells jump to their slots, departing cells retire.
  func finishUpdateAnimations() {
    state.animator.stopAll()
    guard !state.departing.isEmpty else { return }
    let all = Array(state.departing)
    state.departing.removeAll()
    retireDeparted(all)
  }

  /// Retires departed cells: delegate, then pool. Inlinable so that it is specialized with the
  /// tick that calls it (unspecialized, it looks up generic metadata on every retirement).
  @inlinable
  func retireDeparted(_ cells: [DepartingCell<Cell>]) {
    guard !cells.isEmpty else { return }
    let delegate = state.delegate
    for cell in cells {
      retire(cell.entry.cell, pool: cell.entry.pool, index: cell.entry.index, delegate: delegate)
    }
    releaseExcessCells()
  }

  /// Moves departing cells along the main axis: the content coordinates changed under them.
  @inlinable
  func shiftDeparting(by delta: Double) {
    guard delta != 0 else { return }
    for i in state.departing.indices { state.departing[i].shift(by: delta) }
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

/// Where the displayed cells were drawn before an animated update, in viewport coordinates.
@usableFromInline
struct UpdateCapture {
  /// A displayed cell and where it was drawn.
  @usableFromInline
  struct Frame {
    @usableFromInline let cell: ObjectIdentifier
    @usableFromInline let slot: Slot

    @inlinable init(cell: ObjectIdentifier, slot: Slot) {
      self.cell = cell
      self.slot = slot
    }
  }

  /// The displayed cells' frames, ascending by cell (a window shows a cell once).
  @usableFromInline let frames: ContiguousArray<Frame>

  @inlinable init(frames: ContiguousArray<Frame>) { self.frames = frames }

  /// Where a cell was drawn, or `nil` when it was not displayed.
  ///
  /// - Complexity: O(log n) for n displayed cells; no hashing.
  @inlinable
  func slot(of cell: ObjectIdentifier) -> Slot? {
    frames.withUnsafeBufferPointer { frames in
      var (lo, hi) = (0, frames.count)
      while lo < hi {
        let mid = (lo &+ hi) >> 1
        if frames[mid].cell < cell { lo = mid &+ 1 } else { hi = mid }
      }
      return lo < frames.count && frames[lo].cell == cell ? frames[lo].slot : nil
    }
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
