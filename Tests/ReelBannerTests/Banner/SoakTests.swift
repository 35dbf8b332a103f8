import Reel
import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct SoakTests {
  /// What a simulated day did, for the assertions and the report.
  struct DayReport: CustomStringConvertible {
    var ticks = 0
    var flings = 0
    var taps = 0
    var resizes = 0
    var reloads = 0
    var steps = 0
    var maxAbsOffset = 0.0
    var cellsAfterWarmUp = 0
    var cellsAtEnd = 0
    var drifts: [String] = []

    var description: String {
      "ticks \(ticks), flings \(flings), taps \(taps), resizes \(resizes), reloads \(reloads), "
        + "page changes \(steps), max |offset| \(maxAbsOffset), cells after the first hour "
        + "\(cellsAfterWarmUp), at the end \(cellsAtEnd)"
    }
  }

  /// 24 simulated hours of autoplay every 2 s, with a fling every 2–8 s, a tap after some of
  /// them, a resize every ~10 minutes and a reload every ~15 minutes. The frontend sleeps
  /// until the next deadline when the banner needs no frames, as a real one does.
  @Test(arguments: [1, 2, 3, 20])
  func aDayOfAutoplayWithFlingsStaysBoundedAndOnThePage(count: Int) {
    let seed = 0x5EED_0000 &+ UInt64(count)
    let report = simulateDay(count: count, seed: seed)
    let context = Comment(rawValue: "seed \(seed), count \(count): \(report)")
    print("soak", context.rawValue)
    #expect(report.drifts.isEmpty, context)
    #expect(report.maxAbsOffset <= 3 * 800 + Double(count) * 808, context)
    #expect(report.cellsAtEnd == report.cellsAfterWarmUp, context)
    #expect(report.cellsAtEnd <= 16, context)
    if count >= 2 {
      #expect(report.steps > 20_000 && report.flings > 10_000, context)
    } else {
      #expect(report.steps == 0, context)
    }
  }

  private func simulateDay(count: Int, seed: UInt64) -> DayReport {
    var rng = SplitMix64(seed: seed)
    let h = BannerHarness(count: count)
    let sizes = [
      Size(width: 390, height: 200), Size(width: 800, height: 300), Size(width: 320, height: 180),
    ]
    var report = DayReport()
    var nextFling = 3.0
    var nextResize = 600.0
    var nextReload = 900.0
    let day = 86_400.0
    var pagesSeen = 0
    while h.clock.now.seconds < day {
      let t = h.clock.now.seconds
      if t >= nextFling {
        let distance =
          Double.random(in: 40...500, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        h.fling(from: 200, to: 200 - distance, duration: Double.random(in: 0.05...0.3, using: &rng))
        report.flings += 1
        nextFling = t + Double.random(in: 2...8, using: &rng)
        if Bool.random(using: &rng) {
          h.settle()
          let middle = Point(
            x: h.banner.viewportSize.width / 2, y: h.banner.viewportSize.height / 2)
          let tapped = h.banner.tap(at: middle)
          report.taps += 1
          if tapped != h.banner.currentPage {
            report.drifts.append(
              "t=\(t): tapped \(String(describing: tapped)) on page \(String(describing: h.banner.currentPage))"
            )
          }
        }
      } else if t >= nextResize {
        report.resizes += 1
        h.banner.viewportSize = sizes[report.resizes % sizes.count]
        nextResize = t + Double.random(in: 500...700, using: &rng)
      } else if t >= nextReload {
        let before = h.banner.currentPage
        h.banner.reloadData()
        report.reloads += 1
        if h.banner.currentPage != before {
          report.drifts.append(
            "t=\(t): a reload moved page \(String(describing: before)) to \(String(describing: h.banner.currentPage))"
          )
        }
        nextReload = t + Double.random(in: 800...1000, using: &rng)
      }
      // The frontend: frames while needed, else sleep until the next deadline or input.
      let nextInput = min(nextFling, nextResize, nextReload)
      if h.banner.needsFrames {
        h.clock.advance(seconds: 1 / 60)
      } else {
        let wake = min(h.banner.nextDeadline?.seconds ?? nextInput, nextInput)
        h.clock.advance(seconds: max(1 / 60, wake - h.clock.now.seconds))
      }
      h.tick()
      report.ticks += 1
      report.maxAbsOffset = max(report.maxAbsOffset, abs(h.list.contentOffset))
      if h.banner.currentPage != h.centredIndex && report.drifts.count < 5 {
        report.drifts.append(
          "t=\(h.clock.now.seconds): page \(String(describing: h.banner.currentPage)) but \(String(describing: h.centredIndex)) centred"
        )
      }
      if report.cellsAfterWarmUp == 0 && h.clock.now.seconds >= 3_600 {
        report.cellsAfterWarmUp = h.list.cellsCreated
      }
      pagesSeen = h.pages.count
    }
    report.steps = pagesSeen - 1
    report.cellsAtEnd = h.list.cellsCreated
    report.drifts += h.stalePages.prefix(5)
    report.drifts += h.tracker.violations.prefix(5)
    report.drifts += h.source.violations.prefix(5)
    return report
  }
}
