import Reel
import ReelBanner

/// W5: a `ReelBanner.Banner` for 24 simulated hours at 120 frames per second, autoplaying every
/// 2 s, with a fling of 2,000 points/s every 37 s.
enum BannerWorkload {
  static let framesPerSecond = 120
  static let flingPeriodFrames = 37 * framesPerSecond
  static let count = 5
  static let viewport = Size(width: 390, height: 200)

  static func w5(_ options: Options) -> [Report] {
    let frames = options.frames(full: 24 * 3600 * framesPerSecond, quick: 60 * framesPerSecond)
    var bound = 0.0
    var pageChanges = 0
    let results = measureRuns(options.runCount) {
      let (banner, source) = makeBanner()
      let list = banner.list
      var changes = 0
      banner.onPageChange = { _ in changes += 1 }
      return withExtendedLifetime(source) {
        banner.tick(.zero)  // the first frame: the banner rests on item 0 and arms autoplay
        var checksum = touchPlacements(list)
        bound = list.layout.period.extent + list.viewportExtent
        var largest = abs(list.contentOffset)
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        for frame in 1...frames {
          let now = ReelInstant(nanoseconds: Int64(frame) * 1_000_000_000 / Int64(framesPerSecond))
          if frame % flingPeriodFrames == 0 {
            banner.beginDrag(at: Point(x: viewport.width / 2, y: viewport.height / 2), time: now)
            banner.endDrag(at: now, velocity: 2_000)
          }
          banner.tick(now)
          checksum += touchPlacements(list)
          largest = max(largest, abs(list.contentOffset))
        }
        let elapsed = Machine.nanoseconds() - start
        pageChanges = changes
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          residentGrowth: Machine.residentBytes() - residentBefore, check: largest)
      }
    }
    var report = Report(workload: "W5", n: count)
    report.addTiming(results, frames: frames)
    report.add("simulated_seconds", Double(frames) / Double(framesPerSecond))
    report.add("max_abs_offset", results.map(\.check).max() ?? .nan)
    report.add("offset_bound", bound)
    report.add("page_changes", pageChanges)
    report.add("banner", "ReelBanner.Banner")
    return [report]
  }

  /// The banner of W5: horizontal, cyclic, `PagingLayout(insets: 16, spacing: 8)`
  /// (item extent 358, centred), 390 × 200, overscan 0, autoplay every 2 s; with the data
  /// source it holds weakly.
  static func makeBanner() -> (Banner<BenchCell>, BenchSource) {
    let banner = Banner<BenchCell>(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic,
      autoplay: .every(.seconds(2)))
    banner.list.overscan = 0
    banner.list.register("cell") { BenchCell() }
    let source = BenchSource(count: count)
    banner.dataSource = source
    banner.viewportSize = viewport
    banner.list.layoutIfNeeded()
    checkConfiguration(banner.list)
    return (banner, source)
  }

  /// Stops the run if the banner is not the one W5 describes: one item of 358 points
  /// centred with its neighbours 8 points away, nothing beyond them.
  private static func checkConfiguration(_ list: VirtualList<BenchCell>) {
    let frames = list.placements.map(\.frame).sorted { $0.minX < $1.minX }
    let centred = frames.first { abs($0.midX - viewport.width / 2) < 0.5 }
    precondition(
      list.overscan == 0 && list.numberOfItems == count && list.wrapping == .cyclic
        && frames.count == 3 && frames.allSatisfy { $0.width == 358 && $0.height == 200 }
        && centred?.minX == 16 && frames[1].minX - frames[0].maxX == 8,
      "W5: the banner is not configured as the workload defines it: \(frames)")
  }
}
