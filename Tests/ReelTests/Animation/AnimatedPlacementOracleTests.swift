import Foundation
import Reel
import ReelTesting
import Testing

/// Animated placements against independent references, frame by frame, through the public API
/// only: seeded flings and batch updates (some arriving mid-animation) ticked at mixed frame
/// rates, in bounded and cyclic, vertical and mirrored horizontal lists.
///
/// - Every transition's progress is the spring's closed form `1 − (1 + ωt)·e^(−ωt)` with
///   `ω = 2π / response`, for `t` the time since the tick before one of the updates so far.
/// - A moving cell's frame is `from + (to − from) × progress`; an appearing cell's opacity is its
///   progress.
/// - Where a cell is headed is where an unanimated twin list, given the same updates and the
///   same offset, places the item.
@Suite struct AnimatedPlacementOracleTests {
  /// The change detector's scenarios: the same seeded flings and updates, checked here against
  /// references instead of digests.
  typealias Scenario = AnimatedPlacementDigestTests.Scenario
  static let scenarios = AnimatedPlacementDigestTests.scenarios

  static let response = 0.3

  /// The critically damped spring's progress `elapsed` seconds in, from its closed form.
  static func spring(_ elapsed: Double) -> Double {
    guard elapsed > 0 else { return 0 }
    let x = 2 * Double.pi / response * elapsed
    return x >= 11.7459 ? 1 : 1 - (1 + x) * exp(-x)
  }

  static func close(_ a: Double, _ b: Double, _ scale: Double = 1) -> Bool {
    abs(a - b) <= 1e-9 * max(1, scale)
  }

  static func close(_ a: Rect, _ b: Rect) -> Bool {
    let scale = max(abs(a.origin.x), abs(a.origin.y), a.size.width, a.size.height)
    return close(a.origin.x, b.origin.x, scale) && close(a.origin.y, b.origin.y, scale)
      && close(a.size.width, b.size.width, scale) && close(a.size.height, b.size.height, scale)
  }

  static func lerp(_ from: Rect, _ to: Rect, _ t: Double) -> Rect {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    return Rect(
      x: mix(from.origin.x, to.origin.x), y: mix(from.origin.y, to.origin.y),
      width: mix(from.size.width, to.size.width), height: mix(from.size.height, to.size.height))
  }

  /// What the checks counted, so that a run that checked nothing fails.
  struct Counts {
    var progress = 0
    var moves = 0
    var appears = 0
    var destinations = 0
  }

  @Test(arguments: scenarios)
  func animatedPlacementsMatchTheirReferences(_ scenario: Scenario) throws {
    var rng = SplitMix64(seed: scenario.seed)
    let count = 300
    let extents = (0..<count).map { _ in Double(rng.int(in: 20...90)) }
    func makeList() -> (VirtualList<RecordingCell>, ArrayDataSource<Int>) {
      let list = VirtualList<RecordingCell>(
        layout: VariableLayout(extents: extents, estimatedExtent: 50), axis: scenario.axis,
        wrapping: scenario.wrapping, direction: scenario.direction, overscan: 2)
      let source = ArrayDataSource(items: Array(0..<count))
      source.install(on: list)
      list.viewportSize = Size(width: 390, height: 600)
      return (list, source)
    }
    let (list, source) = makeList()
    let (twin, twinSource) = makeList()
    list.updateAnimation = .spring(response: Self.response)
    var counts = Counts()
    var starts: [ReelInstant] = []
    var nanoseconds: Int64 = 0
    var next = 10_000
    func apply(_ update: BatchUpdate) throws {
      source.items = try BatchUpdateWindowTests.items(source.items, after: update, next: &next)
      twinSource.items = source.items
      try list.performBatchUpdates(update)
      try twin.performBatchUpdates(update)
      // An update's animations start at the next tick: this frame's.
      starts.append(ReelInstant(nanoseconds: nanoseconds))
    }
    for frame in 0..<600 {
      let now = ReelInstant(nanoseconds: nanoseconds)
      if !list.isMoving && frame % 50 < 25 {
        list.beginDrag(at: Point(x: 100, y: 100), time: now)
        list.endDrag(at: now, velocity: rng.int(in: 0...1) == 0 ? -2_500 : 2_500)
      }
      if frame % 23 == 7 {
        try apply(BatchUpdateWindowTests.randomUpdate(count: source.items.count, &rng))
      }
      if frame % 31 == 3, let first = list.visibleIndices.first, first + 6 < source.items.count {
        var update = BatchUpdate()
        update.delete(at: [first + 2, first + 4])
        update.insert(at: first + 1)
        try apply(update)
      }
      list.tick(now)
      twin.contentOffset = list.contentOffset
      // A twin at rest pulls an overscrolled offset back into range: no reference then.
      let twinPlacements = twin.placements
      let expected =
        twin.contentOffset == list.contentOffset
        ? Dictionary(
          twinPlacements.map { ($0.virtualIndex, $0.frame) }, uniquingKeysWith: { a, _ in a })
        : [:]
      let context = "\(scenario.name) seed \(scenario.seed) frame \(frame)"
      for placement in list.placements {
        if let t = placement.transition {
          #expect(t.progress >= 0 && t.progress <= 1, "\(context): progress \(t.progress)")
          let matches = starts.contains {
            Self.close(t.progress, Self.spring(Double(now.nanoseconds - $0.nanoseconds) / 1e9))
          }
          #expect(matches, "\(context): progress \(t.progress) is no spring's since an update")
          counts.progress += 1
          switch t.kind {
          case .move:
            #expect(
              Self.close(placement.frame, Self.lerp(t.from, t.to, t.progress)),
              "\(context): item \(placement.index) at \(placement.frame), transition \(t)")
            counts.moves += 1
          case .appear:
            #expect(Self.close(placement.opacity, t.progress), "\(context): \(placement.opacity)")
            counts.appears += 1
          case .disappear:
            break
          }
        }
        guard !placement.isDeparting, let destination = expected[placement.virtualIndex] else {
          continue
        }
        let final = placement.transition?.to ?? placement.frame
        #expect(
          Self.close(final, destination),
          "\(context): item \(placement.index) is headed for \(final), the twin places it at \(destination)"
        )
        counts.destinations += 1
      }
      nanoseconds += [8_333_333, 16_666_667, 6_944_444, 33_333_333][rng.int(in: 0...3)]
    }
    #expect(
      counts.progress > 1_000 && counts.moves > 500 && counts.appears > 100
        && counts.destinations > 5_000,
      "\(scenario.name): \(counts)")
  }
}
