import Reel
import ReelTestSupport
import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct PageTests {
  @Test func pageChangesAreReportedExactlyOnceWithTheDataIndex() {
    let h = BannerHarness(count: 5, autoplay: .off)
    #expect(h.pages == [0])
    h.fling(from: 300, to: 100)
    h.settle()
    #expect(h.pages == [0, 1])
    h.banner.scrollToPage(4, animated: true)
    h.settle()
    #expect(h.pages == [0, 1, 0, 4], "the shorter way round, through the seam")
    h.banner.scrollToPage(4, animated: false)
    h.tick()
    #expect(h.pages == [0, 1, 0, 4], "no event without a change")
    #expect(h.stalePages.isEmpty)
  }

  @Test func indicatorFollowsTheContinuousPosition() {
    let h = BannerHarness(count: 5, autoplay: .off)
    var indicator = h.banner.indicator
    #expect(indicator.count == 5 && indicator.current == 0 && indicator.progress == 0)
    #expect(!indicator.isHidden && indicator.emphasis(ofPage: 0) == 1)
    // Half a stride (358 + 8) to the right: half-way from page 0 to page 1.
    h.banner.beginDrag(at: Point(x: 300, y: 50), time: h.clock.now)
    h.banner.drag(to: Point(x: 300 - 183, y: 50), time: h.clock.now)
    indicator = h.banner.indicator
    #expect(abs(indicator.progress - 0.5) < 1e-9)
    #expect(abs(indicator.emphasis(ofPage: 0) - 0.5) < 1e-9)
    #expect(abs(indicator.emphasis(ofPage: 1) - 0.5) < 1e-9)
    #expect(indicator.emphasis(ofPage: 3) == 0)
    // Half a stride to the left of page 0: half-way from the last page back to the first.
    h.banner.drag(to: Point(x: 300 + 183, y: 50), time: h.clock.now)
    indicator = h.banner.indicator
    #expect(abs(indicator.progress - 4.5) < 1e-9)
    #expect(abs(indicator.emphasis(ofPage: 0) - 0.5) < 1e-9)
    #expect(abs(indicator.emphasis(ofPage: 4) - 0.5) < 1e-9)
  }

  @Test func tapsSelectTheRightDataIndexAlsoAtTheSeam() {
    let h = BannerHarness(count: 5, autoplay: .off)
    #expect(h.banner.tap(at: Point(x: 195, y: 50)) == 0)
    #expect(h.banner.tap(at: Point(x: 4, y: 50)) == 4, "the left ear is the last item")
    #expect(h.banner.tap(at: Point(x: 386, y: 50)) == 1)
    #expect(h.banner.tap(at: Point(x: 12, y: 50)) == nil, "the gap between items")
    #expect(h.selections == [0, 4, 1])
    #expect(h.source.selections == [0, 4, 1], "the list delegate hears it too")
    h.banner.scrollToPage(4, animated: false)
    #expect(h.banner.tap(at: Point(x: 386, y: 50)) == 0)
    #expect(h.banner.tap(at: Point(x: 195, y: 50)) == 4)
  }

  @Test func arrowKeysMoveOneItemAndHomeEndReachTheEnds() {
    let h = BannerHarness(count: 5, autoplay: .off)
    #expect(h.banner.handle(BannerKey.previous))
    h.settle()
    #expect(h.banner.currentPage == 4 && h.isResting)
    #expect(h.banner.handle(NavigationKey.forward))
    #expect(h.banner.handle(NavigationKey.forward), "presses add up while animating")
    h.settle()
    #expect(h.banner.currentPage == 1)
    #expect(h.banner.handle(NavigationKey.end))
    h.settle()
    #expect(h.banner.currentPage == 4)
    #expect(h.banner.handle(NavigationKey.home))
    h.settle()
    #expect(h.banner.currentPage == 0)
    #expect(h.pages == [0, 4, 0, 1, 0, 4, 0] || h.pages == [0, 4, 0, 1, 2, 3, 4, 0])
    #expect(h.stalePages.isEmpty)
  }

  @Test func aKeyRestartsTheAutoplayInterval() {
    let h = BannerHarness(count: 5)
    h.tick()
    h.run(seconds: 1.5)
    h.banner.handle(BannerKey.next)
    h.settle()
    let settled = h.clock.now
    h.tick()
    #expect(h.banner.autoplayDeadline == settled.advanced(by: .seconds(2)))
  }

  @Test func labelsPositionsAndAnnouncements() {
    let items = (1...5).map {
      BannerItem(title: "Offer \($0)", subtitle: $0 == 2 ? "Half off" : "")
    }
    let source = BannerItemDataSource<PixelImage>(items: items, deliver: { $0() })
    let banner = Banner<BannerCardCell<PixelImage>>()
    var announcements: [String] = []
    banner.onAnnouncement = { announcements.append($0) }
    source.install(on: banner)
    banner.viewportSize = Size(width: 390, height: 200)
    #expect(banner.accessibilityPosition(forItemAt: 1) == "2 of 5")
    #expect(banner.accessibilityLabel(forItemAt: 1) == "Offer 2, Half off")
    #expect(banner.accessibilityDescription(forItemAt: 1) == "Offer 2, Half off, 2 of 5")
    let cell = banner.list.placements.first { $0.index == 1 }?.cell
    #expect(cell?.accessibilityDescription == "Offer 2, Half off, 2 of 5")
    // The page shown when the banner appears is not announced, before or at the first frame.
    #expect(announcements.isEmpty)
    let clock = ManualClock()
    banner.tick(clock.now)
    #expect(banner.currentPage == 0 && announcements.isEmpty)
    banner.handle(BannerKey.next)
    for _ in 0..<30 {
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
    }
    #expect(announcements.last == "Item 2 of 5: Offer 2, Half off")
    // Autoplay's own steps are not announced by default…
    let count = announcements.count
    for _ in 0..<180 {
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
    }
    #expect(banner.currentPage == 2 && announcements.count == count)
    // …unless asked for.
    banner.announcesAutoplayChanges = true
    for _ in 0..<150 {
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
    }
    #expect(banner.currentPage == 3 && announcements.last == "Item 4 of 5: Offer 4")
  }

  @Test func outOfRangePagesAreRejected() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = BannerHarness(count: 3)
        h.banner.scrollToPage(3, animated: false)
      }, "Banner.scrollToPage(_:animated:): index 3 is out of bounds 0..<3")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let h = BannerHarness(count: 3)
        _ = h.banner.accessibilityPosition(forItemAt: -1)
      }, "Banner.accessibilityPosition(forItemAt:): index -1 is out of bounds 0..<3")
  }

}
