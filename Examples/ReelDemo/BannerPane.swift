import Reel
import ReelBanner
import ReelTerminal

/// The banner carousel at the top: a `ReelBanner.Banner` (horizontal, cyclic, neighbours
/// peeking in, autoplay every 2 s) that this pane feeds with pages and draws, with its dots,
/// page number and autoplay state on the row below.
///
/// The banner does the rest: autoplay from ``Banner/tick(_:)`` deadlines, paging drags and
/// flings, keys, clicks (`onSelect`) and page announcements (`onAnnouncement`). The input
/// router drives ``banner`` directly (see `Banner: TerminalScrollTarget`).
final class BannerPane: VirtualListDataSource, BannerContentProvider {
  let pages: [BannerPage]
  let banner: Banner<BannerCell>
  private(set) var renderer = TerminalListRenderer(
    region: CellRect(x: 0, y: 0, width: 0, height: 0), background: Theme.dark.plain)

  init(pages: [BannerPage] = BannerPage.all, interval: Duration = .seconds(2)) {
    self.pages = pages
    banner = Banner(
      layout: PagingLayout(insets: 2, spacing: 1), axis: .horizontal, wrapping: .cyclic,
      autoplay: .every(interval))
    banner.list.register("page", capacity: 2) { BannerCell() }
    banner.dataSource = self
  }

  /// Places the banner on screen; autoplay runs only while it has room to show.
  func setRegion(_ region: CellRect) {
    renderer.region = region
    banner.viewportSize = renderer.viewportSize
    banner.isVisible = !region.isEmpty
  }

  /// Whether the banner has room on screen.
  var isVisible: Bool { banner.isVisible }

  /// The data index of the centred page.
  var currentPage: Int { banner.currentPage ?? 0 }

  /// The autoplay state as the dots row shows it: playing, held by a drag (autoplay waits
  /// until the banner is let go and settles), or paused by the user.
  var autoplayState: String? {
    guard let interval = banner.autoplay.interval else { return nil }
    guard banner.isPlaying else { return "⏸ paused (space)" }
    if banner.list.scrollPhase == .dragging { return "⏸ held (drag)" }
    return "▶ autoplay \(interval.components.seconds)s"
  }

  /// Draws the pages and, on the row below the region, the dots and the autoplay state.
  func draw(into screen: inout ScreenBuffer, dotsRow: Int, theme: Theme) {
    let resting = banner.list.restingVirtualIndex
    renderer.background = theme.plain
    renderer.draw(banner.list, into: &screen) { placement, rect, screen in
      placement.cell.draw(
        in: rect, screen: &screen, isCurrent: placement.virtualIndex == resting, theme: theme)
    }
    let line = CellRect(x: 0, y: dotsRow, width: screen.width, height: 1)
    screen.clear(line, style: theme.plain)
    let indicator = banner.indicator
    if !indicator.isHidden {
      // The dots cross-fade with the indicator's continuous progress while the banner moves.
      let dotsWidth = indicator.count * 2 - 1
      var x = max(0, (screen.width - dotsWidth) / 2)
      for page in 0..<indicator.count {
        let emphasis = indicator.emphasis(ofPage: page)
        let on = page == indicator.current
        let style = TextStyle(
          foreground: theme.readable(
            Palette.mix(theme.dotOffColor, theme.dotOnColor, emphasis), on: theme.background,
            minimum: 3),
          background: theme.background, bold: on)
        screen.set(ScreenCell(on ? "●" : "○", style: style), x: x, y: dotsRow)
        x += 2
      }
      screen.drawText(
        "\(indicator.current + 1)/\(indicator.count)",
        in: CellRect(x: 2, y: dotsRow, width: 8, height: 1), style: theme.dim)
    }
    guard let state = autoplayState else { return }
    let width = DisplayWidth.of(state)
    screen.drawText(
      state, in: CellRect(x: screen.width - width - 2, y: dotsRow, width: width, height: 1),
      style: theme.dim)
  }

  // MARK: VirtualListDataSource

  func numberOfItems(in list: VirtualList<BannerCell>) -> Int { pages.count }

  func virtualList(_ list: VirtualList<BannerCell>, cellForItemAt index: Int) -> BannerCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "page", for: index)
    cell.configure(index: index, item: pages[index], pageCount: pages.count)
    return cell
  }

  // MARK: BannerContentProvider

  /// The page's title, for the banner's announcements ("Item 3 of 8: Aurora").
  func accessibilityLabel(forItemAt index: Int) -> String? { pages[index].title }
}
