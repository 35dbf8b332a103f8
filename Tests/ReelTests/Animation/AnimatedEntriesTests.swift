import ReelTesting
import Testing

@testable import Reel

/// While only update animations run, a snapshot's placements are animated entries: copies of
/// the window's entries drawn where they are now, with a motion each, the progress of each start
/// instant in a table of ``ProgressTable/capacity`` entries. These tests check when a snapshot is
/// animated and when it is resolved instead, that a placement read from an animated entry reports
/// what its track says, and that the departing cells' motions are kept while they are the same.
@Suite struct AnimatedEntriesTests {
  /// A list whose updates fade in over 10 seconds, linearly, in a viewport of 23 rows.
  static func fadingList() -> Harness {
    let h = makeList(count: 200, viewport: Size(width: 300, height: 1_000), overscan: 0)
    h.list.updateAnimation = .timed(duration: 10, curve: .linear)
    h.list.tick(.zero)
    #expect(h.list.placements.count == 23)
    return h
  }

  /// A list of 10 rows of 44 in view whose item 3 was deleted at 0 with a linear 1-second
  /// animation, ticked at 0.1 s: its cell departs, the rows below travel up.
  static func listDeletingItem3(
    layout: some ListLayout = UniformLayout(extent: 44)
  ) throws -> Harness {
    let h = makeList(count: 100, layout: layout, viewport: Size(width: 300, height: 440))
    h.list.updateAnimation = .timed(duration: 1, curve: .linear)
    h.list.tick(.zero)
    h.source.items.remove(at: 3)
    try h.list.performBatchUpdates { $0.delete(at: 3) }
    h.list.tick(ReelInstant(seconds: 0.1))
    return h
  }

  /// Inserts an item below the first at each of `instants` (ticking there), each fading in from
  /// its own start; returns the inserted items. (An item inserted before the first would go
  /// above the viewport: the list keeps its first item where it is.)
  static func insertAtTheTop(
    _ h: Harness, at instants: [ReelInstant], firstItem: Int = 1_000
  ) throws -> [Int] {
    var inserted: [Int] = []
    for (k, instant) in instants.enumerated() {
      h.source.items.insert(firstItem + k, at: 1)
      try h.list.performBatchUpdates { $0.insert(at: 1) }
      h.list.tick(instant)
      inserted.append(firstItem + k)
    }
    return inserted
  }

  /// Every placement of an inserted item fades in from the last tick before its insert,
  /// linearly over 10 s, whichever way the snapshot was filled.
  static func expectFades(
    _ h: Harness, inserted: [Int], starts: [ReelInstant], now: ReelInstant
  ) {
    var seen = 0
    for placement in h.list.placements {
      // The data source's cells show their index: the item is the source's element there.
      let item = h.source.items[placement.index]
      guard !placement.isDeparting, let k = inserted.firstIndex(of: item) else { continue }
      let expected = Double(now.nanoseconds - starts[k].nanoseconds) / 1e9 / 10
      #expect(abs(placement.opacity - expected) < 1e-12, "item \(item)")
      #expect(placement.transition?.kind == .appear, "item \(item)")
      seen += 1
    }
    #expect(seen == inserted.count)
  }

  @Test func aFewStartInstantsAreReadFromAnimatedEntries() throws {
    let h = Self.fadingList()
    let instants = (1...5).map { ReelInstant(seconds: 0.1 * Double($0)) }
    let inserted = try Self.insertAtTheTop(h, at: instants)
    let starts = [.zero] + instants.dropLast()
    Self.expectFades(h, inserted: inserted, starts: starts, now: instants.last!)
    let snapshot = try #require(h.list.state.snapshot)
    #expect(snapshot.isAnimated && !snapshot.isResolved)
    #expect(h.list.invariantViolations().isEmpty)
  }

