/// The position of an item in a sectioned snapshot: a section index and an item index inside
/// that section.
///
/// ```swift
/// let path = SnapshotItemPath(section: 1, item: 4)
/// ```
public struct SnapshotItemPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section's index.
  public var section: Int
  /// The item's index inside its section.
  public var item: Int

  /// A path from a section index and an item index.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// Section-major order: by section, then by item.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  /// `[section, item]`.
  public var description: String { "[\(section), \(item)]" }
}
