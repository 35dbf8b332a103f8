import Reel
import ReelTesting

/// The kit's diffable subject whose snapshot hook turns every reconfigure into a reload: the
/// reconfigured items lose their cells.
func reconfiguresAsReloads() -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>.diffableRecording()
  subject.name = "diffable, reconfigures applied as reloads"
  subject.diffable?.apply = { dataSource, snapshot in
    var wrong = snapshot
    wrong.reloadItems(Array(snapshot.reconfiguredItemIdentifiers))
    dataSource.apply(wrong)
  }
  return subject
}

/// The kit's diffable subject whose snapshot hook drops the last item of every snapshot.
func dropsLastItem() -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>.diffableRecording()
  subject.name = "diffable, last item dropped"
  subject.diffable?.apply = { dataSource, snapshot in
    var wrong = snapshot
    if let last = snapshot.itemIdentifiers.last { wrong.deleteItems([last]) }
    dataSource.apply(wrong)
  }
  return subject
}

/// A diffable subject without a reconfigurer (reconfigured items are reloaded) whose cell
/// provider caches cells by identifier and hands the cached cell back without dequeuing: in an
/// animated update, the cell of a reloaded item is still animating out when the provider
/// returns it.
func cachesCellsByIdentifier() -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>.diffableRecording()
  subject.name = "diffable, cells cached by identifier"
  final class Cache { var cells: [Int: RecordingCell] = [:] }
  let cache = Cache()
  subject.diffable = DiffableHooks(cellProvider: { list, index, id in
    if let cell = cache.cells[id] { return cell }
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.identity = AnyHashable(id)
    cache.cells[id] = cell
    return cell
  })
  return subject
}

/// A measuring layout that keeps the content extent of its last `prepare(for:)`: measurements
/// and batch updates leave a stale total, so the last item cannot be kept at the end.
struct StaleTotalLayout: ListLayout {
  var base = VariableLayout(estimatedExtent: 50)
  var total = 0.0
  mutating func prepare(for context: LayoutContext) {
    base.prepare(for: context)
    total = base.contentExtent
  }
  var contentExtent: Double { total }
  var period: LayoutPeriod { base.period }
  func slot(at virtualIndex: Int) -> Slot { base.slot(at: virtualIndex) }
  func indices(intersecting interval: Range<Double>) -> Range<Int> {
    base.indices(intersecting: interval)
  }
  var supportsMeasuredExtents: Bool { true }
  mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    base.setExtent(extent, forItemAt: index)
  }
  mutating func apply(_ changes: IndexChanges) { base.apply(changes) }
}

/// An identity that is neither a `String` nor an `Int`: `ScrollState` cannot keep it.
struct OpaqueID: Hashable { var value: Int }

/// A data source whose identities are ``OpaqueID``s.
func opaqueIdentities() -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>(
    name: "ArrayDataSource of opaque identities",
    register: { $0.register("cell") { RecordingCell() } },
    makeDataSource: { ArrayDataSource(items: (0..<$0).map(OpaqueID.init)) },
    standInReuseIdentifier: "cell")
  subject.identityOfCell = { $0.identity }
  return subject
}

/// A data source that gives identities but cannot find an item by its identity: a reload loses
/// the selection.
final class IdentitiesWithoutLookup: VirtualListDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { count }
  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
  }
  func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt index: Int)
    -> AnyHashable?
  { AnyHashable("item \(index)") }
}
