import ReelTesting
import Testing

@testable import Reel

/// While update animations run, a frame keeps the window's placements of the last frame that
/// still show the same cell and item, and rewrites only what changes with the progress: the
/// frame, the opacity and the transition. These tests check that a kept placement is exactly
/// what working it out again gives, through flings, scrolls, measurements, recentring and
/// animated updates, and that placements are in fact kept.
@Suite struct KeptPlacementTests {
  /// Every field of a placement, doubles as bits (so `-0` and `+0` differ).
  static func fields(_ placement: Placement<RecordingCell>) -> [UInt64] {
    var words: [UInt64] = [
      UInt64(bitPattern: Int64(placement.virtualIndex)),
      UInt64(bitPattern: Int64(placement.index)),
      UInt64(bitPattern: Int64(placement.cell.item ?? -1)),
      UInt64(placement.kind.rawValue), placement.opacity.bitPattern,
      (placement.isPinned ? 1 : 0) | (placement.isSelected ? 2 : 0)
        | (placement.isHighlighted ? 4 : 0),
    ]
    let rects = [placement.frame] + (placement.transition.map { [$0.from, $0.to] } ?? [])
    for rect in rects {
      words += [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(\.bitPattern)
    }
    if let transition = placement.transition {
      words += [
        transition.kind == .move ? 1 : transition.kind == .appear ? 2 : 3,
        transition.progress.bitPattern,
      ]
    }
    return words
  }

  /// Plays a seeded scenario on two lists alike: `kept` has its placements read and dropped
  /// every frame, so that its snapshot keeps them; `fresh` holds each frame's placements until
  /// the next, so that every frame works out a new snapshot in full. Returns the number of
  /// frames compared. In a `grid` (three lanes), an update moves cells across lanes, so their
  /// drawn slots change in more than the offset; else the items have varied extents, measured
  /// again now and then.
  static func play(seed: UInt64, wrapping: Wrapping, axis: Axis, grid: Bool = false) throws
    -> Int
  {
    var rng = SplitMix64(seed: seed)
    let count = 200
    let extents = (0..<count).map { _ in Double(rng.int(in: 20...90)) }
    func makeHarness() -> Harness {
      let layout: any ListLayout =
        grid
        ? UniformLayout(extent: 120, spacing: 8, lanes: 3, laneSpacing: 8)
        : VariableLayout(extents: extents, estimatedExtent: 50)
      let h = makeList(
        count: count, layout: layout, axis: axis, wrapping: wrapping,
        viewport: Size(width: 390, height: 600))
      h.list.updateAnimation = .default
      return h
    }
    let kept = makeHarness()
    let fresh = makeHarness()
    var held: Placements<RecordingCell>? = nil
    var nanoseconds: Int64 = 0
    var compared = 0
    for frame in 0..<400 {
      let now = ReelInstant(nanoseconds: nanoseconds)
      let fling = !kept.list.isMoving && frame % 40 < 20
      let velocity = rng.int(in: 0...1) == 0 ? -2_500.0 : 2_500
      let nudge = Double(rng.int(in: -40...40))
      let measured = Double(rng.int(in: 20...120))
      for h in [kept, fresh] {
        let list = h.list
        if fling {
          list.beginDrag(at: Point(x: 100, y: 100), time: now)
          list.endDrag(at: now, velocity: velocity)
        }
        if frame % 13 == 5 { list.contentOffset += nudge }
        if !grid, frame % 17 == 9, let index = list.visibleIndices.dropFirst(2).first {
          list.setMeasuredExtent(measured, forItemAt: index)
        }
        if frame % 25 == 11, let first = list.visibleIndices.first, first + 6 < h.source.items.count
        {
          var update = BatchUpdate()
          update.delete(at: [first + 2, first + 4])
          update.insert(at: first + 1)
          let changes = try IndexChanges(oldCount: h.source.items.count, update: update)
          h.source.items = changes.remap(h.source.items, inserted: 10_000 + frame)
          try list.performBatchUpdates(update)
        }
        list.tick(now)
      }
      let expected = fresh.list.placements
      held = expected
      let actual = kept.list.placements.map(Self.fields)
      #expect(
        actual == expected.map(Self.fields),
        "seed \(seed), frame \(frame): a kept placement differs from a fresh one")
      compared += 1
      nanoseconds += [8_333_333, 16_666_667, 6_944_444][rng.int(in: 0...2)]
    }
    withExtendedLifetime(held) {}
    #expect(kept.list.invariantViolations().isEmpty)
    return compared
  }

