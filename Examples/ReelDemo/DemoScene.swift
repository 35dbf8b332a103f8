import Reel
import ReelBanner
import ReelTerminal
import ReelTerminalBanner

/// The whole demo screen: a header with the keys, the banner and its dots, the list (the
/// million rows, with `s` the contacts grouped by initial under sticky headers, or with `t` a
/// chat that follows its newest message), a message line and a status line; `?` lays the help
/// overlay over it.
///
/// ```
/// row 0          header (hints fitted to the width, always "? help · q quit")
/// rows 1…b       banner (b = a third of the screen, 5–11 rows; none below 16 rows)
/// row b+1        dots, page number, autoplay state
/// rows …         the list
/// row h−2        message (what was clicked, page announcements; expires after 5 s)
/// row h−1        status: fps or idle, cells, bytes per frame, row, mode, colours
/// ```
final class DemoScene: TerminalScene {
  /// How long a message stays on the message line.
  static let messageLifetime = Duration.seconds(5)
  /// The message line when no message is shown, longest first: the longest that fits shows.
  static let restingHints = [
    "Click a banner page or a row to open or select it · ? help",
    "Click a page or a row to open or select it", "Click to open or select",
  ]

  /// Which list shows under the banner.
  enum Pane {
    case rows
    case contacts
    case chat
  }

  let bannerPane = BannerPane()
  /// The banner carousel itself.
  var banner: Banner<BannerCell> { bannerPane.banner }
  let rows: ListPane
  /// The sectioned contacts list, made the first time it shows.
  private(set) var contacts: ContactsPane?
  /// The chat, made the first time it shows.
  private(set) var chat: ChatPane?
  /// The list on screen.
  private(set) var pane = Pane.rows
  /// Whether the contacts show in place of the million rows.
  var showsContacts: Bool { pane == .contacts }
  let router = TerminalInputRouter()
  /// The colours; replaced at start-up when the theme follows the terminal.
  var theme: Theme
  /// Whether ``start(in:)`` picks the theme from the terminal's background.
  var followsTerminalTheme: Bool
  private(set) var colorDepth: ColorDepth?
  private let bannerID: TerminalInputRouter.TargetID
  private let rowsID: TerminalInputRouter.TargetID
  private var contactsID: TerminalInputRouter.TargetID?
  private var chatID: TerminalInputRouter.TargetID?
  private var size = TerminalSize(columns: 0, rows: 0)
  private var listRegion = CellRect(x: 0, y: 0, width: 0, height: 0)
  private var dotsRow = 0
  private(set) var message: String?
  private var messageExpiry: ReelInstant?
  /// The latest frame-clock time seen, for stamping messages set from callbacks.
  private var lastTime = ReelInstant.zero
  private(set) var isShowingHelp = false
  /// Whether the status line shows the developer figures (`--stats`).
  var showsStats = false
  private(set) var isFinished = false

  /// Creates the screen; `seed` seeds the million rows' random edits (`d`), `animation` is how
  /// their updates animate.
  init(
    theme: Theme = .dark, followsTerminalTheme: Bool = false, seed: UInt64 = 1,
    animation: UpdateAnimation = .default
  ) {
    self.theme = theme
    self.followsTerminalTheme = followsTerminalTheme
    rows = ListPane(seed: seed, animation: animation)
    bannerID = router.add(bannerPane.banner, region: bannerPane.renderer.region)
    rowsID = router.add(rows.list, region: rows.renderer.region)
    router.focus = rowsID
    // Clicks on a card come through the banner's `onSelect` (its `tap(at:)`); page changes
    // made by the user (not by autoplay) are announced on the message line.
    banner.onSelect = { [unowned self] page in open(bannerPage: page) }
    banner.onAnnouncement = { [unowned self] text in show(text) }
  }

  func start(in terminal: TerminalCapabilities) {
    colorDepth = terminal.colorDepth
    if followsTerminalTheme { theme = Theme.matching(background: terminal.backgroundColor) }
    theme.colorDepth = terminal.colorDepth
  }

  /// Frames while the banner or a list moves (or the banner's autoplay has to arm).
  var needsFrames: Bool {
    banner.needsFrames || rows.list.needsFrames || contacts?.list.needsFrames == true
      || chat?.list.needsFrames == true
  }

  /// When nothing moves, the loop sleeps until the banner's next autoplay step, the list's
  /// wheel settle, the chat's next message or word (while it shows) or the message's expiry,
  /// whichever comes first, or until input.
  var nextDeadline: ReelInstant? {
    [
      banner.nextDeadline, rows.list.nextDeadline, contacts?.list.nextDeadline,
      chat?.list.nextDeadline, pane == .chat ? chat?.nextDeadline : nil, messageExpiry,
    ]
    .compactMap { $0 }.min()
  }

