/// A data source driven by snapshots of identifiers: give it the list's next state and it
/// works out and applies the inserts, deletes, moves and reloads, like UIKit's
/// `UICollectionViewDiffableDataSource`.
///
/// ```swift
/// let dataSource = DiffableDataSource<Row, Contact.ID>(list: list) { list, index, id in
///   let row = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
///   row.title = contacts[id]!.name
///   return row
/// }
/// var snapshot = ListSnapshot<Int, Contact.ID>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(contacts.keys.sorted())
/// dataSource.apply(snapshot)
/// ```
///
/// The list holds its data source weakly: keep a strong reference to this object. It gives the
/// list identities from the snapshot, so reloads and motions keep their items.
///
/// Sections: the list has no sections yet, so a snapshot applies with at most one section.
public final class DiffableDataSource<Cell: ReusableCell, ItemID: Hashable>: VirtualListDataSource {
  /// Makes the cell for an item: dequeue it from the list for `index` and configure it for the
  /// identifier.
  public typealias CellProvider = (VirtualList<Cell>, _ index: Int, _ item: ItemID) -> Cell

  /// Configures a displayed cell again for its item, in place.
  public typealias CellReconfigurer = (_ cell: Cell, _ index: Int, _ item: ItemID) -> Void

  /// The list this data source drives; the list holds this object weakly in turn.
  public private(set) weak var list: VirtualList<Cell>?
  private let cellProvider: CellProvider
  /// Configures the displayed cells of items marked reconfigured; without one, such items are
  /// reloaded instead (they get fresh cells from the cell provider).
  public var cellReconfigurer: CellReconfigurer?
  /// The items the list shows, in order.
  public private(set) var itemIdentifiers: [ItemID] = []
  /// Each item's index, built on first use after a change.
  private var indexOfItem: [ItemID: Int]?

  /// Creates the data source and makes it the list's data source.
  ///
  /// - Complexity: O(1).
  public init(
    list: VirtualList<Cell>, cellProvider: @escaping CellProvider,
    cellReconfigurer: CellReconfigurer? = nil
  ) {
    self.list = list
    self.cellProvider = cellProvider
    self.cellReconfigurer = cellReconfigurer
    list.dataSource = self
  }

  /// The current items as a snapshot with one section, ready to change and apply again.
  ///
  /// ```swift
  /// var next = dataSource.snapshot(section: "main")
  /// next.deleteItems([id])
  /// dataSource.apply(next)
  /// ```
  ///
  /// - Complexity: O(n) for n items.
  public func snapshot<SectionID: Hashable>(section: SectionID) -> ListSnapshot<SectionID, ItemID> {
    var snapshot = ListSnapshot<SectionID, ItemID>()
    snapshot.appendSections([section])
    snapshot.appendItems(itemIdentifiers)
    return snapshot
  }

  /// The current items as a snapshot with one section, `0`, ready to change and apply again:
  /// a list without sections ignores the section's identifier, so none needs to be passed back.
  ///
  /// ```swift
  /// var next = dataSource.snapshot()
  /// next.appendItems([newID])
  /// dataSource.apply(next)
  /// ```
  ///
  /// - Complexity: O(n) for n items.
  public func snapshot() -> ListSnapshot<Int, ItemID> { snapshot(section: 0) }

  /// Makes the list show a snapshot's items: diffs them against the current ones and applies
  /// the deletions, insertions and moves as one batch update, with the list's scroll anchoring
  /// (the first visible item the update does not move keeps its place). Items marked reloaded get fresh cells;
  /// displayed items marked reconfigured keep their cells and are configured again with
  /// ``cellReconfigurer`` (reloaded when there is none).
  ///
  /// Reconfiguring runs a layout pass, so that the cells it configures are the displayed ones.
  ///
  /// - Precondition: the snapshot has at most one section; this object is still its list's data
  ///   source; not called from inside a data source or display callback.
  /// - Complexity: O(n + m log m) for n items in both and m in both (O(n) when the kept items
  ///   keep their order), plus the list's batch update.
  @inlinable
  public func apply<SectionID: Hashable>(_ snapshot: ListSnapshot<SectionID, ItemID>) {
    precondition(
      snapshot.numberOfSections <= 1,
      "DiffableDataSource.apply(_:): the snapshot has \(snapshot.numberOfSections) sections, "
        + "but a list without sections applies snapshots of at most one")
    let newItems = snapshot.itemIdentifiers
    let reloaded = snapshot.reloadedItemIdentifiers
    let reconfigured = snapshot.reconfiguredItemIdentifiers
    // Without a reconfigurer, reconfigured items are reloaded.
    let replaced = hasReconfigurer ? reloaded : reloaded.union(reconfigured)
    // The matching is inlinable, so that it is specialized for the client's identifiers; it and
    // the longest run write into the buffers of the last diff.
    var workspace = takeWorkspace()
    let matching = ListSnapshot<SectionID, ItemID>.match(
      currentItems, newItems, reusing: &workspace)
    let update = IdentifierDiff.update(
      matching, isReloaded: replaced.isEmpty ? nil : { replaced.contains(newItems[$0]) },
      workspace: &workspace)
    workspace.recycle(matching)
    self.workspace = workspace
    commit(newItems, update, reconfiguring: reconfigured.subtracting(reloaded))
  }

