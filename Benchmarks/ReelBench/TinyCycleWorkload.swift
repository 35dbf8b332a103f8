import Reel

/// W6: cyclic lists of 1 and 2 items 100 points wide in a 390-point viewport, so the same item
/// shows several times at once; offset += 7 per frame for 100,000 frames.
enum TinyCycleWorkload {
  /// Frames checked with the list's full (allocating) `invariantViolations()`; every frame gets
  /// the allocation-free checks of ``TinyCycleChecker``.
  static let fullyCheckedFrames = 1_000

  static func w6(_ options: Options) -> [Report] {
    let frames = options.frames(full: 100_000, quick: 2_000)
    return [1, 2].map { n in
      let results = measureRuns(options.runCount) {
        let fixture = makeFixture(count: n)
        let list = fixture.list
        return withExtendedLifetime(fixture) {
          var checksum = touchPlacements(list)
          let start = Machine.nanoseconds()
          for _ in 0..<frames {
            list.contentOffset += 7
            list.layoutIfNeeded()
            checksum += touchPlacements(list)
          }
          let elapsed = Machine.nanoseconds() - start
          return RunResult(
            nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
        }
      }
      let verification = verify(count: n, frames: frames)
      var report = Report(workload: "W6", n: n)
      report.addTiming(results, frames: frames)
      report.add("invariants_ok", verification.ok)
      report.add("max_copies_of_one_item", verification.maxCopies)
      return report
    }
  }

  static func makeFixture(count: Int) -> Fixture {
    Fixture(
      count: count, layout: UniformLayout(extent: 100), axis: .horizontal, wrapping: .cyclic)
  }

  /// Replays the frames untimed and checks the invariants after each one.
  static func verify(count: Int, frames: Int) -> (ok: Bool, maxCopies: Int) {
    let fixture = makeFixture(count: count)
    let list = fixture.list
    return withExtendedLifetime(fixture) {
      var checker = TinyCycleChecker(count: count, extent: 100)
      var ok = checker.check(list)
      for frame in 0..<frames {
        list.contentOffset += 7
        list.layoutIfNeeded()
        ok = checker.check(list) && ok
        if frame < fullyCheckedFrames { ok = list.invariantViolations().isEmpty && ok }
      }
      return (ok, checker.maxCopies)
    }
  }
}

/// Allocation-free checks of a cyclic list of items of one extent: consecutive virtual indices,
/// data index = v mod n, frames that abut, distinct cells, the viewport covered, the offset
/// inside one period.
struct TinyCycleChecker {
  let count: Int
  let extent: Double
  /// The most placements showing the same item at once.
  private(set) var maxCopies = 0

  init(count: Int, extent: Double) {
    self.count = count
    self.extent = extent
  }

  mutating func check(_ list: VirtualList<BenchCell>) -> Bool {
    let placements = list.placements
    guard let first = placements.first, let last = placements.last else { return false }
    var ok = first.frame.minX <= 0 && last.frame.maxX >= list.viewportSize.width
    let offset = list.contentOffset
    ok = ok && offset >= 0 && offset < Double(count) * extent
    var copiesOfFirst = 0
    for position in placements.indices {
      let placement = placements[position]
      let v = first.virtualIndex + position
      ok = ok && placement.virtualIndex == v && placement.index == ((v % count) + count) % count
      ok = ok && placement.cell.item == placement.index && placement.frame.width == extent
      if position > 0 { ok = ok && placement.frame.minX == placements[position - 1].frame.maxX }
      for earlier in placements.indices where earlier < position {
        ok = ok && placements[earlier].cell !== placement.cell
      }
      if placement.index == first.index { copiesOfFirst += 1 }
    }
    maxCopies = max(maxCopies, copiesOfFirst)
    return ok
  }
}