  func layout(for size: TerminalSize) {
    self.size = size
    let width = size.columns
    let bannerHeight = size.rows >= 16 ? min(11, max(5, size.rows / 3)) : 0
    let bannerRegion = CellRect(x: 0, y: 1, width: width, height: bannerHeight)
    dotsRow = bannerRegion.maxY
    let listTop = bannerHeight > 0 ? dotsRow + 1 : 1
    listRegion = CellRect(
      x: 0, y: listTop, width: width, height: max(0, size.rows - 2 - listTop))
    bannerPane.setRegion(bannerRegion)
    rows.setRegion(listRegion)
    contacts?.setRegion(listRegion)
    chat?.setRegion(listRegion)
    router.setRegion(bannerRegion, for: bannerID)
    routeListInput()
  }

  /// Gives the pointer and the keys to the list on screen; the hidden one gets none.
  private func routeListInput() {
    let none = CellRect(x: 0, y: 0, width: 0, height: 0)
    router.setRegion(pane == .rows ? listRegion : none, for: rowsID)
    if let contactsID { router.setRegion(pane == .contacts ? listRegion : none, for: contactsID) }
    if let chatID { router.setRegion(pane == .chat ? listRegion : none, for: chatID) }
    switch pane {
    case .rows: router.focus = rowsID
    case .contacts: router.focus = contactsID
    case .chat: router.focus = chatID
    }
  }

  /// Million rows ↔ contacts. The contacts list is made the first time (its measured layout
  /// for about 300,000 rows is built then) and keeps its position while hidden.
  func toggleContacts() {
    if contacts == nil {
      let pane = ContactsPane()
      pane.setRegion(listRegion)
      contacts = pane
      contactsID = router.add(pane, region: listRegion)
    }
    pane = pane == .contacts ? .rows : .contacts
    routeListInput()
  }

  /// Million rows ↔ chat. The chat is made the first time, opened at its newest message.
  func toggleChat() {
    if chat == nil {
      let made = ChatPane()
      made.setRegion(listRegion)
      chat = made
      chatID = router.add(made.list, region: listRegion)
    }
    pane = pane == .chat ? .rows : .chat
    routeListInput()
  }

  /// Pages the list on screen forward, as Page Down does.
  func pageForward() {
    switch pane {
    case .rows: rows.list.handle(.pageForward)
    case .contacts: contacts?.list.handle(.pageForward)
    case .chat: chat?.list.handle(.pageForward)
    }
  }

  /// Whether the list on screen is vertical.
  private var isVertical: Bool { pane != .rows || rows.list.axis == .vertical }

  func handle(_ event: InputEvent, at time: ReelInstant) {
    lastTime = max(lastTime, time)
    if case .key(let key) = event, isShowingHelp {
      // The overlay takes the keyboard: q still quits, any other key closes it.
      if key.key == .character("q") && key.modifiers.isEmpty { isFinished = true }
      isShowingHelp = false
      return
    }
    if case .key(let key) = event, key.key == .tab, key.modifiers == .shift {
      if showsContacts { contacts?.jump(sections: -1) }
      return
    }
    if case .key(let key) = event, key.modifiers.isEmpty, handleCommand(key.key) { return }
    switch router.route(event, at: time) {
    case .selected(let id, _) where id == bannerID:
      break  // reported by the banner's onSelect
    case .selected(let id, let row) where id == contactsID:
      if let contacts { show(contacts.describe(row: row)) }
    case .selected(let id, let index) where id == chatID:
      if let chat {
        show("Message #\(chat.messages[index].number) from \(chat.messages[index].author)")
      }
    case .selected(_, let index):
      show(rows.describe(index))
    case .handled, .unhandled:
      break
    }
  }

