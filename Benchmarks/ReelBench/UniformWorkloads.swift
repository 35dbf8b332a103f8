import Reel

/// W1 and W1-scale: a uniform list of rows 44 points high.
enum UniformWorkloads {
  /// W1: n = 1,000,000; offset += 7 per frame for 200,000 frames, back to 0 past the end.
  static func w1(_ options: Options) -> [Report] {
    let n = 1_000_000
    let frames = options.frames(full: 200_000, quick: 2_000)
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(count: n, layout: UniformLayout(extent: 44))
      return withExtendedLifetime(fixture) { scroll(fixture.list, frames: frames) }
    }
    var report = Report(workload: "W1", n: n)
    report.addTiming(results, frames: frames)
    return [report]
  }

  /// Scrolls by 7 points per frame, back to 0 past the end, and times the frames (the first
  /// layout pass is not timed). Shared with the eager baseline's figures.
  static func scroll(_ list: VirtualList<BenchCell>, frames: Int) -> RunResult {
    var checksum = touchPlacements(list)
    let end = list.maximumOffset
    let residentBefore = Machine.residentBytes()
    var offset = list.contentOffset
    let start = Machine.nanoseconds()
    for _ in 0..<frames {
      offset += 7
      if offset > end { offset = 0 }
      list.contentOffset = offset
      list.layoutIfNeeded()
      checksum += touchPlacements(list)
    }
    let elapsed = Machine.nanoseconds() - start
    return RunResult(
      nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
      residentGrowth: Machine.residentBytes() - residentBefore)
  }

  /// The item counts of W1-scale.
  static let scaleCounts = [1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

  /// W1-scale: construct a list of n items and run its first layout pass; one line per n, for
  /// a `UniformLayout` of 44 and for a `VariableLayout` with only an estimate of 44.
  static func w1Scale(_ options: Options) -> [Report] {
    let layouts: [(name: String, make: () -> any ListLayout)] = [
      ("UniformLayout", { UniformLayout(extent: 44) }),
      ("VariableLayout", { VariableLayout(estimatedExtent: 44) }),
    ]
    return layouts.flatMap { layout in
      scaleCounts.map { n in
        let results = measureRuns(options.runCount) {
          let residentBefore = Machine.residentBytes()
          let start = Machine.nanoseconds()
          let fixture = Fixture(count: n, layout: layout.make())
          fixture.list.layoutIfNeeded()
          let elapsed = Machine.nanoseconds() - start
          let growth = Machine.residentBytes() - residentBefore
          return withExtendedLifetime(fixture) {
            RunResult(
              nanoseconds: elapsed, checksum: touchPlacements(fixture.list),
              cellsCreated: fixture.list.cellsCreated, residentGrowth: growth)
          }
        }
        var report = Report(workload: "W1-scale", n: n)
        report.add("layout", layout.name)
        report.addTiming(results, frames: 1, key: "ms", scale: 1e6)
        return report
      }
    } + measuredScale(options)
  }

  /// W1-scale for a `VariableLayout` given every extent (the W2 sizes, generated untimed):
  /// construct, first pass; 10⁶ and 10⁷ items (10⁵ with `--quick`). Also reports the memory
  /// per measured item, `bytes_per_item`: the largest resident growth of the runs over n.
  static func measuredScale(_ options: Options) -> [Report] {
    (options.quick ? [100_000] : [1_000_000, 10_000_000]).map { n in
      let sizes = Mulberry32.w2Sizes(count: n)
      let results = measureRuns(options.runCount) {
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        let fixture = Fixture(count: n, layout: VariableLayout(extents: sizes, estimatedExtent: 44))
        fixture.list.layoutIfNeeded()
        let elapsed = Machine.nanoseconds() - start
        let growth = Machine.residentBytes() - residentBefore
        return withExtendedLifetime(fixture) {
          RunResult(
            nanoseconds: elapsed, checksum: touchPlacements(fixture.list),
            cellsCreated: fixture.list.cellsCreated, residentGrowth: growth)
        }
      }
      var report = Report(workload: "W1-scale", n: n)
      report.add("layout", "VariableLayout(extents:)")
      report.addTiming(results, frames: 1, key: "ms", scale: 1e6)
      let growth = results.map(\.residentGrowth).max() ?? 0
      report.add("bytes_per_item", Double(growth) / Double(n))
      return report
    }
  }
}
