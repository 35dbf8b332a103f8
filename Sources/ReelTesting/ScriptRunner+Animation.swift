import Reel

/// Animated snapshots: a snapshot applied with `updateAnimation` on, a second one arriving
/// mid-animation, then ticks to rest, with the frames checked at the retarget instant and the
/// resting placements compared with the same snapshots applied without animation.
extension ScriptRunner {
  func animatedSnapshot(_ seed: Int, _ changes: Int, _ midway: Int) {
    guard let diffable else { return }
    if list.isMoving || list.isAnimatingUpdates { list.settle(clock: clock) }
    let before = diffable.itemIdentifiers
    let twin = UnanimatedTwin(of: list, items: before)
    let previous = list.updateAnimation
    list.updateAnimation = .default
    defer { list.updateAnimation = previous }
    let first = randomSnapshot(seed, changes)
    applySnapshot(first.items, reconfigured: first.reconfigured)
    twin.apply(first.items)
    let frames = max(0, min(midway, 600)) / 16
    for _ in 0..<frames { animationFrame() }
    twin.run(frames: frames)
    let drawn = drawnFrames()
    let second = randomSnapshot(seed &+ 1, changes)
    applySnapshot(second.items, reconfigured: second.reconfigured)
    twin.apply(second.items)
    checkNoJump(from: drawn)
    var ticks = 0
    while (list.isAnimatingUpdates || list.isMoving) && ticks < 300 {
      animationFrame()
      ticks += 1
    }
    if list.isAnimatingUpdates {
      record(.animation, "the update animation still runs after \(ticks) frames (5 s)")
      return
    }
    checkAtRest()
    twin.settle()
    if !list.isMoving { compare(with: twin) }
  }

  /// One 16 ms frame, with every check.
  func animationFrame() {
    clock.advance(by: .milliseconds(16))
    list.tick(clock.now)
    check()
  }

  /// Every cell's frame and identity now.
  func drawnFrames() -> [ObjectIdentifier: (frame: Rect, identity: AnyHashable?)] {
    var frames: [ObjectIdentifier: (frame: Rect, identity: AnyHashable?)] = [:]
    for p in list.placements where !p.isPinned {
      frames[ObjectIdentifier(p.cell)] = (p.frame, subject.identityOfCell?(p.cell))
    }
    return frames
  }

  /// An update arriving mid-animation starts every cell from where it is drawn.
  func checkNoJump(from drawn: [ObjectIdentifier: (frame: Rect, identity: AnyHashable?)]) {
    let tolerance = epsilon * 10
    for p in list.placements where !p.isPinned {
      guard let old = drawn[ObjectIdentifier(p.cell)],
        old.identity == subject.identityOfCell?(p.cell)
      else { continue }
      let f = p.frame
      let g = old.frame
      if abs(f.minX - g.minX) > tolerance || abs(f.minY - g.minY) > tolerance
        || abs(f.width - g.width) > tolerance || abs(f.height - g.height) > tolerance
      {
        record(
          .animation,
          "at the retarget instant the cell of item \(p.index) jumped from \(g) to \(f): an "
            + "update mid-animation starts from where every cell is drawn")
      }
    }
  }

  /// At rest nothing fades, travels or departs.
  func checkAtRest() {
    if list.cellsDeparting > 0 {
      record(.animation, "at rest \(list.cellsDeparting) cells are still departing")
    }
    for p in list.placements where p.transition != nil || p.opacity != 1 {
      record(
        .animation,
        "at rest item \(p.index) still has opacity \(p.opacity) and transition "
          + "\(p.transition.map { "\($0.kind)" } ?? "none")")
      break
    }
  }

  /// The resting placements equal those of the same snapshots applied without animation.
  func compare(with twin: UnanimatedTwin) {
    let expected = framesByIndex(twin.list.placements)
    let actual = framesByIndex(list.placements)
    if let index = firstDifference(expected, actual) {
      record(
        .animation,
        "at rest item \(index) is drawn at \(actual[index] ?? []); the same snapshots applied "
          + "without animation place it at \(expected[index] ?? [])")
    }
  }

}

/// A list like the runner's (same layout with its measurements, axis, wrapping, overscan,
/// anchoring, viewport and offset) showing the same identifiers, that applies snapshots
/// without animation: the reference an animated update must come to rest on.
final class UnanimatedTwin {
  let list: VirtualList<RecordingCell>
  let dataSource: DiffableDataSource<RecordingCell, Int>

  init<Cell>(of original: VirtualList<Cell>, items: [Int]) {
    list = VirtualList<RecordingCell>(
      layout: original.layout, axis: original.axis, wrapping: original.wrapping,
      overscan: original.overscan)
    list.register("cell") { RecordingCell() }
    dataSource = DiffableDataSource(list: list) { list, index, _ in
      list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    }
    list.viewportSize = original.viewportSize
    dataSource.apply(ScriptRunner<Cell>.snapshot(items))
    list.layoutIfNeeded()
    list.anchoring = original.anchoring
    list.setContentOffset(original.contentOffset, animated: false)
    list.layoutIfNeeded()
  }

  /// Its own clock: motion depends only on the time elapsed.
  let clock = ManualClock()

  /// Ticks 16 ms frames, as the animated list does.
  func run(frames: Int) {
    for _ in 0..<frames {
      clock.advance(by: .milliseconds(16))
      list.tick(clock.now)
    }
  }

  /// Ticks until a motion the updates started (a snap back onto a page) ends.
  func settle() { list.settle(clock: clock) }

  func apply(_ items: [Int]) {
    dataSource.apply(ScriptRunner<RecordingCell>.snapshot(items))
    list.layoutIfNeeded()
  }
}
