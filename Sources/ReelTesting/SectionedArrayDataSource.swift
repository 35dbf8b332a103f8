import Reel

/// A sectioned data source over arrays of unique integers, with headers and footers and stable
/// identities for items and sections: the conformance kit's own sectioned subject, and a
/// fixture for tests.
///
/// Items dequeue ``RecordingCell``s from the reuse identifier `"item"`, headers from `"header"`
/// and footers from `"footer"`; every cell records its identity (the item, or the
/// `SupplementaryIdentity` of its section), so stale cells can be told.
///
/// ```swift
/// let source = SectionedArrayDataSource(itemCounts: [3, 0, 5], headers: true)
/// let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
/// source.install(on: list)
/// list.pinsSectionHeaders = true
/// ```
public final class SectionedArrayDataSource: SectionedListDataSource {
  /// The sections: an identity and the items of each. Change them, then call `reloadData()` or
  /// `performBatchUpdates(_: SectionedBatchUpdate)`.
  public var groups: [(id: Int, items: [Int])]
  /// Whether every section has a header.
  public var headers: Bool
  /// Whether every section has a footer.
  public var footers: Bool
  private var nextIdentity = 0

  /// Sections with the given item counts, their items and sections numbered from 0.
  ///
  /// - Complexity: O(s + n) for s sections and n items.
  public init(itemCounts: [Int], headers: Bool = true, footers: Bool = false) {
    self.headers = headers
    self.footers = footers
    groups = []
    groups = itemCounts.map { (id: makeIdentities(1)[0], items: makeIdentities($0)) }
  }

  /// Registers ``RecordingCell`` factories for `"item"`, `"header"` and `"footer"` and sets
  /// itself as the list's data source.
  ///
  /// - Complexity: O(1).
  public func install(on list: VirtualList<RecordingCell>, tracker: LifetimeTracker? = nil) {
    Self.register(on: list, tracker: tracker)
    list.dataSource = self
  }

  /// Registers ``RecordingCell`` factories for the three reuse identifiers the data source
  /// dequeues from, `"item"`, `"header"` and `"footer"`.
  ///
  /// - Complexity: O(1).
  public static func register(
    on list: VirtualList<RecordingCell>, tracker: LifetimeTracker? = nil
  ) {
    for identifier in ["item", "header", "footer"] {
      list.register(identifier) { RecordingCell(reuseIdentifier: identifier, tracker: tracker) }
    }
  }

  /// Fresh identities, never handed out before by this data source.
  func makeIdentities(_ count: Int) -> [Int] {
    defer { nextIdentity += count }
    return Array(nextIdentity..<(nextIdentity + count))
  }

  /// Makes a change to the arrays (with new identities for new items and sections).
  ///
  /// A reset splits `count` items into sections of 3, 0, 1, 7, 2, 12 and 5 items, in turn.
  ///
  /// - Precondition: the change's sections and paths are valid for the current arrays.
  /// - Complexity: O(s + n).
  public func apply(_ change: SectionedDataChange) {
    switch change {
    case .reset(let count):
      let sizes = [3, 0, 1, 7, 2, 12, 5]
      groups = []
      var left = count
      while left > 0 {
        let size = min(left, sizes[groups.count % sizes.count])
        groups.append((id: makeIdentities(1)[0], items: makeIdentities(size)))
        left -= size
      }
    case .insertSection(let at, let count):
      groups.insert((id: makeIdentities(1)[0], items: makeIdentities(count)), at: at)
    case .deleteSection(let at): groups.remove(at: at)
    case .moveSection(let from, let to): groups.insert(groups.remove(at: from), at: to)
    case .reloadSection(let at, let count): groups[at].items = makeIdentities(count)
    case .insertItems(let path, let count):
      groups[path.section].items.insert(contentsOf: makeIdentities(count), at: path.item)
    case .deleteItems(let path, let count):
      groups[path.section].items.removeSubrange(path.item..<(path.item + count))
    case .moveItem(let from, let to):
      let item = groups[from.section].items.remove(at: from.item)
      groups[to.section].items.insert(item, at: to.item)
    case .updateItem: break
    }
  }

  /// The sections' shape.
  public func sections(in list: VirtualList<RecordingCell>) -> SectionIndex {
    SectionIndex(itemCounts: groups.map(\.items.count), headers: headers, footers: footers)
  }

  /// Dequeues an `"item"` cell and records the item on it.
  public func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt path: ItemPath)
    -> RecordingCell
  {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "item", for: path)
    let item = groups[path.section].items[path.item]
    cell.item = item
    cell.identity = AnyHashable(item)
    return cell
  }

  /// Dequeues a `"header"` or `"footer"` cell and records its section's identity on it.
  public func virtualList(
    _ list: VirtualList<RecordingCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> RecordingCell {
    let cell = list.dequeueReusableSupplementaryCell(
      ofKind: kind, withReuseIdentifier: kind == .header ? "header" : "footer",
      inSection: section)
    cell.item = nil
    cell.identity = AnyHashable(
      SupplementaryIdentity(kind: kind, section: AnyHashable(groups[section].id)))
    return cell
  }

  /// The item itself.
  public func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt path: ItemPath)
    -> AnyHashable?
  { AnyHashable(groups[path.section].items[path.item]) }

  /// The item's path, by a walk of the sections.
  ///
  /// - Complexity: O(n).
  public func virtualList(
    _ list: VirtualList<RecordingCell>, pathForItemWithIdentifier identifier: AnyHashable
  ) -> ItemPath? {
    guard let item = identifier.base as? Int else { return nil }
    for (s, group) in groups.enumerated() {
      if let i = group.items.firstIndex(of: item) { return ItemPath(item: i, section: s) }
    }
    return nil
  }

  /// The section's identity.
  public func virtualList(_ list: VirtualList<RecordingCell>, identifierForSection section: Int)
    -> AnyHashable?
  { AnyHashable(groups[section].id) }

  /// The section's index, by a walk of the sections.
  ///
  /// - Complexity: O(s).
  public func virtualList(
    _ list: VirtualList<RecordingCell>, sectionForIdentifier identifier: AnyHashable
  ) -> Int? {
    guard let id = identifier.base as? Int else { return nil }
    return groups.firstIndex { $0.id == id }
  }
}
