import ReelTesting
import Testing

@testable import Reel

/// A strip of equal items seen through a viewport: the geometry `ScrollMotion` is tested
/// against, with no list. Snapping content rests with an item's start at the viewport's start.
struct MotionStrip: ScrollGeometry {
  var itemCount = 20
  var extent = 50.0
  var viewportExtent = 200.0
  var isBounded = true
  var snapping: Snapping?

  var minimumOffset: Double { isBounded ? 0 : -.infinity }
  var maximumOffset: Double {
    isBounded ? max(0, Double(itemCount) * extent - viewportExtent) : .infinity
  }

  func snapTarget(projected: Double, direction: Double, startItem: Int?)
    -> (offset: Double, virtualIndex: Int)?
  {
    guard let snapping, itemCount > 0 else { return nil }
    let below = (projected / extent).rounded(.down)
    let fraction = projected / extent - below
    var chosen = Int(below)
    if direction > 0 {
      if fraction >= snapping.threshold { chosen += 1 }
    } else if direction < 0 {
      if 1 - fraction < snapping.threshold { chosen += 1 }
    } else if fraction >= 0.5 {
      chosen += 1
    }
    if let limit = snapping.maximumItemsPerFling, let start = startItem {
      chosen = min(max(chosen, start - limit), start + limit)
    }
    if let index = clampedIndex(chosen) { chosen = index }
    return (clamp(Double(chosen) * extent), chosen)
  }

  func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, base: Double)
    -> Double
  {
    let start = Double(virtualIndex) * extent
    switch alignment {
    case .start, .resting: return clamp(start)
    case .center: return clamp(start + extent / 2 - viewportExtent / 2)
    case .end: return clamp(start + extent - viewportExtent)
    case .nearest:
      if start >= base && start + extent <= base + viewportExtent { return base }
      return clamp(start < base ? start : start + extent - viewportExtent)
    }
  }

  func lineExtent(at offset: Double) -> Double? { itemCount > 0 ? extent : nil }
}

/// A motion, its offset and a clock, driven frame by frame.
struct MotionDriver {
  var motion = ScrollMotion()
  var offset = 0.0
  var now = ReelInstant.zero
  var geometry: MotionStrip
  var events = MotionEvents()

  mutating func tick(seconds: Double) {
    tick(at: now.advanced(by: .nanoseconds(Int64((seconds * 1e9).rounded()))))
  }

  mutating func tick(at instant: ReelInstant) {
    now = instant
    motion.tick(to: now, offset: &offset, in: geometry)
    events.formUnion(motion.takeEvents())
  }

  /// Ticks at `fps` until nothing moves (at most `limit` seconds); returns the seconds taken.
  @discardableResult
  mutating func settle(fps: Double = 60, limit: Double = 30) -> Double {
    var elapsed = 0.0
    while motion.needsFrames && elapsed < limit {
      tick(seconds: 1 / fps)
      elapsed += 1 / fps
    }
    return elapsed
  }

  /// Drags from `pointer` by `distance` over `duration` at 60 fps, without releasing.
  mutating func drag(from pointer: Double, by distance: Double, over duration: Double) {
    motion.beginDrag(pointer: pointer, time: now, startItem: nil, offset: &offset)
    let steps = max(1, Int(duration * 60))
    for i in 1...steps {
      now = now.advanced(by: .nanoseconds(Int64((duration / Double(steps) * 1e9).rounded())))
      let p = pointer + distance * Double(i) / Double(steps)
      motion.drag(pointer: p, time: now, offset: &offset, in: geometry)
    }
  }

  /// Releases the drag with the planned target (or `target` instead); returns the plan.
  @discardableResult
  mutating func release(velocity: Double? = nil, target: Double? = nil)
    -> ScrollMotion.ReleasePlan?
  {
    guard let plan = motion.planRelease(at: now, velocity: velocity, offset: offset, in: geometry)
    else { return nil }
    motion.startRelease(plan, target: target ?? plan.target, offset: &offset, in: geometry)
    events.formUnion(motion.takeEvents())
    return plan
  }
}

