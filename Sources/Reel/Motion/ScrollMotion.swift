/// The motion of a list's content — drags, flings, snaps, edge bounces, wheel settling and
/// animated scrolls — as closed-form curves of time.
///
/// A plain value that owns all motion state and sees the content only through a
/// ``ScrollGeometry``: its methods take the content offset `inout` and record the end events
/// (``takeEvents()``) instead of calling a delegate. ``VirtualList`` forwards its scrolling API
/// here and asks its delegate in between (a release is ``planRelease(at:velocity:offset:in:)``,
/// then the delegate's `willEndDragging`, then ``startRelease(_:target:offset:in:)``).
///
/// The list tells the motion what changed under it: ``shift(by:items:)`` when the content moved
/// (cyclic recentring, anchoring corrections), ``layoutDidChange()`` when extents or the viewport
/// changed, ``remapTarget(toVirtualIndex:)`` when an update moved or deleted the target item, and
/// ``settleAfterLayout(offset:in:)`` in every layout pass, once the layout is prepared.
@usableFromInline
struct ScrollMotion {
  /// An item a motion is headed to, so that it can be re-aimed after a change.
  struct ItemTarget: Equatable {
    var virtualIndex: Int
    var alignment: ScrollAlignment
  }

  /// Tuning: deceleration, spring, animation, rubber-banding, wheel and key steps.
  var configuration = MotionConfiguration()
  /// What the content is doing now.
  @usableFromInline var phase = ScrollPhase.idle
  /// The curve the content follows while decelerating or animating. Replaced only through
  /// ``start(_:at:offset:)`` and ``shift(by:items:)``, which first fix ``lastVelocity`` (it may
  /// be worked out from this curve), and ``comeToRest()``, which sets it to 0.
  private(set) var curve: MotionCurve?
  /// When the curve started; `nil` means "at the next tick".
  var curveStart: ReelInstant?
  /// Whether the curve is a programmatic animation (it ends with `didEndScrollingAnimation`).
  var programmatic = false
  var target: ItemTarget?
  /// Whether the animation in flight heads for the end of the content wherever the end moves
  /// (`scrollToEnd`, the End key): a re-aim after a change aims at the new end, so content
  /// appended or grown during the animation does not leave it short.
  var headsForEnd = false
  /// The point of the content an animation without an item target is headed for (a navigation
  /// key's line or page, Home): a re-aim after a change aims at where that point is now, so
  /// that items measured on the way do not move where it lands.
  var aim: ContentPoint?
  /// Whether the motion must be re-aimed (at the next tick, or at the end of the pass at rest).
  @usableFromInline var needsRetarget = false
  /// The velocity set last (a release's, 0 at rest), when ``sampledTime`` is `nil` or no curve
  /// runs.
  private var setVelocity = 0.0
  /// The curve's time (seconds after its start) at the last tick that followed it, while the
  /// velocity there has not been asked for: a tick samples only the offset, and
  /// ``lastVelocity`` works the velocity out of the same curve at the same time when a re-aim
  /// needs it. Ignored while no curve runs (coming to rest leaves it).
  private var sampledTime: Double?
  var lastTime: ReelInstant?
  #if DEBUG
    /// Debug builds count the curve samples ticks take (one per tick that follows a curve).
    var curveSamples = 0
  #endif

  var dragStartOffset = 0.0
  var dragStartPointer = 0.0
  var dragStartItem: Int?
  /// Which way the last drag movement moved the content (`nil` until it moves).
  var dragDirection: MotionDirection?
  var samples = VelocityTracker()
  var lastWheel = ReelInstant.zero
  var wheelDirection = 0.0
  /// End events not yet taken by the owner.
  @usableFromInline var events = MotionEvents()

  // MARK: State

  /// Whether the content moves by itself (a fling, snap, bounce, animation or wheel settle).
  @inlinable var isMoving: Bool {
    phase == .decelerating || phase == .animating || phase == .wheeling
  }

  /// Whether the owner should keep ticking.
  @inlinable var needsFrames: Bool { isMoving || needsRetarget }

  /// Which way the content moves now, from `offset`: a drag's last movement, a curve's velocity
  /// (toward its resting offset before its first tick), a wheel's last step; `nil` at rest.
  ///
  /// - Complexity: O(1): at most one evaluation of the curve.
  func direction(offset: Double) -> MotionDirection? {
    let sign: Double
    switch phase {
    case .idle: return nil
    case .dragging: return dragDirection
    case .wheeling: sign = wheelDirection
    case .decelerating, .animating:
      let velocity = lastVelocity
      sign = velocity != 0 ? velocity : (restingOffset ?? offset) - offset
    }
    return sign > 0 ? .forward : sign < 0 ? .backward : nil
  }

  /// The velocity in points per second at the last tick (a release's velocity until the first
  /// tick of its curve, 0 at rest); setting it replaces the curve's.
  ///
  /// - Complexity: O(1): at most one evaluation of the curve.
  var lastVelocity: Double {
    get {
      if let sampledTime, let curve { return curve.velocity(at: sampledTime) }
      return setVelocity
    }
    set {
      setVelocity = newValue
      sampledTime = nil
    }
  }

