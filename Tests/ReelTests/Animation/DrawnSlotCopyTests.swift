import ReelTesting
import Testing

@testable import Reel

/// An animated update starts every survivor's move from where its cell is drawn now. When the
/// animated snapshot was drawn for the same window, tracks and instant, those slots are copied
/// from it (``VirtualList/copyDrawnSlots(into:detachedAt:offset:)``); otherwise they are worked
/// out from the tracks (``UpdateAnimator/captureDrawnSlots(of:offset:)``). These tests check
/// that the copy gives the very bits the tracks give, and that it is refused whenever the
/// snapshot may be out of date.
@Suite struct DrawnSlotCopyTests {
  /// The window's slots as the copy writes them, or `nil` when it is refused, and as the tracks
  /// give them.
  static func bothCaptures(_ list: VirtualList<RecordingCell>) -> ([Slot]?, [Slot]) {
    var copied = list.state.window
    var worked = list.state.window
    let offset = list.state.offset
    let taken = list.copyDrawnSlots(
      into: &copied, detachedAt: list.state.windowVersion, offset: offset)
    list.state.animator.captureDrawnSlots(of: &worked, offset: offset)
    return (taken ? copied.map(\.slot) : nil, worked.map(\.slot))
  }

  /// The four coordinates' bits: `-0` and `+0` differ, as they would in a frame.
  static func bits(_ slots: [Slot]) -> [UInt64] {
    slots.flatMap {
      [$0.offset, $0.extent, $0.crossOffset, $0.crossExtent].map(\.bitPattern)
    }
  }

  /// Random animated updates (seeded) at random frame intervals, with scrolling, in bounded
  /// and cyclic lists of measured and uniform rows: wherever the copy is taken, its slots are
  /// the tracks' to the bit.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func theCopiedSlotsAreTheTracksSlotsToTheBit(wrapping: Wrapping) throws {
    var copies = 0
    for seed in UInt64(1)...12 {
      var rng = SplitMix64(seed: seed)
      let count = rng.int(in: 2...120)
      let layout: any ListLayout =
        rng.int(in: 0...1) == 0
        ? VariableLayout(
          extents: (0..<count).map { _ in Double(rng.int(in: 20...90)) + 0.25 },
          estimatedExtent: 50)
        : UniformLayout(extent: 44)
      let h = makeList(
        count: count, layout: layout, wrapping: wrapping,
        viewport: Size(width: 390, height: 300), overscan: rng.int(in: 0...3))
      h.list.updateAnimation = rng.int(in: 0...1) == 0 ? .default : .timed(duration: 0.3)
      var time = 0.0
      var next = 1_000
      h.list.tick(ReelInstant(seconds: time))
      for step in 0..<30 {
        let context = "seed \(seed) step \(step) \(wrapping)"
        // Placements read, so the snapshot is drawn for this window, these tracks and now.
        _ = h.list.placements.count
        let (copied, worked) = Self.bothCaptures(h.list)
        if let copied {
          copies += 1
          let (a, b) = (Self.bits(copied), Self.bits(worked))
          #expect(a.count == b.count, "\(context)")
          let differing = zip(a, b).filter { $0 != $1 }.count
          #expect(differing == 0, "\(context): \(differing) coordinates differ")
        }
        let update = BatchUpdateWindowTests.randomUpdate(count: h.source.items.count, &rng)
        h.source.items = try BatchUpdateWindowTests.items(
          h.source.items, after: update, next: &next)
        try h.list.performBatchUpdates(update)
        if rng.int(in: 0...3) == 0 { h.list.contentOffset += Double(rng.int(in: -150...150)) }
        time += [1.0 / 30, 1.0 / 60, 1.0 / 144, 0.05][rng.int(in: 0...3)]
        h.list.tick(ReelInstant(seconds: time))
        #expect(h.list.invariantViolations().isEmpty, "\(context)")
      }
    }
    // The copy is the common case: most steps take it.
    #expect(copies > 12 * 30 / 2, "\(copies) copies")
  }

  /// A list of 44-point rows, mid-animation after a delete at 0, ticked at 0.1 s and read.
  static func readMidAnimation() throws -> Harness {
    let h = makeList(count: 100, viewport: Size(width: 300, height: 440))
    h.list.updateAnimation = .timed(duration: 1, curve: .linear)
    h.list.tick(.zero)
    h.source.items.remove(at: 3)
    try h.list.performBatchUpdates { $0.delete(at: 3) }
    h.list.tick(ReelInstant(seconds: 0.1))
    _ = h.list.placements.count
    return h
  }

  @Test func theCopyIsTakenForASnapshotDrawnForTheWindowTheTracksAndNow() throws {
    let h = try Self.readMidAnimation()
    let (copied, worked) = Self.bothCaptures(h.list)
    let slots = try #require(copied)
    #expect(Self.bits(slots) == Self.bits(worked))
    // The rows below the deleted one are still on their way up: not at their slots.
    #expect(zip(slots, h.list.state.window.map(\.slot)).contains { $0.offset != $1.offset })
  }

  @Test func theCopyIsRefusedAfterATickNotDrawn() throws {
    let h = try Self.readMidAnimation()
    h.list.tick(ReelInstant(seconds: 0.2))
    #expect(Self.bothCaptures(h.list).0 == nil)
    _ = h.list.placements.count
    #expect(Self.bothCaptures(h.list).0 != nil)
  }

  @Test func theCopyIsRefusedAfterAnUpdateNotDrawn() throws {
    let h = try Self.readMidAnimation()
    h.source.items.remove(at: 6)
    try h.list.performBatchUpdates { $0.delete(at: 6) }
    let (copied, worked) = Self.bothCaptures(h.list)
    #expect(copied == nil)
    #expect(worked.count == h.list.state.window.count)
  }

  @Test func theCopyIsRefusedForAWindowThatChangedSinceItWasDrawn() throws {
    let h = try Self.readMidAnimation()
    h.list.contentOffset += 300
    h.list.layoutIfNeeded()
    #expect(Self.bothCaptures(h.list).0 == nil)
  }

  @Test func theCopyIsRefusedForAResolvedSnapshot() throws {
    let h = try Self.readMidAnimation()
    // A selection marks placements: the snapshot is resolved, not animated.
    h.list.selectionMode = .single
    #expect(h.list.selectItem(at: 0))
    _ = h.list.placements.count
    let snapshot = try #require(h.list.state.snapshot)
    #expect(snapshot.isResolved)
    #expect(Self.bothCaptures(h.list).0 == nil)
  }
}
