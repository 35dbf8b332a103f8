import Reel
import ReelBanner
import ReelTerminal
import ReelTerminalBanner

/// The whole demo screen: a header with the keys, the banner and its dots, the list, a
/// message line and a status line.
///
/// ```
/// row 0          header
/// rows 1…b       banner (b = a third of the screen, 5–11 rows)
/// row b+1        dots, page number, autoplay state
/// rows …         the list
/// row h−2        message (what was clicked, the banner's page announcements)
/// row h−1        status: fps, cells alive / pooled / created, bytes per frame, mode
/// ```
final class DemoScene: TerminalScene {
  let bannerPane = BannerPane()
  /// The banner carousel itself.
  var banner: Banner<BannerCell> { bannerPane.banner }
  let rows = ListPane()
  let router = TerminalInputRouter()
  private let bannerID: TerminalInputRouter.TargetID
  private let rowsID: TerminalInputRouter.TargetID
  private var size = TerminalSize(columns: 0, rows: 0)
  private var dotsRow = 0
  private(set) var message = "Click a banner page or a row to open it."
  private(set) var isFinished = false

  init() {
    bannerID = router.add(bannerPane.banner, region: bannerPane.renderer.region)
    rowsID = router.add(rows.list, region: rows.renderer.region)
    router.focus = rowsID
    // Clicks on a card come through the banner's `onSelect` (its `tap(at:)`); page changes
    // made by the user (not by autoplay) are announced on the message line.
    banner.onSelect = { [unowned self] page in open(bannerPage: page) }
    banner.onAnnouncement = { [unowned self] text in message = text }
  }

  /// Frames while the banner or the list moves (or the banner's autoplay has to arm).
  var needsFrames: Bool { banner.needsFrames || rows.list.needsFrames }

  /// When nothing moves, the loop sleeps until the banner's next autoplay step (or the list's
  /// wheel settle), whichever comes first, or until input.
  var nextDeadline: ReelInstant? {
    switch (banner.nextDeadline, rows.list.nextDeadline) {
    case (let a?, let b?): return min(a, b)
    case (let a, let b): return a ?? b
    }
  }

  func layout(for size: TerminalSize) {
    self.size = size
    let width = size.columns
    let bannerHeight = size.rows >= 16 ? min(11, max(5, size.rows / 3)) : 0
    let bannerRegion = CellRect(x: 0, y: 1, width: width, height: bannerHeight)
    dotsRow = bannerRegion.maxY
    let listTop = bannerHeight > 0 ? dotsRow + 1 : 1
    let listRegion = CellRect(
      x: 0, y: listTop, width: width, height: max(0, size.rows - 2 - listTop))
    bannerPane.setRegion(bannerRegion)
    rows.setRegion(listRegion)
    router.setRegion(bannerRegion, for: bannerID)
    router.setRegion(listRegion, for: rowsID)
  }

  func handle(_ event: InputEvent, at time: ReelInstant) {
    if case .key(let key) = event, key.modifiers.isEmpty, handleCommand(key.key) { return }
    switch router.route(event, at: time) {
    case .selected(let id, _) where id == bannerID:
      break  // reported by the banner's onSelect
    case .selected(_, let index):
      message = "Opened \(DemoRows.title(index)) — \(DemoRows.subtitle(index))"
    case .handled, .unhandled:
      break
    }
  }

  /// The demo's own keys; returns whether the key was one of them.
  private func handleCommand(_ key: Key) -> Bool {
    switch key {
    case .character("q"): isFinished = true
    case .character(" "): banner.handle(BannerKey.togglePlayback)
    case .character("n"), .character("]"): banner.handle(BannerKey.next)
    case .character("p"), .character("["): banner.handle(BannerKey.previous)
    case .left where rows.list.axis == .vertical: banner.handle(BannerKey.previous)
    case .right where rows.list.axis == .vertical: banner.handle(BannerKey.next)
    case .character("o"): rows.toggleAxis()
    case .character("c"): rows.toggleWrapping()
    case .character("g"): rows.toggleShape()
    case .enter: open(bannerPage: bannerPane.currentPage)
    default: return false
    }
    return true
  }

  /// Reports an opened banner page on the message line.
  private func open(bannerPage page: Int) {
    message = "Opened banner page \(page + 1): \(bannerPane.pages[page].title)"
  }

  func tick(_ now: ReelInstant) {
    banner.tick(now)
    rows.list.tick(now)
    rows.measureDisplayedRows()
  }

  func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
    screen.clear(style: Palette.plain)
    drawHeader(into: &screen)
    if !bannerPane.renderer.region.isEmpty {
      bannerPane.draw(into: &screen, dotsRow: dotsRow)
    }
    rows.draw(into: &screen)
    let messageRow = CellRect(x: 0, y: size.rows - 2, width: size.columns, height: 1)
    screen.drawText(" " + message, in: messageRow, style: Palette.message, overflow: .ellipsis)
    drawStatus(into: &screen, info: info)
  }

  private func drawHeader(into screen: inout ScreenBuffer) {
    let line = CellRect(x: 0, y: 0, width: size.columns, height: 1)
    screen.clear(line, style: Palette.headerHint)
    let title = " Reel demo "
    screen.drawText(title, in: line, style: Palette.header)
    let keys =
      "↑↓ PgUp PgDn Home End scroll · ←→ banner · space pause · o axis · c cyclic · g grid · q quit"
    screen.drawText(
      keys,
      in: CellRect(x: title.count + 1, y: 0, width: size.columns - title.count - 1, height: 1),
      style: Palette.headerHint, overflow: .ellipsis)
  }

  private func drawStatus(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
    let bannerList = banner.list
    let alive = rows.list.cellsDisplayed + bannerList.cellsDisplayed
    let pooled = rows.list.cellsPooled + bannerList.cellsPooled
    let created = rows.list.cellsCreated + bannerList.cellsCreated
    let top = rows.list.restingIndex.map { DemoRows.grouped($0 + 1) } ?? "–"
    let status =
      " \(info.framesPerSecond) fps │ cells alive \(alive) pooled \(pooled) created \(created)"
      + " │ \(info.lastFrameBytes) B/frame │ row \(top) of \(DemoRows.grouped(DemoRows.count))"
      + " │ \(rows.modeDescription)"
    screen.drawText(
      status, in: CellRect(x: 0, y: size.rows - 1, width: size.columns, height: 1),
      style: Palette.status, overflow: .ellipsis)
    let rest = CellRect(
      x: status.count, y: size.rows - 1, width: size.columns - status.count, height: 1)
    screen.clear(rest, style: Palette.status)
  }
}
