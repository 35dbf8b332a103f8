import Reel

/// W9-animated: animated batch updates of a full screen during flings.
enum AnimatedUpdateWorkload {
  /// W9-animated: n = 1,000,000 items measured with the W2 sizes, `updateAnimation = .default`
  /// (a critically damped spring, 0.3 s response). Flings of 3,000 points/s ticked at 120
  /// frames per simulated second, a new fling whenever one comes to rest; every 30 frames one
  /// batch update that inserts an item just below the first visible one and deletes the third
  /// and fifth visible ones, so every cell on screen travels, two fade out and one fades in.
  /// Each frame is a tick and a read of every placement. Reports the time per frame, the same
  /// frames without animation, and W2's per-frame loop (offset += 7, a pass, every placement
  /// read, fresh items measured) over the same number of frames.
  ///
  /// The three are measured in rounds (animated, unanimated, W2, then again), so that each
  /// round's ratios compare runs made moments apart: `ratio_to_w2` and
  /// `ratio_to_unanimated` are the medians of the rounds' ratios, which a machine that changes
  /// speed between rounds moves far less than a ratio of medians taken minutes apart.
  static func w9Animated(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 1_000_000
    let frames = options.frames(full: 20_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    var departingMost = 0
    var unused = 0
    var results: [RunResult] = []
    var still: [RunResult] = []
    var baseline: [RunResult] = []
    for _ in 0..<options.runCount {
      results += measureRuns(1) {
        animatedFlingFrames(n: n, frames: frames, sizes: sizes, departingMost: &departingMost)
      }
      still += measureRuns(1) {
        unanimatedFlingFrames(n: n, frames: frames, sizes: sizes, departingMost: &unused)
      }
      baseline += measureRuns(1) {
        MeasuredWorkloads.scrollMeasuring(
          layout: VariableLayout(estimatedExtent: 50), count: n, frames: frames, sizes: sizes)
      }
    }
    var report = Report(workload: "W9-animated", n: n)
    report.addTiming(results, frames: frames)
    let perFrame = { (runs: [RunResult]) in runs.map { Double($0.nanoseconds) / Double(frames) } }
    let (animated, unanimated, w2) = (perFrame(results), perFrame(still), perFrame(baseline))
    report.add("w2_ns_per_frame", median(w2))
    report.add("ratio_to_w2", median(zip(animated, w2).map { $0 / $1 }))
    report.add("unanimated_ns_per_frame", median(unanimated))
    report.add("ratio_to_unanimated", median(zip(animated, unanimated).map { $0 / $1 }))
    report.add("most_departing_cells", departingMost)
    return [report]
  }

  /// The animated run on its own, so that a profiler can collect it alone
  /// (`valgrind --tool=callgrind --toggle-collect='*animatedFlingFrames*'`).
  @inline(never)
  static func animatedFlingFrames(
    n: Int, frames: Int, sizes: [Double], departingMost: inout Int
  ) -> RunResult {
    flingFrames(
      n: n, frames: frames, sizes: sizes, animation: .default, departingMost: &departingMost)
  }

  /// The same flings and updates without animation, on their own for a profiler
  /// (`--toggle-collect='*unanimatedFlingFrames*'`).
  @inline(never)
  static func unanimatedFlingFrames(
    n: Int, frames: Int, sizes: [Double], departingMost: inout Int
  ) -> RunResult {
    flingFrames(
      n: n, frames: frames, sizes: sizes, animation: .none, departingMost: &departingMost)
  }

  /// One of W9-animated's batch updates (insert one item below the first visible one, delete
  /// the third and fifth visible ones), on its own so that a profiler can collect it alone
  /// (`--toggle-collect='*O07performD0_*'`: the mangled name abbreviates `Update`, so
  /// `'*performUpdate*'` matches nothing).
  @inline(never)
  static func performUpdate(_ list: VirtualList<BenchCell>, source: BenchSource, first: Int) {
    source.count -= 1
    try! list.performBatchUpdates { update in
      update.delete(at: first + 2)
      update.delete(at: first + 4)
      update.insert(at: first + 1)
    }
  }

  /// The flings and updates of W9-animated with an update animation.
  static func flingFrames(
    n: Int, frames: Int, sizes: [Double], animation: UpdateAnimation, departingMost: inout Int
  ) -> RunResult {
    let fixture = Fixture(count: n, layout: VariableLayout(extents: sizes, estimatedExtent: 50))
    let list = fixture.list
    list.updateAnimation = animation
    return withExtendedLifetime(fixture) {
      var checksum = touchPlacements(list)
      var frame = 0
      let start = Machine.nanoseconds()
      while frame < frames {
        let now = ReelInstant(nanoseconds: Int64(frame) * 1_000_000_000 / 120)
        if !list.isMoving {
          list.beginDrag(at: Point(x: 0, y: 400), time: now)
          list.endDrag(
            at: now, velocity: list.contentOffset > list.maximumOffset / 2 ? -3_000 : 3_000)
        }
        if frame % 30 == 15, let first = list.visibleIndices.first,
          first + 6 < fixture.source.count
        {
          performUpdate(list, source: fixture.source, first: first)
        }
        list.tick(now)
        checksum += touchPlacements(list)
        departingMost = max(departingMost, list.cellsDeparting)
        frame += 1
      }
      let elapsed = Machine.nanoseconds() - start
      return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
    }
  }
}
