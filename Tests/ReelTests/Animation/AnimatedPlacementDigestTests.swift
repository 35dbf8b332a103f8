import ReelTesting
import Testing

@testable import Reel

/// A change detector for animated placements, beside the checks against independent
/// references in `AnimatedPlacementOracleTests`: seeded flings, scrolling and batch updates
/// (inserts, deletes, reloads and moves, some arriving mid-animation and some read before the
/// next tick) ticked at mixed frame rates, in bounded and cyclic, vertical and mirrored
/// horizontal lists, with a selection and a change of timing mid-way. Every field of every
/// placement of every frame goes into a digest.
///
/// A deliberate change to what placements report (a new curve, another start instant, another
/// order) changes the digests: check the new frames against the oracle tests, then take the new
/// digests from the failure.
@Suite struct AnimatedPlacementDigestTests {
  /// FNV-1a over 64-bit words.
  struct Digest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    var words = 0
    /// Placements seen per transition kind: move, appear, disappear.
    var kinds = [0, 0, 0]

    mutating func add(_ word: UInt64) {
      value = (value ^ word) &* 0x0000_0100_0000_01b3
      words += 1
    }
    mutating func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }
    mutating func add(_ value: Double) { add(value.bitPattern) }
    mutating func add(_ rect: Rect) {
      add(rect.origin.x)
      add(rect.origin.y)
      add(rect.size.width)
      add(rect.size.height)
    }
    mutating func add(_ placement: Placement<RecordingCell>) {
      add(placement.virtualIndex)
      add(placement.index)
      add(placement.cell.item ?? -1)
      add(placement.frame)
      add(Int(placement.kind == .item ? 0 : placement.kind == .header ? 1 : 2))
      add(placement.opacity)
      add((placement.isPinned ? 1 : 0) + (placement.isSelected ? 2 : 0))
      add(placement.isHighlighted ? 1 : 0)
      if let transition = placement.transition {
        switch transition.kind {
        case .move: add(1)
        case .appear: add(2)
        case .disappear: add(3)
        }
        kinds[transition.kind == .move ? 0 : transition.kind == .appear ? 1 : 2] += 1
        add(transition.from)
        add(transition.to)
        add(transition.progress)
      } else {
        add(0)
      }
    }
  }

  struct Scenario: Sendable, CustomTestStringConvertible {
    var name: String
    var seed: UInt64
    var axis: Axis
    var wrapping: Wrapping
    var direction: LayoutDirection
    var expected: UInt64
    var testDescription: String { name }
  }

  static let scenarios: [Scenario] = [
    Scenario(
      name: "bounded vertical", seed: 17, axis: .vertical, wrapping: .bounded,
      direction: .leftToRight, expected: 0x03f9_310e_bf94_5a87),
    Scenario(
      name: "cyclic vertical", seed: 18, axis: .vertical, wrapping: .cyclic,
      direction: .leftToRight, expected: 0xdb8d_e216_6e3e_725a),
    Scenario(
      name: "bounded horizontal mirrored", seed: 19, axis: .horizontal, wrapping: .bounded,
      direction: .rightToLeft, expected: 0xe1f5_c349_bac5_3f06),
    Scenario(
      name: "cyclic horizontal mirrored", seed: 20, axis: .horizontal, wrapping: .cyclic,
      direction: .rightToLeft, expected: 0x23fa_fb5d_2a7c_dd74),
  ]

  /// Plays a scenario and digests every frame's placements.
  static func play(_ scenario: Scenario) throws -> Digest {
    var rng = SplitMix64(seed: scenario.seed)
    let count = 300
    let extents = (0..<count).map { _ in Double(rng.int(in: 20...90)) }
    let list = VirtualList<RecordingCell>(
      layout: VariableLayout(extents: extents, estimatedExtent: 50), axis: scenario.axis,
      wrapping: scenario.wrapping, direction: scenario.direction, overscan: 2)
    let source = ArrayDataSource(items: Array(0..<count))
    source.install(on: list)
    list.viewportSize = Size(width: 390, height: 600)
    list.updateAnimation = .default
    var digest = Digest()
    var nanoseconds: Int64 = 0
    var next = 10_000
    // Applies an update to the items (inserted ones get fresh values) and to the list.
    func apply(_ update: BatchUpdate) throws {
      source.items = try BatchUpdateWindowTests.items(source.items, after: update, next: &next)
      try list.performBatchUpdates(update)
    }
    for frame in 0..<600 {
      let now = ReelInstant(nanoseconds: nanoseconds)
      if frame == 300 { list.updateAnimation = .timed(duration: 0.2) }
      if frame == 150 { list.selectionMode = .multiple }
      if frame > 150 && frame % 40 == 0, let index = list.visibleIndices.last {
        _ = list.selectItem(at: index)
      }
      if !list.isMoving && frame % 50 < 25 {
        list.beginDrag(at: Point(x: 100, y: 100), time: now)
        list.endDrag(at: now, velocity: rng.int(in: 0...1) == 0 ? -2_500 : 2_500)
      }
      if frame % 23 == 7 {
        let update = BatchUpdateWindowTests.randomUpdate(count: source.items.count, &rng)
        try apply(update)
        if frame % 2 == 0 { for placement in list.placements { digest.add(placement) } }
      }
      if frame % 31 == 3, let first = list.visibleIndices.first, first + 6 < source.items.count {
        // W9-animated's update: an insert below the first visible item, two deletes.
        var update = BatchUpdate()
        update.delete(at: [first + 2, first + 4])
        update.insert(at: first + 1)
        try apply(update)
      }
      list.tick(now)
      for placement in list.placements { digest.add(placement) }
      digest.add(list.cellsDeparting)
      nanoseconds += [8_333_333, 16_666_667, 6_944_444, 33_333_333][rng.int(in: 0...3)]
    }
    return digest
  }

  @Test(arguments: scenarios)
  func animatedPlacementsAreUnchanged(_ scenario: Scenario) throws {
    let digest = try Self.play(scenario)
    #expect(digest.words > 100_000, "\(scenario.name): the scenario reads placements")
    #expect(digest.kinds.allSatisfy { $0 > 100 }, "\(scenario.name): transitions \(digest.kinds)")
    #expect(
      digest.value == scenario.expected,
      "\(scenario.name) (seed \(scenario.seed)): digest \(String(digest.value, radix: 16)) of \(digest.words) words"
    )
  }

  /// What a test compares of a placement.
  struct Drawn: Equatable {
    var index: Int
    var frame: Rect
    var opacity: Double
    var transition: PlacementTransition?

    init(_ placement: Placement<RecordingCell>) {
      index = placement.index
      frame = placement.frame
      opacity = placement.opacity
      transition = placement.transition
    }
  }

  /// The departing cells a snapshot draws are shared with the list until the list changes
  /// them: a snapshot held while the list retires, adds and shifts departing cells keeps
  /// drawing what it drew, and the list's next snapshot draws the change.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func aHeldSnapshotKeepsItsDepartingCells(wrapping: Wrapping) throws {
    let h = makeList(count: 100, wrapping: wrapping, viewport: Size(width: 300, height: 440))
    let list = h.list
    list.updateAnimation = .timed(duration: 0.3, curve: .linear)
    list.tick(.zero)
    h.source.items.remove(at: 3)
    try list.performBatchUpdates { $0.delete(at: 3) }
    list.tick(.zero)  // the update's animations start at this tick
    list.tick(ReelInstant(seconds: 0.1))
    let held = list.placements
    let drawn = held.map(Drawn.init)
    #expect(held.filter(\.isDeparting).count == 1)
    // Another departure, the first one ends, and the content moves (a cyclic list recentres).
    h.source.items.remove(at: 5)
    try list.performBatchUpdates { $0.delete(at: 5) }
    list.contentOffset += 30
    list.tick(ReelInstant(seconds: 0.35))
    #expect(held.map(Drawn.init) == drawn, "the held snapshot changed")
    let now = list.placements
    #expect(now.filter(\.isDeparting).count == 1)
    #expect(now.map(Drawn.init) != drawn)
    #expect(list.invariantViolations().isEmpty)
    list.tick(ReelInstant(seconds: 1))
    #expect(list.placements.allSatisfy { !$0.isDeparting && $0.transition == nil })
    #expect(held.map(Drawn.init) == drawn, "the held snapshot changed")
  }
}
