import Foundation

extension VirtualList {
  // MARK: State

  /// What the content is doing now.
  public var scrollPhase: ScrollPhase { state.motion.phase }

  /// Whether the content moves by itself (a fling, snap, bounce, animation or wheel settle).
  public var isMoving: Bool {
    state.motion.phase == .decelerating || state.motion.phase == .animating
      || state.motion.phase == .wheeling
  }

  /// Whether the frontend should keep delivering frames; when `false` it can sleep until input
  /// or ``nextDeadline``.
  public var needsFrames: Bool { isMoving || state.needsLayout || state.motion.needsRetarget }

  /// The next instant at which the list needs a tick even without input, if any.
  public var nextDeadline: ReelInstant? {
    state.motion.phase == .wheeling
      ? state.motion.lastWheel.advanced(
        by: .nanoseconds(Int64(motionConfiguration.wheelSettleDelay * 1e9)))
      : nil
  }

  /// The offset the current motion will come to rest at (the current offset when idle).
  public var restingOffset: Double { state.motion.curve?.restingOffset ?? state.offset }

  // MARK: Frames

  /// Advances motion to `now`, runs a layout pass if anything changed, and delivers events.
  ///
  /// Call it once per frame from the frontend's frame clock. Motion is analytic, so the offsets
  /// at any instant are the same whatever the frame rate. An idle list does no work.
  ///
  /// - Complexity: O(1) plus the layout pass.
  public func tick(_ now: ReelInstant) {
    layoutIfNeeded()
    if state.motion.needsRetarget { retarget(at: now) }
    switch state.motion.phase {
    case .decelerating, .animating:
      advanceCurve(to: now)
    case .wheeling:
      if now.seconds(since: state.motion.lastWheel) >= motionConfiguration.wheelSettleDelay {
        settle(at: now, velocity: 0, direction: state.motion.wheelDirection, startItem: nil)
      }
    case .idle, .dragging:
      break
    }
    state.motion.lastTime = now
    layoutIfNeeded()
    deliverEvents()
  }

  private func advanceCurve(to now: ReelInstant) {
    guard let curve = state.motion.curve else {
      state.motion.phase = .idle
      return
    }
    let start = state.motion.curveStart ?? now
    state.motion.curveStart = start
    let t = now.seconds(since: start)
    if t >= curve.duration {
      state.offset = curve.restingOffset
      finishCurve()
    } else {
      let sample = curve.sample(max(0, t))
      state.offset = sample.offset
      state.motion.lastVelocity = sample.velocity
    }
  }

  private func finishCurve() {
    state.pendingEvents.insert(
      state.motion.programmatic ? .didEndScrollingAnimation : .didEndDecelerating)
    state.motion.comeToRest()
  }

  /// Re-aims a motion in flight (or settles a snapping list) after the layout or data changed.
  private func retarget(at now: ReelInstant) {
    layoutIfNeeded()
    state.motion.needsRetarget = false
    switch state.motion.phase {
    case .decelerating, .animating:
      let velocity = state.motion.lastVelocity
      var destination: Double?
      if case .item(let v, let alignment) = state.motion.target {
        let index = wrapping == .bounded ? min(max(v, 0), max(0, state.count - 1)) : v
        if state.count > 0 {
          destination = targetOffset(forVirtualIndex: index, alignment: alignment)
          state.motion.target = .item(virtualIndex: index, alignment: alignment)
        }
      } else if let snap = snapTarget(projected: state.offset, direction: 0, startItem: nil) {
        destination = snap.0
        state.motion.target = .item(virtualIndex: snap.1, alignment: .resting)
      }
      if let destination {
        start(
          .spring(from: state.offset, velocity: velocity, to: destination, omega: springOmega),
          at: now)
      } else if wrapping == .bounded {
        // Re-aim when the offset or the curve's destination left the (possibly shrunk) range.
        let resting = state.motion.curve?.restingOffset ?? state.offset
        let outside = state.offset < minimumOffset || state.offset > maximumOffset
        if outside || resting != clampToRange(resting) {
          let to = clampToRange(outside ? state.offset : resting)
          start(
            .spring(from: state.offset, velocity: velocity, to: to, omega: springOmega), at: now)
        }
      }
    case .idle:
      if let snap = snapTarget(projected: state.offset, direction: 0, startItem: nil),
        abs(snap.0 - state.offset) > 1e-6
      {
        state.motion.programmatic = false
        state.motion.phase = .decelerating
        state.motion.target = .item(virtualIndex: snap.1, alignment: .resting)
        start(.spring(from: state.offset, velocity: 0, to: snap.0, omega: springOmega), at: now)
      } else if wrapping == .bounded {
        clampIfIdle()
      }
    case .dragging, .wheeling:
      break
    }
  }

