import Foundation

extension VirtualList {
  // MARK: State

  /// What the content is doing now.
  public var scrollPhase: ScrollPhase { motion.phase }

  /// Whether the content moves by itself (a fling, snap, bounce, animation or wheel settle).
  public var isMoving: Bool {
    motion.phase == .decelerating || motion.phase == .animating || motion.phase == .wheeling
  }

  /// Whether the frontend should keep delivering frames; when `false` it can sleep until input
  /// or ``nextDeadline``.
  public var needsFrames: Bool { isMoving || needsLayout || motion.needsRetarget }

  /// The next instant at which the list needs a tick even without input, if any.
  public var nextDeadline: ReelInstant? {
    motion.phase == .wheeling
      ? motion.lastWheel.advanced(
        by: .nanoseconds(Int64(motionConfiguration.wheelSettleDelay * 1e9)))
      : nil
  }

  /// The offset the current motion will come to rest at (the current offset when idle).
  public var restingOffset: Double { motion.curve?.restingOffset ?? offset }

  // MARK: Frames

  /// Advances motion to `now`, runs a layout pass if anything changed, and delivers events.
  ///
  /// Call it once per frame from the frontend's frame clock. Motion is analytic, so the offsets
  /// at any instant are the same whatever the frame rate. An idle list does no work.
  ///
  /// - Complexity: O(1) plus the layout pass.
  public func tick(_ now: ReelInstant) {
    layoutIfNeeded()
    if motion.needsRetarget { retarget(at: now) }
    switch motion.phase {
    case .decelerating, .animating:
      advanceCurve(to: now)
    case .wheeling:
      if now.seconds(since: motion.lastWheel) >= motionConfiguration.wheelSettleDelay {
        settle(at: now, velocity: 0, direction: motion.wheelDirection, startItem: nil)
      }
    case .idle, .dragging:
      break
    }
    motion.lastTime = now
    layoutIfNeeded()
    deliverEvents()
  }

  private func advanceCurve(to now: ReelInstant) {
    guard let curve = motion.curve else {
      motion.phase = .idle
      return
    }
    let start = motion.curveStart ?? now
    motion.curveStart = start
    let t = now.seconds(since: start)
    if t >= curve.duration {
      offset = curve.restingOffset
      finishCurve()
    } else {
      let sample = curve.sample(max(0, t))
      offset = sample.offset
      motion.lastVelocity = sample.velocity
    }
  }

  private func finishCurve() {
    pendingEvents.insert(motion.programmatic ? .didEndScrollingAnimation : .didEndDecelerating)
    motion.comeToRest()
  }

  /// Re-aims a motion in flight (or settles a snapping list) after the layout or data changed.
  private func retarget(at now: ReelInstant) {
    layoutIfNeeded()
    motion.needsRetarget = false
    switch motion.phase {
    case .decelerating, .animating:
      let velocity = motion.lastVelocity
      var destination: Double?
      if case .item(let v, let alignment) = motion.target {
        let index = wrapping == .bounded ? min(max(v, 0), max(0, count - 1)) : v
        if count > 0 {
          destination = targetOffset(forVirtualIndex: index, alignment: alignment)
          motion.target = .item(virtualIndex: index, alignment: alignment)
        }
      } else if let snap = snapTarget(projected: offset, direction: 0, startItem: nil) {
        destination = snap.0
        motion.target = .item(virtualIndex: snap.1, alignment: .resting)
      }
      if let destination {
        start(
          .spring(from: offset, velocity: velocity, to: destination, omega: springOmega), at: now)
      } else if wrapping == .bounded {
        // Re-aim when the offset or the curve's destination left the (possibly shrunk) range.
        let resting = motion.curve?.restingOffset ?? offset
        let outside = offset < minimumOffset || offset > maximumOffset
        if outside || resting != clampToRange(resting) {
          let to = clampToRange(outside ? offset : resting)
          start(.spring(from: offset, velocity: velocity, to: to, omega: springOmega), at: now)
        }
      }
    case .idle:
      if let snap = snapTarget(projected: offset, direction: 0, startItem: nil),
        abs(snap.0 - offset) > 1e-6
      {
        motion.programmatic = false
        motion.phase = .decelerating
        motion.target = .item(virtualIndex: snap.1, alignment: .resting)
        start(.spring(from: offset, velocity: 0, to: snap.0, omega: springOmega), at: now)
      } else if wrapping == .bounded {
        clampIfIdle()
      }
    case .dragging, .wheeling:
      break
    }
  }

  private var springOmega: Double { motionConfiguration.springFrequency }

  private func start(_ curve: MotionCurve, at time: ReelInstant?) {
    // A motion planned now already sees the current layoutStorage.
    motion.needsRetarget = false
    motion.curve = curve
    motion.curveStart = time
    if curve.duration <= 0 {
      offset = curve.restingOffset
      finishCurve()
    }
  }

  /// Stops any motion where it is (a bounded list out of range settles back on the next tick).
  public func stopMotion(at time: ReelInstant? = nil) {
    if let time, motion.phase == .decelerating || motion.phase == .animating {
      advanceCurve(to: time)
    }
    motion.comeToRest()
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
    motion.phase = .dragging
    motion.needsRetarget = false
    motion.dragStartOffset = offset
    motion.dragStartPointer = pointer(point)
    motion.dragStartItem = effectiveSnapping == nil ? nil : restingItem
    motion.samples.reset()
    motion.samples.add(pointer(point), at: time)
    delegate?.virtualListWillBeginDragging(self)
  }

