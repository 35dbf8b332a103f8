import Reel

/// W10 and W11: huge `VariableLayout` lists (10⁷ items), mostly unmeasured or fully measured.
enum HugeMeasuredWorkloads {
  /// W10: 10⁷ items estimated at 50 whose true sizes are the W2 sizes. 1,000 jumps to
  /// `floor(r() * n)` (mulberry32 seeded 5) with start alignment, each a pass, the measurement of
  /// every newly placed item in one `measure(_:)` batch and a second pass; then 5,000 frames of
  /// offset += 11, each a pass and the measurement of the newly placed items in one batch.
  /// Reports the time per jump and per frame, the time per measurement inside the jumps'
  /// batches (`ns_per_measurement`, the batch calls alone, passes excluded), the largest drift
  /// of the first visible item between frames, and resident growth.
  static func w10(_ options: Options) -> [Report] { w10(options, inBulk: true) }

  /// W10-single: W10 with every measurement given on its own (`setMeasuredExtent(_:forItemAt:)`
  /// per newly placed item, as cells measuring themselves give them) instead of one batch per
  /// frame. Reports the same figures; `ns_per_measurement` times the calls alone, passes
  /// excluded.
  static func w10Single(_ options: Options) -> [Report] { w10(options, inBulk: false) }

  static func w10(_ options: Options, inBulk: Bool) -> [Report] {
    let n = options.quick ? 100_000 : 10_000_000
    let jumps = options.frames ?? (options.quick ? 100 : 1_000)
    let frames = options.frames ?? (options.quick ? 500 : 5_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    var random = Mulberry32(seed: 5)
    let targets = (0..<jumps).map { _ in random.next(below: n) }
    var jumpTimes: [Double] = []
    var measurementTimes: [Double] = []
    var measuredCounts: [Int] = []
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(count: n, layout: VariableLayout(estimatedExtent: 50))
      let list = fixture.list
      return withExtendedLifetime(fixture) {
        var scroller = MeasuringScroller(list: list, sizes: sizes)
        scroller.inBulk = inBulk
        var checksum = scroller.frame()
        let residentBefore = Machine.residentBytes()
        scroller.timesBatches = true
        let jumpStart = Machine.nanoseconds()
        for target in targets {
          list.scrollToItem(at: target, alignment: .start)
          checksum += scroller.frame()
          list.layoutIfNeeded()
          checksum += touchPlacements(list)
        }
        jumpTimes.append(Double(Machine.nanoseconds() - jumpStart) / Double(jumps))
        scroller.timesBatches = false
        measurementTimes.append(
          Double(scroller.batchNanoseconds) / Double(max(1, scroller.batchedMeasurements)))
        var drift = 0.0
        var anchor = firstVisible(list)
        let start = Machine.nanoseconds()
        for _ in 0..<frames {
          list.contentOffset += 11
          checksum += scroller.frame()
          let now = MeasuredWorkloads.position(of: anchor.index, in: list)
          if now.isFinite { drift = max(drift, abs(now - (anchor.position - 11))) }
          anchor = firstVisible(list)
        }
        let elapsed = Machine.nanoseconds() - start
        measuredCounts.append(scroller.measuredCount)
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          residentGrowth: Machine.residentBytes() - residentBefore, check: drift)
      }
    }
    var report = Report(workload: inBulk ? "W10" : "W10-single", n: n)
    report.add("jumps", jumps)
    report.add("ns_per_jump", median(jumpTimes))
    report.add("jump_runs", jumpTimes)
    report.add("ns_per_measurement", median(measurementTimes))
    report.addTiming(results, frames: frames)
    report.add("max_anchor_drift", results.map(\.check).max() ?? .nan)
    report.add("measured_items", measuredCounts.max() ?? 0)
    return [report]
  }

  /// The first placement intersecting the viewport, after a pass.
  static func firstVisible(_ list: VirtualList<BenchCell>) -> (index: Int, position: Double) {
    var best = (index: -1, position: Double.infinity)
    for placement in list.placements where placement.frame.maxY > 0 {
      if placement.frame.minY < best.position { best = (placement.index, placement.frame.minY) }
    }
    return best
  }

  /// W11: 10⁷ items measured with the W2 sizes; alternately insert one item at
  /// `floor(r() * (n + 1))` and delete the item at `floor(r() * n)` (mulberry32 seeded 11), each
  /// a batch update followed by a pass. Reports the time per change.
  static func w11(_ options: Options) -> [Report] {
    let n = options.quick ? 100_000 : 10_000_000
    let changes = options.frames(full: 10_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    var random = Mulberry32(seed: 11)
    let positions = (0..<changes).map { change in
      random.next(below: change % 2 == 0 ? n + 1 : n)
    }
    let results = measureRuns(options.runCount) {
      let source = BenchSource(count: n)
      let list = VirtualList<BenchCell>(
        layout: VariableLayout(extents: sizes, estimatedExtent: 50), overscan: 2)
      list.register("cell") { BenchCell() }
      list.dataSource = source
      list.viewportSize = Size(width: 390, height: 844)
      list.scrollToItem(at: n / 2, alignment: .start)
      list.layoutIfNeeded()
      return withExtendedLifetime(source) {
        var checksum = touchPlacements(list)
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        for (change, position) in positions.enumerated() {
          var update = BatchUpdate()
          if change % 2 == 0 {
            update.insert(at: position)
            source.count += 1
          } else {
            update.delete(at: position)
            source.count -= 1
          }
          try! list.performBatchUpdates(update)
          list.layoutIfNeeded()
          checksum += touchPlacements(list)
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          residentGrowth: Machine.residentBytes() - residentBefore)
      }
    }
    var report = Report(workload: "W11", n: n)
    report.addTiming(results, frames: changes, key: "ns_per_change")
    return [report]
  }
}