  private var springOmega: Double { motionConfiguration.springFrequency }

  private func start(_ curve: MotionCurve, at time: ReelInstant?) {
    // A motion planned now already sees the current layout.
    state.motion.needsRetarget = false
    state.motion.curve = curve
    state.motion.curveStart = time
    if curve.duration <= 0 {
      state.offset = curve.restingOffset
      finishCurve()
    }
  }

  /// Stops any motion where it is (a bounded list out of range settles back on the next tick).
  public func stopMotion(at time: ReelInstant? = nil) {
    if let time, state.motion.phase == .decelerating || state.motion.phase == .animating {
      advanceCurve(to: time)
    }
    state.motion.comeToRest()
  }

  // MARK: Dragging

  private func pointer(_ point: Point) -> Double {
    let value = axis.main(of: point)
    return axis == .horizontal && direction == .rightToLeft ? -value : value
  }

  /// A finger or pointer went down on the list: stops any motion and starts following it.
  public func beginDrag(at point: Point, time: ReelInstant) {
    layoutIfNeeded()
    stopMotion(at: time)
    state.motion.phase = .dragging
    state.motion.needsRetarget = false
    state.motion.dragStartOffset = state.offset
    state.motion.dragStartPointer = pointer(point)
    state.motion.dragStartItem = effectiveSnapping == nil ? nil : restingItem
    state.motion.samples.reset()
    state.motion.samples.add(pointer(point), at: time)
    delegate?.virtualListWillBeginDragging(self)
  }

  /// The pointer moved during a drag; the content follows it, rubber-banding past the edges of a
  /// bounded list.
  public func drag(to point: Point, time: ReelInstant) {
    guard state.motion.phase == .dragging else { return }
    let p = pointer(point)
    state.motion.samples.add(p, at: time)
    var raw = state.motion.dragStartOffset - (p - state.motion.dragStartPointer)
    if wrapping == .bounded {
      let lo = minimumOffset
      let hi = maximumOffset
      let dimension = max(1, viewportExtent)
      if raw < lo {
        raw = lo - rubberBand(lo - raw, dimension: dimension)
      } else if raw > hi {
        raw = hi + rubberBand(raw - hi, dimension: dimension)
      }
    }
    state.offset = raw
  }

