import Reel
import ReelTesting

// Subjects with one planted defect each, for the kit to catch (`PlantedDefectTests`).

/// A measuring layout that does not move its measured extents when items are inserted or
/// deleted (`apply(_:)` forgets to forward): measurements stay with positions, not items.
struct ForgetfulVariableLayout: ListLayout {
  var base = VariableLayout(estimatedExtent: 50)
  mutating func prepare(for context: LayoutContext) { base.prepare(for: context) }
  var contentExtent: Double { base.contentExtent }
  var period: LayoutPeriod { base.period }
  func slot(at virtualIndex: Int) -> Slot { base.slot(at: virtualIndex) }
  func indices(intersecting interval: Range<Double>) -> Range<Int> {
    base.indices(intersecting: interval)
  }
  var supportsMeasuredExtents: Bool { true }
  mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    base.setExtent(extent, forItemAt: index)
  }
  mutating func apply(_ changes: IndexChanges) {
    // The planted defect: `base.apply(changes)` is missing; the next `prepare` only sees the
    // new count.
  }
}

/// A data source that keeps every cell it ever configured (a cache that never evicts): the
/// cells the list releases stay alive.
final class HoardingSource: VirtualListDataSource {
  var items: [Int]
  private var hoard: [RecordingCell] = []
  let tracker: LifetimeTracker
  init(count: Int, tracker: LifetimeTracker) {
    items = Array(0..<count)
    self.tracker = tracker
  }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = items[index]
    hoard.append(cell)
    return cell
  }
}

/// The kit's recording subject with another data source of the same cells.
func recordingSubject(
  name: String, tracker: LifetimeTracker = LifetimeTracker(),
  _ make: @escaping (Int, LifetimeTracker) -> any VirtualListDataSource<RecordingCell>
) -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>(
    name: name,
    register: { list in
      list.register("cell") { RecordingCell(reuseIdentifier: "cell", tracker: tracker) }
    },
    makeDataSource: { make($0, tracker) }, standInReuseIdentifier: "cell")
  subject.tracker = tracker
  return subject
}

/// A frontend adapter that puts itself between the list and its delegate (to hear about
/// cells), and forwards everything but `didEndDisplaying`.
final class SwallowingAdapter: ReelFrontendAdapter, VirtualListDelegate {
  var list: VirtualList<RecordingCell>?
  var forward: (any VirtualListDelegate<RecordingCell>)?
  var drawnItems: [DrawnItem] = []
  func attach(to list: VirtualList<RecordingCell>, clock: ManualClock) {
    self.list = list
    forward = list.delegate
    list.delegate = self
  }
  func feed(_ operation: ReelOperation) -> Bool { false }
  func render() {
    guard let list else { return }
    drawnItems = list.placements.map { DrawnItem(index: $0.index, frame: $0.frame) }
  }
  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    forward?.virtualList(list, willDisplay: cell, forItemAt: index)
  }
  func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) {
    // The planted defect: the delegate behind never hears that the cell left.
  }
  func virtualList(_ list: VirtualList<RecordingCell>, didSelectItemAt index: Int) {
    forward?.virtualList(list, didSelectItemAt: index)
  }
}

/// A frontend adapter that keeps drawing what it drew last frame: a cell that left the screen
/// stays on it.
final class GhostingAdapter: ReelFrontendAdapter {
  var list: VirtualList<RecordingCell>?
  var drawnItems: [DrawnItem] = []
  func attach(to list: VirtualList<RecordingCell>, clock: ManualClock) { self.list = list }
  func feed(_ operation: ReelOperation) -> Bool { false }
  func render() {
    guard let list else { return }
    let now = list.placements.map { DrawnItem(index: $0.index, frame: $0.frame) }
    // The planted defect: last frame's items are never erased.
    drawnItems = Array(Set(drawnItems + now))
  }
}

/// A delegate that moves every fling's target past the end of a bounded list.
final class OvershootingDelegate: VirtualListDelegate {
  func virtualList(
    _ list: VirtualList<RecordingCell>, willEndDraggingWithVelocity velocity: Double,
    targetOffset: inout Double
  ) {
    // The planted defect: not clamped to `maximumOffset`.
    targetOffset = list.maximumOffset + 500
  }
}

/// A delegate that scrolls the list by a viewport when it first hears of a cell after the axis
/// changed (as an app that "restores" a scroll position in the wrong coordinates would); it
/// stays in range.
final class AxisNudgingDelegate: VirtualListDelegate {
  var axis: Axis?
  func nudge(_ list: VirtualList<RecordingCell>) {
    defer { axis = list.axis }
    guard let axis, axis != list.axis,
      list.contentOffset + list.viewportExtent <= list.maximumOffset
    else { return }
    // The planted defect.
    list.contentOffset += list.viewportExtent
  }
  func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) { nudge(list) }
  func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) { nudge(list) }
}

/// The kit's recording subject with a delegate of the subject's own beside it.
func recordingSubject(
  delegate make: @escaping () -> any VirtualListDelegate<RecordingCell>
) -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>.recording()
  subject.makeDelegate = { _ in make() }
  return subject
}

/// A data source with identities but no way back from an identity to an index, which the kit
/// can change.
final class LookupLessSource: VirtualListDataSource {
  var items: [Int]
  init(items: [Int]) { self.items = items }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = items[index]
    cell.identity = AnyHashable(items[index])
    return cell
  }
  func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt index: Int)
    -> AnyHashable?
  { AnyHashable(items[index]) }
  // The planted defect: `indexForItemWithIdentifier` is not implemented (the default: nil).
}

/// ``LookupLessSource`` as a subject whose data the kit can change.
func lookupLessSubject() -> ConformanceSubject<RecordingCell> {
  final class Fresh { var next = 10_000 }
  let fresh = Fresh()
  var subject = ConformanceSubject<RecordingCell>(
    name: "LookupLessSource",
    register: { $0.register("cell") { RecordingCell() } },
    makeDataSource: { LookupLessSource(items: Array(0..<$0)) },
    mutate: { source, change in
      let source = source as! LookupLessSource
      func make(_ k: Int) -> [Int] {
        defer { fresh.next += k }
        return Array(fresh.next..<(fresh.next + k))
      }
      switch change {
      case .reset(let count): source.items = make(count)
      case .insert(let at, let count): source.items.insert(contentsOf: make(count), at: at)
      case .delete(let at, let count): source.items.removeSubrange(at..<(at + count))
      case .move(let from, let to): source.items.insert(source.items.remove(at: from), at: to)
      case .update: break
      }
    },
    standInReuseIdentifier: "cell")
  subject.identityOfCell = { $0.identity }
  return subject
}
