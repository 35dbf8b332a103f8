import Reel
import ReelBanner
import ReelTerminalBanner
import ReelTesting
import Testing

@testable import ReelTerminal

/// `Banner: TerminalScrollTarget`: the router drives a banner through its own input methods.
@Suite struct BannerScrollTargetTests {
  /// A 40 × 6 region at row 1: the centred card spans columns 2–37, neighbours peek in at 0
  /// and 39.
  private let region = CellRect(x: 0, y: 1, width: 40, height: 6)

  private func makeBanner() -> (Banner<RecordingCell>, ArrayDataSource<Int>) {
    let banner = Banner<RecordingCell>(layout: PagingLayout(insets: 2, spacing: 1))
    let source = ArrayDataSource(items: Array(0..<5))
    source.install(on: banner.list)
    banner.dataSource = source
    banner.viewportSize = TerminalListRenderer(region: region, background: nil).viewportSize
    banner.tick(.zero)
    return (banner, source)
  }

  private func mouse(_ action: MouseAction, _ x: Int, _ y: Int) -> InputEvent {
    .mouse(MouseEvent(action, x: x, y: y))
  }

  /// Ticks every 16 ms for `seconds`, from `start`; returns the last instant.
  @discardableResult
  private func run(_ banner: Banner<RecordingCell>, from start: ReelInstant, seconds: Double)
    -> ReelInstant
  {
    var now = start
    for _ in 0..<Int(seconds / 0.016) {
      now = now.advanced(by: .milliseconds(16))
      banner.tick(now)
    }
    return now
  }

  @Test func clickTapsTheCardAndCallsOnSelect() {
    let (banner, source) = makeBanner()
    var selected: [Int] = []
    banner.onSelect = { selected.append($0) }
    let router = TerminalInputRouter()
    let id = router.add(banner, region: region)
    let t = ReelInstant(seconds: 1)
    router.route(mouse(.press(.left), 20, 3), at: t)
    #expect(router.route(mouse(.release(.left), 20, 3), at: t) == .selected(id, index: 0))
    // The card peeking in on the left is the last item, also at the seam of the loop.
    router.route(mouse(.press(.left), 0, 3), at: t)
    #expect(router.route(mouse(.release(.left), 0, 3), at: t) == .selected(id, index: 4))
    #expect(selected == [0, 4])
    #expect(source.selections == [0, 4])
  }

  @Test func dragPagesOneCardAndHoldsAutoplay() {
    let (banner, source) = makeBanner()
    defer { withExtendedLifetime(source) {} }  // the banner holds its data source weakly
    let router = TerminalInputRouter()
    router.add(banner, region: region)
    var now = run(banner, from: .zero, seconds: 0.1)
    #expect(banner.autoplayDeadline != nil)
    router.route(mouse(.press(.left), 30, 3), at: now)
    #expect(banner.autoplayDeadline == nil)  // the pointer holds autoplay
    for x in stride(from: 26, through: 6, by: -4) {
      now = now.advanced(by: .milliseconds(16))
      router.route(mouse(.drag(.left), x, 3), at: now)
    }
    router.route(mouse(.release(.left), 6, 3), at: now)
    now = run(banner, from: now, seconds: 1)
    #expect(banner.currentPage == 1)
    #expect(!banner.needsFrames)
    #expect(banner.nextDeadline != nil)  // armed again once it settled
  }

  @Test func focusedKeysTurnPagesBothWays() {
    let (banner, source) = makeBanner()
    defer { withExtendedLifetime(source) {} }  // the banner holds its data source weakly
    let router = TerminalInputRouter()
    router.focus = router.add(banner, region: region)
    #expect(router.route(.key(KeyEvent(.right)), at: .zero) == .handled)
    var now = run(banner, from: .zero, seconds: 1)
    #expect(banner.currentPage == 1)
    router.route(.key(KeyEvent(.left)), at: now)
    router.route(.key(KeyEvent(.left)), at: now)
    now = run(banner, from: now, seconds: 1)
    #expect(banner.currentPage == 4)
  }
}
