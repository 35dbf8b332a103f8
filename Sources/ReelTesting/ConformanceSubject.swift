import Reel

/// The data source (and optionally the frontend adapter) a conformance check drives, with the
/// hooks the kit needs to change its data and to read what a cell shows.
///
/// The kit builds a fresh list per script, calls ``register`` and ``makeDataSource`` (with the
/// initial count), then, for data operations, calls ``mutate`` and tells the list. It wraps the
/// data source in a checking proxy, so a broken data source is reported, not crashed on.
///
/// ```swift
/// var subject = ConformanceSubject<Row>(
///   register: { $0.register("row") { Row() } },
///   makeDataSource: { count in Contacts(names: (0..<count).map { "name \($0)" }) },
///   mutate: { source, change in (source as! Contacts).apply(change) },
///   standInReuseIdentifier: "row")
/// subject.identityOfCell = { $0.title }        // lets the kit spot stale cells
/// ```
public struct ConformanceSubject<Cell: ReusableCell> {
  /// Registers the cell factories on a new list.
  public var register: (VirtualList<Cell>) -> Void
  /// Creates a data source with `count` items; the kit keeps it alive.
  public var makeDataSource: (_ count: Int) -> any VirtualListDataSource<Cell>
  /// Changes the data source's model; `nil` restricts scripts to unchanged data.
  public var mutate: ((any VirtualListDataSource<Cell>, DataChange) -> Void)?
  /// The identity a cell was configured for, compared with the data source's identifier for
  /// the placement's index (catches stale cells); `nil` skips the check.
  public var identityOfCell: ((Cell) -> AnyHashable?)?
  /// A registered reuse identifier the kit dequeues a stand-in cell from when the data source
  /// returns a cell it must not (so the check goes on and reports every violation).
  public var standInReuseIdentifier: String
  /// Creates the frontend adapter to drive, if any.
  public var makeAdapter: (() -> any ReelFrontendAdapter<Cell>)?
  /// A delegate of the subject's own, told everything the list tells its delegate.
  public var makeDelegate: ((any VirtualListDataSource<Cell>) -> (any VirtualListDelegate<Cell>)?)?
  /// A tracker that counts the subject's live cells, to catch leaks (`nil` skips the check).
  public var tracker: LifetimeTracker?
  /// Changes a sectioned data source's model; the kit then tells the list with
  /// `performBatchUpdates(_: SectionedBatchUpdate)` (or `reloadData()` for a reset). Set it for
  /// a `SectionedListDataSource`: scripts then also insert, delete, move and reload sections
  /// and move items across them; `nil` restricts a sectioned subject to unchanged data.
  public var mutateSections: ((any VirtualListDataSource<Cell>, SectionedDataChange) -> Void)?
  /// The kind of element a cell was made for (item, header or footer), compared with each
  /// placement's kind; `nil` skips the check.
  public var kindOfCell: ((Cell) -> ElementKind?)?
  /// Snapshot support: with hooks, the kit builds a `DiffableDataSource<Cell, Int>` on each
  /// list instead of calling ``makeDataSource``, applies every data change as a snapshot, and
  /// scripts also apply random snapshots, animated ones included (see ``DiffableHooks``).
  public var diffable: DiffableHooks<Cell>?
  /// Whether the kit's lists pin section headers (true by default; only sectioned data sources
  /// with headers pin anything). The pinned header is checked against a walk of every section.
  public var pinsSectionHeaders = true
  /// A name for reports.
  public var name: String

  /// Creates a subject.
  ///
  /// ```swift
  /// let subject = ConformanceSubject<Row>(
  ///   register: { $0.register("row") { Row() } }, makeDataSource: { Contacts(count: $0) },
  ///   standInReuseIdentifier: "row")
  /// ```
  ///
  /// - Complexity: O(1).
  public init(
    name: String = "data source",
    register: @escaping (VirtualList<Cell>) -> Void,
    makeDataSource: @escaping (_ count: Int) -> any VirtualListDataSource<Cell>,
    mutate: ((any VirtualListDataSource<Cell>, DataChange) -> Void)? = nil,
    standInReuseIdentifier: String
  ) {
    self.name = name
    self.register = register
    self.makeDataSource = makeDataSource
    self.mutate = mutate
    self.standInReuseIdentifier = standInReuseIdentifier
  }
}

extension ConformanceSubject where Cell == RecordingCell {
  /// The kit's own subject: ``RecordingCell``s tracked by a ``LifetimeTracker`` and an
  /// ``ArrayDataSource`` of unique integers (new items get new identities).
  ///
  /// ```swift
  /// let report = Conformance.check(layout: MyLayout(), subject: .recording())
  /// ```
  ///
  /// - Complexity: O(count) per data source.
  public static func recording(tracker: LifetimeTracker = LifetimeTracker()) -> Self {
    let ids = IdentitySource()
    var subject = ConformanceSubject(
      name: "ArrayDataSource + RecordingCell",
      register: { list in
        list.register("cell") { RecordingCell(reuseIdentifier: "cell", tracker: tracker) }
      },
      makeDataSource: { count in ArrayDataSource(items: ids.make(count)) },
      mutate: { source, change in
        guard let source = source as? ArrayDataSource<Int> else { return }
        switch change {
        case .reset(let count): source.items = ids.make(count)
        case .insert(let at, let count): source.items.insert(contentsOf: ids.make(count), at: at)
        case .delete(let at, let count): source.items.removeSubrange(at..<(at + count))
        case .move(let from, let to): source.items.insert(source.items.remove(at: from), at: to)
        case .update: break
        }
        source.itemsDidChange()
      },
      standInReuseIdentifier: "cell")
    subject.identityOfCell = { $0.identity }
    subject.makeDelegate = { $0 as? ArrayDataSource<Int> }
    subject.tracker = tracker
    return subject
  }
}

/// Hands out fresh integer identities.
final class IdentitySource {
  private var next = 0
  func make(_ count: Int) -> [Int] {
    defer { next += count }
    return Array(next..<(next + count))
  }
}
