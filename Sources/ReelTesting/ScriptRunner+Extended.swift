import Reel

/// The extended operations and their checks (``ConformanceOptions/extendedChecks``): calls from
/// inside callbacks, anchor-keeping swaps, idleness after re-measurement, and fling targets that
/// survive data changes.
extension ScriptRunner {
  func performExtended(_ op: ReelOperation) {
    switch op {
    case .callbackOffset(let x):
      guard count > 0, x.isFinite else { return }
      let target =
        list.wrapping == .bounded ? min(max(x, list.minimumOffset), list.maximumOffset) : x
      proxy.onWillDisplay = { $0.contentOffset = target }
      jumpAcross()
      list.layoutIfNeeded()
      proxy.onWillDisplay = nil
    case .callbackResize(let w, let h):
      guard count > 0 else { return }
      let size = Size(width: w.isFinite ? max(0, w) : 0, height: h.isFinite ? max(0, h) : 0)
      proxy.onCellForItem = { $0.viewportSize = size }
      jumpAcross()
      list.layoutIfNeeded()
      proxy.onCellForItem = nil
    case .swap(let kind): swap(kind.magnitudeModulo(4))
    case .remeasure(let at, let extent): remeasure(at, extent)
    case .flingChange(let velocity, let at, let k, let batch):
      flingChange(velocity, at, k, batch)
    default: break
    }
  }

  /// Moves the content far enough that cells enter the window, so the hooks run.
  func jumpAcross() {
    let jump = 3 * max(1, list.viewportExtent)
    if list.wrapping == .cyclic {
      list.setContentOffset(list.contentOffset + jump, animated: false)
    } else {
      let middle = (list.minimumOffset + list.maximumOffset) / 2
      list.setContentOffset(
        list.contentOffset > middle ? list.minimumOffset : list.maximumOffset, animated: false)
    }
  }

  // MARK: Anchoring

  /// The item a change must keep in place: the resting item in snapping lists, else the first
  /// one reaching into the viewport, with its main-axis position.
  struct AnchorProbe {
    var index: Int
    var position: Double
    var snapped: Bool
    /// The next item and its position, when the first one ends within the tolerance past the
    /// viewport's top: a rounding (a cyclic copy's frame is its first copy's, a whole loop
    /// away) decides which of the two the list counts as the first visible and keeps in place.
    var tiedNext: (index: Int, position: Double)? = nil

    /// Whether the item, or the tied next one, is at its position (`shift` indices on).
    func isKept(shift: Int = 0, by matches: (Int, Double) -> Bool) -> Bool {
      if matches(index + shift, position) { return true }
      guard let next = tiedNext else { return false }
      return matches(next.index + shift, next.position)
    }
  }

  func anchorProbe() -> AnchorProbe? {
    guard count > 0, list.viewportExtent > 0, list.scrollPhase == .idle else { return nil }
    if list.effectiveSnapping != nil {
      return list.restingDataIndex.map { AnchorProbe(index: $0, position: 0, snapped: true) }
    }
    let horizontal = list.axis == .horizontal
    let start = { (p: Placement<Cell>) in horizontal ? p.frame.minX : p.frame.minY }
    let end = { (p: Placement<Cell>) in horizontal ? p.frame.maxX : p.frame.maxY }
    guard let first = list.placements.first(where: { end($0) > 0 }) else { return nil }
    var probe = AnchorProbe(index: first.index, position: start(first), snapped: false)
    let tolerance = epsilon * 10
    if end(first) <= tolerance, let next = list.placements.first(where: { end($0) > tolerance }) {
      probe.tiedNext = (next.index, start(next))
    }
    return probe
  }

