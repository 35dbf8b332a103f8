import ReelTesting
import Testing

@testable import Reel

/// A `Placements` value is a snapshot: the pinned header's and the animations' placements are
/// worked out when it is taken, in storage the list reuses only once no snapshot holds it.
@Suite struct PlacementSnapshotTests {
  /// What a snapshot draws, as comparable values (not the cells' contents: a later pass
  /// reconfigures the cells a held snapshot still names).
  func drawn(_ placements: Placements<GroupCell>) -> [String] {
    placements.map { "\($0.index) \($0.kind) \($0.frame.minY) \($0.isPinned)" }
  }

  func pinnedList() -> (VirtualList<GroupCell>, Groups) {
    let groups = Groups(makeGroups([6, 6, 6, 6, 6, 6]), headers: true)
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 20), overscan: 0)
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 60)
    list.pinsSectionHeaders = true
    return (list, groups)
  }

  @Test func aHeldSnapshotKeepsItsPinnedHeaderWhileTheListScrolls() {
    let (list, groups) = pinnedList()
    list.contentOffset = 45  // section 0's header pinned, its row out of the window
    let held = list.placements
    let before = drawn(held)
    #expect(held.last?.isPinned == true && held.last?.index == 0)
    list.contentOffset = 290  // section 2's header pinned, its row in the window
    let next = list.placements
    #expect(next.last?.isPinned == true && next.last?.index == 14)
    #expect(drawn(held) == before, "the held snapshot changed under the newer one")
    #expect(drawn(next) != before)
    withExtendedLifetime(groups) {}
  }

  /// Every property of a placement, as one comparable value.
  func described(_ placement: Placement<RecordingCell>) -> String {
    let frame = placement.frame
    return
      "\(placement.virtualIndex) \(placement.index) \(placement.kind) "
      + "\(frame.minX) \(frame.minY) \(frame.width) \(frame.height) \(placement.isPinned) "
      + "\(placement.isSelected) \(placement.isHighlighted) \(placement.opacity) "
      + "\(String(describing: placement.transition)) \(ObjectIdentifier(placement.cell))"
  }

  /// 100 rows of 20 points in a viewport of 60, without overscan: offset `y` shows rows
  /// `y / 20` on, the first at `-(y mod 20)`.
  func rows() -> Harness {
    makeList(
      count: 100, layout: UniformLayout(extent: 20), viewport: Size(width: 100, height: 60),
      overscan: 0)
  }

  @Test func aHeldPlacementKeepsItsValuesWhileTheListScrollsAndSelects() {
    let harness = rows()
    let list = harness.list
    list.selectionMode = .single
    list.contentOffset = 30
    // A placement alone, without its snapshot, from a plain snapshot.
    let plain = list.placements[1]
    let plainBefore = described(plain)
    #expect(plain.index == 2 && plain.virtualIndex == 2 && plain.frame.minY == 10)
    #expect(!plain.isSelected && plain.opacity == 1 && plain.transition == nil)
    // The next snapshot is resolved (an item is selected) and the one after it plain again:
    // neither may write over what is held.
    #expect(list.selectItem(at: 3))
    list.contentOffset = 50
    let resolved = list.placements
    #expect(resolved.map(\.index) == [2, 3, 4, 5])
    #expect(resolved.map(\.isSelected) == [false, true, false, false])
    #expect(resolved[1].frame.minY == 10 && resolved[1].virtualIndex == 3)
    let resolvedBefore = resolved.map(described)
    list.deselectAll()
    list.contentOffset = 95
    let plainAgain = list.placements
    #expect(plainAgain.map(\.index) == [4, 5, 6, 7])
    #expect(plainAgain.allSatisfy { !$0.isSelected } && plainAgain[0].frame.minY == -15)
    #expect(described(plain) == plainBefore, "a held plain placement changed")
    #expect(resolved.map(described) == resolvedBefore, "a held resolved snapshot changed")
    withExtendedLifetime(harness) {}
  }

  @Test func theListReusesItsSnapshotOnlyWhileNothingHoldsIt() {
    let harness = rows()
    let list = harness.list
    list.contentOffset = 30
    let first = ObjectIdentifier(list.placements.snapshot)
    // Dropped at once: the next frame refills the same storage.
    list.contentOffset = 40
    #expect(ObjectIdentifier(list.placements.snapshot) == first)
    // Held through one placement: the next frame gets storage of its own.
    let held = list.placements[0]
    list.contentOffset = 50
    let next = list.placements
    #expect(ObjectIdentifier(next.snapshot) != ObjectIdentifier(held.snapshot))
    #expect(held.index == 2 && held.frame.minY == 0)
    #expect(next[0].index == 2 && next[0].frame.minY == -10)
    withExtendedLifetime(harness) {}
  }

  /// The frames a list's current geometry gives its window's slots, in window order.
  func expectedFrames(_ list: VirtualList<RecordingCell>) -> [Rect] {
    let geometry = list.geometry
    let start = list.state.window.start
    return (0..<list.state.window.entries.count).map {
      geometry.frame(of: list.layout.slot(at: start + $0))
    }
  }

  @Test func theReusedSnapshotReadsFramesInEveryAxisDirectionAndMode() {
    let harness = makeList(
      count: 100, layout: UniformLayout(extent: 20), viewport: Size(width: 100, height: 60),
      overscan: 1)
    let list = harness.list
    list.selectionMode = .single
    let snapshot = ObjectIdentifier(list.placements.snapshot)
    var offset = 30.0
    // Each step changes the geometry's orientation or the snapshot's mode (a selection
    // resolves it) while the list refills the same snapshot: its read mode must follow both.
    let steps: [(Axis, LayoutDirection, Bool, PlacementReadMode)] = [
      (.vertical, .leftToRight, false, .upright), (.vertical, .rightToLeft, false, .rotated),
      (.horizontal, .rightToLeft, false, .rotated), (.horizontal, .leftToRight, false, .rotated),
      (.horizontal, .leftToRight, true, .resolved), (.vertical, .leftToRight, true, .resolved),
      (.vertical, .leftToRight, false, .upright), (.vertical, .rightToLeft, true, .resolved),
      (.vertical, .rightToLeft, false, .rotated), (.vertical, .leftToRight, false, .upright),
    ]
    for (step, (axis, direction, selects, mode)) in steps.enumerated() {
      list.axis = axis
      list.direction = direction
      if selects { _ = list.selectItem(at: 40) } else { list.deselectAll() }
      offset += 7
      list.contentOffset = offset
      let placements = list.placements
      #expect(ObjectIdentifier(placements.snapshot) == snapshot, "step \(step): a new snapshot")
      #expect(placements.snapshot.readMode == mode, "step \(step)")
      #expect(placements.snapshot.isResolved == selects, "step \(step)")
      #expect(placements.map(\.frame) == expectedFrames(list), "step \(step)")
      #expect(
        placements.map(\.index)
          == (0..<placements.count).map { list.state.window.entries[$0].index },
        "step \(step)")
    }
    withExtendedLifetime(harness) {}
  }

  @Test func aPlacementMadeWithoutAListReportsWhatItWasGiven() {
    let cell = RecordingCell()
    let transition = PlacementTransition(
      kind: .disappear, from: Rect(x: 0, y: 0, width: 10, height: 5),
      to: Rect(x: 0, y: 20, width: 10, height: 5), progress: 0.25)
    let placement = Placement(
      virtualIndex: -7, index: 3, cell: cell, frame: Rect(x: 1, y: 2, width: 3, height: 4),
      kind: .footer, isPinned: true, opacity: 0.5, transition: transition, isSelected: true,
      isHighlighted: true)
    #expect(placement.virtualIndex == -7 && placement.index == 3 && placement.cell === cell)
    #expect(placement.frame == Rect(x: 1, y: 2, width: 3, height: 4))
    #expect(placement.kind == .footer && placement.isPinned && placement.zIndex == 1)
    #expect(placement.isSelected && placement.isHighlighted && placement.isDeparting)
    #expect(placement.opacity == 0.5 && placement.transition == transition)
    let plain = Placement(
      virtualIndex: 0, index: 0, cell: cell, frame: Rect(x: 0, y: 0, width: 0, height: 0))
    #expect(plain.kind == .item && !plain.isPinned && !plain.isSelected && !plain.isHighlighted)
    #expect(plain.opacity == 1 && plain.transition == nil && plain.zIndex == 0)
  }

  @Test func aPlacementMadeWithoutAListGivesBackItsTransitionBitForBit() {
    // A resolved placement keeps its transition's ends as slots and works the frames out when
    // read: a hand-made one's must come back exactly as given, signed zeros included.
    let cell = RecordingCell()
    let from = Rect(x: -0.0, y: -0.0, width: 0.1 + 0.2, height: 1e-300)
    let to = Rect(x: 1e300, y: -123.456, width: .leastNonzeroMagnitude, height: 0)
    let placement = Placement(
      virtualIndex: 0, index: 0, cell: cell, frame: Rect(x: 0, y: 0, width: 1, height: 1),
      transition: PlacementTransition(kind: .move, from: from, to: to, progress: 0.5))
    let bits = { (r: Rect) in
      [r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern]
    }
    let transition = placement.transition
    #expect(transition.map { bits($0.from) } == bits(from))
    #expect(transition.map { bits($0.to) } == bits(to))
    #expect(transition?.kind == .move && transition?.progress == 0.5 && !placement.isDeparting)
  }

  @Test func aHeldAnimatedSnapshotKeepsItsTransitionsWhileTheListScrolls() throws {
    // The transitions' frames are worked out when read, with the geometry of the snapshot that
    // was taken, not the list's current one.
    let harness = rows()
    let list = harness.list
    list.updateAnimation = .timed(duration: 1)
    list.tick(.zero)
    harness.source.items.remove(at: 1)
    try list.performBatchUpdates { $0.delete(at: 1) }
    list.tick(ReelInstant(seconds: 0.25))
    let held = list.placements
    let before = held.map { $0.transition }
    #expect(before.contains { $0?.kind == .move } && before.contains { $0?.kind == .disappear })
    list.contentOffset += 13
    list.tick(ReelInstant(seconds: 0.5))
    let moved = list.placements
    #expect(held.map { $0.transition } == before, "a held snapshot's transitions changed")
    #expect(
      moved.compactMap { $0.transition?.to } != before.compactMap { $0?.to },
      "the list's next snapshot did not move with the scroll")
  }

  @Test func snapshotsWithoutAnythingPinnedCountOnlyTheWindow() {
    let (list, groups) = pinnedList()
    list.contentOffset = 45
    #expect(list.placements.count == list.cellsDisplayed)
    list.pinsSectionHeaders = false
    let placements = list.placements
    #expect(placements.count == list.cellsDisplayed)
    #expect(placements.allSatisfy { !$0.isPinned && $0.transition == nil && $0.opacity == 1 })
    withExtendedLifetime(groups) {}
  }

  /// A weak reference to a cell.
  final class Watched {
    weak var cell: RecordingCell?
    init(_ cell: RecordingCell) { self.cell = cell }
  }

  /// The placements of a list of 100 rows mid-way through an animated delete: survivors
  /// travelling and the deleted row's cell departing. Nothing else holds the list.
  func animatedSnapshotOfAListThatIsGone() throws -> Placements<RecordingCell> {
    let harness = rows()
    let list = harness.list
    list.updateAnimation = .timed(duration: 1)
    list.tick(.zero)
    harness.source.items.remove(at: 1)
    try list.performBatchUpdates { $0.delete(at: 1) }
    list.tick(ReelInstant(seconds: 0.5))
    return list.placements
  }

  @Test func aHeldAnimatedSnapshotKeepsTheCellsItDrawsAliveAfterTheListIsGone() throws {
    // Resolved placements hold their cells unretained: the snapshot's window entries and its
    // held cells (a departing one here) keep every cell it draws alive, and only those.
    var held: Placements<RecordingCell>? = try animatedSnapshotOfAListThatIsGone()
    #expect(held!.contains { $0.isDeparting } && held!.contains { $0.transition?.kind == .move })
    let watched = held!.map { Watched($0.cell) }
    #expect(watched.allSatisfy { $0.cell != nil }, "a drawn cell died while its snapshot lives")
    #expect(zip(held!, watched).allSatisfy { $0.cell === $1.cell })
    #expect(held!.map(\.index) == [0, 1, 2, 1])
    held = nil
    #expect(watched.allSatisfy { $0.cell == nil }, "a cell outlived the last snapshot drawing it")
  }

  @Test func iteratingGivesThePlacementsThatIndexingGivesInEveryMode() {
    let harness = makeList(
      count: 100, layout: UniformLayout(extent: 20), viewport: Size(width: 100, height: 60),
      overscan: 1)
    let list = harness.list
    list.selectionMode = .single
    var offset = 30.0
    // Plain upright, plain rotated, resolved upright, resolved rotated: the iterator steps by
    // a window entry or by a resolved placement.
    let steps: [(LayoutDirection, Bool)] = [
      (.leftToRight, false), (.rightToLeft, false), (.leftToRight, true), (.rightToLeft, true),
    ]
    for (step, (direction, selects)) in steps.enumerated() {
      list.direction = direction
      if selects { _ = list.selectItem(at: 4) } else { list.deselectAll() }
      offset += 7
      list.contentOffset = offset
      let placements = list.placements
      #expect(placements.snapshot.isResolved == selects, "step \(step)")
      var iterated: [String] = []
      for placement in placements { iterated.append(described(placement)) }
      let indexed = placements.indices.map { described(placements[$0]) }
      #expect(iterated.count == list.state.window.entries.count, "step \(step)")
      #expect(iterated == indexed, "step \(step)")
      var virtualIndices: [Int] = []
      for placement in placements { virtualIndices.append(placement.virtualIndex) }
      let start = list.state.window.start
      #expect(
        virtualIndices == Array(start..<(start + list.state.window.entries.count)), "step \(step)")
    }
    // An empty list's placements iterate nothing.
    let empty = makeList(
      count: 0, layout: UniformLayout(extent: 20), viewport: Size(width: 100, height: 60))
    var count = 0
    for _ in empty.list.placements { count += 1 }
    #expect(count == 0)
    withExtendedLifetime(harness) {}
    withExtendedLifetime(empty) {}
  }

  @Test func resolvedPlacementsArePlainValues() {
    // They are filled and emptied without retaining, releasing or destroying anything.
    #expect(_isPOD(ResolvedPlacement<RecordingCell>.self))
  }

  @Test func aDataSourceThatDequeuesTwoCellsReturnsTheUnusedOneToItsPool() {
    final class Cell: ReusableCell {}
    final class Source: VirtualListDataSource {
      func numberOfItems(in list: VirtualList<Cell>) -> Int { 3 }
      func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
        let spare = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        withExtendedLifetime(spare) {}
        return list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
      }
    }
    let list = VirtualList<Cell>(layout: UniformLayout(extent: 20))
    list.register("cell") { Cell() }
    let source = Source()
    list.dataSource = source
    list.viewportSize = Size(width: 100, height: 100)
    let placements = list.placements
    #expect(placements.map(\.index) == [0, 1, 2])
    #expect(Set(placements.map { ObjectIdentifier($0.cell) }).count == 3)
    // The first item made two cells and kept one; every later item reused the spare.
    #expect(list.cellsCreated == 4 && list.cellsPooled == 1)
  }
}
