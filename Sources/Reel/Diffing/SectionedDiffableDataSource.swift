/// A data source for a list with sections, driven by snapshots of section and item identifiers:
/// give it the list's next state and it works out the section insertions, deletions and moves
/// and the item insertions, deletions, moves (across sections too) and reloads, and applies them
/// as one batch update, like UIKit's `UICollectionViewDiffableDataSource` with sections.
///
/// ```swift
/// let names = list.register(NameRow.self) { NameRow() }
/// let letters = list.register(LetterHeader.self, forSupplementaryOfKind: .header) {
///   LetterHeader()
/// }
/// let dataSource = SectionedDiffableDataSource<Row, String, Contact.ID>(
///   list: list, headers: true,
///   cellProvider: { list, path, id in
///     let row = list.dequeueCell(names, for: path)
///     row.title = contacts[id]!.name
///     return row
///   },
///   supplementaryProvider: { list, kind, section, letter in
///     let header = list.dequeueSupplementaryCell(letters, ofKind: kind, inSection: section)
///     header.title = letter
///     return header
///   })
/// var snapshot = ListSnapshot<String, Contact.ID>()
/// snapshot.appendSections(["A", "B"])
/// snapshot.appendItems([ada.id], toSection: "A")
/// snapshot.appendItems([bob.id], toSection: "B")
/// dataSource.apply(snapshot)
/// ```
///
/// The list holds its data source weakly: keep a strong reference to this object. It gives the
/// list the snapshot's identifiers as identities (items by item identifier, headers and footers
/// by section identifier), so selection, reloads, scroll anchoring and motions keep their items.
/// Whether sections have headers and footers is fixed when the data source is made.
public final class SectionedDiffableDataSource<
  Cell: ReusableCell, SectionID: Hashable, ItemID: Hashable