  func swap(_ kind: Int) {
    // A list that follows its end keeps the end, not the first visible item.
    let before = list.isFollowingEnd ? nil : anchorProbe()
    let name: String
    switch kind {
    case 0:
      list.axis = list.axis == .vertical ? .horizontal : .vertical
      name = "axis"
    case 1:
      // A cyclic list has no end: it is anchored at its start.
      if list.wrapping == .bounded { list.anchoring = .start }
      list.wrapping = list.wrapping == .bounded ? .cyclic : .bounded
      name = "wrapping"
    case 2:
      list.layout = initialLayout
      model?.forgetMeasurements()
      name = "layout"
    default:
      // Lanes change the geometry: only where the reference is the layout's own slots.
      guard var grid = list.layout as? UniformLayout, model.map({ $0.isLayoutSlots }) ?? true
      else { return }
      grid.lanes = grid.lanes % 3 + 1
      list.layout = grid
      name = "lanes"
    }
    list.layoutIfNeeded()
    guard options.extendedChecks, let before else { return }
    checkAnchor(before, after: name)
  }

  func checkAnchor(_ before: AnchorProbe, after change: String) {
    // An axis change into a viewport of no extent along the new axis shows nothing to anchor.
    guard list.viewportExtent > 0 else { return }
    let offset = list.contentOffset
    // Clamping into a new range may move the anchor, as it should.
    if list.wrapping == .bounded
      && (abs(offset - list.minimumOffset) <= epsilon
        || abs(offset - list.maximumOffset) <= epsilon)
    {
      return
    }
    if before.snapped {
      if list.restingDataIndex != before.index {
        record(
          .anchoring,
          "the \(change) change moved the resting item from \(before.index) to "
            + "\(list.restingDataIndex.map(String.init) ?? "none")")
      }
      return
    }
    let horizontal = list.axis == .horizontal
    let kept = before.isKept { index, position in
      list.placements.contains {
        $0.index == index
          && abs((horizontal ? $0.frame.minX : $0.frame.minY) - position) <= epsilon * 10
      }
    }
    // A change that shrinks the anchor item (a layout swap forgets its measurement) may leave
    // it wholly before the viewport at its kept start, and so not displayed.
    let extent = list.layout.slot(at: before.index).extent
    if !kept && before.position + extent > epsilon {
      let now = anchorProbe()
      record(
        .anchoring,
        "the \(change) change moved item \(before.index) from \(before.position); the first "
          + "visible item is now \(now.map { "\($0.index) at \($0.position)" } ?? "none")")
    }
  }

  // MARK: Idleness

  func remeasure(_ at: Int, _ extent: Double) {
    guard count > 0, list.layout.supportsMeasuredExtents, list.scrollPhase == .idle else { return }
    let i = at.magnitudeModulo(count)
    let e = extent.isFinite ? min(max(0, extent), 400) : 0
    list.setMeasuredExtent(e, forItemAt: i)
    model?.measure(at: i, extent: e)
    list.layoutIfNeeded()
    if options.extendedChecks && list.scrollPhase == .idle && list.needsFrames {
      record(.motion, "after measuring item \(i) at \(e) at rest, one pass left needsFrames true")
    }
    list.tick(clock.now)
    guard list.scrollPhase == .idle else { return }
    list.setMeasuredExtent(e, forItemAt: i)
    list.layoutIfNeeded()
    if options.extendedChecks && list.needsFrames {
      record(
        .motion,
        "measuring item \(i) again with the same extent \(e) left needsFrames true: not a no-op")
    }
  }

  // MARK: Bulk measurements

  /// Measures `k` items from `at` in one batch, in a shuffled order, one of them twice and one
  /// far away, with fractional extents: the anchor item keeps its place as with single
  /// measurements, and the reference model takes them one by one in the order recorded.
  func measureBatch(_ at: Int, _ k: Int, _ seed: Int) {
    guard count > 0, list.layout.supportsMeasuredExtents else { return }
    var rng = SplitMix64(seed: UInt64(truncatingIfNeeded: seed))
    let start = at.magnitudeModulo(count)
    var items = (0..<min(max(1, k), 64)).map { (start + $0) % count }
    items.shuffle(using: &rng)
    items.append(items[rng.int(in: 0...(items.count - 1))])
    items.append((start + count / 2) % count)
    let measurements = items.map { ($0, Double(rng.int(in: 0...2_800)) / 7) }
    // A list that follows its end keeps the end, not the first visible item.
    let before =
      options.extendedChecks && !list.isFollowingEnd && list.anchoring == .start
      ? anchorProbe() : nil
    list.measure { batch in
      for (index, extent) in measurements { batch.setExtent(extent, forItemAt: index) }
    }
    for (index, extent) in measurements { model?.measure(at: index, extent: extent) }
    if let before {
      list.layoutIfNeeded()
      checkAnchor(before, after: "measureBatch(\(start), \(k), \(seed))")
    }
  }

