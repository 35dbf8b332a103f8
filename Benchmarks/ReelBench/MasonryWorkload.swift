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
      MeasuredWorkloads.scrollMeasuring(
        layout: MasonryLayout(lanes: 3, estimatedExtent: 50, spacing: 4, laneSpacing: 4),
        count: n, frames: frames, sizes: sizes)
    }
    var report = Report(workload: "W13-masonry", n: n)
    report.addTiming(results, frames: frames)
    return [report]
  }
}