  /// More start instants than the table holds: the snapshot is resolved instead, with the same
  /// opacities; once enough fades end, it is animated again.
  @Test func moreStartInstantsThanTheTableHoldsAreResolved() throws {
    let h = Self.fadingList()
    let instants = (1...ProgressTable.capacity).map { ReelInstant(seconds: 0.1 * Double($0)) }
    let inserted = try Self.insertAtTheTop(h, at: instants)
    let starts = [.zero] + instants.dropLast()
    Self.expectFades(h, inserted: inserted, starts: starts, now: instants.last!)
    do {
      let snapshot = try #require(h.list.state.snapshot)
      #expect(snapshot.isResolved && !snapshot.isAnimated)
    }
    // The first fades end 10 s after they began (and the moves, which all began at the last
    // insert, still run); the last six fades still run.
    let later = ReelInstant(seconds: 9.95 + 0.1 * Double(ProgressTable.capacity - 6))
    h.list.tick(later)
    let running = starts.indices.filter {
      later.nanoseconds - starts[$0].nanoseconds < 10_000_000_000
    }
    #expect(running.count == 6)
    Self.expectFades(
      h, inserted: running.map { inserted[$0] }, starts: running.map { starts[$0] }, now: later)
    do {
      let snapshot = try #require(h.list.state.snapshot)
      #expect(snapshot.isAnimated && !snapshot.isResolved)
    }
    #expect(h.list.invariantViolations().isEmpty)
  }

  /// A departing cell's motion is kept from frame to frame while the departing cells are the
  /// same: a mark left in it survives a tick, and is gone once another cell departs.
  @Test func aDepartingCellsMotionIsKeptWhileTheDepartingCellsAreTheSame() throws {
    let h = try AnimatedEntriesTests.listDeletingItem3()
    let list = h.list
    let departing: Int
    do {
      let placements = list.placements
      departing = try #require(placements.firstIndex { $0.isDeparting })
      #expect(placements.filter(\.isDeparting).count == 1)
      #expect(placements[departing].virtualIndex == 3)
    }
    do {
      let snapshot = try #require(list.state.snapshot)
      #expect(snapshot.isAnimated && departing == snapshot.animated.windowCount)
      try #require(snapshot.animated.motions)[departing].virtualIndex = -9
    }
    list.tick(ReelInstant(seconds: 0.2))
    do {
      let placement = list.placements[departing]
      #expect(placement.isDeparting && placement.virtualIndex == -9, "the motion was worked out")
      #expect(abs(placement.opacity - 0.8) < 1e-12)
    }
    h.source.items.remove(at: 5)
    try list.performBatchUpdates { $0.delete(at: 5) }
    list.tick(ReelInstant(seconds: 0.3))
    let departingNow = list.placements.filter(\.isDeparting)
    #expect(departingNow.count == 2)
    #expect(departingNow.allSatisfy { $0.virtualIndex >= 0 })
    #expect(list.invariantViolations().isEmpty)
  }

  /// With something selected the placements carry marks, which animated entries do not: the
  /// snapshot is resolved, and animated again once the selection is empty.
  @Test func aSelectionMakesAnAnimatingSnapshotResolved() throws {
    let h = makeList(count: 100, viewport: Size(width: 300, height: 440))
    let list = h.list
    list.updateAnimation = .default
    list.selectionMode = .single
    list.tick(.zero)
    h.source.items.remove(at: 3)
    try list.performBatchUpdates { $0.delete(at: 3) }
    list.tick(ReelInstant(seconds: 0.05))
    #expect(list.placements.contains { $0.transition != nil })
    #expect(try #require(list.state.snapshot).isAnimated)
    #expect(list.selectItem(at: 1))
    #expect(list.placements.contains { $0.isSelected })
    #expect(try #require(list.state.snapshot).isResolved)
    list.deselectAll()
    #expect(!list.placements.contains { $0.isSelected })
    #expect(try #require(list.state.snapshot).isAnimated)
  }

