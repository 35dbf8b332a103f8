import Reel
import ReelGtk

/// The banner carousel until `ReelBanner`'s `Banner` lands on main: a horizontal, cyclic
/// `VirtualList` with `PagingLayout(insets: 16, spacing: 8)` and a small autoplay.
///
/// It mirrors the part of `Banner`'s API the demo uses (`list`, `currentPage`, `onPageChange`,
/// `isPlaying`, `togglePlayback()`, the ticking and input calls), so swapping in `Banner`
/// replaces this file and one line in ``DemoScene``.
///
/// Autoplay: every `interval` of idle time it animates to the next card. Touching, dragging,
/// the wheel or a key restarts the wait. Its deadline is reported as ``nextDeadline``, so the
/// view sleeps between pages instead of ticking.
final class Carousel: ReelGtkModel {
  let list: VirtualList<CardCell>
  let interval: Duration
  private(set) var isPlaying = true
  private(set) var currentPage = 0
  /// Called when the page under the snapping point changes.
  var onPageChange: ((Int) -> Void)?
  private var nextAutoplay: ReelInstant?
  private var lastTime: ReelInstant?

  init(interval: Duration = .seconds(2)) {
    self.interval = interval
    list = VirtualList(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic)
    // A swipe moves one card at most, however fast.
    list.snapping = Snapping(alignment: .center, threshold: 1.0 / 3, maximumItemsPerFling: 1)
  }

  var pageCount: Int { list.numberOfItems }

  var viewportSize: Size {
    get { list.viewportSize }
    set {
      let first = list.viewportSize.width == 0
      list.viewportSize = newValue
      // Start at rest on the current page rather than springing there from offset 0.
      if first, list.numberOfItems > 0 { list.scrollToItem(at: currentPage) }
    }
  }

  var needsFrames: Bool { list.needsFrames }

  var nextDeadline: ReelInstant? {
    let own = isPlaying && list.scrollPhase != .dragging ? nextAutoplay : nil
    return [own, list.nextDeadline].compactMap { $0 }.min()
  }

  func togglePlayback() {
    isPlaying.toggle()
    nextAutoplay = isPlaying ? lastTime.map { $0.advanced(by: interval) } : nil
  }

  func tick(_ now: ReelInstant) {
    lastTime = now
    if isPlaying, nextAutoplay == nil { nextAutoplay = now.advanced(by: interval) }
    list.tick(now)
    if isPlaying, let due = nextAutoplay, now >= due {
      if list.scrollPhase == .idle, let item = list.restingItem {
        list.animate(to: item + 1)
        list.tick(now)  // the animation starts now, not at the next frame
      }
      nextAutoplay = now.advanced(by: interval)
    }
    if let page = list.restingIndex, page != currentPage {
      currentPage = page
      onPageChange?(page)
    }
  }

  private func restartWait(_ time: ReelInstant) {
    if isPlaying { nextAutoplay = time.advanced(by: interval) }
  }

  func beginDrag(at point: Point, time: ReelInstant) {
    list.beginDrag(at: point, time: time)
    nextAutoplay = nil
  }

  func drag(to point: Point, time: ReelInstant) {
    list.drag(to: point, time: time)
  }

  func endDrag(at time: ReelInstant, velocity: Double?) {
    list.endDrag(at: time, velocity: velocity)
    restartWait(time)
  }

  func scroll(byWheel delta: Double, time: ReelInstant) {
    list.scroll(byWheel: delta, time: time)
    restartWait(time)
  }

  func handle(_ key: NavigationKey) -> Bool {
    if let lastTime { restartWait(lastTime) }
    return list.handle(key)
  }

  func tap(at point: Point) -> Int? {
    list.selectItem(at: point)
  }
}