  private func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
    let c = motionConfiguration.rubberBandCoefficient
    guard c > 0 else { return 0 }
    return (1 - 1 / (overshoot * c / dimension + 1)) * dimension
  }

  /// The pointer was lifted: the content flings with the release velocity and comes to rest —
  /// on an item when the list snaps, back at the edge when it was pulled past one.
  ///
  /// - Parameters:
  ///   - time: when the pointer was lifted.
  ///   - velocity: the release velocity in content points per second; `nil` estimates it from
  ///     the drag's recent samples.
  public func endDrag(at time: ReelInstant, velocity: Double? = nil) {
    guard state.motion.phase == .dragging else { return }
    let v = velocity ?? -state.motion.samples.velocity(at: time)
    let direction =
      abs(v) >= motionConfiguration.minimumFlingVelocity
      ? (v > 0 ? 1.0 : -1.0)
      : (state.offset - state.motion.dragStartOffset).sign == .minus ? -1.0 : 1.0
    let moved = abs(state.offset - state.motion.dragStartOffset) > 1e-9 || abs(v) > 0
    settle(
      at: time, velocity: v, direction: moved ? direction : 0,
      startItem: state.motion.dragStartItem,
      fromDrag: true)
  }

  /// Plans the motion after a release or a wheel pause.
  private func settle(
    at time: ReelInstant, velocity v: Double, direction: Double, startItem: Int?,
    fromDrag: Bool = false
  ) {
    layoutIfNeeded()
    state.motion.programmatic = false
    state.motion.phase = .decelerating
    state.motion.lastVelocity = v
    let x0 = state.offset
    let rate = motionConfiguration.decelerationRate
    let natural = MotionCurve.decay(from: x0, velocity: v, rate: rate)
    let outOfRange = wrapping == .bounded && (x0 < minimumOffset || x0 > maximumOffset)
    var target = natural.restingOffset
    var snapped = false
    if let snap = snapTarget(
      projected: outOfRange ? clampToRange(x0) : target, direction: direction, startItem: startItem)
    {
      target = snap.0
      state.motion.target = .item(virtualIndex: snap.1, alignment: .resting)
      snapped = true
    } else if outOfRange {
      target = clampToRange(x0)
    }
    let planned = target
    if fromDrag {
      delegate?.virtualList(self, willEndDraggingWithVelocity: v, targetOffset: &target)
      precondition(target.isFinite, "willEndDragging set a non-finite target offset \(target)")
    }
    if snapped || outOfRange || target != planned {
      if target != planned { state.motion.target = nil }
      start(snapCurve(from: x0, velocity: v, to: target, outOfRange: outOfRange), at: time)
      return
    }
    state.motion.target = nil
    var curve = natural
    if wrapping == .bounded {
      let edge =
        target < minimumOffset ? minimumOffset : target > maximumOffset ? maximumOffset : nil
      if let edge, case .decay(_, let distance, _) = curve.shape, distance != 0 {
        let fraction = 1 - (edge - x0) / distance
        let crossing = fraction > 0 && fraction < 1 ? log(fraction) / log(rate) / 1000 : 0
        let speed = MotionCurve.sampleShape(curve.shape, crossing).velocity
        let bounce = MotionCurve.spring(from: edge, velocity: speed, to: edge, omega: springOmega)
        curve.edge = (crossing, edge, .init(omega: springOmega))
        curve.duration = crossing + bounce.duration
      }
    }
    start(curve, at: time)
  }

  /// A curve from a release to a chosen resting offset: a UIKit-style decay whose rate is tuned
  /// to land exactly on the target when that looks natural (the target lies ahead and the tuned
  /// rate is between 0.98 and 0.999 per millisecond), else the critically damped spring.
  private func snapCurve(from x0: Double, velocity v: Double, to target: Double, outOfRange: Bool)
    -> MotionCurve
  {
    let distance = target - x0
    if !outOfRange, v != 0, distance / v > 0 {
      let k = 1000 * distance / v
      let rate = k / (1 + k)
      if rate >= 0.98 && rate <= 0.999 {
        var curve = MotionCurve.decay(from: x0, velocity: v, rate: rate)
        curve.exactRest = target
        return curve
      }
    }
    return .spring(from: x0, velocity: v, to: target, omega: springOmega)
  }

  // MARK: Wheel and keys

  /// Wheel or trackpad input: moves the content by `delta` points towards later items (negative
  /// for earlier ones). A snapping list settles on an item once the wheel pauses.
  ///
  /// Ignored while a drag is in progress.
  ///
  /// - Precondition: `delta` is finite.
  /// - Complexity: O(1) plus the layout pass, if one is due.
  public func scroll(byWheel delta: Double, time: ReelInstant) {
    precondition(delta.isFinite, "scroll(byWheel:time:): delta must be finite, got \(delta)")
    guard state.motion.phase != .dragging else { return }
    layoutIfNeeded()
    stopMotion(at: time)
    state.offset = clampToRange(state.offset + delta)
    if effectiveSnapping != nil {
      state.motion.phase = .wheeling
      state.motion.lastWheel = time
      if delta != 0 { state.motion.wheelDirection = delta > 0 ? 1 : -1 }
    }
  }

  /// Handles a navigation key with an animated scroll; returns whether the list moved.
  ///
  /// ```swift
  /// list.handle(.forward)      // Down in a vertical list, Right in a horizontal one
  /// list.handle(.pageForward)  // Page Down
  /// ```
  ///
  /// - Complexity: O(w) for w displayed cells, plus the layout pass, if one is due.
  @discardableResult
  public func handle(_ key: NavigationKey) -> Bool {
    layoutIfNeeded()
    guard state.count > 0, state.motion.phase != .dragging else { return false }
    if effectiveSnapping != nil {
      let current: Int
      if case .item(let v, _) = state.motion.target, state.motion.phase != .idle {
        current = v
      } else {
        guard let item = restingItem else { return false }
        current = item
      }
      let perPage = max(1, visibleIndices.count)
      let destination: Int
      switch key {
      case .backward: destination = current - 1
      case .forward: destination = current + 1
      case .pageBackward: destination = current - perPage
      case .pageForward: destination = current + perPage
      case .home, .end:
        guard wrapping == .bounded else { return false }
        destination = key == .home ? 0 : state.count - 1
      }
      let clamped = wrapping == .bounded ? min(max(destination, 0), state.count - 1) : destination
      animate(to: clamped, alignment: .resting)
      return true
    }
    let base = restingOffset
    let line =
      motionConfiguration.lineStep ?? state.window.first(where: { $0.slot.end > state.offset })?
      .slot.extent
      ?? 40
    let page = max(line, viewportExtent - line)
    let target: Double
    switch key {
    case .backward: target = base - line
    case .forward: target = base + line
    case .pageBackward: target = base - page
    case .pageForward: target = base + page
    case .home, .end:
      guard wrapping == .bounded else { return false }
      target = key == .home ? minimumOffset : maximumOffset
    }
    let clamped = clampToRange(target)
    guard clamped != state.offset || isMoving else { return false }
    setContentOffset(clamped, animated: true)
    return true
  }

  // MARK: Programmatic scrolling

  /// Moves the content to an offset, clamped to the scrollable range in bounded lists.
  ///
  /// Animated moves start at the next ``tick(_:)`` and end with
  /// ``VirtualListDelegate/virtualListDidEndScrollingAnimation(_:)``.
  ///
  /// - Precondition: `offset` is finite.
  public func setContentOffset(_ newOffset: Double, animated: Bool) {
    precondition(
      newOffset.isFinite, "setContentOffset(_:animated:): offset must be finite, got \(newOffset)")
    layoutIfNeeded()
    stopMotion(at: state.motion.lastTime)
    let target = clampToRange(newOffset)
    guard animated else {
      state.offset = target
      return
    }
    beginAnimation(to: target)
  }

  /// Scrolls so that the item at a data index sits at an alignment; in cyclic lists along the
  /// shorter way round.
  ///
  /// ```swift
  /// list.scrollToItem(at: 500, alignment: .center, animated: true)
  /// ```
  ///
  /// - Precondition: `index` is in `0..<numberOfItems`.
  public func scrollToItem(
    at index: Int, alignment: ScrollAlignment = .resting, animated: Bool = false
  ) {
    layoutIfNeeded()
    precondition(
      index >= 0 && index < state.count,
      "scrollToItem(at:alignment:animated:): index \(index) is out of bounds 0..<\(state.count)")
    let virtual = nearestVirtualIndex(forItemAt: index)
    if animated {
      animate(to: virtual, alignment: alignment)
    } else {
      stopMotion(at: state.motion.lastTime)
      state.offset = targetOffset(forVirtualIndex: virtual, alignment: alignment)
    }
  }

  /// Animates to a virtual index (used by keys and clients such as the banner's autoplay).
  public func animate(to virtualIndex: Int, alignment: ScrollAlignment = .resting) {
    layoutIfNeeded()
    let target = targetOffset(forVirtualIndex: virtualIndex, alignment: alignment)
    stopMotion(at: state.motion.lastTime)
    beginAnimation(to: target)
    state.motion.target = .item(virtualIndex: virtualIndex, alignment: alignment)
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
  public func setContentOffset(_ newOffset: Double, duration: Double, timing: TimingCurve) {
    precondition(
      newOffset.isFinite,
      "setContentOffset(_:duration:timing:): offset must be finite, got \(newOffset)")
    precondition(
      duration.isFinite && duration >= 0,
      "setContentOffset(_:duration:timing:): duration must be finite and ≥ 0, got \(duration)")
    layoutIfNeeded()
    stopMotion(at: state.motion.lastTime)
    beginAnimation(to: clampToRange(newOffset), duration: duration, timing: timing)
  }

  private func beginAnimation(
    to target: Double, duration: Double? = nil, timing: TimingCurve? = nil
  ) {
    state.motion.programmatic = true
    state.motion.phase = .animating
    state.motion.target = nil
    start(
      .timed(
        from: state.offset, to: target, duration: duration ?? motionConfiguration.animationDuration,
        timing: timing ?? motionConfiguration.timing), at: nil)
  }
}
