/// The shape of a sectioned list: how many sections, how many items in each, and whether every
/// section has a header and a footer.
///
/// A list with sections lays them out as one run of *rows*: a section's header (when sections
/// have headers), its items, its footer (when they have footers), then the next section. The
/// index converts between rows, ``ItemPath``s and flat item indices (items counted across
/// sections, supplementaries left out). A flat list is one section without header or footer,
/// where rows and item indices coincide.
///
/// ```swift
/// let index = SectionIndex(itemCounts: [3, 0, 2], headers: true)
/// index.numberOfRows                  // 8: three headers and five items
/// index.element(atRow: 4)             // .header(section: 1)
/// index.row(of: ItemPath(item: 1, section: 2))  // 7
/// ```
///
/// Sections of equal size cost O(1) memory whatever their number
/// (``init(sections:itemsPerSection:headers:footers:)``); other shapes cost about 8 bytes per
/// section, in a B+-tree of counts with prefix sums.
///
/// - Complexity: O(log s) for s sections per conversion; O(1) for a flat list.
public struct SectionIndex: Sendable, Equatable, CustomStringConvertible {
  /// Item counts per section, as a tree of runs with prefix sums; `nil` for a flat list.
  @usableFromInline var counts: ExtentStore?
  /// The number of items, across sections.
  public let numberOfItems: Int
  /// Whether every section starts with a header row.
  public let hasHeaders: Bool
  /// Whether every section ends with a footer row.
  public let hasFooters: Bool

  /// One section of `count` items, without header or footer: the shape of a list without
  /// sections.
  ///
  /// - Precondition: `count ≥ 0`.
  /// - Complexity: O(1).
  public init(flat count: Int) {
    precondition(count >= 0, "SectionIndex: an item count must be ≥ 0, got \(count)")
    counts = nil
    numberOfItems = count
    hasHeaders = false
    hasFooters = false
  }

  /// Sections with the given item counts.
  ///
  /// - Precondition: every count is `≥ 0`.
  /// - Complexity: O(s) for s sections.
  public init(itemCounts: some Collection<Int>, headers: Bool = false, footers: Bool = false) {
    var total = 0
    for (section, count) in itemCounts.enumerated() {
      precondition(
        count >= 0, "SectionIndex: section \(section) has \(count) items; counts must be ≥ 0")
      total += count
    }
    precondition(
      total <= Self.maximumRows, "SectionIndex: \(total) items exceed the \(Self.maximumRows) limit"
    )
    counts = ExtentStore(itemCounts.lazy.map(Double.init))
    numberOfItems = total
    hasHeaders = headers
    hasFooters = footers
    checkRowCount()
  }

  /// `sections` sections of `itemsPerSection` items each.
  ///
  /// - Precondition: both counts `≥ 0`.
  /// - Complexity: O(1) in time and memory, for any number of sections.
  public init(sections: Int, itemsPerSection: Int, headers: Bool = false, footers: Bool = false) {
    precondition(
      sections >= 0 && itemsPerSection >= 0,
      "SectionIndex: section and item counts must be ≥ 0, got \(sections) sections of "
        + "\(itemsPerSection)")
    let (total, overflow) = sections.multipliedReportingOverflow(by: itemsPerSection)
    precondition(
      !overflow && total <= Self.maximumRows,
      "SectionIndex: \(sections) × \(itemsPerSection) items exceed the \(Self.maximumRows) limit")
    counts = ExtentStore(count: sections, extent: Double(itemsPerSection))
    numberOfItems = total
    hasHeaders = headers
    hasFooters = footers
    checkRowCount()
  }

  /// The most rows an index holds: 2⁵³, below which every count is exact in a `Double`.
  public static let maximumRows = 1 << 53

  private func checkRowCount() {
    precondition(
      numberOfSections <= (Self.maximumRows - numberOfItems) / max(supplementariesPerSection, 1),
      "SectionIndex: \(numberOfSections) sections with their headers and footers exceed the "
        + "\(Self.maximumRows)-row limit")
  }

  // MARK: Sizes

