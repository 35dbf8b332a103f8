import Reel
import ReelBanner
import ReelTesting
import Testing

/// The first page event fires when the first item appears, so a callback set
/// where the docs set it (after `install(on:)` and `viewportSize`) hears it.
@Suite struct FirstPageEventTests {
  @Test func aCallbackSetAfterInstallAndViewportHearsTheFirstPage() {
    let clock = ManualClock()
    let banner = Banner<RecordingCell>(layout: PagingLayout(insets: 16, spacing: 8))
    let source = ArrayDataSource(items: Array(0..<5))
    source.install(on: banner.list)
    banner.viewportSize = Size(width: 390, height: 200)
    var pages: [Int] = []
    banner.onPageChange = { pages.append($0) }
    banner.tick(clock.now)
    #expect(pages == [0], "the first page, once, when it appears")
    #expect(banner.list.placements.contains { $0.index == 0 })
    clock.advance(seconds: 0.5)
    banner.tick(clock.now)
    #expect(pages == [0], "and not again")
  }
}
