import Reel

/// What the kit needs to drive a subject through snapshots: the cell provider and reconfigurer
/// of a `DiffableDataSource` over `Int` identifiers, and how a snapshot is applied.
///
/// The kit builds the diffable data source on each list, so that it can check every cell the
/// provider returns; it then turns every data change into a snapshot (a reload into all-new
/// identifiers, an insert into new identifiers at a place, and so on) and also applies random
/// snapshots (``ReelOperation/snapshot(seed:changes:)``), animated ones included.
///
/// ```swift
/// var subject = ConformanceSubject<Row>(
///   register: { $0.register("row") { Row() } }, makeDataSource: { _ in Unused() },
///   standInReuseIdentifier: "row")
/// subject.diffable = DiffableHooks(
///   cellProvider: { list, index, id in
///     let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
///     row.show(id)
///     return row
///   },
///   cellReconfigurer: { row, _, id in row.show(id) })
/// subject.identityOfCell = { $0.shownID }
/// ```
public struct DiffableHooks<Cell: ReusableCell> {
  /// Makes the cell for an identifier: dequeue it from the list for `index` and configure it.
  public var cellProvider: DiffableDataSource<Cell, Int>.CellProvider
  /// Configures a displayed cell again in place; `nil` reloads reconfigured items instead (and
  /// the kit then does not expect their cells to stay).
  public var cellReconfigurer: DiffableDataSource<Cell, Int>.CellReconfigurer?
  /// Applies a snapshot to the data source: `dataSource.apply(snapshot)` unless you wrap it.
  public var apply: (DiffableDataSource<Cell, Int>, ListSnapshot<Int, Int>) -> Void

  /// Creates the hooks.
  ///
  /// - Complexity: O(1).
  public init(
    cellProvider: @escaping DiffableDataSource<Cell, Int>.CellProvider,
    cellReconfigurer: DiffableDataSource<Cell, Int>.CellReconfigurer? = nil,
    apply: @escaping (DiffableDataSource<Cell, Int>, ListSnapshot<Int, Int>) -> Void = {
      $0.apply($1)
    }
  ) {
    self.cellProvider = cellProvider
    self.cellReconfigurer = cellReconfigurer
    self.apply = apply
  }
}

extension ConformanceSubject where Cell == RecordingCell {
  /// The kit's own diffable subject: a `DiffableDataSource` of unique `Int` identifiers
  /// whose cells are ``RecordingCell``s tracked by a ``LifetimeTracker``, with a reconfigurer
  /// (reconfigured items keep their cells).
  ///
  /// ```swift
  /// let report = Conformance.check(
  ///   layout: UniformLayout(extent: 44), subject: .diffableRecording())
  /// #expect(report.passed, "\(report)")
  /// ```
  ///
  /// - Complexity: O(1) to create; snapshots cost what `DiffableDataSource.apply(_:)` costs.
  public static func diffableRecording(tracker: LifetimeTracker = LifetimeTracker()) -> Self {
    var subject = ConformanceSubject(
      name: "DiffableDataSource + RecordingCell",
      register: { list in
        list.register("cell") { RecordingCell(reuseIdentifier: "cell", tracker: tracker) }
      },
      makeDataSource: { ArrayDataSource(items: Array(0..<$0)) },
      standInReuseIdentifier: "cell")
    subject.diffable = DiffableHooks(
      cellProvider: { list, index, id in
        let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        cell.item = index
        cell.identity = AnyHashable(id)
        return cell
      },
      cellReconfigurer: { cell, index, id in
        cell.item = index
        cell.identity = AnyHashable(id)
      })
    subject.identityOfCell = { $0.identity }
    subject.tracker = tracker
    return subject
  }
}
