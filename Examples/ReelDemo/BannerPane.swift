import Reel
import ReelTerminal

/// The banner carousel at the top: a horizontal, cyclic `VirtualList` with a paging layout
/// (neighbours peek in at the sides), a simple autoplay driven from ``tick(_:)``, and dots.
///
/// Stand-in for `ReelBanner.Banner` until it lands: the surface here (``tick(_:)``,
/// ``needsFrames``, ``nextDeadline``, ``currentPage``, ``togglePlayback()``, the drag and
/// key forwarding of ``TerminalScrollTarget``) is the banner's, so the swap stays inside this
/// file.
final class BannerPane: VirtualListDataSource {
  let items: [BannerItem]
  let list: VirtualList<BannerCell>
  /// The time between automatic page turns.
  let interval: Duration
  private(set) var renderer = TerminalListRenderer(
    region: CellRect(x: 0, y: 0, width: 0, height: 0))
  /// Whether autoplay runs (space toggles it; WCAG 2.2.2).
  private(set) var isPlaying = true
  private var nextTurn: ReelInstant?
  private var isDragging = false
  private var lastTime = ReelInstant.zero

  init(items: [BannerItem] = BannerItem.all, interval: Duration = .seconds(2)) {
    self.items = items
    self.interval = interval
    list = VirtualList(
      layout: PagingLayout(insets: 2, spacing: 1), axis: .horizontal, wrapping: .cyclic)
    list.register("page", capacity: 2) { BannerCell() }
    list.dataSource = self
  }

  /// Places the banner on screen.
  func setRegion(_ region: CellRect) {
    renderer.region = region
    list.viewportSize = renderer.viewportSize
  }

  /// Whether the banner has room on screen; autoplay only runs while it is visible.
  var isVisible: Bool { !renderer.region.isEmpty }

  /// The data index of the page at rest (or being moved to).
  var currentPage: Int { list.restingIndex ?? 0 }

  /// Advances motion and, when due, turns the page.
  func tick(_ now: ReelInstant) {
    lastTime = now
    list.tick(now)
    guard isPlaying, isVisible, !isDragging else { return }
    guard let due = nextTurn else {
      nextTurn = now.advanced(by: interval)
      return
    }
    if now >= due {
      list.handle(.forward)
      list.tick(now)
      nextTurn = now.advanced(by: interval)
    }
  }

  /// Whether the banner needs frames now (it moves, or autoplay has to be scheduled).
  var needsFrames: Bool {
    list.needsFrames || (isPlaying && isVisible && !isDragging && nextTurn == nil)
  }

  /// The next page turn or wheel settle.
  var nextDeadline: ReelInstant? {
    let turn = isPlaying && isVisible && !isDragging ? nextTurn : nil
    switch (list.nextDeadline, turn) {
    case (let a?, let b?): return min(a, b)
    case (let a?, nil): return a
    case (nil, let b): return b
    }
  }

  /// Pauses or resumes autoplay.
  func togglePlayback() {
    isPlaying.toggle()
    nextTurn = isPlaying ? lastTime.advanced(by: interval) : nil
  }

  /// The next page, by hand; autoplay waits a full interval again.
  func next() {
    list.handle(.forward)
    postpone(from: lastTime)
  }

  /// The previous page, by hand.
  func previous() {
    list.handle(.backward)
    postpone(from: lastTime)
  }

  private func postpone(from time: ReelInstant) {
    if isPlaying { nextTurn = time.advanced(by: interval) }
  }

  /// Draws the pages and, on the row below the region, the dots and the autoplay state.
  func draw(into screen: inout ScreenBuffer, dotsRow: Int) {
    let current = currentPage
    let resting = list.restingItem
    renderer.draw(list, into: &screen) { placement, rect, screen in
      placement.cell.draw(in: rect, screen: &screen, isCurrent: placement.virtualIndex == resting)
    }
    let line = CellRect(x: 0, y: dotsRow, width: screen.width, height: 1)
    screen.clear(line, style: Palette.plain)
    let dotsWidth = items.count * 2 - 1
    var x = max(0, (screen.width - dotsWidth) / 2)
    for page in items.indices {
      let on = page == current
      screen.set(
        ScreenCell(on ? "●" : "○", style: on ? Palette.dotOn : Palette.dotOff), x: x, y: dotsRow)
      x += 2
    }
    let state = isPlaying ? "▶ autoplay \(interval.components.seconds)s" : "⏸ paused (space)"
    screen.drawText(
      state,
      in: CellRect(x: screen.width - state.count - 2, y: dotsRow, width: state.count, height: 1),
      style: Palette.dim)
    screen.drawText(
      "\(current + 1)/\(items.count)", in: CellRect(x: 2, y: dotsRow, width: 8, height: 1),
      style: Palette.dim)
  }

  // MARK: VirtualListDataSource

  func numberOfItems(in list: VirtualList<BannerCell>) -> Int { items.count }

  func virtualList(_ list: VirtualList<BannerCell>, cellForItemAt index: Int) -> BannerCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "page", for: index)
    cell.configure(index: index, item: items[index], pageCount: items.count)
    return cell
  }
}

extension BannerPane: TerminalScrollTarget {
  func beginDrag(at point: Point, time: ReelInstant) {
    isDragging = true
    list.beginDrag(at: point, time: time)
  }

  func drag(to point: Point, time: ReelInstant) {
    list.drag(to: point, time: time)
  }

  func endDrag(at time: ReelInstant, velocity: Double?) {
    isDragging = false
    list.endDrag(at: time, velocity: velocity)
    postpone(from: time)
  }

  func scroll(byWheel delta: Double, time: ReelInstant) {
    list.scroll(byWheel: delta, time: time)
    postpone(from: time)
  }

  func handle(_ key: NavigationKey) -> Bool {
    postpone(from: lastTime)
    return list.handle(key)
  }

  func selectItem(at point: Point) -> Int? {
    list.selectItem(at: point)
  }
}
