import ReelTesting
import Testing

@testable import Reel

/// A data source that records every cell it hands out and whether that cell was still
/// displayed (between willDisplay and didEndDisplaying) — as a departing cell is.
final class DepartureRecordingSource: VirtualListDataSource, VirtualListDelegate {
  var items: [Int]
  var handedOut: [ObjectIdentifier] = []
  var violations: [String] = []
  var endedDisplaying: [ObjectIdentifier] = []

  init(count: Int) { items = Array(0..<count) }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    if cell.isDisplayed { violations.append("cell \(cell) handed out while still displayed") }
    handedOut.append(ObjectIdentifier(cell))
    cell.item = items[index]
    return cell
  }

  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) { cell.isDisplayed = true }

  func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) {
    cell.isDisplayed = false
    endedDisplaying.append(ObjectIdentifier(cell))
  }
}

@Suite struct AnimatedUpdateTests {
  /// Frames by cell.
  static func frames(_ list: VirtualList<RecordingCell>) -> [ObjectIdentifier: Rect] {
    Dictionary(uniqueKeysWithValues: list.placements.map { (ObjectIdentifier($0.cell), $0.frame) })
  }

  @Test func updatesLandAtOnceByDefault() throws {
    let h = makeList(count: 100)
    #expect(h.list.updateAnimation == .none)
    h.list.tick(.zero)
    h.source.items.remove(at: 3)
    try h.list.performBatchUpdates { $0.delete(at: 3) }
    h.list.tick(.zero)  // the update's animations start at this tick
    #expect(!h.list.needsFrames || !h.list.isAnimatingUpdates)
    #expect(h.list.placements.allSatisfy { $0.transition == nil && $0.opacity == 1 })
    #expect(h.list.placements[3].frame.origin.y == 3 * 44)
  }

