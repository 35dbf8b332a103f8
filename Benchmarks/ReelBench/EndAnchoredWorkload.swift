import Reel

/// W12: a chat list anchored at its end.
enum EndAnchoredWorkload {
  /// W12: 100,000 messages measured with the W2 sizes in a list anchored at the end, resting at
  /// its end. Each frame alternately appends one message (a batch insert at the end, then the
  /// measurement of its W2 size, as a frontend measures a new cell) or grows the last message by
  /// 20 points, then runs a pass. Reports the time per frame, the largest distance between the
  /// last message's end and the viewport's end (`max_end_drift`, goal 0) and `pass` (≤ 1 µs per
  /// frame and no drift).
  static func w12(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 100_000
    let frames = options.frames(full: 20_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n + frames)
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(
        count: n, layout: VariableLayout(extents: Array(sizes[0..<n]), estimatedExtent: 50))
      let list = fixture.list
      list.anchoring = .end
      return withExtendedLifetime(fixture) {
        list.layoutIfNeeded()
        let viewportEnd = list.viewportSize.height
        var checksum = touchPlacements(list)
        var drift = 0.0
        var last = n - 1
        var lastExtent = sizes[last]
        let start = Machine.nanoseconds()
        for frame in 0..<frames {
          if frame % 2 == 0 {
            fixture.source.count += 1
            last += 1
            try! list.performBatchUpdates { $0.insert(at: last) }
            lastExtent = sizes[last]
          } else {
            lastExtent += 20
          }
          list.setMeasuredExtent(lastExtent, forItemAt: last)
          list.layoutIfNeeded()
          checksum += touchPlacements(list)
          drift = max(drift, endDrift(list, last: last, viewportEnd: viewportEnd))
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated, check: drift)
      }
    }
    var report = Report(workload: "W12", n: n)
    report.addTiming(results, frames: frames)
    let drift = results.map(\.check).max() ?? .nan
    report.add("max_end_drift", drift)
    let perFrame = median(results.map { Double($0.nanoseconds) / Double(frames) })
    report.add("pass", perFrame <= 1_000 && drift == 0)
    return [report]
  }

  /// How far the last message's end is from the viewport's end (infinite when not displayed).
  static func endDrift(_ list: VirtualList<BenchCell>, last: Int, viewportEnd: Double) -> Double {
    let placements = list.placements
    var i = placements.endIndex
    while i > placements.startIndex {
      i -= 1
      if placements[i].index == last { return abs(placements[i].frame.maxY - viewportEnd) }
    }
    return .infinity
  }
}