  /// A tick at an earlier instant than the last (a clock set back) works every motion out
  /// again: a fade that had ended at the later instant reads at the earlier one what a resolved
  /// snapshot (a selection makes it one) reads.
  @Test func aTickBackInTimeWorksTheMotionsOutAgain() throws {
    func play(_ instants: [Double], resolved: Bool = false) throws -> [UInt64] {
      let h = makeList(count: 100, viewport: Size(width: 300, height: 440))
      if resolved {
        h.list.selectionMode = .single
        _ = h.list.selectItem(at: 99)
      }
      h.list.updateAnimation = .timed(duration: 1, curve: .linear)
      h.list.tick(.zero)
      // An item fades in from 0; a move at 0.5 retargets every cell but keeps the fade's start.
      h.source.items.insert(-1, at: 2)
      try h.list.performBatchUpdates { $0.insert(at: 2) }
      h.list.tick(ReelInstant(seconds: 0.5))
      _ = h.list.placements.count
      h.source.items.remove(at: 6)
      try h.list.performBatchUpdates { $0.delete(at: 6) }
      for instant in instants {
        h.list.tick(ReelInstant(seconds: instant))
        _ = h.list.placements.count
      }
      // Read first, from the snapshot the list keeps (a placement held past this line would
      // make the next read fill a new one).
      let values = h.list.placements.flatMap {
        [$0.frame.minY.bitPattern, $0.opacity.bitPattern]
      }
      #expect(
        h.list.placements.contains {
          h.source.items[$0.index] == -1 && $0.transition?.kind == .appear
        })
      return values
    }
    let back = try play([1.2, 0.8])
    #expect(back == (try play([1.2, 0.8], resolved: true)))
    #expect(back != (try play([1.2])))
  }

  /// A motion that moves only the offset redraws only the offset, and what it draws is, bit for
  /// bit, the whole slot worked out at the same progress; a motion whose other fields change,
  /// or whose base has a `-0` that adding a zero would turn into `+0`, redraws the whole slot.
  @Test func aMotionRedrawsOnlyTheFieldsThatChange() {
    let base = Slot(offset: 120, extent: 44, crossOffset: 0, crossExtent: 300)
    let down = Slot(offset: -44, extent: 0, crossOffset: -0.0, crossExtent: 0)
    let grows = Slot(offset: -44, extent: 6, crossOffset: 0, crossExtent: 0)
    let negativeZero = Slot(offset: 120, extent: 44, crossOffset: -0.0, crossExtent: 300)
    #expect(EntryMotion.drawing(of: down, from: base) == .offset)
    #expect(EntryMotion.drawing(of: grows, from: base) == .slot)
    #expect(EntryMotion.drawing(of: down, from: negativeZero) == .slot)
    // A table whose entry 2 is the progress the motions follow.
    var table = ProgressTable()
    defer { table.deallocate() }
    table.count = 3
    let factors = UnsafePointer(table.factors)
    let cases = [
      EntryMotion(
        movingTo: base, displacement: down, moveSlot: 2, fades: false, fadeSlot: 0,
        virtualIndex: 0),
      EntryMotion(
        movingTo: base, displacement: grows, moveSlot: 2, fades: true, fadeSlot: 2,
        virtualIndex: 0),
      EntryMotion(
        departingFrom: negativeZero, to: negativeZero.displaced(by: down, times: 1),
        fades: true, progressSlot: 2, virtualIndex: 0),
    ]
    #expect(cases.map(\.drawing) == [.offset, .slot, .slot])
    for motion in cases {
      // What the motion drew at the start: every frame after redraws from there.
      table.set(0, at: 2)
      var slot = motion.drawn(factors)
      for progress in [0.0, 1e-9, 0.25, 0.5, 0.999_999, 1] {
        table.set(progress, at: 2)
        motion.redraw(&slot, factors)
        // The slot the motion's formula gives, worked out here in full.
        let factor = motion.kind == .disappear ? progress : 1 - progress
        let expected = motion.base.displaced(by: motion.delta, times: factor)
        #expect(
          [slot.offset, slot.extent, slot.crossOffset, slot.crossExtent].map(\.bitPattern)
            == [expected.offset, expected.extent, expected.crossOffset, expected.crossExtent]
            .map(\.bitPattern), "\(motion.drawing) at \(progress)")
      }
    }
  }
}
