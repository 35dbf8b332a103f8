extension ListSnapshot {
  /// Adds items at the end of a section, by default the last one.
  ///
  /// ```swift
  /// snapshot.appendItems(["a", "b"])
  /// snapshot.appendItems(["c"], toSection: .favourites)
  /// ```
  ///
  /// - Precondition: there is a section (the given one is in the snapshot); none of the items
  ///   is in the snapshot, and they are distinct.
  /// - Complexity: O(k) expected for k items.
  public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
    let operation = "appendItems(_:toSection:)"
    let index: Int
    if let section {
      index = requireSection(section, operation)
    } else {
      precondition(
        !sectionIdentifiers.isEmpty,
        "ListSnapshot.\(operation): the snapshot has no section; append one first")
      index = sectionIdentifiers.count - 1
    }
    claim(items, for: sectionIdentifiers[index], operation)
    sectionItems[index].append(contentsOf: items)
  }

  /// Adds items before an item, in its section.
  ///
  /// - Precondition: `item` is in the snapshot; none of `items` is, and they are distinct.
  /// - Complexity: O(k + m) for k items and the m items of the section.
  public mutating func insertItems(_ items: [ItemID], beforeItem item: ItemID) {
    insert(items, nextTo: item, after: false, "insertItems(_:beforeItem:)")
  }

  /// Adds items after an item, in its section.
  ///
  /// - Precondition: `item` is in the snapshot; none of `items` is, and they are distinct.
  /// - Complexity: O(k + m) for k items and the m items of the section.
  public mutating func insertItems(_ items: [ItemID], afterItem item: ItemID) {
    insert(items, nextTo: item, after: true, "insertItems(_:afterItem:)")
  }

  /// Removes items.
  ///
  /// - Precondition: every item is in the snapshot.
  /// - Complexity: O(k + m) for k items and the m items of their sections.
  public mutating func deleteItems(_ items: [ItemID]) {
    var doomed = Set<ItemID>()
    var sections = Set<Int>()
    for item in items {
      guard let section = sectionOfItem[item] else {
        preconditionFailure("ListSnapshot.deleteItems(_:): item \(item) is not in the snapshot")
      }
      doomed.insert(item)
      sections.insert(sectionIndex[section]!)
    }
    for item in doomed { forget(item) }
    for section in sections { sectionItems[section].removeAll { doomed.contains($0) } }
  }

  /// Removes every item, keeping the sections.
  ///
  /// - Complexity: O(n) for n items.
  public mutating func deleteAllItems() {
    for index in sectionItems.indices { sectionItems[index].removeAll() }
    sectionOfItem.removeAll()
    reloadedItemIdentifiers.removeAll()
    reconfiguredItemIdentifiers.removeAll()
  }

  /// Moves an item before another one, into that one's section.
  ///
  /// - Precondition: both items are in the snapshot and differ.
  /// - Complexity: O(m) for the m items of the two sections.
  public mutating func moveItem(_ item: ItemID, beforeItem target: ItemID) {
    moveItem(item, relativeTo: target, after: false, "moveItem(_:beforeItem:)")
  }

  /// Moves an item after another one, into that one's section.
  ///
  /// - Precondition: both items are in the snapshot and differ.
  /// - Complexity: O(m) for the m items of the two sections.
  public mutating func moveItem(_ item: ItemID, afterItem target: ItemID) {
    moveItem(item, relativeTo: target, after: true, "moveItem(_:afterItem:)")
  }

  /// Marks items whose content changed: applying the snapshot gives them fresh cells from the
  /// cell provider, like UIKit's `reloadItems`.
  ///
  /// - Precondition: every item is in the snapshot.
  public mutating func reloadItems(_ items: [ItemID]) {
    for item in items { _ = requireItem(item, "reloadItems(_:)") }
    reloadedItemIdentifiers.formUnion(items)
  }

  /// Marks items whose content changed but whose cells stay: applying the snapshot configures
  /// their displayed cells again in place, like UIKit's `reconfigureItems`.
  ///
  /// - Precondition: every item is in the snapshot.
  public mutating func reconfigureItems(_ items: [ItemID]) {
    for item in items { _ = requireItem(item, "reconfigureItems(_:)") }
    reconfiguredItemIdentifiers.formUnion(items)
  }

  /// The snapshot without reload and reconfigure marks: what the list shows once it is applied.
  public var unmarked: Self {
    var copy = self
    copy.reloadedItemIdentifiers = []
    copy.reconfiguredItemIdentifiers = []
    return copy
  }

  private mutating func insert(
    _ items: [ItemID], nextTo item: ItemID, after: Bool, _ operation: String
  ) {
    let path = requireItem(item, operation)
    claim(items, for: sectionIdentifiers[path.section], operation)
    sectionItems[path.section].insert(contentsOf: items, at: path.item + (after ? 1 : 0))
  }

  private mutating func moveItem(
    _ item: ItemID, relativeTo target: ItemID, after: Bool, _ operation: String
  ) {
    let from = requireItem(item, operation)
    _ = requireItem(target, operation)
    precondition(
      item != target, "ListSnapshot.\(operation): cannot move item \(item) next to itself")
    sectionItems[from.section].remove(at: from.item)
    let to = requireItem(target, operation)
    sectionItems[to.section].insert(item, at: to.item + (after ? 1 : 0))
    sectionOfItem[item] = sectionIdentifiers[to.section]
  }
}
