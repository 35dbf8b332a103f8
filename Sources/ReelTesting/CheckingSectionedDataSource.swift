import Reel

/// The checking proxy for a sectioned data source: it forwards the sections, checks that they
/// change only with a reload or a batch update, and gives the list the sections it accepted, so
/// the engine's preconditions do not stop the check.
final class CheckingSectionedDataSource<Cell: ReusableCell>: CheckingDataSource<Cell>,
  SectionedListDataSource
{
  let sectionedInner: any SectionedListDataSource<Cell>
  /// The sections the list was last allowed to see.
  var acceptedSections = SectionIndex(itemCounts: [Int]())

  init(
    _ inner: any SectionedListDataSource<Cell>, delegate: (any VirtualListDelegate<Cell>)?,
    standIn: String
  ) {
    sectionedInner = inner
    super.init(inner, delegate: delegate, standIn: standIn)
  }

  func sections(in list: VirtualList<Cell>) -> SectionIndex {
    let reported = sectionedInner.sections(in: list)
    if acceptingChanges {
      acceptedSections = reported
      acceptedCount = reported.numberOfRows
      acceptingChanges = false
    } else if reported != acceptedSections {
      record(
        .dataSource,
        "the sections changed from \(Self.describe(acceptedSections)) to "
          + "\(Self.describe(reported)) without reloadData() or performBatchUpdates(_:)")
    }
    return acceptedSections
  }

  override func numberOfItems(in list: VirtualList<Cell>) -> Int {
    sections(in: list).numberOfRows
  }

  override func virtualList(_ list: VirtualList<Cell>, cellForItemAt index: Int) -> Cell {
    guard sectionedInner.sections(in: list) == acceptedSections else {
      record(
        .dataSource,
        "the list asked for row \(index) of the sections it was told about, but the data "
          + "source's sections changed without a reload")
      return list.dequeueReusableCell(withReuseIdentifier: standIn, for: index)
    }
    return super.virtualList(list, cellForItemAt: index)
  }

  func virtualList(_ list: VirtualList<Cell>, cellForItemAt path: ItemPath) -> Cell {
    sectionedInner.virtualList(list, cellForItemAt: path)
  }

  func virtualList(
    _ list: VirtualList<Cell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> Cell {
    sectionedInner.virtualList(list, supplementaryCellOfKind: kind, inSection: section)
  }

  func virtualList(_ list: VirtualList<Cell>, identifierForItemAt path: ItemPath) -> AnyHashable? {
    sectionedInner.virtualList(list, identifierForItemAt: path)
  }

  func virtualList(_ list: VirtualList<Cell>, pathForItemWithIdentifier identifier: AnyHashable)
    -> ItemPath?
  { sectionedInner.virtualList(list, pathForItemWithIdentifier: identifier) }

  func virtualList(_ list: VirtualList<Cell>, identifierForSection section: Int) -> AnyHashable? {
    sectionedInner.virtualList(list, identifierForSection: section)
  }

  func virtualList(_ list: VirtualList<Cell>, sectionForIdentifier identifier: AnyHashable)
    -> Int?
  { sectionedInner.virtualList(list, sectionForIdentifier: identifier) }

  /// The shape with the item counts of its first sections, for messages.
  static func describe(_ sections: SectionIndex) -> String {
    let shown = min(sections.numberOfSections, 12)
    let counts = (0..<shown).map { String(sections.numberOfItems(inSection: $0)) }
    let more = sections.numberOfSections > shown ? ", …" : ""
    return "\(sections.numberOfSections) sections [\(counts.joined(separator: ", "))\(more)]"
  }
}
