/// Where an item sits, for assistive technologies: "3 of 120", or in a sectioned list
/// "item 3 of 12 in section B".
///
/// ```swift
/// if let position = list.accessibilityPosition(ofItemAt: focused) {
///   announce(position.description(sectionName: titles[position.section ?? 0]))
/// }
/// ```
public struct AccessibilityPosition: Sendable, Hashable, CustomStringConvertible {
  /// The item's position, counted from 1 (within its section in a sectioned list).
  public var position: Int
  /// The number of items (in the item's section in a sectioned list).
  public var count: Int
  /// The item's section in a sectioned list, counted from 0; `nil` in a flat list.
  public var section: Int?

  /// Creates a position.
  public init(position: Int, count: Int, section: Int? = nil) {
    self.position = position
    self.count = count
    self.section = section
  }

  /// "3 of 120", or "item 3 of 12 in section 2" (sections counted from 1).
  public var description: String {
    guard let section else { return "\(position) of \(count)" }
    return description(sectionName: String(section + 1))
  }

  /// The description with a section's name: "item 3 of 12 in section B".
  public func description(sectionName: String) -> String {
    guard section != nil else { return "\(position) of \(count)" }
    return "item \(position) of \(count) in section \(sectionName)"
  }
}
