import Foundation

extension ScrollMotion {
  // MARK: Dragging

  /// A pointer went down at `pointer` (a main-axis position, growing toward later items): stops
  /// any motion and starts following it. `startItem` is the item at rest, which limits a
  /// snapping fling to `maximumItemsPerFling` items from it.
  mutating func beginDrag(
    pointer: Double, time: ReelInstant, startItem: Int?, offset: inout Double
  ) {
    stop(at: time, offset: &offset)
    phase = .dragging
    needsRetarget = false
    dragStartOffset = offset
    dragStartPointer = pointer
    dragStartItem = startItem
    dragDirection = nil
    samples.reset()
    samples.add(pointer, at: time)
  }

  /// The pointer moved during a drag: the content follows it, rubber-banding past the edges of
  /// bounded content. Ignored when no drag is in progress.
  mutating func drag(
    pointer: Double, time: ReelInstant, offset: inout Double, in geometry: some ScrollGeometry
  ) {
    guard phase == .dragging else { return }
    samples.add(pointer, at: time)
    var raw = dragStartOffset - (pointer - dragStartPointer)
    if geometry.isBounded {
      let lo = geometry.minimumOffset
      let hi = geometry.maximumOffset
      let dimension = max(1, geometry.viewportExtent)
      if raw < lo {
        raw = lo - rubberBand(lo - raw, dimension: dimension)
      } else if raw > hi {
        raw = hi + rubberBand(raw - hi, dimension: dimension)
      }
    }
    if raw != offset { dragDirection = raw > offset ? .forward : .backward }
    offset = raw
  }

