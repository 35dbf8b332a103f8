/// The identifiers of a list's sections and items at one moment, in order.
///
/// Build the next state of the list as a snapshot and hand it to a ``DiffableDataSource``, which
/// works out the inserts, deletes, moves and reloads against the current one, as UIKit's
/// `NSDiffableDataSourceSnapshot` does.
///
/// ```swift
/// var snapshot = ListSnapshot<String, Int>()
/// snapshot.appendSections(["main"])
/// snapshot.appendItems([1, 2, 3])
/// snapshot.reconfigureItems([2])
/// dataSource.apply(snapshot)
/// ```
///
/// Every section identifier and every item identifier occurs at most once in a snapshot (an
/// item is in one section); a mutation that breaks this, or names a section or item that is not
/// in the snapshot, stops the program with a message that names the identifier.
public struct ListSnapshot<SectionID: Hashable, ItemID: Hashable> {
  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionID] = []
  /// The items of each section, in the order of `sectionIdentifiers`.
  var sectionItems: [[ItemID]] = []
  /// The index of each section.
  var sectionIndex: [SectionID: Int] = [:]
  /// The section of each item.
  var sectionOfItem: [ItemID: SectionID] = [:]
  /// Items whose cells are to be replaced when the snapshot is applied.
  public internal(set) var reloadedItemIdentifiers: Set<ItemID> = []
  /// Items whose cells are to be configured again, in place, when the snapshot is applied.
  public internal(set) var reconfiguredItemIdentifiers: Set<ItemID> = []

  /// An empty snapshot: no sections, no items.
  public init() {}

  /// The number of sections.
  public var numberOfSections: Int { sectionIdentifiers.count }

  /// The number of items in all sections.
  public var numberOfItems: Int { sectionOfItem.count }

  /// The number of items in a section.
  ///
  /// - Precondition: the section is in the snapshot.
  public func numberOfItems(inSection section: SectionID) -> Int {
    sectionItems[requireSection(section, "numberOfItems(inSection:)")].count
  }

  /// Every item, section after section.
  ///
  /// - Complexity: O(n) for n items.
  public var itemIdentifiers: [ItemID] {
    if sectionItems.count == 1 { return sectionItems[0] }
    return Array(sectionItems.joined())
  }

  /// The items of a section, in order.
  ///
  /// - Precondition: the section is in the snapshot.
  public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    sectionItems[requireSection(section, "itemIdentifiers(inSection:)")]
  }

  /// The section that holds an item, or `nil` when the item is not in the snapshot.
  ///
  /// - Complexity: O(1) expected.
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    sectionOfItem[item]
  }

  /// The index of a section, or `nil` when it is not in the snapshot.
  ///
  /// - Complexity: O(1) expected.
  public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

  /// The position of an item counted over all sections (its index in ``itemIdentifiers``), or
  /// `nil` when it is not in the snapshot.
  ///
  /// - Complexity: O(s + k) for the s sections before the item's and the k items before it in
  ///   its own.
  public func indexOfItem(_ item: ItemID) -> Int? {
    guard let path = path(ofItem: item) else { return nil }
    return sectionItems[..<path.section].reduce(path.item) { $0 + $1.count }
  }

  /// The section index and item index of an item, or `nil` when it is not in the snapshot.
  ///
  /// - Complexity: O(k) for the k items before it in its section.
  public func path(ofItem item: ItemID) -> SnapshotItemPath? {
    guard let section = sectionOfItem[item], let index = sectionIndex[section],
      let position = sectionItems[index].firstIndex(of: item)
    else { return nil }
    return SnapshotItemPath(section: index, item: position)
  }

  /// The item at a section index and item index.
  ///
  /// - Precondition: the path is inside the snapshot.
  public func itemIdentifier(at path: SnapshotItemPath) -> ItemID {
    precondition(
      path.section >= 0 && path.section < sectionItems.count && path.item >= 0
        && path.item < sectionItems[path.section].count,
      "ListSnapshot.itemIdentifier(at:): \(path) is outside the snapshot's "
        + "\(sectionItems.map(\.count)) items per section")
    return sectionItems[path.section][path.item]
  }

  /// The index of a section that must be in the snapshot.
  func requireSection(_ section: SectionID, _ operation: String) -> Int {
    guard let index = sectionIndex[section] else {
      preconditionFailure("ListSnapshot.\(operation): section \(section) is not in the snapshot")
    }
    return index
  }

  /// The section index and item index of an item that must be in the snapshot.
  func requireItem(_ item: ItemID, _ operation: String) -> SnapshotItemPath {
    guard let path = path(ofItem: item) else {
      preconditionFailure("ListSnapshot.\(operation): item \(item) is not in the snapshot")
    }
    return path
  }

  /// Recomputes every section's index after sections were inserted, deleted or moved.
  mutating func reindexSections() {
    sectionIndex.removeAll(keepingCapacity: true)
    for (index, section) in sectionIdentifiers.enumerated() { sectionIndex[section] = index }
  }

  /// Records new items as members of a section.
  mutating func claim(_ items: [ItemID], for section: SectionID, _ operation: String) {
    sectionOfItem.reserveCapacity(sectionOfItem.count + items.count)
    for item in items {
      if let holder = sectionOfItem.updateValue(section, forKey: item) {
        preconditionFailure(
          "ListSnapshot.\(operation): item \(item) is already in section \(holder); "
            + "item identifiers must be unique")
      }
    }
  }

  /// Sets `sectionIdentifiers` (the storage is private to this file).
  mutating func setSectionIdentifiers(_ sections: [SectionID]) {
    sectionIdentifiers = sections
    reindexSections()
  }
}

extension ListSnapshot: Equatable {
  /// Equal sections and items in the same order, and the same reload and reconfigure marks.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sectionIdentifiers == rhs.sectionIdentifiers && lhs.sectionItems == rhs.sectionItems
      && lhs.reloadedItemIdentifiers == rhs.reloadedItemIdentifiers
      && lhs.reconfiguredItemIdentifiers == rhs.reconfiguredItemIdentifiers
  }
}

extension ListSnapshot: Sendable where SectionID: Sendable, ItemID: Sendable {}
