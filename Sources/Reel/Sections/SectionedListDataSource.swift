/// Supplies a list with sections: their shape, a cell for every item, and the headers and
/// footers.
///
/// A sectioned data source is a ``VirtualListDataSource`` whose flat requirements come for
/// free: the list shows the sections as one run of rows (header, items, footer, next section),
/// and the default implementations route every row to the method for its element. Positions are
/// ``ItemPath``s; ``SectionIndex`` converts them to and from rows and flat item indices.
///
/// ```swift
/// final class Contacts: SectionedListDataSource {
///   let groups: [(letter: String, names: [String])]
///   let rows: CellRegistration<Cell, NameRow>
///   let headers: CellRegistration<Cell, LetterHeader>
///
///   func sections(in list: VirtualList<Cell>) -> SectionIndex {
///     SectionIndex(itemCounts: groups.map(\.names.count), headers: true)
///   }
///   func virtualList(_ list: VirtualList<Cell>, cellForItemAt path: ItemPath) -> Cell {
///     let row = list.dequeueCell(rows, for: path)   // a NameRow, no cast
///     row.name = groups[path.section].names[path.item]
///     return row
///   }
///   func virtualList(
///     _ list: VirtualList<Cell>, supplementaryCellOfKind kind: SupplementaryKind,
///     inSection section: Int
///   ) -> Cell {
///     let header = list.dequeueSupplementaryCell(headers, ofKind: kind, inSection: section)
///     header.letter = groups[section].letter
///     return header
///   }
/// }
/// ```
///
/// Contract: the shape only changes together with ``VirtualList/reloadData()`` or
/// ``VirtualList/performBatchUpdates(_:)-(SectionedBatchUpdate)``; every returned cell was
/// dequeued for the element asked for, during the same call (a header for a header, a footer for
/// a footer, an item's cell for its path). A broken contract stops the program with a message
/// that names it.
public protocol SectionedListDataSource<Cell>: VirtualListDataSource {
  /// The frontend's cell type.
  associatedtype Cell
  /// The sections: their item counts and whether they have headers and footers.
  ///
  /// Called when the list reloads or applies an update; give sections of equal size with
  /// ``SectionIndex/init(sections:itemsPerSection:headers:footers:)`` for O(1) memory.
  func sections(in list: VirtualList<Cell>) -> SectionIndex

  /// A cell for an item, dequeued from `list` for `path` and configured.
  func virtualList(_ list: VirtualList<Cell>, cellForItemAt path: ItemPath) -> Cell

  /// A header or footer cell for a section, dequeued from `list` with
  /// ``VirtualList/dequeueSupplementaryCell(_:ofKind:inSection:)`` (or by reuse identifier) and
  /// configured. Asked only for kinds the sections have.
  func virtualList(
    _ list: VirtualList<Cell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> Cell

  /// A stable identity for an item, or `nil` (the default): with identities, reloads and
  /// selection keep items by identity.
  func virtualList(_ list: VirtualList<Cell>, identifierForItemAt path: ItemPath) -> AnyHashable?

  /// The current path of the item with an identity, or `nil` (the default).
  func virtualList(_ list: VirtualList<Cell>, pathForItemWithIdentifier identifier: AnyHashable)
    -> ItemPath?

  /// A stable identity for a section, or `nil` (the default: the section's index stands in).
  /// Headers and footers take their section's identity.
  func virtualList(_ list: VirtualList<Cell>, identifierForSection section: Int) -> AnyHashable?

  /// The current index of the section with an identity, or `nil` (the default).
  func virtualList(_ list: VirtualList<Cell>, sectionForIdentifier identifier: AnyHashable)
    -> Int?
}

/// The identity of a header or footer row: its kind and its section's identity.
public struct SupplementaryIdentity: Hashable {
  /// Header or footer.
  public var kind: SupplementaryKind
  /// The section's identity, or its index when the data source gives none.
  public var section: AnyHashable

  /// Creates an identity.
  public init(kind: SupplementaryKind, section: AnyHashable) {
    self.kind = kind
    self.section = section
  }
}

extension SectionedListDataSource {
  /// No item identities.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt path: ItemPath)
    -> AnyHashable?
  { nil }

  /// No item identities.
  public func virtualList(
    _ list: VirtualList<Cell>, pathForItemWithIdentifier identifier: AnyHashable
  ) -> ItemPath? { nil }

  /// No section identities.
  public func virtualList(_ list: VirtualList<Cell>, identifierForSection section: Int)
    -> AnyHashable?
  { nil }

  /// No section identities.
  public func virtualList(
    _ list: VirtualList<Cell>, sectionForIdentifier identifier: AnyHashable
  ) -> Int? { nil }

  /// The sections' rows: items, headers and footers.
  public func numberOfItems(in list: VirtualList<Cell>) -> Int {
    sections(in: list).numberOfRows
  }

  /// Routes a row to the item or supplementary method for its element.
  public func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
    switch list.sections.element(atRow: index) {
    case .item(let path): return virtualList(list, cellForItemAt: path)
    case .header(let section):
      return virtualList(list, supplementaryCellOfKind: .header, inSection: section)
    case .footer(let section):
      return virtualList(list, supplementaryCellOfKind: .footer, inSection: section)
    }
  }

  /// The row's item identity, or its section's identity for a header or footer.
  public func virtualList(_ list: VirtualList<Cell>, identifierForItemAt index: Int)
    -> AnyHashable?
  {
    let element = list.sections.element(atRow: index)
    guard let kind = element.supplementaryKind else {
      return virtualList(list, identifierForItemAt: element.itemPath!)
    }
    let section = element.section
    return AnyHashable(
      SupplementaryIdentity(
        kind: kind,
        section: virtualList(list, identifierForSection: section) ?? AnyHashable(section)))
  }

  /// The row of an identity given by
  /// ``SectionedListDataSource/virtualList(_:identifierForItemAt:)-(_,Int)``.
  public func virtualList(
    _ list: VirtualList<Cell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? {
    let sections = list.sections
    if let supplementary = identifier.base as? SupplementaryIdentity {
      var section = virtualList(list, sectionForIdentifier: supplementary.section)
      // The section's index stands in for its identity only when the data source gives none.
      if section == nil, let index = supplementary.section.base as? Int, index >= 0,
        index < sections.numberOfSections, virtualList(list, identifierForSection: index) == nil
      {
        section = index
      }
      guard let section, section >= 0, section < sections.numberOfSections else { return nil }
      return sections.row(of: supplementary.kind, inSection: section)
    }
    guard let path = virtualList(list, pathForItemWithIdentifier: identifier),
      path.section >= 0, path.section < sections.numberOfSections, path.item >= 0,
      path.item < sections.numberOfItems(inSection: path.section)
    else { return nil }
    return sections.row(of: path)
  }
}
