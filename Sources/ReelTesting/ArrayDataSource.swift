import Reel

/// An array-backed data source with stable identities, for tests and small apps.
///
/// It configures ``RecordingCell``s (or any cell through `configure`), reports identities so a
/// reload keeps items in place, and can play the delegate to track displayed cells.
///
/// ```swift
/// let source = ArrayDataSource(items: Array(0..<100))
/// let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
/// source.install(on: list)
/// ```
public final class ArrayDataSource<Item: Hashable>: VirtualListDataSource, VirtualListDelegate {
  /// The items; change them, then call `reloadData()` or `performBatchUpdates(_:)`.
  public var items: [Item]
  /// The reuse identifier for an item (one kind by default).
  public var reuseIdentifier: (Item) -> String
  /// Whether to report identities to the list.
  public var providesIdentities = true
  /// Data indices selected through the delegate, in order.
  public private(set) var selections: [Int] = []
  /// willDisplay calls so far.
  public private(set) var displayCount = 0
  /// didEndDisplaying calls so far.
  public private(set) var endDisplayCount = 0
  /// Violations seen through the delegate (a cell displayed twice, an end without a start).
  public private(set) var violations: [String] = []
  private var index: [Item: Int] = [:]
  private var indexIsStale = true
  private var displayed = Set<ObjectIdentifier>()

  /// Creates a data source over items.
  public init(items: [Item], reuseIdentifier: @escaping (Item) -> String = { _ in "cell" }) {
    self.items = items
    self.reuseIdentifier = reuseIdentifier
  }

  /// Registers a ``RecordingCell`` factory for every identifier in `identifiers` and sets
  /// itself as the list's data source and delegate.
  ///
  /// - Complexity: O(k) for k identifiers.
  public func install(
    on list: VirtualList<RecordingCell>, identifiers: [String] = ["cell"],
    tracker: LifetimeTracker? = nil
  ) {
    for identifier in identifiers {
      list.register(identifier) { RecordingCell(reuseIdentifier: identifier, tracker: tracker) }
    }
    list.dataSource = self
    list.delegate = self
  }

  /// Marks the identity index stale after `items` changed.
  public func itemsDidChange() { indexIsStale = true }

  /// The count of `items`.
  public func numberOfItems(in list: VirtualList<RecordingCell>) -> Int {
    indexIsStale = true
    return items.count
  }

  /// Dequeues a cell and records the item on it.
  public func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
    -> RecordingCell
  {
    let cell = list.dequeueReusableCell(
      withReuseIdentifier: reuseIdentifier(items[index]), for: index)
    cell.item = index
    cell.identity = AnyHashable(items[index])
    return cell
  }

  /// The item itself, when identities are on.
  public func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt index: Int)
    -> AnyHashable?
  {
    providesIdentities ? AnyHashable(items[index]) : nil
  }

  /// The index of an item, through a lazily rebuilt dictionary.
  ///
  /// - Complexity: O(n) for n items on the first call after ``itemsDidChange()``, then O(1).
  public func virtualList(
    _ list: VirtualList<RecordingCell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? {
    guard providesIdentities, let item = identifier.base as? Item else { return nil }
    if indexIsStale {
      index = Dictionary(
        items.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      indexIsStale = false
    }
    return index[item]
  }

  /// Tracks the display.
  public func virtualList(
    _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
  ) {
    displayCount += 1
    if !displayed.insert(ObjectIdentifier(cell)).inserted {
      violations.append("cell \(cell) got willDisplay for item \(index) while already displayed")
    }
    cell.isDisplayed = true
  }

  /// Tracks the end of display.
  public func virtualList(
    _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
  ) {
    endDisplayCount += 1
    if displayed.remove(ObjectIdentifier(cell)) == nil {
      violations.append("cell \(cell) got didEndDisplaying for item \(index) without willDisplay")
    }
    cell.isDisplayed = false
  }

  /// Records the selection.
  public func virtualList(_ list: VirtualList<RecordingCell>, didSelectItemAt index: Int) {
    selections.append(index)
  }

  /// Cells displayed according to the delegate calls.
  public var displayedCellCount: Int { displayed.count }
}