>: SectionedListDataSource {
  /// Makes the cell for an item: dequeue it from the list for `path` and configure it for the
  /// identifier.
  public typealias CellProvider = (VirtualList<Cell>, _ path: ItemPath, _ item: ItemID) -> Cell

  /// Makes a section's header or footer: dequeue it from the list for `kind` and `section` and
  /// configure it for the section's identifier.
  public typealias SupplementaryProvider = (
    VirtualList<Cell>, _ kind: SupplementaryKind, _ section: Int, _ sectionID: SectionID
  ) -> Cell

  /// Configures a displayed cell again for its item, in place.
  public typealias CellReconfigurer = (_ cell: Cell, _ path: ItemPath, _ item: ItemID) -> Void

  /// The list this data source drives; the list holds this object weakly in turn.
  public private(set) weak var list: VirtualList<Cell>?
  /// Whether every section has a header.
  public let hasHeaders: Bool
  /// Whether every section has a footer.
  public let hasFooters: Bool
  private let cellProvider: CellProvider
  private let supplementaryProvider: SupplementaryProvider?
  /// Configures the displayed cells of items marked reconfigured; without one, such items are
  /// reloaded instead (they get fresh cells from the cell provider).
  public var cellReconfigurer: CellReconfigurer?
  /// The sections and items the list shows, without reload or reconfigure marks.
  private var current = ListSnapshot<SectionID, ItemID>()
  /// The list's sections for `current`.
  private var shape = SectionIndex(itemCounts: [])
  /// Each item's path, built on first use after a change.
  private var pathOfItem: [ItemID: ItemPath]?

  /// Creates the data source and makes it the list's data source.
  ///
  /// - Precondition: a `supplementaryProvider` is given when sections have headers or footers.
  /// - Complexity: O(1).
  public init(
    list: VirtualList<Cell>, headers: Bool = false, footers: Bool = false,
    cellProvider: @escaping CellProvider,
    supplementaryProvider: SupplementaryProvider? = nil,
    cellReconfigurer: CellReconfigurer? = nil
  ) {
    precondition(
      supplementaryProvider != nil || !(headers || footers),
      "SectionedDiffableDataSource.init: sections with headers or footers need a "
        + "supplementaryProvider to make them")
    self.list = list
    self.hasHeaders = headers
    self.hasFooters = footers
    self.cellProvider = cellProvider
    self.supplementaryProvider = supplementaryProvider
    self.cellReconfigurer = cellReconfigurer
    shape = SectionIndex(itemCounts: [], headers: headers, footers: footers)
    list.dataSource = self
  }

  /// The current sections and items, ready to change and apply again.
  ///
  /// - Complexity: O(1) (the snapshot is shared until it is changed).
  public func snapshot() -> ListSnapshot<SectionID, ItemID> { current }

  /// Makes the list show a snapshot: diffs its sections and items against the current ones and
  /// applies the section insertions, deletions and moves and the item insertions, deletions,
  /// moves (across sections too) and reloads as one batch update, with the list's scroll
  /// anchoring (the first visible surviving row keeps its place). Items marked reloaded get fresh
  /// cells; displayed items marked reconfigured keep their cells and are configured again with
  /// ``cellReconfigurer`` (reloaded when there is none).
  ///
  /// ```swift
  /// var next = dataSource.snapshot()
  /// next.moveItem(bob.id, beforeItem: ada.id)   // into section "A"
  /// next.deleteSections(["B"])
  /// dataSource.apply(next, animatingDifferences: true)
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: the sections and items to show, with their reload and reconfigure marks.
  ///   - animatingDifferences: `false` applies the change at once even when the list has an
  ///     ``VirtualList/updateAnimation``; update animations in flight then end at once.
  /// - Precondition: this object is still its list's data source; not called from inside a
  ///   data source or display callback.
  /// - Complexity: O(r + m log m) for r rows (items, headers, footers) in both snapshots and m in
  ///   both (O(r) when the kept rows keep their order), plus the list's batch update.
  public func apply(
    _ snapshot: ListSnapshot<SectionID, ItemID>, animatingDifferences: Bool = true
  ) {
    let reloaded = snapshot.reloadedItemIdentifiers
    let reconfigured = snapshot.reconfiguredItemIdentifiers
    // Without a reconfigurer, reconfigured items are reloaded.
    let replaced = cellReconfigurer == nil ? reloaded.union(reconfigured) : reloaded
    let update = snapshot.rowUpdate(
      from: current, headers: hasHeaders, footers: hasFooters, replaced: replaced)
    var clean = snapshot
    clean.reloadedItemIdentifiers = []
    clean.reconfiguredItemIdentifiers = []
    current = clean
    shape = clean.sectionIndex(headers: hasHeaders, footers: hasFooters)
    pathOfItem = nil
    guard let list else { return }
    precondition(
      list.dataSource === self,
      "SectionedDiffableDataSource.apply(_:animatingDifferences:): the list's data source was "
        + "replaced; a diffable data source must stay its list's data source")
    let animation = list.updateAnimation
    if !animatingDifferences && animation.isAnimated { list.updateAnimation = .none }
    defer { if list.updateAnimation != animation { list.updateAnimation = animation } }
    do {
      try list.performRowUpdate(update, sections: shape)
    } catch {
      preconditionFailure(
        "SectionedDiffableDataSource.apply(_:animatingDifferences:): the list rejected the "
          + "diff: \(error)")
    }
    if let reconfigurer = cellReconfigurer, !reconfigured.isEmpty {
      reconfigure(reconfigured.subtracting(reloaded), in: list, with: reconfigurer)
    }
  }

  /// Configures the displayed cells of some items again. Departing cells (animating out) are
  /// skipped; the placements are a copy, so the reconfigurer runs outside the list's state.
  private func reconfigure(
    _ items: Set<ItemID>, in list: VirtualList<Cell>, with reconfigurer: CellReconfigurer
  ) {
    let sections = list.sections
    for placement in list.placements where !placement.isDeparting {
      guard case .item(let path) = sections.element(atRow: placement.index) else { continue }
      let item = current.sectionItems[path.section][path.item]
      if items.contains(item) { reconfigurer(placement.cell, path, item) }
    }
  }

  /// The identifier of the item at a path of the current snapshot, or `nil` outside it.
  ///
  /// - Complexity: O(1).
  public func itemIdentifier(at path: ItemPath) -> ItemID? {
    guard path.section >= 0, path.section < current.sectionItems.count, path.item >= 0,
      path.item < current.sectionItems[path.section].count
    else { return nil }
    return current.sectionItems[path.section][path.item]
  }

  /// The identifier of the section at an index of the current snapshot, or `nil` outside it.
  ///
  /// - Complexity: O(1).
  public func sectionIdentifier(at section: Int) -> SectionID? {
    let sections = current.sectionIdentifiers
    return section >= 0 && section < sections.count ? sections[section] : nil
  }

  /// The path of an item in the current snapshot, or `nil`.
  ///
  /// - Complexity: O(1) expected; O(n) once after each change, to index the items.
  public func path(of item: ItemID) -> ItemPath? {
    if let pathOfItem { return pathOfItem[item] }
    var index = [ItemID: ItemPath](minimumCapacity: current.numberOfItems)
    for (section, items) in current.sectionItems.enumerated() {
      for (position, id) in items.enumerated() {
        index[id] = ItemPath(section: section, item: position)
      }
    }
    pathOfItem = index
    return index[item]
  }

  // MARK: SectionedListDataSource

  /// The current snapshot's sections.
  public func sections(in list: VirtualList<Cell>) -> SectionIndex { shape }

  /// The cell provider's cell for the item at `path`.
  public func virtualList(_ list: VirtualList<Cell>, cellForItemAt path: ItemPath) -> Cell {
    cellProvider(list, path, current.sectionItems[path.section][path.item])
  }

  /// The supplementary provider's header or footer for a section.
  public func virtualList(
    _ list: VirtualList<Cell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> Cell {
    // The initializer checked that sections with supplementary rows have a provider.
    supplementaryProvider!(list, kind, section, current.sectionIdentifiers[section])
  }

  /// The item's identifier.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt path: ItemPath)
    -> AnyHashable?
  { AnyHashable(current.sectionItems[path.section][path.item]) }

  /// The current path of an item identifier.
  public func virtualList(
    _ list: VirtualList<Cell>, pathForItemWithIdentifier identifier: AnyHashable
  ) -> ItemPath? {
    guard let item = identifier as? ItemID else { return nil }
    return path(of: item)
  }

  /// The section's identifier.
  public func virtualList(_ list: VirtualList<Cell>, identifierForSection section: Int)
    -> AnyHashable?
  { AnyHashable(current.sectionIdentifiers[section]) }

  /// The current index of a section identifier.
  public func virtualList(_ list: VirtualList<Cell>, sectionForIdentifier identifier: AnyHashable)
    -> Int?
  {
    guard let section = identifier as? SectionID else { return nil }
    return current.indexOfSection(section)
  }
}