@Suite struct ScrollMotionTests {
  @Test func dragFollowsThePointerAndRubberBandsPastTheEdges() {
    var d = MotionDriver(offset: 100, geometry: MotionStrip())
    d.motion.beginDrag(pointer: 300, time: d.now, startItem: nil, offset: &d.offset)
    d.motion.drag(pointer: 260, time: d.now, offset: &d.offset, in: d.geometry)
    #expect(d.offset == 140)
    d.motion.drag(pointer: 500, time: d.now, offset: &d.offset, in: d.geometry)
    let c = d.motion.configuration.rubberBandCoefficient
    let v = d.geometry.viewportExtent
    #expect(d.offset == -(1 - 1 / (100 * c / v + 1)) * v)
    d.motion.drag(pointer: -700, time: d.now, offset: &d.offset, in: d.geometry)
    let past = 100 + 1_000 - d.geometry.maximumOffset
    #expect(d.offset == d.geometry.maximumOffset + (1 - 1 / (past * c / v + 1)) * v)
  }

  @Test func anAnchoringShiftMovesADragInProgress() {
    var d = MotionDriver(offset: 100, geometry: MotionStrip())
    d.motion.beginDrag(pointer: 300, time: d.now, startItem: nil, offset: &d.offset)
    d.motion.drag(pointer: 280, time: d.now, offset: &d.offset, in: d.geometry)
    #expect(d.offset == 120)
    d.motion.shift(by: 50, items: 0)
    d.offset += 50
    d.motion.drag(pointer: 280, time: d.now, offset: &d.offset, in: d.geometry)
    #expect(d.offset == 170, "an unmoved pointer keeps the corrected offset")
    d.motion.drag(pointer: 270, time: d.now, offset: &d.offset, in: d.geometry)
    #expect(d.offset == 180)
  }

