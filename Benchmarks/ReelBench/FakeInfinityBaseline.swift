import Reel

/// SDCycleScrollView's trick: a bounded list of n × 100 items, started in the middle. Its
/// collection view reuses cells, but its flow layout keeps one frame per item, so memory and
/// preparation grow with 100 × n; and the list runs out.
final class FakeInfinityList {
  static let multiplier = 100

  let count: Int
  /// The start of each of the n × 100 items (the flow layout's attributes).
  let starts: ContiguousArray<Double>
  let extent: Double
  let viewportHeight: Double
  let overscan = 2
  private var cells = ContiguousArray<BenchCell>()

  /// Prepares the layout of all n × 100 items: O(n) time and memory.
  init(count: Int, extent: Double, viewport: Size) {
    self.count = count
    self.extent = extent
    viewportHeight = viewport.height
    let total = count * Self.multiplier
    var starts = ContiguousArray<Double>()
    starts.reserveCapacity(total)
    for item in 0..<total { starts.append(Double(item) * extent) }
    self.starts = starts
  }

  /// The offset the list starts at: the middle copy's first item.
  var middleOffset: Double { starts.isEmpty ? 0 : starts[starts.count / 2 / count * count] }

  /// The largest offset: the content minus the viewport.
  var maximumOffset: Double { max(0, Double(starts.count) * extent - viewportHeight) }

  /// Cells ever created: the largest window.
  var cellsCreated: Int { cells.count }

  /// Lays out the window at `offset`, reusing cells by window position, and touches it.
  func touchVisible(at offset: Double) -> Double {
    let first = max(0, starts.firstIndexSorted { $0 + extent > offset } - overscan)
    let end = min(
      starts.count, starts.firstIndexSorted { $0 >= offset + viewportHeight } + overscan)
    var sum = 0.0
    for (slot, item) in (first..<max(first, end)).enumerated() {
      if slot == cells.count { cells.append(BenchCell()) }
      let cell = cells[slot]
      cell.item = item % count
      sum += Double(cell.item) + starts[item] - offset + extent
    }
    return sum
  }
}

/// The fake-infinity baseline: preparation and memory against n, W1's scrolling per frame, and
/// when W5's banner runs out of items.
enum FakeInfinityBaseline {
  static func run(_ options: Options) -> [Report] {
    let counts = options.quick ? [100, 1_000] : [1_000, 10_000, 100_000]
    let frames = options.frames(full: 20_000, quick: 500)
    var reports = counts.map { n in
      var scrollResults: [RunResult] = []
      let results = measureRuns(options.runCount) {
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        let list = FakeInfinityList(count: n, extent: 44, viewport: Size(width: 390, height: 844))
        let checksum = list.touchVisible(at: list.middleOffset)
        let elapsed = Machine.nanoseconds() - start
        let growth = Machine.residentBytes() - residentBefore
        scrollResults.append(scroll(list, frames: frames))
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          residentGrowth: growth)
      }
      var report = Report(workload: "baseline-fake-infinity", n: n)
      report.add("items", n * FakeInfinityList.multiplier)
      report.addBaseline(construction: results, scrolling: scrollResults, frames: frames)
      return report
    }
    reports.append(bannerRunsOut())
    return reports
  }

  /// W1's scroll from the middle: offset += 7 per frame, back to 0 past the end.
  static func scroll(_ list: FakeInfinityList, frames: Int) -> RunResult {
    var checksum = 0.0
    var offset = list.middleOffset
    let end = list.maximumOffset
    let start = Machine.nanoseconds()
    for _ in 0..<frames {
      offset += 7
      if offset > end { offset = 0 }
      checksum += list.touchVisible(at: offset)
    }
    return RunResult(nanoseconds: Machine.nanoseconds() - start, checksum: checksum)
  }

  /// W5's timeline (autoplay every 2 s, restarted after each fling every 37 s, one page per
  /// step) on a fake-infinity banner of 5 × 100 pages started in the middle: when it runs out.
  static func bannerRunsOut() -> Report {
    let n = 5
    let pages = n * FakeInfinityList.multiplier
    let fps = BannerWorkload.framesPerSecond
    let frames = 24 * 3600 * fps
    var page = pages / 2
    var nextAutoplay = 2 * fps
    var runsOut: Int?
    for frame in 1...frames where runsOut == nil {
      if frame % BannerWorkload.flingPeriodFrames == 0 {
        page += 1
        nextAutoplay = frame + 2 * fps
      } else if frame >= nextAutoplay {
        page += 1
        nextAutoplay += 2 * fps
      }
      if page >= pages - 1 { runsOut = frame }
    }
    var report = Report(workload: "baseline-fake-infinity", n: n)
    report.add("scenario", "W5 banner timeline")
    report.add("items", pages)
    report.add("runs_out_after_s", runsOut.map { Double($0) / Double(fps) } ?? .infinity)
    report.add("simulated_seconds", Double(frames / fps))
    return report
  }
}