  /// Whether this is a flat list: one section, no header or footer.
  @inlinable public var isFlat: Bool { counts == nil }

  /// The number of sections (1 for a flat list, even an empty one).
  @inlinable public var numberOfSections: Int { counts?.count ?? 1 }

  /// Header and footer rows per section: 0, 1 or 2.
  @inlinable
  public var supplementariesPerSection: Int { (hasHeaders ? 1 : 0) + (hasFooters ? 1 : 0) }

  /// The number of rows: items, headers and footers. A list shows this many rows.
  @inlinable
  public var numberOfRows: Int { numberOfItems + numberOfSections * supplementariesPerSection }

  /// The number of items in a section.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  /// - Complexity: O(log s).
  public func numberOfItems(inSection section: Int) -> Int {
    checkSection(section)
    guard let counts else { return numberOfItems }
    return Int(counts.extent(at: section))
  }

  // MARK: Conversions

  /// The rows of a section, header and footer included.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  /// - Complexity: O(log s).
  public func rows(ofSection section: Int) -> Range<Int> {
    checkSection(section)
    guard let counts else { return 0..<numberOfItems }
    let (start, items) = counts.startAndExtent(of: section)
    let first = Int(start) + section * supplementariesPerSection
    return first..<(first + Int(items) + supplementariesPerSection)
  }

  /// The items of a section, as flat item indices.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  /// - Complexity: O(log s).
  public func items(ofSection section: Int) -> Range<Int> {
    checkSection(section)
    guard let counts else { return 0..<numberOfItems }
    let (start, items) = counts.startAndExtent(of: section)
    return Int(start)..<(Int(start) + Int(items))
  }

  /// The section a row belongs to.
  ///
  /// - Precondition: `row` is in `0..<numberOfRows`.
  /// - Complexity: O(log s).
  @inlinable
  public func section(containingRow row: Int) -> Int {
    checkRow(row)
    guard let counts else { return 0 }
    // The last section whose first row is at or before `row`: its rows start at the items
    // before it plus its predecessors' supplementaries.
    return counts.search(
      Double(row), perItem: Double(supplementariesPerSection), strict: false)
  }

  /// What a row shows.
  ///
  /// - Precondition: `row` is in `0..<numberOfRows`.
  /// - Complexity: O(log s).
  public func element(atRow row: Int) -> ListElement {
    checkRow(row)
    guard let counts else { return .item(ItemPath(item: row, section: 0)) }
    let section = counts.search(
      Double(row), perItem: Double(supplementariesPerSection), strict: false)
    let (start, items) = counts.startAndExtent(of: section)
    var position = row - Int(start) - section * supplementariesPerSection
    if hasHeaders {
      if position == 0 { return .header(section: section) }
      position -= 1
    }
    if position == Int(items) { return .footer(section: section) }
    return .item(ItemPath(item: position, section: section))
  }

  /// The kind of a row, without its section.
  ///
  /// - Precondition: `row` is in `0..<numberOfRows`.
  /// - Complexity: O(1) for a flat list, O(log s) otherwise.
  @inlinable
  public func kind(ofRow row: Int) -> ElementKind {
    if counts == nil {
      checkRow(row)
      return .item
    }
    switch element(atRow: row) {
    case .item: return .item
    case .header: return .header
    case .footer: return .footer
    }
  }

  /// The row of an item.
  ///
  /// - Precondition: the path names an item: `section` in `0..<numberOfSections`, `item` in
  ///   `0..<numberOfItems(inSection:)`.
  /// - Complexity: O(log s).
  public func row(of path: ItemPath) -> Int {
    let items = items(ofSection: path.section)
    precondition(
      path.item >= 0 && path.item < items.count,
      "SectionIndex: item \(path.item) is out of range for section \(path.section), which has "
        + "\(items.count) items")
    return items.lowerBound + path.section * supplementariesPerSection + (hasHeaders ? 1 : 0)
      + path.item
  }

