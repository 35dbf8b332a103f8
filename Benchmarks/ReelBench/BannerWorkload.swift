import Reel

/// W5: the banner for 24 simulated hours at 120 frames per second, autoplaying every 2 s, with
/// a fling of 2,000 points/s every 37 s.
enum BannerWorkload {
  static let framesPerSecond = 120
  static let flingPeriodFrames = 37 * framesPerSecond

  static func w5(_ options: Options) -> [Report] {
    let frames = options.frames(full: 24 * 3600 * framesPerSecond, quick: 60 * framesPerSecond)
    var bound = 0.0
    let results = measureRuns(options.runCount) {
      let banner = SimulatedBanner(count: 5)
      let list = banner.list
      return withExtendedLifetime(banner) {
        var checksum = touchPlacements(list)
        let period = list.layout.period.extent
        bound = period + list.viewportExtent
        var largest = abs(list.contentOffset)
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        for frame in 1...frames {
          let now = ReelInstant(nanoseconds: Int64(frame) * 1_000_000_000 / Int64(framesPerSecond))
          if frame % flingPeriodFrames == 0 { banner.fling(at: now, velocity: 2_000) }
          banner.tick(now)
          checksum += touchPlacements(list)
          largest = max(largest, abs(list.contentOffset))
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          residentGrowth: Machine.residentBytes() - residentBefore, check: largest)
      }
    }
    var report = Report(workload: "W5", n: 5)
    report.addTiming(results, frames: frames)
    report.add("simulated_seconds", Double(frames) / Double(framesPerSecond))
    report.add("max_abs_offset", results.map(\.check).max() ?? .nan)
    report.add("offset_bound", bound)
    report.add("banner", SimulatedBanner.description)
    return [report]
  }
}

/// The banner as W5 drives it. A conformance wrapping `ReelBanner.Banner` replaces
/// ``SimulatedBanner`` once the banner module lands; the workload does not change.
protocol BannerUnderTest: AnyObject {
  /// The list whose placements are drawn.
  var list: VirtualList<BenchCell> { get }
  /// A frame: autoplay, motion and layout.
  func tick(_ now: ReelInstant)
  /// A touch down and an immediate release with a velocity (points per second).
  func fling(at now: ReelInstant, velocity: Double)
}

/// A `VirtualList` configured exactly as the banner (horizontal, cyclic,
/// `PagingLayout(insets: 16, spacing: 8)`, 390 × 200, overscan 0) with the banner's autoplay:
/// `animate(to: restingItem + 1)` every 2 s, restarted 2 s after a fling's release.
final class SimulatedBanner: BannerUnderTest {
  static let description = "VirtualList configured as the banner (ReelBanner not on main yet)"
  static let autoplayInterval = Duration.seconds(2)

  let list: VirtualList<BenchCell>
  private let source: BenchSource
  private var nextAutoplay = ReelInstant.zero.advanced(by: autoplayInterval)

  init(count: Int) {
    list = VirtualList(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic,
      overscan: 0)
    list.register("cell") { BenchCell() }
    source = BenchSource(count: count)
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 200)
  }

  func tick(_ now: ReelInstant) {
    if nextAutoplay <= now {
      if let item = list.restingItem { list.animate(to: item + 1) }
      nextAutoplay = nextAutoplay.advanced(by: Self.autoplayInterval)
    }
    list.tick(now)
  }

  func fling(at now: ReelInstant, velocity: Double) {
    list.beginDrag(at: Point(x: 195, y: 100), time: now)
    list.endDrag(at: now, velocity: velocity)
    nextAutoplay = now.advanced(by: Self.autoplayInterval)
  }
}