  @Test func survivorsTravelInsertedFadeInDeletedFadeOut() throws {
    let h = makeList(count: 100, viewport: Size(width: 300, height: 440))
    let list = h.list
    list.updateAnimation = .timed(duration: 0.3, curve: .linear)
    list.tick(.zero)
    let before = Self.frames(list)
    let deletedCell = ObjectIdentifier(list.placements[2].cell)
    let restingCell = ObjectIdentifier(list.placements[5].cell)
    // [0, 1, 2, 3, 4, 5, …] → [0, 1, 3, 4, -1, 5, …]
    h.source.items.remove(at: 2)
    h.source.items.insert(-1, at: 4)
    try list.performBatchUpdates {
      $0.delete(at: 2)
      $0.insert(at: 4)
    }
    list.tick(.zero)  // the update's animations start at this tick
    // Nothing moved yet: every surviving cell is drawn where it was.
    let now = list.placements
    for p in now where before[ObjectIdentifier(p.cell)] != nil {
      #expect(p.frame == before[ObjectIdentifier(p.cell)], "item \(p.index) jumped")
    }
    let departing = now.filter(\.isDeparting)
    #expect(departing.map { ObjectIdentifier($0.cell) } == [deletedCell])
    #expect(departing.first?.opacity == 1 && departing.first?.frame.origin.y == 88)
    let inserted = try #require(now.first { $0.index == 4 })
    #expect(inserted.transition?.kind == .appear && inserted.opacity == 0)
    #expect(list.needsFrames && list.isAnimatingUpdates)
    // Halfway (linear): old item 3 (now 2) is half way from 132 up to 88; item 5 did not move;
    // the deleted cell is half faded out and the inserted one half faded in.
    list.tick(ReelInstant(seconds: 0.15))
    let half = list.placements
    let moved = try #require(half.first { $0.index == 2 })
    #expect(moved.transition?.kind == .move && moved.transition?.progress == 0.5)
    #expect(moved.transition?.from.origin.y == 132 && moved.transition?.to.origin.y == 88)
    #expect(abs(moved.frame.origin.y - 110) < 1e-9)
    let resting = try #require(half.first { ObjectIdentifier($0.cell) == restingCell })
    #expect(resting.transition == nil && resting.frame.origin.y == 220)
    #expect(abs((half.first(where: \.isDeparting)?.opacity ?? 0) - 0.5) < 1e-9)
    #expect(abs((half.first { $0.index == 4 }?.opacity ?? 0) - 0.5) < 1e-9)
    #expect(list.invariantViolations().isEmpty)
    list.tick(ReelInstant(seconds: 0.3))
    #expect(!list.isAnimatingUpdates && !list.needsFrames && list.cellsDeparting == 0)
    #expect(list.placements.allSatisfy { $0.transition == nil && $0.opacity == 1 })
    #expect(list.placements.map(\.frame.origin.y) == list.placements.map { Double($0.index) * 44 })
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func anUpdateMidAnimationRetargetsWithoutAJump() throws {
    for animation in [UpdateAnimation.default, .timed(duration: 0.4)] {
      let h = makeList(count: 300, viewport: Size(width: 300, height: 500))
      let list = h.list
      list.contentOffset = 1_000
      list.updateAnimation = animation
      list.tick(.zero)
      h.source.items.removeSubrange(24..<27)
      try list.performBatchUpdates { $0.delete(at: [24, 25, 26]) }
      list.tick(.zero)  // the update's animations start at this tick
      list.tick(ReelInstant(seconds: 0.05))
      list.tick(ReelInstant(seconds: 0.1))
      let before = Self.frames(list)
      #expect(list.placements.contains { $0.transition?.kind == .move })
      h.source.items.insert(contentsOf: [-1, -2], at: 25)
      h.source.items.remove(at: 30)
      try list.performBatchUpdates {
        $0.insert(at: [25, 26])
        $0.delete(at: 30)
      }
      list.tick(ReelInstant(seconds: 0.1))  // the update's animations start at this tick
      let after = Self.frames(list)
      var compared = 0
      for (cell, frame) in after {
        guard let old = before[cell] else { continue }
        compared += 1
        #expect(abs(frame.origin.y - old.origin.y) < 1e-9, "\(animation): a cell jumped")
      }
      #expect(compared >= 10)
      list.tick(ReelInstant(seconds: 2))
      #expect(!list.isAnimatingUpdates && list.invariantViolations().isEmpty)
    }
  }

  @Test func departingCellsAreNeverHandedOutAndReturnToThePoolAfterwards() throws {
    let source = DepartureRecordingSource(count: 200)
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 50))
    list.register("cell", capacity: 20) { RecordingCell() }
    list.dataSource = source
    list.delegate = source
    list.viewportSize = Size(width: 300, height: 500)
    list.updateAnimation = .timed(duration: 0.5)
    list.tick(.zero)
    let deleted = list.placements.filter { (3..<7).contains($0.index) }.map {
      ObjectIdentifier($0.cell)
    }
    source.items.removeSubrange(3..<7)
    source.handedOut.removeAll()
    try list.performBatchUpdates { $0.delete(at: 3..<7) }
    list.tick(.zero)  // the update's animations start at this tick
    // Scroll during the animation: new cells are dequeued while the deleted ones depart.
    for frame in 1...20 {
      list.contentOffset += 20
      list.tick(ReelInstant(seconds: Double(frame) * 0.02))
      let departing = Set(list.placements.filter(\.isDeparting).map { ObjectIdentifier($0.cell) })
      #expect(departing == Set(deleted), "frame \(frame)")
    }
    #expect(source.handedOut.count > 4)
    #expect(source.handedOut.allSatisfy { !deleted.contains($0) })
    #expect(source.violations.isEmpty)
    #expect(source.endedDisplaying.allSatisfy { !deleted.contains($0) })
    let pooled = list.cellsPooled
    list.tick(ReelInstant(seconds: 0.5))
    #expect(list.cellsDeparting == 0)
    #expect(list.cellsPooled == pooled + 4)
    #expect(Set(source.endedDisplaying.suffix(4)) == Set(deleted))
    let inPool = list.state.pools.pooledCells(ReusePools<RecordingCell>.Key(index: 0)).map {
      ObjectIdentifier($0)
    }
    #expect(Set(deleted).isSubset(of: Set(inPool)))
    #expect(list.invariantViolations().isEmpty)
    #expect(source.violations.isEmpty)
  }

  @Test func scrollingMovesAnimatingCellsWithTheContent() throws {
    let h = makeList(count: 100, viewport: Size(width: 300, height: 400))
    h.list.updateAnimation = .default
    h.list.tick(.zero)
    h.source.items.remove(at: 1)
    try h.list.performBatchUpdates { $0.delete(at: 1) }
    h.list.tick(.zero)  // the update's animations start at this tick
    h.list.tick(ReelInstant(seconds: 0.05))
    let before = Self.frames(h.list)
    h.list.contentOffset += 13
    let after = Self.frames(h.list)
    #expect(after.count == before.count)
    for (cell, frame) in after {
      #expect(abs(frame.origin.y - ((before[cell]?.origin.y ?? .nan) - 13)) < 1e-9)
    }
  }

  @Test func turningAnimationOffEndsItAtOnce() throws {
    let h = makeList(count: 50)
    h.list.updateAnimation = .default
    h.list.tick(.zero)
    h.source.items.remove(at: 0)
    try h.list.performBatchUpdates { $0.delete(at: 0) }
    h.list.tick(.zero)  // the update's animations start at this tick
    #expect(h.list.cellsDeparting == 1)
    h.list.updateAnimation = .none
    #expect(h.list.cellsDeparting == 0 && !h.list.isAnimatingUpdates)
    #expect(h.list.placements.allSatisfy { $0.transition == nil })
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.source.violations.isEmpty)
  }

  /// A tap on a cell fading out of an animated delete selects nothing: its item is gone, and
  /// its old index now names another item.
  @Test func cellsAnimatingOutAreNotHit() throws {
    let h = makeList(count: 100, viewport: Size(width: 300, height: 440))
    let list = h.list
    list.selectionMode = .single
    list.updateAnimation = .timed(duration: 0.3, curve: .linear)
    list.tick(.zero)
    h.source.items.remove(at: 2)
    try list.performBatchUpdates { $0.delete(at: 2) }
    list.tick(.zero)  // the update's animations start at this tick
    let departing = try #require(list.placements.first { $0.isDeparting })
    let inside = Point(x: 10, y: departing.frame.midY)
    #expect(departing.frame.contains(inside))
    #expect(list.placement(at: inside) == nil, "only the departing cell is there")
    #expect(list.selectItem(at: inside) == nil)
    #expect(list.highlightItem(at: inside) == nil)
    #expect(list.indicesForSelectedItems.isEmpty)
    list.tick(ReelInstant(seconds: 0.3))
    #expect(list.placement(at: inside)?.index == 2, "the item that moved up is hit at rest")
    #expect(list.selectItem(at: inside) == 2)
  }
}