  /// The demo's own keys; returns whether the key was one of them.
  private func handleCommand(_ key: Key) -> Bool {
    if pane == .rows, rows.handleFocusKey(key) { return true }
    switch key {
    case .character("q"): isFinished = true
    case .character("?"): isShowingHelp = true
    case .character(" "): banner.handle(BannerKey.togglePlayback)
    case .character("n"), .character("]"): banner.handle(BannerKey.next)
    case .character("p"), .character("["): banner.handle(BannerKey.previous)
    case .left where isVertical: banner.handle(BannerKey.previous)
    case .right where isVertical: banner.handle(BannerKey.next)
    case .character("o") where showsContacts, .character("c") where showsContacts,
      .character("g") where showsContacts:
      show("o, c and g change the million rows: s shows them")
    case .character("o"): rows.toggleAxis()
    case .character("c"): rows.toggleWrapping()
    case .character("g"): rows.toggleShape()
    case .character("s"):
      if pane == .chat { toggleChat() }
      toggleContacts()
    case .character("t"):
      if pane == .contacts { toggleContacts() }
      toggleChat()
    case .end where pane == .chat: chat?.jumpToLatest()
    case .character("d") where pane == .rows: show(rows.applyRandomEdit())
    case .character("d"): show("d edits the million rows: s or t shows them")
    case .tab where showsContacts: contacts?.jump(sections: 1)
    case .enter: open(bannerPage: bannerPane.currentPage)
    default: return false
    }
    return true
  }

  /// Shows a message until ``messageLifetime`` has passed.
  private func show(_ text: String) {
    message = text
    messageExpiry = lastTime.advanced(by: Self.messageLifetime)
  }

  /// Reports an opened banner page on the message line.
  private func open(bannerPage page: Int) {
    show("Opened banner page \(page + 1): \(bannerPane.pages[page].title)")
  }

  func tick(_ now: ReelInstant) {
    lastTime = max(lastTime, now)
    banner.tick(now)
    rows.list.tick(now)
    rows.measureDisplayedRows()
    if let contacts {
      contacts.list.tick(now)
      if showsContacts { contacts.measureDisplayedRows() }
    }
    if let chat {
      if pane == .chat { chat.tick(now) } else { chat.list.tick(now) }
    }
    if let expiry = messageExpiry, now >= expiry {
      message = nil
      messageExpiry = nil
    }
  }

  func draw(into screen: inout ScreenBuffer, info: TerminalFrameInfo) {
    screen.clear(style: theme.plain)
    let vertical = isVertical
    DemoChrome.drawHeader(into: &screen, vertical: vertical, theme: theme)
    if !bannerPane.renderer.region.isEmpty {
      bannerPane.draw(into: &screen, dotsRow: dotsRow, theme: theme)
    }
    switch pane {
    case .rows: rows.draw(into: &screen, theme: theme)
    case .contacts: contacts?.draw(into: &screen, theme: theme)
    case .chat: chat?.draw(into: &screen, theme: theme)
    }
    let messageRow = CellRect(x: 0, y: size.rows - 2, width: size.columns, height: 1)
    let hint =
      Self.restingHints.first { DisplayWidth.of($0) < size.columns } ?? Self.restingHints[2]
    // In the chat, the count of new messages below takes the line, as a jump button would.
    let newBelow = pane == .chat ? chat?.newBelowHint : nil
    screen.drawText(
      " " + (newBelow ?? message ?? hint), in: messageRow,
      style: newBelow == nil && message == nil ? theme.hint : theme.message, overflow: .ellipsis)
    DemoChrome.drawStatus(into: &screen, status: status(info), theme: theme)
    if isShowingHelp {
      HelpOverlay.draw(into: &screen, vertical: vertical, theme: theme)
    }
  }

  /// The status line's figures for this frame.
  private func status(_ info: TerminalFrameInfo) -> DemoChrome.Status {
    let bannerList = banner.list
    var status = DemoChrome.Status(
      isMoving: needsFrames,
      firstRow: rows.list.restingDataIndex.map { DemoRows.grouped($0 + 1) } ?? "–",
      rowCount: DemoRows.grouped(rows.order.count), mode: rows.modeDescription)
    let list = rows.list
    var counts = (list.cellsDisplayed, list.cellsPooled, list.cellsCreated)
    if showsContacts, let contacts {
      counts = (contacts.list.cellsDisplayed, contacts.list.cellsPooled, contacts.list.cellsCreated)
      status.section = contacts.sectionDescription
      status.mode = "contacts by initial, sticky headers"
    } else if pane == .chat, let chat {
      counts = (chat.list.cellsDisplayed, chat.list.cellsPooled, chat.list.cellsCreated)
      status.section = chat.statusDescription
      status.mode = "chat, anchored at the end"
    } else {
      status.selection = rows.selectionDescription
    }
    if showsStats {
      status.stats = DemoChrome.Stats(
        frameTimes: info.frameTimes,
        alive: counts.0 + bannerList.cellsDisplayed, pooled: counts.1 + bannerList.cellsPooled,
        created: counts.2 + bannerList.cellsCreated,
        bytesPerFrame: info.lastFrameBytes, colors: colorDepth)
    }
    return status
  }
}
