import Reel
import ReelBanner
import ReelTesting
import Testing

/// A banner of `RecordingCell`s over an array of integers, with a manual clock and logs of the
/// events it sent.
final class BannerHarness {
  let banner: Banner<RecordingCell>
  let source: ArrayDataSource<Int>
  let clock = ManualClock()
  let tracker = LifetimeTracker()
  var pages: [Int] = []
  var selections: [Int] = []
  var announcements: [String] = []
  /// Pages reported that differed from what was centred at that moment.
  var stalePages: [String] = []

  init(
    count: Int, layout: PagingLayout = PagingLayout(insets: 16, spacing: 8),
    axis: Axis = .horizontal, wrapping: Wrapping = .cyclic,
    direction: LayoutDirection = .leftToRight, autoplay: Autoplay = .every(.seconds(2)),
    viewport: Size = Size(width: 390, height: 200)
  ) {
    banner = Banner(
      layout: layout, axis: axis, wrapping: wrapping, direction: direction, autoplay: autoplay)
    source = ArrayDataSource(items: Array(0..<count))
    source.install(on: banner.list, tracker: tracker)
    banner.onPageChange = { [unowned self] page in
      pages.append(page)
      if let centred = centredIndex, centred != page {
        stalePages.append("reported \(page) while \(centred) is centred")
      }
    }
    banner.onSelect = { [unowned self] in selections.append($0) }
    banner.onAnnouncement = { [unowned self] in announcements.append($0) }
    banner.viewportSize = viewport
    // The first frame: the first page event fires when the first item appears.
    banner.tick(clock.now)
  }

  /// Every test that builds a harness checks its cells' lifetimes when it lets go of it: no
  /// cell prepared for reuse while displayed, every cell made by the banner's list, and none
  /// alive beyond those the list holds (displayed or pooled).
  deinit {
    #expect(tracker.violations.isEmpty, "\(tracker.violations.prefix(5))")
    #expect(tracker.created == list.cellsCreated, "cells made outside the list's factories")
    let held = list.cellsCreated - list.cellsReleased
    #expect(tracker.alive <= held, "\(tracker.alive) cells alive, the list holds \(held)")
  }

  var list: VirtualList<RecordingCell> { banner.list }

  /// The data index of the placement whose centre is nearest the viewport's centre.
  var centredIndex: Int? {
    let size = banner.viewportSize
    let horizontal = list.axis == .horizontal
    let middle = horizontal ? size.width / 2 : size.height / 2
    return list.placements.min {
      abs((horizontal ? $0.frame.midX : $0.frame.midY) - middle)
        < abs((horizontal ? $1.frame.midX : $1.frame.midY) - middle)
    }?.index
  }

  /// Whether the centred item rests exactly at its resting offset.
  var isResting: Bool {
    guard let item = list.restingVirtualIndex else { return false }
    return list.scrollPhase == .idle
      && abs(list.targetOffset(forVirtualIndex: item, alignment: .resting) - list.contentOffset)
        < 1e-6
  }

  func tick() { banner.tick(clock.now) }

  /// The frame rate of `settle()` and `fling(...)`; motion is analytic, so it changes the
  /// sampling, not the path.
  var fps = 60.0

  /// Ticks at `fps` for `seconds`.
  func run(seconds: Double, fps: Double = 60) {
    let frames = Int((seconds * fps).rounded())
    for _ in 0..<frames {
      clock.advance(seconds: 1 / fps)
      tick()
    }
  }

  /// Runs like a frontend that sleeps when it can: frames at `fps` while the banner needs them,
  /// otherwise one tick at the next deadline. Returns the number of ticks.
  @discardableResult
  func runSleeping(seconds: Double, fps: Double = 60) -> Int {
    let end = clock.now.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
    var ticks = 0
    while clock.now < end {
      if banner.needsFrames {
        clock.advance(by: min(.nanoseconds(Int64(1e9 / fps)), end - clock.now))
      } else if let deadline = banner.nextDeadline, deadline > clock.now {
        clock.advance(by: min(deadline, end) - clock.now)
      } else if banner.nextDeadline == nil {
        clock.advance(by: end - clock.now)
      }
      tick()
      ticks += 1
    }
    return ticks
  }

  /// Ticks until the banner rests (at most `limit` seconds).
  func settle(limit: Double = 10) {
    let start = clock.now
    while (list.isMoving || list.needsFrames) && clock.now.seconds(since: start) < limit {
      clock.advance(seconds: 1 / fps)
      tick()
    }
  }

  /// Drags from `from` to `to` along the main axis over `duration`, then releases.
  func fling(from: Double, to: Double, duration: Double = 0.1, fps: Double? = nil) {
    let fps = fps ?? self.fps
    let point = { (x: Double) in
      self.list.axis == .horizontal ? Point(x: x, y: 50) : Point(x: 50, y: x)
    }
    banner.beginDrag(at: point(from), time: clock.now)
    let steps = max(1, Int(duration * fps))
    for i in 1...steps {
      clock.advance(seconds: duration / Double(steps))
      banner.drag(to: point(from + (to - from) * Double(i) / Double(steps)), time: clock.now)
      tick()
    }
    banner.endDrag(at: clock.now)
  }
}