  // MARK: Fling targets

  /// The virtual index the motion in flight comes to rest on, if it aims at an item.
  /// The item the fling is headed for, as the list says, after checking that the list's
  /// motion does come to rest where that item rests.
  func flingTarget() -> Int? {
    guard list.isMoving, list.effectiveSnapping != nil, let v = list.motionTargetVirtualIndex
    else { return nil }
    let rest = list.restingOffset
    let itemRest = list.targetOffset(forVirtualIndex: v, alignment: .resting)
    if abs(itemRest - rest) > 1e-6 * max(1, abs(rest)) {
      record(
        .motion,
        "the motion is headed for item \(v), which rests at \(itemRest), but comes to rest at \(rest)"
      )
    }
    return v
  }

  /// Whether the item with this identity is where it rests: several items can share one
  /// resting offset (a bounded list whose items all fit, or its ends), and the resting item is
  /// then only one of them, so a fling aimed at another of them has still arrived.
  func restsAtItsPlace(_ identity: AnyHashable) -> Bool {
    let n = source.numberOfItems(in: list)
    guard
      let index = (0..<n).first(where: {
        source.virtualList(list, identifierForItemAt: $0) == identity
      })
    else { return false }
    let target = list.targetOffset(
      forVirtualIndex: list.nearestVirtualIndex(forItemAt: index), alignment: .resting)
    return abs(target - list.contentOffset) <= 1e-6 * max(1, abs(target))
  }

  func flingChange(_ velocity: Double, _ at: Int, _ k: Int, _ batch: Bool) {
    let canChange = sectioned == nil ? subject.mutate != nil : subject.mutateSections != nil
    guard count > 0, velocity.isFinite, canChange else { return }
    drag(velocity.sign == .minus ? -40 : 40, velocity)
    clock.advance(by: .milliseconds(32))
    list.tick(clock.now)
    let target = flingTarget()
    let identity = target.flatMap {
      source.virtualList(list, identifierForItemAt: $0.magnitudeModulo(count))
    }
    let k = min(max(1, k), options.maximumCount - count)
    guard k > 0 else { return }
    let position = at.magnitudeModulo(count + 1)
    if sectioned != nil {
      insertSectioned(at: at, count: k, batch: batch)
    } else if batch {
      self.batch(.insert(at: position, count: k)) { $0.insert(at: position..<(position + k)) }
    } else {
      change(.insert(at: position, count: k)) { self.list.reloadData() }
      // A reload cannot tell an insertion from changed items: measured extents stay with their
      // positions, as after any reload.
      model?.reload(count: count)
    }
    list.settle(clock: clock)
    guard options.extendedChecks, let identity, let resting = list.restingDataIndex,
      resting < max(0, source.numberOfItems(in: list))
    else { return }
    let landed = source.virtualList(list, identifierForItemAt: resting)
    if landed != identity && !restsAtItsPlace(identity) {
      record(
        .motion,
        "a fling toward \(identity) came to rest on \(landed.map { "\($0)" } ?? "nothing") "
          + "(index \(resting)) after \(k) items were inserted at \(sectioned == nil ? position : at) by "
          + (batch ? "a batch update" : "a reload"))
    }
  }
}

extension ReferenceModel {
  var isLayoutSlots: Bool {
    if case .layoutSlots = geometry { return true }
    return false
  }
}
