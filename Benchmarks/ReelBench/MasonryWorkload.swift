import Reel

/// W13-masonry: a staggered grid of measured items, scrolled as W2.
enum MasonryWorkload {
  /// n = 100,000 items in a 3-lane `MasonryLayout` (spacing 4, lane spacing 4), estimate 50;
  /// every item placed for the first time is measured with its W2 size right after the pass;
  /// offset += 7 per frame for 50,000 frames (back to 0 at the end).
  static func w13(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 100_000
    let frames = options.frames(full: 50_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    let results = measureRuns(options.runCount) {
      let layout = MasonryLayout(lanes: 3, estimatedExtent: 50, spacing: 4, laneSpacing: 4)
      let fixture = Fixture(count: n, layout: layout)
      return withExtendedLifetime(fixture) {
        var scroller = MeasuringScroller(list: fixture.list, sizes: sizes)
        var checksum = scroller.frame()
        let list = fixture.list
        let start = Machine.nanoseconds()
        for _ in 0..<frames {
          var offset = list.contentOffset + 7
          if offset > list.maximumOffset { offset = 0 }
          list.contentOffset = offset
          checksum += scroller.frame()
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
      }
    }
    var report = Report(workload: "W13-masonry", n: n)
    report.addTiming(results, frames: frames)
    return [report]
  }
}