  /// Fixes ``lastVelocity`` before the curve it may be read from changes.
  private mutating func settleVelocity() {
    if sampledTime != nil { lastVelocity = lastVelocity }
  }

  /// The offset the current curve comes to rest at; `nil` when no curve runs.
  var restingOffset: Double? { curve?.restingOffset }

  /// The virtual index of the item the motion is headed to, if it is headed to one.
  var targetVirtualIndex: Int? { target?.virtualIndex }

  /// The instant a wheel pause settles on an item, while wheeling.
  var nextDeadline: ReelInstant? {
    phase == .wheeling
      ? lastWheel.advanced(by: .nanoseconds(Int64(configuration.wheelSettleDelay * 1e9))) : nil
  }

  /// Returns the end events recorded since the last call, and forgets them.
  mutating func takeEvents() -> MotionEvents {
    defer { events = [] }
    return events
  }

  // MARK: Hooks for the owner

  /// The content moved under the motion by `delta` points and `items` virtual indices (cyclic
  /// recentring by whole periods, or an anchoring correction with `items: 0`): moves the curve,
  /// a drag's start offset and any item target with it, so nothing jumps.
  mutating func shift(by delta: Double, items: Int) {
    if curve != nil { shiftCurve(by: delta) }
    dragStartOffset += delta
    if let item = target {
      target = ItemTarget(virtualIndex: item.virtualIndex + items, alignment: item.alignment)
    }
    if items != 0, let point = aim {
      aim = ContentPoint(virtualIndex: point.virtualIndex + items, distance: point.distance)
    }
    if let item = dragStartItem { dragStartItem = item + items }
  }

  /// ``shift(by:items:)``'s part for a motion that follows a curve, apart: the content of a list
  /// at rest moves at every anchoring correction, and the curve's code (its samples inline an
  /// exponential) kept `shift` from being inlined there.
  @inline(never)
  private mutating func shiftCurve(by delta: Double) {
    // The velocity is the unshifted curve's: a shifted timed curve's may differ in the last bit.
    settleVelocity()
    curve = curve?.shifted(by: delta)
  }

  /// Extents, the viewport or the data changed: re-aim a motion in flight at the next tick, and
  /// check at the end of the pass that content at rest still rests on a valid position.
  mutating func layoutDidChange() {
    if phase == .decelerating || phase == .animating || phase == .idle { needsRetarget = true }
  }

  /// The data was reloaded: as ``layoutDidChange()``; an aimed point of the content is
  /// forgotten (its item may be gone or moved), and the motion keeps its destination.
  @usableFromInline
  mutating func dataDidReload() {
    aim = nil
    layoutDidChange()
  }

  /// An update moved the target item to another virtual index (`nil`: it was deleted, and the
  /// motion falls back to snapping or clamping). The motion is re-aimed at the next tick.
  mutating func remapTarget(toVirtualIndex virtualIndex: Int?) {
    guard let item = target else { return }
    target = virtualIndex.map { ItemTarget(virtualIndex: $0, alignment: item.alignment) }
    layoutDidChange()
  }

  /// Resolves a re-aim at rest once a layout pass has prepared the layout: clamps a bounded
  /// offset into range, and starts a snap (at the next tick) only when snapping content no
  /// longer rests on an item. Afterwards ``needsFrames`` is `true` only for a real snap.
  mutating func settleAfterLayout(offset: inout Double, in geometry: some ScrollGeometry) {
    guard needsRetarget, phase == .idle else { return }
    retarget(at: nil, offset: &offset, in: geometry)
  }

  // MARK: Time

  /// Advances the motion to `now`: re-aims it if the layout changed, follows the curve, and
  /// settles a wheel pause.
  ///
  /// - Complexity: O(1), plus a snap target lookup when re-aiming or settling.
  mutating func tick(to now: ReelInstant, offset: inout Double, in geometry: some ScrollGeometry) {
    if needsRetarget { retarget(at: now, offset: &offset, in: geometry) }
    if phase == .wheeling && wheelPauseEnded(at: now) {
      let plan = plan(
        at: now, velocity: 0, direction: wheelDirection, startItem: nil, offset: offset,
        in: geometry)
      startRelease(plan, target: plan.target, offset: &offset, in: geometry)
      lastTime = now  // the settling curve starts now: nothing to follow yet
      return
    }
    follow(to: now, offset: &offset)
  }

  /// Whether a tick at `now` consults the geometry (to re-aim, or to settle a wheel pause);
  /// when not, ``follow(to:offset:)`` is the whole tick.
  func tickNeedsGeometry(at now: ReelInstant) -> Bool {
    needsRetarget || (phase == .wheeling && wheelPauseEnded(at: now))
  }

  /// Whether re-aiming the motion asks no more of the content than its scrollable range (in
  /// content that does not snap, which the owner checks): a fling or an animation in flight
  /// headed for no item and not for the end, which a re-aim only keeps in range.
  var reaimNeedsOnlyTheRange: Bool {
    (phase == .decelerating || phase == .animating) && target == nil && !headsForEnd
      && aim == nil
  }

