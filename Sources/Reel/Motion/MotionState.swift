/// What a list's content is doing.
public enum ScrollPhase: Sendable, Hashable {
  /// At rest.
  case idle
  /// Following a finger or pointer.
  case dragging
  /// Coasting after a release: a fling, a snap or a bounce back from an edge.
  case decelerating
  /// A programmatic animated scroll.
  case animating
  /// Following wheel or trackpad input; a snapping list settles shortly after it stops.
  case wheeling
}

/// Keys that move a list, as a frontend maps them from its own key events.
public enum NavigationKey: Sendable, Hashable {
  /// Up or left (right in right-to-left lists): one item or line back.
  case backward
  /// Down or right: one item or line forward.
  case forward
  /// Page up.
  case pageBackward
  /// Page down.
  case pageForward
  /// The first item (bounded lists).
  case home
  /// The last item (bounded lists).
  case end
}

/// Where an item should sit in the viewport after ``VirtualList/scrollToItem(at:alignment:animated:)``.
public enum ScrollAlignment: Sendable, Hashable {
  /// The item's start at the viewport's start.
  case start
  /// The item's centre at the viewport's centre.
  case center
  /// The item's end at the viewport's end.
  case end
  /// The least movement that shows the whole item; none when it is already fully visible.
  case nearest
  /// The list's resting alignment: its snapping alignment when it snaps, else `nearest`.
  case resting
}

/// Events collected during a tick or pass and delivered after it.
struct MotionEvents: OptionSet {
  let rawValue: UInt8
  static let didScroll = MotionEvents(rawValue: 1)
  static let didEndDecelerating = MotionEvents(rawValue: 2)
  static let didEndScrollingAnimation = MotionEvents(rawValue: 4)
}

/// Where a motion in flight is headed, so that it can be re-aimed after a change.
enum MotionTarget {
  case item(virtualIndex: Int, alignment: ScrollAlignment)
  case snap
}

/// The motion layer's state inside a list.
struct MotionState {
  var phase = ScrollPhase.idle
  var curve: MotionCurve?
  /// When the curve started; `nil` means "at the next tick".
  var curveStart: ReelInstant?
  var programmatic = false
  var target: MotionTarget?
  var needsRetarget = false
  var lastVelocity = 0.0
  var lastTime: ReelInstant?

  var dragStartOffset = 0.0
  var dragStartPointer = 0.0
  var dragStartItem: Int?
  var samples = VelocityTracker()
  var lastWheel = ReelInstant.zero
  var wheelDirection = 0.0

  mutating func shift(by delta: Double, items: Int) {
    curve = curve?.shifted(by: delta)
    dragStartOffset += delta
    if case .item(let v, let alignment) = target {
      target = .item(virtualIndex: v + items, alignment: alignment)
    }
    if let item = dragStartItem { dragStartItem = item + items }
  }

  /// Ends any motion: idle, no curve, no target, no velocity.
  mutating func comeToRest() {
    phase = .idle
    curve = nil
    curveStart = nil
    target = nil
    lastVelocity = 0
  }

  mutating func layoutDidChange() {
    if phase == .decelerating || phase == .animating || phase == .idle { needsRetarget = true }
  }

  mutating func dataDidReload() { layoutDidChange() }
}

/// Estimates release velocity from the most recent pointer samples.
struct VelocityTracker {
  private var times = [Int64](repeating: 0, count: 8)
  private var positions = [Double](repeating: 0, count: 8)
  private var next = 0
  private var stored = 0

  mutating func reset() {
    next = 0
    stored = 0
  }

  mutating func add(_ position: Double, at time: ReelInstant) {
    times[next] = time.nanoseconds
    positions[next] = position
    next = (next + 1) % times.count
    stored = min(stored + 1, times.count)
  }

  /// Points per second over the samples of the last 100 ms before `time`, by least squares;
  /// zero when the pointer rested for more than 50 ms before the release.
  func velocity(at time: ReelInstant) -> Double {
    guard stored >= 2 else { return 0 }
    let newest = (next - 1 + times.count) % times.count
    if Double(time.nanoseconds - times[newest]) / 1e9 > 0.05 { return 0 }
    var n = 0.0
    var sumT = 0.0
    var sumX = 0.0
    var sumTT = 0.0
    var sumTX = 0.0
    for k in 0..<stored {
      let i = (newest - k + times.count) % times.count
      let age = Double(time.nanoseconds - times[i]) / 1e9
      guard age <= 0.1 else { break }
      let t = -age
      n += 1
      sumT += t
      sumX += positions[i]
      sumTT += t * t
      sumTX += t * positions[i]
    }
    guard n >= 2 else { return 0 }
    let denominator = n * sumTT - sumT * sumT
    guard denominator > 1e-12 else { return 0 }
    return (n * sumTX - sumT * sumX) / denominator
  }
}