  @Test func releasesRestExactlyOnTheItemTheGeometryChose() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let strip = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
      let start = Double(random.int(in: 0...15)) * strip.extent
      var d = MotionDriver(offset: start, geometry: strip)
      d.drag(
        from: 300, by: random.double(in: -400..<400), over: random.double(in: 0.05..<0.5))
      let released = d.offset
      guard let plan = d.release() else {
        Issue.record("no drag to release, seed \(seed)")
        return
      }
      // The geometry's choice for the projected offset, in the direction of the release.
      let moved = released - start
      let direction =
        abs(plan.velocity) >= d.motion.configuration.minimumFlingVelocity
        ? (plan.velocity > 0 ? 1.0 : -1.0)
        : moved == 0 && plan.velocity == 0 ? 0 : moved < 0 ? -1 : 1
      let projected =
        strip.isOutside(released) ? strip.clamp(released) : plan.natural.restingOffset
      let expected = strip.snapTarget(projected: projected, direction: direction, startItem: nil)
      #expect(plan.target == expected?.offset, "seed \(seed)")
      #expect(plan.snapIndex == expected?.virtualIndex, "seed \(seed)")
      d.settle()
      #expect(d.offset == expected?.offset, "seed \(seed)")
      #expect(d.motion.phase == .idle && !d.motion.needsFrames, "seed \(seed)")
      #expect(d.events == [.didEndDecelerating], "seed \(seed)")
    }
  }

  @Test func aTargetChosenForTheReleaseReplacesThePlannedOne() {
    var d = MotionDriver(offset: 300, geometry: MotionStrip())
    d.drag(from: 300, by: -60, over: 0.1)
    let plan = d.release(target: 123)
    #expect(plan != nil && plan?.target != 123)
    #expect(d.motion.targetVirtualIndex == nil)
    d.settle()
    #expect(d.offset == 123)
    #expect(d.events == [.didEndDecelerating])
  }

  @Test func curvesAgreeAtEveryFrameRate() {
    var traces: [[Double]] = []
    for fps in [30.0, 60, 120, 144] {
      var d = MotionDriver(offset: 0, geometry: MotionStrip(itemCount: 10, isBounded: false))
      d.motion.beginDrag(pointer: 0, time: d.now, startItem: nil, offset: &d.offset)
      d.release(velocity: 2_500)
      var trace: [Double] = []
      // Ticks at `fps`, sampling at every 1/6 s, an instant common to all four rates.
      let perSample = Int(fps / 6)
      for frame in 1...(12 * perSample) {
        d.tick(at: ReelInstant(nanoseconds: Int64((Double(frame) / fps * 1e9).rounded())))
        if frame % perSample == 0 { trace.append(d.offset) }
      }
      traces.append(trace)
    }
    for trace in traces.dropFirst() {
      for (a, b) in zip(trace, traces[0]) { #expect(a == b) }
    }
    #expect(traces[0].last != traces[0].first)
  }

  @Test func aShiftMovesTheCurveAndTheTargetItem() {
    let strip = MotionStrip(
      itemCount: 10, isBounded: false, snapping: Snapping(alignment: .start(inset: 0)))
    var shifted = MotionDriver(offset: 0, geometry: strip)
    shifted.motion.animate(
      toVirtualIndex: 7, alignment: .resting, offset: &shifted.offset, in: strip)
    var twin = shifted
    shifted.tick(seconds: 0.1)
    twin.tick(seconds: 0.1)
    let period = Double(strip.itemCount) * strip.extent
    shifted.motion.shift(by: -period, items: -strip.itemCount)
    shifted.offset -= period
    #expect(shifted.motion.targetVirtualIndex == 7 - strip.itemCount)
    #expect(shifted.motion.restingOffset == twin.motion.restingOffset.map { $0 - period })
    shifted.tick(seconds: 0.1)
    twin.tick(seconds: 0.1)
    #expect(abs(shifted.offset - (twin.offset - period)) < 1e-9)
  }

  @Test func aRemappedTargetIsWhereTheMotionRests() {
    var d = MotionDriver(offset: 0, geometry: MotionStrip())
    d.motion.animate(toVirtualIndex: 6, alignment: .start, offset: &d.offset, in: d.geometry)
    d.tick(seconds: 0.1)
    d.motion.remapTarget(toVirtualIndex: 8)
    #expect(d.motion.targetVirtualIndex == 8)
    d.settle()
    #expect(d.offset == d.geometry.targetOffset(forVirtualIndex: 8, alignment: .start, base: 0))
    #expect(d.events == [.didEndScrollingAnimation])

    // A deleted target: a snapping strip still comes to rest on an item.
    let snapping = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
    var e = MotionDriver(offset: 0, geometry: snapping)
    e.motion.animate(toVirtualIndex: 6, alignment: .resting, offset: &e.offset, in: snapping)
    e.tick(seconds: 0.13)
    e.motion.remapTarget(toVirtualIndex: nil)
    #expect(e.motion.targetVirtualIndex == nil)
    e.settle()
    #expect(e.motion.phase == .idle)
    #expect(
      snapping.snapTarget(projected: e.offset, direction: 0, startItem: nil)?.offset == e.offset)
  }

  @Test func aChangeAtRestIsResolvedWhenTheLayoutIsReady() {
    let snapping = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
    // On an item: nothing to do, nothing to tick.
    var d = MotionDriver(offset: 150, geometry: snapping)
    d.motion.layoutDidChange()
    #expect(d.motion.needsFrames)
    d.motion.settleAfterLayout(offset: &d.offset, in: snapping)
    #expect(!d.motion.needsFrames && d.motion.phase == .idle && d.offset == 150)

    // Off an item: a real snap, the only reason to keep ticking.
    var e = MotionDriver(offset: 170, geometry: snapping)
    e.motion.layoutDidChange()
    e.motion.settleAfterLayout(offset: &e.offset, in: snapping)
    #expect(e.motion.needsFrames && e.motion.phase == .decelerating)
    e.settle()
    #expect(e.offset == snapping.snapTarget(projected: 170, direction: 0, startItem: nil)?.offset)

    // Out of range after the content shrank: clamped at once.
    var f = MotionDriver(offset: 900, geometry: MotionStrip())
    f.motion.layoutDidChange()
    f.motion.settleAfterLayout(offset: &f.offset, in: f.geometry)
    #expect(f.offset == f.geometry.maximumOffset && !f.motion.needsFrames)
  }

  @Test func aWheelPauseSettlesInTheWheelsDirection() {
    let strip = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
    var d = MotionDriver(offset: 0, geometry: strip)
    d.motion.scroll(byWheel: 20, time: d.now, offset: &d.offset, in: strip)
    #expect(d.offset == 20 && d.motion.phase == .wheeling)
    let delay = d.motion.configuration.wheelSettleDelay
    #expect(d.motion.nextDeadline?.seconds(since: d.now) == delay)
    d.tick(seconds: delay - 0.01)
    #expect(d.motion.phase == .wheeling && d.offset == 20)
    d.tick(seconds: 0.01)
    #expect(d.motion.phase == .decelerating)
    d.settle()
    #expect(d.offset == strip.snapTarget(projected: 20, direction: 1, startItem: nil)?.offset)
    #expect(d.offset != strip.snapTarget(projected: 20, direction: 0, startItem: nil)?.offset)
  }

  @Test func keysStepByTheGeometrysLineOrByItems() {
    var d = MotionDriver(offset: 0, geometry: MotionStrip(extent: 70))
    #expect(
      d.motion.handle(
        .forward, offset: &d.offset, in: d.geometry, restingVirtualIndex: { nil },
        itemsPerPage: { 1 }))
    d.settle()
    #expect(d.offset == 70)
    d.motion.configuration.lineStep = 30
    #expect(
      d.motion.handle(
        .pageForward, offset: &d.offset, in: d.geometry, restingVirtualIndex: { nil },
        itemsPerPage: { 1 }))
    d.settle()
    #expect(d.offset == 70 + d.geometry.viewportExtent - 30)

    let strip = MotionStrip(snapping: Snapping(alignment: .start(inset: 0)))
    var e = MotionDriver(offset: 150, geometry: strip)
    #expect(
      e.motion.handle(
        .pageForward, offset: &e.offset, in: strip, restingVirtualIndex: { 3 }, itemsPerPage: { 4 })
    )
    #expect(e.motion.targetVirtualIndex == 7)
    e.settle()
    #expect(e.offset == strip.targetOffset(forVirtualIndex: 7, alignment: .resting, base: 0))
  }

  @Test func randomInputAlwaysComesToRestOnAValidPosition() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SplitMix64(seed: seed)
    for script in 0..<100 {
      var strip = MotionStrip(
        itemCount: random.int(in: 1...30), isBounded: random.int(in: 0...1) == 0)
      if random.int(in: 0...1) == 0 { strip.snapping = Snapping(alignment: .start(inset: 0)) }
      var d = MotionDriver(offset: 0, geometry: strip)
      for _ in 0..<random.int(in: 1...12) {
        switch random.int(in: 0...6) {
        case 0: d.drag(from: 300, by: random.double(in: -500..<500), over: 0.1)
        case 1: d.release(velocity: random.double(in: -4_000..<4_000))
        case 2:
          d.motion.scroll(
            byWheel: random.double(in: -90..<90), time: d.now, offset: &d.offset, in: strip)
        case 3:
          _ = d.motion.handle(
            .forward, offset: &d.offset, in: strip, restingVirtualIndex: { 0 }, itemsPerPage: { 2 })
        case 4: d.motion.layoutDidChange()
        case 5:
          let alignment: ScrollAlignment = strip.snapping == nil ? .center : .resting
          d.motion.animate(
            toVirtualIndex: random.int(in: -5...40), alignment: alignment, offset: &d.offset,
            in: strip)
        default: break
        }
        d.tick(seconds: random.double(in: 0..<0.2))
      }
      d.release()
      d.settle()
      let context = "seed \(seed) script \(script)"
      #expect(d.motion.phase == .idle && !d.motion.needsFrames, "\(context)")
      #expect(d.offset == strip.clamp(d.offset), "\(context)")
      if let snap = strip.snapTarget(projected: d.offset, direction: 0, startItem: nil) {
        #expect(abs(snap.offset - d.offset) < 1e-6, "\(context): rests off an item at \(d.offset)")
      }
    }
  }
}