  /// The buffers of the last diff, reused by the next.
  @usableFromInline var workspace = DiffWorkspace()

  /// The workspace, taken out so that its arrays are uniquely referenced while a diff uses it.
  @usableFromInline
  func takeWorkspace() -> DiffWorkspace {
    var taken = DiffWorkspace()
    swap(&taken, &workspace)
    return taken
  }

  /// Whether reconfigured items are configured in place.
  @usableFromInline var hasReconfigurer: Bool { cellReconfigurer != nil }

  /// The items the list shows, for the inlinable part of ``apply(_:)``.
  @usableFromInline var currentItems: [ItemID] { itemIdentifiers }

  /// Makes the new items current and runs the update on the list, then reconfigures.
  @usableFromInline
  func commit(_ newItems: [ItemID], _ update: BatchUpdate, reconfiguring inPlace: Set<ItemID>) {
    itemIdentifiers = newItems
    indexOfItem = nil
    guard let list else { return }
    precondition(
      list.dataSource === self,
      "DiffableDataSource.apply(_:): the list's data source was replaced; a diffable data "
        + "source must stay its list's data source")
    do {
      try list.performBatchUpdates(update)
    } catch {
      preconditionFailure("DiffableDataSource.apply(_:): the list rejected the diff: \(error)")
    }
    if let reconfigurer = cellReconfigurer, !inPlace.isEmpty {
      reconfigure(inPlace, in: list, with: reconfigurer)
    }
  }

  /// Configures the displayed cells of some items again (each copy of an item in a short
  /// cyclic list). The placements are a copy, so the reconfigurer runs outside the list's state.
  private func reconfigure(
    _ items: Set<ItemID>, in list: VirtualList<Cell>, with reconfigurer: CellReconfigurer
  ) {
    for placement in list.placements
    where !placement.isDeparting && items.contains(itemIdentifiers[placement.index]) {
      reconfigurer(placement.cell, placement.index, itemIdentifiers[placement.index])
    }
  }

  /// The number of items in the current snapshot.
  public func numberOfItems(in list: VirtualList<Cell>) -> Int { itemIdentifiers.count }

  /// The cell provider's cell for the item at `index`.
  public func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
    cellProvider(list, index, itemIdentifiers[index])
  }

  /// The item's identifier.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int)
    -> AnyHashable?
  { AnyHashable(itemIdentifiers[index]) }

  /// The index of an item in the current snapshot, if the identifier is one of them.
  ///
  /// - Complexity: O(1) expected; O(n) once after each change, to index the items.
  public func virtualList(
    _ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? {
    guard let item = identifier as? ItemID else { return nil }
    return index(of: item)
  }

  /// The identifier of the item at an index of the current snapshot.
  ///
  /// - Precondition: `0 ≤ index < itemIdentifiers.count`.
  public func itemIdentifier(at index: Int) -> ItemID {
    precondition(
      index >= 0 && index < itemIdentifiers.count,
      "DiffableDataSource.itemIdentifier(at:): index \(index) is outside 0..<\(itemIdentifiers.count)"
    )
    return itemIdentifiers[index]
  }

  /// The index of an item in the current snapshot, or `nil`.
  ///
  /// - Complexity: O(1) expected; O(n) once after each change, to index the items.
  public func index(of item: ItemID) -> Int? {
    if let indexOfItem { return indexOfItem[item] }
    var index = [ItemID: Int](minimumCapacity: itemIdentifiers.count)
    for (position, id) in itemIdentifiers.enumerated() { index[id] = position }
    indexOfItem = index
    return index[item]
  }
}
