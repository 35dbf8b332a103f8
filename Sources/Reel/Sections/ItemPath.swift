/// The position of an item in a sectioned list: a section and an item within it, like
/// Foundation's `IndexPath` in UIKit.
///
/// Paths order by section, then by item.
///
/// ```swift
/// let path = ItemPath(item: 3, section: 1)
/// let row = list.sections.row(of: path)
/// ```
public struct ItemPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section, from 0.
  public var section: Int
  /// The item within its section, from 0.
  public var item: Int

  /// Creates a path.
  @inlinable
  public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  /// Creates a path, section first.
  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Orders by section, then by item.
  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`, as `IndexPath` prints.
  public var description: String { "[\(section), \(item)]" }
}

/// The kind of a supplementary cell: a section's header or footer.
public enum SupplementaryKind: Sendable, Hashable, CaseIterable {
  /// The cell before a section's items.
  case header
  /// The cell after a section's items.
  case footer
}

/// What a row of a sectioned list shows: a section's header, an item, or a section's footer.
///
/// A sectioned list lays its sections out as one run of rows — header, items, footer, then the
/// next section — and every row is one of these.
public enum ListElement: Sendable, Hashable {
  /// The header of a section.
  case header(section: Int)
  /// An item.
  case item(ItemPath)
  /// The footer of a section.
  case footer(section: Int)

  /// The section the element belongs to.
  @inlinable
  public var section: Int {
    switch self {
    case .header(let section), .footer(let section): return section
    case .item(let path): return path.section
    }
  }

  /// The item's path, or `nil` for a header or footer.
  @inlinable
  public var itemPath: ItemPath? {
    if case .item(let path) = self { return path }
    return nil
  }

  /// The supplementary kind, or `nil` for an item.
  @inlinable
  public var supplementaryKind: SupplementaryKind? {
    switch self {
    case .header: return .header
    case .footer: return .footer
    case .item: return nil
    }
  }
}

/// What a placement shows, without its section: an item, a header or a footer.
///
/// Stored with every displayed cell so that a frontend can style rows by kind in O(1); the
/// section comes from ``SectionIndex/element(atRow:)`` when needed.
public enum ElementKind: UInt8, Sendable, Hashable {
  /// An item.
  case item
  /// A section header.
  case header
  /// A section footer.
  case footer
}