  /// The placements of the animated entries (a motion per cell, the table's progress) are
  /// those of the resolved path (each cell's track looked up and sampled): the same frames,
  /// opacities and transitions to the bit. A selection makes `resolved` resolve every frame;
  /// its item is out of sight, and the marks are left out of the comparison. Every 7 frames an
  /// item is inserted below the first visible one, so that the cells still fading in are moved
  /// by the next insert (a fade-in with a displacement, whose transition starts away from its
  /// slot).
  @Test func animatedEntriesAgreeWithResolvedPlacements() throws {
    var rng = SplitMix64(seed: 45)
    let count = 2_000
    let extents = (0..<count).map { _ in Double(rng.int(in: 20...90)) }
    func makeHarness() -> Harness {
      let h = makeList(
        count: count, layout: VariableLayout(extents: extents, estimatedExtent: 50),
        viewport: Size(width: 390, height: 600))
      h.list.updateAnimation = .timed(duration: 0.4, curve: .easeInOut)
      return h
    }
    let animated = makeHarness()
    let resolved = makeHarness()
    resolved.list.selectionMode = .single
    #expect(resolved.list.selectItem(at: count - 1))
    var nanoseconds: Int64 = 0
    var appearing = 0
    var animatedFrames = 0
    for frame in 0..<240 {
      let now = ReelInstant(nanoseconds: nanoseconds)
      let nudge = Double(rng.int(in: -30...60))
      for h in [animated, resolved] {
        let list = h.list
        if frame % 11 == 3 { list.contentOffset = max(0, list.contentOffset + nudge) }
        if frame % 7 == 2, let first = list.visibleIndices.first {
          var update = BatchUpdate()
          update.insert(at: first + 1)
          if frame % 21 == 2 { update.delete(at: first + 3) }
          let changes = try IndexChanges(oldCount: h.source.items.count, update: update)
          h.source.items = changes.remap(h.source.items, inserted: 10_000 + frame)
          try list.performBatchUpdates(update)
        }
        list.tick(now)
      }
      let expected = resolved.list.placements
      let actual = animated.list.placements
      if animated.list.state.snapshot?.isAnimated == true { animatedFrames += 1 }
      #expect(resolved.list.state.snapshot?.isResolved == true, "frame \(frame)")
      // The marks' word (the sixth) left out: the selected item is the resolved list's alone.
      let strip = { (words: [UInt64]) in words.enumerated().filter { $0.offset != 5 }.map(\.element)
      }
      #expect(
        actual.map { strip(Self.fields($0)) } == expected.map { strip(Self.fields($0)) },
        "frame \(frame): an animated entry differs from its resolved placement")
      appearing +=
        actual.filter {
          guard let transition = $0.transition, transition.kind == .appear else { return false }
          return transition.from != transition.to
        }.count
      nanoseconds += [8_333_333, 16_666_667][rng.int(in: 0...1)]
    }
    // Animated entries were compared, fade-ins that also moved among them.
    #expect(animatedFrames > 200)
    #expect(appearing > 0)
    #expect(animated.list.invariantViolations().isEmpty)
  }

  @Test(arguments: [Wrapping.bounded, .cyclic])
  func keptPlacementsAreThoseWorkedOutAgain(wrapping: Wrapping) throws {
    let seed: UInt64 = wrapping == .bounded ? 41 : 42
    #expect(try Self.play(seed: seed, wrapping: wrapping, axis: .vertical) == 400)
    #expect(try Self.play(seed: seed &+ 10, wrapping: wrapping, axis: .horizontal) == 400)
  }

  /// The same in a grid, where the cells an update moves across lanes change their drawn
  /// slot's cross offset too: a frame that only redraws must redraw those in full.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func keptPlacementsAreThoseWorkedOutAgainInAGrid(wrapping: Wrapping) throws {
    let seed: UInt64 = wrapping == .bounded ? 43 : 44
    #expect(try Self.play(seed: seed, wrapping: wrapping, axis: .vertical, grid: true) == 400)
  }

  /// A placement kept from the last frame has only its drawn slot worked out again: a mark left
  /// in its motion, where a refill that keeps it does not write, survives the next frame, and is
  /// gone once an update makes the frame work every motion out again.
  @Test func aKeptPlacementIsNotWorkedOutAgain() throws {
    let h = try AnimatedEntriesTests.listDeletingItem3()
    let list = h.list
    var frame = Rect(x: 0, y: 0, width: 0, height: 0)
    var progress: Double?
    do {
      let before = list.placements[4]
      (frame, progress) = (before.frame, before.transition?.progress)
      #expect(progress != nil && before.virtualIndex == 4)
    }
    // The snapshot is read in a scope of its own: a reference held past it would make the
    // next frame fill a new one.
    let motions: UnsafeMutablePointer<EntryMotion>
    do {
      let snapshot = try #require(list.state.snapshot)
      #expect(snapshot.isAnimated && !snapshot.isResolved && snapshot.animated.windowCount > 4)
      motions = try #require(snapshot.animated.motions)
    }
    // A mark where a refill that keeps the motion at position 4 does not write.
    motions[4].virtualIndex = -7
    list.tick(ReelInstant(seconds: 0.2))
    do {
      let placement = list.placements[4]
      #expect(placement.virtualIndex == -7, "the motion was worked out again")
      #expect(placement.frame != frame, "the kept placement's frame was not moved")
      #expect((placement.transition?.progress ?? 0) > (progress ?? 1))
    }
    // An update changes the tracks: the next frame works every motion out again.
    do {
      let snapshot = try #require(list.state.snapshot)
      try #require(snapshot.animated.motions)[4].virtualIndex = -7
    }
    h.source.items.remove(at: 0)
    try list.performBatchUpdates { $0.delete(at: 0) }
    list.tick(ReelInstant(seconds: 0.3))
    #expect(list.placements.allSatisfy { $0.virtualIndex >= 0 })
    #expect(list.invariantViolations().isEmpty)
  }

  /// Whether the bytes of the animated snapshot's source at `position` are those of the window
  /// entry there.
  static func sourceMatchesWindow(_ list: VirtualList<RecordingCell>, at position: Int) throws
    -> Bool
  {
    let snapshot = try #require(list.state.snapshot)
    let sources = try #require(snapshot.animated.sources)
    let stride = MemoryLayout<WindowEntry<RecordingCell>>.stride
    return list.state.window.withUnsafeBufferPointer { window in
      UnsafeRawBufferPointer(start: window.baseAddress! + position, count: stride)
        .elementsEqual(UnsafeRawBufferPointer(start: sources + position, count: stride))
    }
  }

  /// While the window has not changed since the last frame, a frame does not compare the
  /// window's entries with the ones its motions were drawn for: a mark left in those survives.
  /// Once the window changes (an item is measured anew), the next frame compares them, finds
  /// the mark, and checks each entry instead, which leaves every source the window's entry again.
  @Test func aFrameComparesTheWindowOnlyAfterItChanged() throws {
    // A layout that measures, so that an item can be measured anew.
    let h = try AnimatedEntriesTests.listDeletingItem3(
      layout: VariableLayout(extents: Array(repeating: 44, count: 100), estimatedExtent: 44))
    let list = h.list
    _ = list.placements
    #expect(try Self.sourceMatchesWindow(list, at: 0))
    do {
      let snapshot = try #require(list.state.snapshot)
      #expect(snapshot.isAnimated)
      // A mark in the first source's index word.
      try #require(snapshot.animated.sources)[0].index = -7
    }
    list.tick(ReelInstant(seconds: 0.2))
    _ = list.placements
    #expect(try !Self.sourceMatchesWindow(list, at: 0), "the window was compared")
    let generation = list.state.animator.generation
    list.setMeasuredExtent(60, forItemAt: 8)
    list.tick(ReelInstant(seconds: 0.3))
    let placements = list.placements
    // The tracks are the same: the motions were kept, not worked out again for new tracks.
    #expect(list.state.animator.generation == generation)
    #expect(try Self.sourceMatchesWindow(list, at: 0), "the changed window was not compared")
    #expect(placements.allSatisfy { $0.index >= 0 })
    #expect(list.invariantViolations().isEmpty)
  }
}
