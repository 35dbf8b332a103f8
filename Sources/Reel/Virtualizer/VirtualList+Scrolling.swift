extension VirtualList {
  // MARK: State

  /// What the content is doing now.
  public var scrollPhase: ScrollPhase { state.motion.phase }

  /// Whether the content moves by itself (a fling, snap, bounce, animation or wheel settle).
  public var isMoving: Bool { state.motion.isMoving }

  /// Which way the content is moving — toward later items (``MotionDirection/forward``) or
  /// earlier ones — during a drag, a fling, a snap, an animated scroll or a snapping list's
  /// wheel settle; `nil` at rest (TanStack Virtual's `scrollDirection`). A wheel step of a list
  /// that does not snap moves the content at once and leaves it at rest.
  ///
  /// ```swift
  /// if list.scrollDirection == .backward { loadOlderMessagesIfNeeded() }
  /// ```
  ///
  /// - Complexity: O(1).
  public var scrollDirection: MotionDirection? { state.motion.direction(offset: state.offset) }

  /// Whether the frontend should keep delivering frames; when `false` it can sleep until input
  /// or ``nextDeadline``.
  ///
  /// A change at rest (a resize, a reload, a measurement) keeps it `true` only until the next
  /// layout pass, unless the list has to snap back onto an item. Measurements given one at a
  /// time are applied when it is read: ones that change no extent leave it `false`.
  /// An animated batch update (see ``updateAnimation``) keeps it `true` until its animation ends.
  @inlinable
  public var needsFrames: Bool {
    applyPendingMeasurements()
    return state.needsLayout || state.motion.needsFrames || state.animator.isAnimating
      || !state.departing.isEmpty
  }

  /// The next instant at which the list needs a tick even without input, if any.
  public var nextDeadline: ReelInstant? { state.motion.nextDeadline }

  /// The offset the current motion will come to rest at (the current offset when idle).
  public var restingOffset: Double {
    applyPendingMeasurements()
    return state.motion.restingOffset ?? state.offset
  }

  /// The content offset at which a virtual index rests with an alignment, clamped to the
  /// scrollable range in bounded lists.
  ///
  /// - Complexity: O(1) slot lookups plus the layout pass, if one is due.
  public func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment) -> Double
  {
    layoutIfNeeded()
    return scrollGeometry.targetOffset(
      forVirtualIndex: virtualIndex, alignment: alignment, base: restingOffset)
  }

  // MARK: Frames

  /// Advances motion and update animations to `now`, runs a layout pass if anything changed,
  /// and delivers events.
  ///
  /// Call it once per frame from the frontend's frame clock. Motion and update animations are
  /// analytic, so the offsets and frames at any instant are the same whatever the frame rate.
  /// An idle list does no work. Cells that finished animating out retire here.
  ///
  /// - Complexity: O(1) plus the layout pass, and O(a) for a animating cells.
  @inlinable
  public func tick(_ now: ReelInstant) {
    // Inlinable, so that the passes and the update animations' step are specialized for the
    // client's cell type: unspecialized, they look up generic metadata at run time.
    layoutIfNeeded()
    advanceMotion(to: now)
    layoutIfNeeded()
    advanceUpdateAnimations(to: now)
    deliverEvents()
  }

  /// The motion's step of a tick: the offset follows the motion to `now`.
  @usableFromInline
  func advanceMotion(to now: ReelInstant) {
    if state.motion.tickNeedsGeometry(at: now) {
      // Uniform and variable layouts prefer no snapping and tell their extent without a copy.
      guard state.motion.reaimNeedsOnlyTheRange, state.snapping == nil,
        state.layoutIsUniform || state.layoutIsVariable
      else {
        withMotion { motion, offset, geometry in
          motion.tick(to: now, offset: &offset, in: geometry)
        }
        return
      }
      // A fling or an animation headed for no item, in content that does not snap: the re-aim
      // after a change only keeps it in the scrollable range, worked out before, and runs in
      // place (no copy of the motion or of the layout; the range is Reel's own code).
      let range = ScrollRange(
        isBounded: state.wrapping == .bounded, maximumOffset: maximumOffset,
        viewportExtent: viewportExtent)
      var newOffset = state.offset
      state.motion.tick(to: now, offset: &newOffset, in: range)
      state.offset = newOffset
      state.pendingEvents.formUnion(state.motion.takeEvents())
      // Headed nowhere, as before the tick (as `noteMotionTarget()`).
      forgetMotionTarget()
    } else {
      // Following a curve runs no user code: in place, without copying the motion.
      var newOffset = state.offset
      state.motion.follow(to: now, offset: &newOffset)
      state.offset = newOffset
      if !state.motion.events.isEmpty { state.pendingEvents.formUnion(state.motion.takeEvents()) }
    }
  }

  /// Stops any motion where it is at `time` (where it was at the last tick when `nil`); a
  /// bounded list out of range settles back on the next tick.
  ///
  /// - Complexity: O(1).
  public func stopMotion(at time: ReelInstant? = nil) {
    withMotion { motion, offset, _ in motion.stop(at: time, offset: &offset) }
  }

  // MARK: Programmatic scrolling

  /// Moves the content to an offset, clamped to the scrollable range in bounded lists.
  ///
  /// Animated moves start at the next ``tick(_:)`` and end with
  /// ``VirtualListDelegate/virtualListDidEndScrollingAnimation(_:)``.
  ///
  /// - Precondition: `offset` is finite.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func setContentOffset(_ newOffset: Double, animated: Bool) {
    precondition(
      newOffset.isFinite,
      "setContentOffset(_:animated:): offset must be finite, got \(newOffset)")
    layoutIfNeeded()
    withMotion { motion, offset, geometry in
      motion.setContentOffset(newOffset, animated: animated, offset: &offset, in: geometry)
    }
  }

  /// Scrolls so that the item at a data index sits at an alignment; in cyclic lists along the
  /// shorter way round.
  ///
  /// ```swift
  /// list.scrollToItem(at: 500, alignment: .center, animated: true)
  /// ```
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  /// - Complexity: O(1) slot lookups plus the layout pass, if one is due.
  @inlinable
  public func scrollToItem(
    at index: Int, alignment: ScrollAlignment = .resting, animated: Bool = false
  ) {
    // Inlinable, so that a jump at rest in a bounded uniform list is specialized for the
    // client's cell type and touches the motion only to clear it.
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count,
      "scrollToItem(at:alignment:animated:): index \(index) is out of bounds 0..<\(state.count)")
    if animated {
      animate(toVirtualIndex: nearestVirtualIndex(forItemAt: index), alignment: alignment)
    } else if state.wrapping == .bounded && state.uniformLayout != nil
      && state.motion.isIdleWithoutEvents
    {
      // In a bounded list the nearest virtual index is the data index.
      jumpAtRest(toUniformVirtualIndex: index, alignment: alignment)
    } else {
      jump(toVirtualIndex: nearestVirtualIndex(forItemAt: index), alignment: alignment)
    }
  }

  /// ``jump(toVirtualIndex:alignment:)`` for a bounded list at rest whose layout is uniform:
  /// stopping the motion only clears it, and the slot and the scrollable range are read from the
  /// state's copy of the layout (Reel's own code).
  ///
  /// - Precondition: the list is bounded, its layout uniform, and its motion
  ///   ``ScrollMotion/isIdleWithoutEvents``.
  @inlinable
  func jumpAtRest(toUniformVirtualIndex virtual: Int, alignment: ScrollAlignment) {
    state.motion.comeToRest()
    // The jump sees the current layout: nothing is left to re-aim.
    state.motion.needsRetarget = false
    guard let uniform = state.uniformLayout else {
      preconditionFailure("VirtualList: a uniform jump without a uniform layout")
    }
    let extent = state.axis.main(of: state.viewportSize)
    // A uniform layout prefers no snapping: the effective snapping is the list's own.
    let raw = alignment.unclampedOffset(
      of: uniform.slot(at: virtual), viewportExtent: extent, base: state.offset,
      snapping: state.snapping)
    state.offset = min(max(raw, 0), max(0, uniform.contentExtent - extent))
    // Headed nowhere (as `noteMotionTarget()`).
    forgetMotionTarget()
  }

  /// A jump without animation: ``ScrollMotion/jump(toVirtualIndex:alignment:offset:in:)`` done
  /// in place. The motion stops (no copy of it), and a uniform layout's slot and range are
  /// computed on the state's copy of it (Reel's own code): no geometry, no copy of the layout's
  /// existential. Any other layout is asked on a copy, outside any access to the state.
  @usableFromInline
  func jump(toVirtualIndex virtual: Int, alignment: ScrollAlignment) {
    // Stopping runs no user code: in place. At rest it only clears the motion.
    var base = state.offset
    state.motion.stop(at: state.motion.lastTime, offset: &base)
    // The jump sees the current layout: a re-aim asked for by a change while the stopped motion
    // ran is done by the jump, not left to leave `needsFrames` true at rest.
    state.motion.needsRetarget = false
    if !state.motion.events.isEmpty { state.pendingEvents.formUnion(state.motion.takeEvents()) }
    let target: Double
    if let uniform = state.uniformLayout {
      let extent = viewportExtent
      // A uniform layout prefers no snapping: the effective snapping is the list's own.
      let raw = alignment.unclampedOffset(
        of: uniform.slot(at: virtual), viewportExtent: extent, base: base,
        snapping: state.snapping)
      target =
        state.wrapping == .cyclic
        ? raw : min(max(raw, 0), max(0, uniform.contentExtent - extent))
    } else {
      target = scrollGeometry.targetOffset(
        forVirtualIndex: virtual, alignment: alignment, base: base)
    }
    state.offset = target
    // The motion is at rest, headed nowhere (as `noteMotionTarget()`).
    forgetMotionTarget()
  }

  /// Animates to a *virtual* index (used by keys and clients such as the banner's autoplay), and
  /// keeps aiming at that item when the layout or data changes on the way.
  ///
  /// For a data index use ``scrollToItem(at:alignment:animated:)-(Int,_,_)``, which picks the nearest
  /// virtual index in a cyclic list.
  ///
  /// ```swift
  /// if let current = list.restingVirtualIndex {
  ///   list.animate(toVirtualIndex: current + 1)   // the next item, across the seam too
  /// }
  /// ```
  ///
  /// - Complexity: O(1) slot lookups plus the layout pass, if one is due.
  public func animate(toVirtualIndex virtualIndex: Int, alignment: ScrollAlignment = .resting) {
    layoutIfNeeded()
    withMotion { motion, offset, geometry in
      motion.animate(
        toVirtualIndex: virtualIndex, alignment: alignment, offset: &offset, in: geometry)
    }
  }

  /// Animates the content to an offset over a duration with a timing curve, clamped to the
  /// scrollable range in bounded lists. The animation starts at the next ``tick(_:)`` and ends
  /// with ``VirtualListDelegate/virtualListDidEndScrollingAnimation(_:)``; a drag, another
  /// scroll, a resize or a reload can interrupt it.
  ///
  /// ```swift
  /// list.setContentOffset(1_000, duration: 0.6, timing: .easeOut)
  /// ```
  ///
  /// - Precondition: `offset` is finite and `duration ≥ 0`.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func setContentOffset(_ newOffset: Double, duration: Double, timing: TimingCurve) {
    precondition(
      newOffset.isFinite,
      "setContentOffset(_:duration:timing:): offset must be finite, got \(newOffset)")
    precondition(
      duration.isFinite && duration >= 0,
      "setContentOffset(_:duration:timing:): duration must be finite and ≥ 0, got \(duration)")
    layoutIfNeeded()
    withMotion { motion, offset, geometry in
      motion.setContentOffset(
        newOffset, duration: duration, timing: timing, offset: &offset, in: geometry)
    }
  }

  // MARK: The motion component

  /// The list's content as its motion sees it.
  var scrollGeometry: ListScrollGeometry {
    // The layout is copied out first, so its methods run outside any access to the state.
    let layout = currentLayout
    return ListScrollGeometry(
      track: ScrollTrack(
        layout: layout, count: state.count, wrapping: wrapping, viewportExtent: viewportExtent),
      snapping: snapping ?? layout.preferredSnapping)
  }

  /// Runs a motion step on copies of the motion state and the offset, then stores both and
  /// queues the motion's end events. The layout methods the geometry calls run outside any
  /// access to the list's state.
  @discardableResult
  func withMotion<Result>(
    _ body: (inout ScrollMotion, inout Double, ListScrollGeometry) -> Result
  ) -> Result {
    applyPendingMeasurements()
    var current = state.motion
    var newOffset = state.offset
    let result = body(&current, &newOffset, scrollGeometry)
    state.pendingEvents.formUnion(current.takeEvents())
    state.motion = current
    state.offset = newOffset
    noteMotionTarget()
    return result
  }

  /// The layout pass calls this once the layout is prepared: a list at rest whose layout or
  /// data changed is clamped into range, or starts snapping back onto an item, so that
  /// ``needsFrames`` is `false` after the pass unless it really moves.
  @usableFromInline
  func motionDidLayout() {
    guard state.motion.needsRetarget, state.motion.phase == .idle else { return }
    if effectiveSnapping == nil {
      // Without snapping, settling at rest is keeping a bounded list in range: no geometry.
      state.motion.needsRetarget = false
      clampIfIdle()
      return
    }
    withMotion { motion, offset, geometry in
      motion.settleAfterLayout(offset: &offset, in: geometry)
    }
  }

  /// The content moved under the motion by an anchoring correction (a measurement, a reload, a
  /// resize): a drag in progress and a motion in flight move with it.
  @usableFromInline
  func contentDidShift(by delta: Double) {
    state.motion.shift(by: delta, items: 0)
  }

  /// Animates to a virtual index.
  @available(*, deprecated, renamed: "animate(toVirtualIndex:alignment:)")
  public func animate(to virtualIndex: Int, alignment: ScrollAlignment = .resting) {
    animate(toVirtualIndex: virtualIndex, alignment: alignment)
  }
}
