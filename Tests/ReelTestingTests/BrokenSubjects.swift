import Reel
import ReelTesting

/// A layout whose items are 1.5 times longer than their stride: neighbours overlap.
struct OverlappingLayout: ListLayout {
  var base = UniformLayout(extent: 40)
  mutating func prepare(for context: LayoutContext) { base.prepare(for: context) }
  var contentExtent: Double { base.contentExtent }
  var period: LayoutPeriod { base.period }
  func slot(at virtualIndex: Int) -> Slot {
    var slot = base.slot(at: virtualIndex)
    slot.extent *= 1.5
    return slot
  }
  func indices(intersecting interval: Range<Double>) -> Range<Int> {
    base.indices(intersecting: interval)
  }
}

/// A data source that keeps the cell it made for an index and returns it again next time
/// without dequeuing: a stale cell.
final class StaleCellSource: VirtualListDataSource {
  var items: [Int]
  private var cache: [Int: RecordingCell] = [:]
  init(count: Int) { items = Array(0..<count) }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    if let cached = cache[index] { return cached }
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    cache[index] = cell
    return cell
  }
}

/// A data source whose count grows by one every 40 questions, without telling the list.
final class DriftingCountSource: VirtualListDataSource {
  var count: Int
  private var questions = 0
  init(count: Int) { self.count = count }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int {
    questions += 1
    if questions % 40 == 0 { count += 1 }
    return count
  }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    return cell
  }
}

/// A frontend adapter that draws what the list placed, optionally dropping the last cell.
final class RecordingAdapter: ReelFrontendAdapter {
  var list: VirtualList<RecordingCell>?
  var drawnItems: [DrawnItem] = []
  var keysFed = 0
  let dropsLastCell: Bool
  init(dropsLastCell: Bool = false) { self.dropsLastCell = dropsLastCell }
  func attach(to list: VirtualList<RecordingCell>, clock: ManualClock) { self.list = list }
  func feed(_ operation: ReelOperation) -> Bool {
    guard case .key(let key) = operation, let list else { return false }
    keysFed += 1
    list.handle(key)  // a real adapter would decode its own key event here
    return true
  }
  func render() {
    guard let list else { return }
    drawnItems = list.placements.map { DrawnItem(index: $0.index, frame: $0.frame) }
    if dropsLastCell && drawnItems.count > 1 { drawnItems.removeLast(2) }
  }
}

func plainSubject(
  name: String, _ make: @escaping (Int) -> any VirtualListDataSource<RecordingCell>
) -> ConformanceSubject<RecordingCell> {
  ConformanceSubject<RecordingCell>(
    name: name, register: { $0.register("cell") { RecordingCell() } }, makeDataSource: make,
    standInReuseIdentifier: "cell")
}