  /// A tick that needs no geometry: follows the curve, if any, to `now`.
  mutating func follow(to now: ReelInstant, offset: inout Double) {
    if phase == .decelerating || phase == .animating { advance(to: now, offset: &offset) }
    lastTime = now
  }

  private func wheelPauseEnded(at now: ReelInstant) -> Bool {
    now.seconds(since: lastWheel) >= configuration.wheelSettleDelay
  }

  /// Follows the curve to `now`; at its end, rests and records the end event.
  ///
  /// One sample of the curve's offset; the velocity is worked out only when asked for
  /// (``lastVelocity``).
  mutating func advance(to now: ReelInstant, offset: inout Double) {
    guard let curve else {
      phase = .idle
      return
    }
    let start: ReelInstant
    if let curveStart {
      start = curveStart
    } else {
      start = now
      curveStart = now
    }
    let t = now.seconds(since: start)
    if t >= curve.duration {
      offset = curve.restingOffset
      finishCurve()
    } else {
      let time = max(0, t)
      offset = curve.offset(at: time)
      sampledTime = time
      #if DEBUG
        curveSamples += 1
      #endif
    }
  }

  /// Stops any motion where it is at `time` (where it was last ticked when `nil`).
  mutating func stop(at time: ReelInstant?, offset: inout Double) {
    if let time, phase == .decelerating || phase == .animating {
      advance(to: time, offset: &offset)
    }
    comeToRest()
  }

  /// Whether the content is at rest with no end event to deliver: stopping it is
  /// ``comeToRest()``, which records no event.
  @inlinable var isIdleWithoutEvents: Bool { phase == .idle && events.isEmpty }

  /// Ends any motion: idle, no curve, no target, no velocity.
  @usableFromInline
  mutating func comeToRest() {
    phase = .idle
    // No curve: the velocity is the one set (the kept time is ignored until a curve starts).
    setVelocity = 0
    curve = nil
    curveStart = nil
    target = nil
    headsForEnd = false
    aim = nil
  }

  private mutating func finishCurve() {
    events.insert(programmatic ? .didEndScrollingAnimation : .didEndDecelerating)
    comeToRest()
  }

  var springOmega: Double { configuration.springFrequency }

  /// Runs a curve from `time` (the next tick when `nil`); a curve of no duration ends at once.
  mutating func start(_ curve: MotionCurve, at time: ReelInstant?, offset: inout Double) {
    // A motion planned now already sees the current layout.
    needsRetarget = false
    settleVelocity()
    self.curve = curve
    curveStart = time
    if curve.duration <= 0 {
      offset = curve.restingOffset
      finishCurve()
    }
  }

  // MARK: Re-aiming

  /// Re-aims a motion in flight (or settles content at rest) after the layout or data changed.
  private mutating func retarget(
    at now: ReelInstant?, offset: inout Double, in geometry: some ScrollGeometry
  ) {
    needsRetarget = false
    switch phase {
    case .decelerating, .animating:
      var destination: Double?
      if headsForEnd, geometry.isBounded {
        destination = geometry.maximumOffset
      } else if let item = target {
        if let index = geometry.clampedIndex(item.virtualIndex) {
          destination = geometry.targetOffset(
            forVirtualIndex: index, alignment: item.alignment, base: restingOffset ?? offset)
          target = ItemTarget(virtualIndex: index, alignment: item.alignment)
        }
      } else if let point = aim, let position = geometry.offset(of: point) {
        // A curve already headed there runs on unchanged.
        let aimed = geometry.clamp(position)
        if aimed != restingOffset { destination = aimed }
      } else if let snap = geometry.snapTarget(projected: offset, direction: 0, startItem: nil) {
        destination = snap.offset
        target = ItemTarget(virtualIndex: snap.virtualIndex, alignment: .resting)
      }
      // The velocity (worked out from the curve) is asked for only when a spring starts.
      if let destination {
        start(
          .spring(from: offset, velocity: lastVelocity, to: destination, omega: springOmega),
          at: now,
          offset: &offset)
      } else if geometry.isBounded {
        // Re-aim when the offset or the curve's destination left the (possibly shrunk) range.
        let resting = restingOffset ?? offset
        let outside = geometry.isOutside(offset)
        if outside || resting != geometry.clamp(resting) {
          let to = geometry.clamp(outside ? offset : resting)
          start(
            .spring(from: offset, velocity: lastVelocity, to: to, omega: springOmega), at: now,
            offset: &offset)
        }
      }
    case .idle:
      if let snap = geometry.snapTarget(projected: offset, direction: 0, startItem: nil),
        abs(snap.offset - offset) > 1e-6
      {
        programmatic = false
        phase = .decelerating
        target = ItemTarget(virtualIndex: snap.virtualIndex, alignment: .resting)
        start(
          .spring(from: offset, velocity: 0, to: snap.offset, omega: springOmega), at: now,
          offset: &offset)
      } else if geometry.isBounded {
        offset = geometry.clamp(offset)
      }
    case .dragging, .wheeling:
      break
    }
  }
}