  private func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
    let c = configuration.rubberBandCoefficient
    guard c > 0 else { return 0 }
    return (1 - 1 / (overshoot * c / dimension + 1)) * dimension
  }

  // MARK: Releasing

  /// The motion a release would start, before the owner lets anyone (a delegate's
  /// `willEndDragging`) change its resting offset.
  struct ReleasePlan {
    /// When the release happened.
    var time: ReelInstant
    /// The release velocity in content points per second, positive toward later items.
    var velocity: Double
    /// The offset at the release.
    var origin: Double
    /// The free decay from the release.
    var natural: MotionCurve
    /// The planned resting offset: a snap target, the nearest edge, or the decay's end.
    var target: Double
    /// The item the content snaps to, if it snaps.
    var snapIndex: Int?
    /// Whether the release happened past an edge of bounded content.
    var outOfRange: Bool
  }

  /// Plans the motion after the pointer of a drag is lifted; `nil` when no drag is in progress.
  ///
  /// - Parameter velocity: in content points per second, positive toward later items (the
  ///   opposite of the finger's velocity); `nil` estimates it from the drag's samples.
  func planRelease(
    at time: ReelInstant, velocity: Double?, offset: Double, in geometry: some ScrollGeometry
  ) -> ReleasePlan? {
    guard phase == .dragging else { return nil }
    let v = velocity ?? -samples.velocity(at: time)
    let direction =
      abs(v) >= configuration.minimumFlingVelocity
      ? (v > 0 ? 1.0 : -1.0) : (offset - dragStartOffset).sign == .minus ? -1.0 : 1.0
    let moved = abs(offset - dragStartOffset) > 1e-9 || abs(v) > 0
    return plan(
      at: time, velocity: v, direction: moved ? direction : 0, startItem: dragStartItem,
      offset: offset, in: geometry)
  }

  /// Plans coming to rest from `offset` with a velocity (a release or a wheel pause).
  func plan(
    at time: ReelInstant, velocity v: Double, direction: Double, startItem: Int?, offset x0: Double,
    in geometry: some ScrollGeometry
  ) -> ReleasePlan {
    let natural = MotionCurve.decay(from: x0, velocity: v, rate: configuration.decelerationRate)
    let outOfRange = geometry.isOutside(x0)
    var target = natural.restingOffset
    var snapIndex: Int?
    if let snap = geometry.snapTarget(
      projected: outOfRange ? geometry.clamp(x0) : target, direction: direction,
      startItem: startItem)
    {
      target = snap.offset
      snapIndex = snap.virtualIndex
    } else if outOfRange {
      target = geometry.clamp(x0)
    }
    return ReleasePlan(
      time: time, velocity: v, origin: x0, natural: natural, target: target, snapIndex: snapIndex,
      outOfRange: outOfRange)
  }

  /// Starts a planned release toward `target` (the plan's own, or one a delegate chose).
  ///
  /// - Precondition: `target` is finite.
  mutating func startRelease(
    _ plan: ReleasePlan, target: Double, offset: inout Double, in geometry: some ScrollGeometry
  ) {
    precondition(target.isFinite, "a release must rest at a finite offset, got \(target)")
    programmatic = false
    phase = .decelerating
    lastVelocity = plan.velocity
    let x0 = plan.origin
    let v = plan.velocity
    let replaced = target != plan.target
    if plan.snapIndex != nil || plan.outOfRange || replaced {
      self.target =
        replaced ? nil : plan.snapIndex.map { ItemTarget(virtualIndex: $0, alignment: .resting) }
      start(
        snapCurve(from: x0, velocity: v, to: target, outOfRange: plan.outOfRange), at: plan.time,
        offset: &offset)
      return
    }
    self.target = nil
    headsForEnd = false
    var curve = plan.natural
    if geometry.isBounded {
      let lo = geometry.minimumOffset
      let hi = geometry.maximumOffset
      let edge = target < lo ? lo : target > hi ? hi : nil
      if let edge, case .decay(_, let distance, let logRate) = curve.shape, distance != 0 {
        let fraction = 1 - (edge - x0) / distance
        let crossing = fraction > 0 && fraction < 1 ? log(fraction) / logRate / 1000 : 0
        let speed = curve.shape.velocity(at: crossing)
        let bounce = MotionCurve.spring(from: edge, velocity: speed, to: edge, omega: springOmega)
        curve.edge = MotionCurve.Edge(time: crossing, offset: edge, bounce: bounce.shape)
        curve.duration = crossing + bounce.duration
      }
    }
    start(curve, at: plan.time, offset: &offset)
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

  /// Wheel input: moves the content by `delta` points, clamped; snapping content settles on an
  /// item once the wheel pauses. Ignored during a drag.
  mutating func scroll(
    byWheel delta: Double, time: ReelInstant, offset: inout Double,
    in geometry: some ScrollGeometry
  ) {
    guard phase != .dragging else { return }
    stop(at: time, offset: &offset)
    offset = geometry.clamp(offset + delta)
    if geometry.snapping != nil {
      phase = .wheeling
      lastWheel = time
      if delta != 0 { wheelDirection = delta > 0 ? 1 : -1 }
    }
  }

  /// A navigation key: snapping content animates to a neighbouring item (or a page of
  /// `itemsPerPage` items) from its target or `restingVirtualIndex`; other content by a line (the
  /// configured step, else the extent of the item at the offset) or a page. Returns whether the
  /// content moves.
  mutating func handle(
    _ key: NavigationKey, offset: inout Double, in geometry: some ScrollGeometry,
    restingVirtualIndex: () -> Int?, itemsPerPage: () -> Int
  ) -> Bool {
    guard geometry.itemCount > 0, phase != .dragging else { return false }
    if geometry.snapping != nil {
      let current: Int
      if let item = target, phase != .idle {
        current = item.virtualIndex
      } else {
        guard let item = restingVirtualIndex() else { return false }
        current = item
      }
      let perPage = max(1, itemsPerPage())
      let destination: Int
      switch key {
      case .backward: destination = current - 1
      case .forward: destination = current + 1
      case .pageBackward: destination = current - perPage
      case .pageForward: destination = current + perPage
      case .home, .end:
        let item = key == .home ? 0 : geometry.itemCount - 1
        // Cyclic: the copy of the item nearest the current one, the shortest way round.
        let count = geometry.itemCount
        let ahead = ((item - current) % count + count) % count
        destination =
          geometry.isBounded ? item : current + (ahead * 2 > count ? ahead - count : ahead)
      }
      let clamped = geometry.clampedIndex(destination) ?? destination
      animate(toVirtualIndex: clamped, alignment: .resting, offset: &offset, in: geometry)
      return true
    }
    let base = restingOffset ?? offset
    let line = configuration.lineStep ?? geometry.lineExtent(at: offset) ?? 40
    let page = max(line, geometry.viewportExtent - line)
    let target: Double
    switch key {
    case .backward: target = base - line
    case .forward: target = base + line
    case .pageBackward: target = base - page
    case .pageForward: target = base + page
    case .home, .end:
      if geometry.isBounded {
        target = key == .home ? geometry.minimumOffset : geometry.maximumOffset
      } else {
        // Cyclic: the first item at the start or the last at the end, in the loop nearest the
        // offset (the shortest way round).
        let item = key == .home ? 0 : geometry.itemCount - 1
        let alignment = key == .home ? ScrollAlignment.start : .end
        let first = geometry.targetOffset(forVirtualIndex: item, alignment: alignment, base: base)
        let period =
          geometry.targetOffset(
            forVirtualIndex: item + geometry.itemCount, alignment: alignment, base: base) - first
        target = period > 0 ? first + ((base - first) / period).rounded() * period : first
      }
    }
    let clamped = geometry.clamp(target)
    guard clamped != offset || isMoving else { return false }
    setContentOffset(clamped, animated: true, offset: &offset, in: geometry)
    headsForEnd = key == .end
    // Items measured on the way move what the key aimed at: the motion follows it.
    if !headsForEnd { aim = geometry.contentPoint(at: clamped) }
    return true
  }

  // MARK: Programmatic scrolling

  /// Moves to an offset, clamped, at once or with the configured animation.
  mutating func setContentOffset(
    _ newOffset: Double, animated: Bool, offset: inout Double, in geometry: some ScrollGeometry
  ) {
    stop(at: lastTime, offset: &offset)
    let target = geometry.clamp(newOffset)
    guard animated else {
      offset = target
      return
    }
    beginAnimation(to: target, offset: &offset)
  }

  /// Animates to an offset, clamped, over a duration with a timing curve.
  mutating func setContentOffset(
    _ newOffset: Double, duration: Double, timing: TimingCurve, offset: inout Double,
    in geometry: some ScrollGeometry
  ) {
    stop(at: lastTime, offset: &offset)
    beginAnimation(
      to: geometry.clamp(newOffset), duration: duration, timing: timing, offset: &offset)
  }

  /// Moves to the end of the content, at once or with the configured animation that keeps
  /// aiming at the end as content is appended or grows.
  mutating func scrollToEnd(animated: Bool, offset: inout Double, in geometry: some ScrollGeometry)
  {
    setContentOffset(geometry.maximumOffset, animated: animated, offset: &offset, in: geometry)
    headsForEnd = animated && isMoving
  }

  /// Animates to a virtual index at an alignment, and keeps aiming at it through changes.
  mutating func animate(
    toVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, offset: inout Double,
    in geometry: some ScrollGeometry
  ) {
    let destination = geometry.targetOffset(
      forVirtualIndex: virtualIndex, alignment: alignment, base: restingOffset ?? offset)
    stop(at: lastTime, offset: &offset)
    beginAnimation(to: destination, offset: &offset)
    target = ItemTarget(virtualIndex: virtualIndex, alignment: alignment)
  }

  /// Stops and moves to a virtual index at an alignment at once.
  mutating func jump(
    toVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, offset: inout Double,
    in geometry: some ScrollGeometry
  ) {
    stop(at: lastTime, offset: &offset)
    // The jump sees the current layout: nothing is left to re-aim.
    needsRetarget = false
    offset = geometry.targetOffset(
      forVirtualIndex: virtualIndex, alignment: alignment, base: offset)
  }

  private mutating func beginAnimation(
    to destination: Double, duration: Double? = nil, timing: TimingCurve? = nil,
    offset: inout Double
  ) {
    programmatic = true
    phase = .animating
    target = nil
    headsForEnd = false
    aim = nil
    start(
      .timed(
        from: offset, to: destination, duration: duration ?? configuration.animationDuration,
        timing: timing ?? configuration.timing), at: nil, offset: &offset)
  }
}