  /// The row of a section's header or footer, or `nil` when sections have none of that kind.
  ///
  /// - Precondition: `section` is in `0..<numberOfSections`.
  /// - Complexity: O(log s).
  public func row(of kind: SupplementaryKind, inSection section: Int) -> Int? {
    let rows = rows(ofSection: section)
    switch kind {
    case .header: return hasHeaders ? rows.lowerBound : nil
    case .footer: return hasFooters ? rows.upperBound - 1 : nil
    }
  }

  /// The row of an element.
  ///
  /// - Precondition: the element exists in this index.
  /// - Complexity: O(log s).
  public func row(of element: ListElement) -> Int {
    switch element {
    case .item(let path): return row(of: path)
    case .header(let section):
      guard let row = row(of: .header, inSection: section) else {
        preconditionFailure(
          "SectionIndex: sections have no headers; header \(section) does not exist")
      }
      return row
    case .footer(let section):
      guard let row = row(of: .footer, inSection: section) else {
        preconditionFailure(
          "SectionIndex: sections have no footers; footer \(section) does not exist")
      }
      return row
    }
  }

  /// The path of a flat item index (items counted across sections).
  ///
  /// - Precondition: `item` is in `0..<numberOfItems`.
  /// - Complexity: O(log s).
  public func itemPath(forItem item: Int) -> ItemPath {
    precondition(
      item >= 0 && item < numberOfItems,
      "SectionIndex: item index \(item) is out of range 0..<\(numberOfItems)")
    guard let counts else { return ItemPath(item: item, section: 0) }
    // The first section whose items end after `item`: skips empty sections.
    let section = counts.search(Double(item), perItem: 0, strict: false)
    let start = Int(counts.prefix(section))
    return ItemPath(item: item - start, section: section)
  }

  /// The flat item index of a path (items counted across sections).
  ///
  /// - Precondition: the path names an item.
  /// - Complexity: O(log s).
  public func flatIndex(of path: ItemPath) -> Int {
    let items = items(ofSection: path.section)
    precondition(
      path.item >= 0 && path.item < items.count,
      "SectionIndex: item \(path.item) is out of range for section \(path.section), which has "
        + "\(items.count) items")
    return items.lowerBound + path.item
  }

  // MARK: Checks

  @usableFromInline
  func checkRow(_ row: Int) {
    precondition(
      row >= 0 && row < numberOfRows, "SectionIndex: row \(row) is out of range 0..<\(numberOfRows)"
    )
  }

  @usableFromInline
  func checkSection(_ section: Int) {
    precondition(
      section >= 0 && section < numberOfSections,
      "SectionIndex: section \(section) is out of range 0..<\(numberOfSections)")
  }

  // MARK: Equality

  /// Two indices are equal when they have the same sections of the same sizes and the same
  /// supplementaries.
  ///
  /// - Complexity: O(s) when both have the same number of sections and items.
  public static func == (lhs: SectionIndex, rhs: SectionIndex) -> Bool {
    guard lhs.numberOfItems == rhs.numberOfItems, lhs.hasHeaders == rhs.hasHeaders,
      lhs.hasFooters == rhs.hasFooters, lhs.numberOfSections == rhs.numberOfSections
    else { return false }
    switch (lhs.counts, rhs.counts) {
    case (nil, nil): return true
    case (let a?, let b?):
      for section in 0..<a.count where a.extent(at: section) != b.extent(at: section) {
        return false
      }
      return true
    default:
      // A flat list equals one section without supplementaries.
      return lhs.numberOfSections == 1 && !lhs.hasHeaders && !lhs.hasFooters
    }
  }

  /// `SectionIndex(sections: s, rows: r)`.
  public var description: String {
    isFlat
      ? "SectionIndex(flat: \(numberOfItems))"
      : "SectionIndex(sections: \(numberOfSections), items: \(numberOfItems), headers: "
        + "\(hasHeaders), footers: \(hasFooters))"
  }
}

extension SectionIndex: Hashable {
  /// Hashes the sizes, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(numberOfItems)
    hasher.combine(numberOfSections == 1 && !hasHeaders && !hasFooters)
    if numberOfSections != 1 || hasHeaders || hasFooters {
      hasher.combine(numberOfSections)
      hasher.combine(hasHeaders)
      hasher.combine(hasFooters)
    }
  }
}
