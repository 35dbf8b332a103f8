import Reel
import ReelBanner
import ReelTesting
import Testing

/// The spoken label of an item and the announcement a page change makes from it.
@Suite struct AnnouncementTextTests {
  @Test func spokenLabelsPreferTheAccessibilityLabel() {
    #expect(BannerItem(title: "Sale", subtitle: "Half off").spokenLabel == "Sale, Half off")
    #expect(BannerItem(title: "Sale", subtitle: "").spokenLabel == "Sale")
    #expect(
      BannerItem(title: "Sale", subtitle: "Half off", accessibilityLabel: "Summer sale")
        .spokenLabel == "Summer sale")
  }

  @Test func aReplacedAnnouncementTextIsWhatIsAnnounced() {
    let items = (1...3).map { BannerItem(title: "Offer \($0)", subtitle: "") }
    let source = BannerItemDataSource<PixelImage>(items: items, deliver: { $0() })
    let banner = Banner<BannerCardCell<PixelImage>>()
    var announcements: [String] = []
    banner.onAnnouncement = { announcements.append($0) }
    banner.announcementText = { position, count, label in
      "Angebot \(position) von \(count) – \(label ?? "?")"
    }
    source.install(on: banner)
    banner.viewportSize = Size(width: 390, height: 200)
    let clock = ManualClock()
    banner.tick(clock.now)
    banner.handle(BannerKey.next)
    for _ in 0..<60 {
      clock.advance(seconds: 1 / 60)
      banner.tick(clock.now)
    }
    #expect(announcements == ["Angebot 2 von 3 – Offer 2"])
  }
}