  /// The pointer moved during a drag; the content follows it, rubber-banding past the edges of a
  /// bounded list.
  public func drag(to point: Point, time: ReelInstant) {
    guard motion.phase == .dragging else { return }
    let p = pointer(point)
    motion.samples.add(p, at: time)
    var raw = motion.dragStartOffset - (p - motion.dragStartPointer)
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
    offset = raw
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
    guard motion.phase == .dragging else { return }
    let v = velocity ?? -motion.samples.velocity(at: time)
    let direction =
      abs(v) >= motionConfiguration.minimumFlingVelocity
      ? (v > 0 ? 1.0 : -1.0) : (offset - motion.dragStartOffset).sign == .minus ? -1.0 : 1.0
    let moved = abs(offset - motion.dragStartOffset) > 1e-9 || abs(v) > 0
    settle(
      at: time, velocity: v, direction: moved ? direction : 0, startItem: motion.dragStartItem,
      fromDrag: true)
  }

  /// Plans the motion after a release or a wheel pause.
  private func settle(
    at time: ReelInstant, velocity v: Double, direction: Double, startItem: Int?,
    fromDrag: Bool = false
  ) {
    layoutIfNeeded()
    motion.programmatic = false
    motion.phase = .decelerating
    motion.lastVelocity = v
    let x0 = offset
    let rate = motionConfiguration.decelerationRate
    let natural = MotionCurve.decay(from: x0, velocity: v, rate: rate)
    let outOfRange = wrapping == .bounded && (x0 < minimumOffset || x0 > maximumOffset)
    var target = natural.restingOffset
    var snapped = false
    if let snap = snapTarget(
      projected: outOfRange ? clampToRange(x0) : target, direction: direction, startItem: startItem)
    {
      target = snap.0
      motion.target = .item(virtualIndex: snap.1, alignment: .resting)
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
      if target != planned { motion.target = nil }
      start(snapCurve(from: x0, velocity: v, to: target, outOfRange: outOfRange), at: time)
      return
    }
    motion.target = nil
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
    guard motion.phase != .dragging else { return }
    layoutIfNeeded()
    stopMotion(at: time)
    offset = clampToRange(offset + delta)
    if effectiveSnapping != nil {
      motion.phase = .wheeling
      motion.lastWheel = time
      if delta != 0 { motion.wheelDirection = delta > 0 ? 1 : -1 }
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
    guard count > 0, motion.phase != .dragging else { return false }
    if effectiveSnapping != nil {
      let current: Int
      if case .item(let v, _) = motion.target, motion.phase != .idle {
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
        destination = key == .home ? 0 : count - 1
      }
      let clamped = wrapping == .bounded ? min(max(destination, 0), count - 1) : destination
      animate(to: clamped, alignment: .resting)
      return true
    }
    let base = restingOffset
    let line =
      motionConfiguration.lineStep ?? window.first(where: { $0.slot.end > offset })?.slot.extent
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
    guard clamped != offset || isMoving else { return false }
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
    stopMotion(at: motion.lastTime)
    let target = clampToRange(newOffset)
    guard animated else {
      offset = target
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
      index >= 0 && index < count,
      "scrollToItem(at:alignment:animated:): index \(index) is out of bounds 0..<\(count)")
    let virtual = nearestVirtualIndex(forItemAt: index)
    if animated {
      animate(to: virtual, alignment: alignment)
    } else {
      stopMotion(at: motion.lastTime)
      offset = targetOffset(forVirtualIndex: virtual, alignment: alignment)
    }
  }

  /// Animates to a virtual index (used by keys and clients such as the banner's autoplay).
  public func animate(to virtualIndex: Int, alignment: ScrollAlignment = .resting) {
    layoutIfNeeded()
    let target = targetOffset(forVirtualIndex: virtualIndex, alignment: alignment)
    stopMotion(at: motion.lastTime)
    beginAnimation(to: target)
    motion.target = .item(virtualIndex: virtualIndex, alignment: alignment)
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
    stopMotion(at: motion.lastTime)
    beginAnimation(to: clampToRange(newOffset), duration: duration, timing: timing)
  }

  private func beginAnimation(
    to target: Double, duration: Double? = nil, timing: TimingCurve? = nil
  ) {
    motion.programmatic = true
    motion.phase = .animating
    motion.target = nil
    start(
      .timed(
        from: offset, to: target, duration: duration ?? motionConfiguration.animationDuration,
        timing: timing ?? motionConfiguration.timing), at: nil)
  }

  // MARK: Events

  @usableFromInline
  func deliverEvents() {
    guard !pendingEvents.isEmpty, callbackDepth == 0 else { return }
    let events = pendingEvents
    pendingEvents = []
    guard let delegate else { return }
    if events.contains(.didScroll) { delegate.virtualListDidScroll(self) }
    if events.contains(.didEndDecelerating) { delegate.virtualListDidEndDecelerating(self) }
    if events.contains(.didEndScrollingAnimation) {
      delegate.virtualListDidEndScrollingAnimation(self)
    }
  }
}
