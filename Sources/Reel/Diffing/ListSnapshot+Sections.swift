extension ListSnapshot {
  /// Adds empty sections at the end.
  ///
  /// - Precondition: none of them is in the snapshot already, and they are distinct.
  /// - Complexity: O(k) for k sections.
  public mutating func appendSections(_ sections: [SectionID]) {
    insert(sections, at: sectionIdentifiers.count, "appendSections(_:)")
  }

  /// Adds empty sections before a section.
  ///
  /// - Precondition: `section` is in the snapshot; none of `sections` is, and they are distinct.
  /// - Complexity: O(s) for s sections.
  public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) {
    let operation = "insertSections(_:beforeSection:)"
    insert(sections, at: requireSection(section, operation), operation)
  }

  /// Adds empty sections after a section.
  ///
  /// - Precondition: `section` is in the snapshot; none of `sections` is, and they are distinct.
  /// - Complexity: O(s) for s sections.
  public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) {
    let operation = "insertSections(_:afterSection:)"
    insert(sections, at: requireSection(section, operation) + 1, operation)
  }

  /// Removes sections and their items.
  ///
  /// - Precondition: every section is in the snapshot.
  /// - Complexity: O(s + k) for s sections and the k items removed.
  public mutating func deleteSections(_ sections: [SectionID]) {
    var doomed = Set<Int>()
    for section in sections {
      doomed.insert(requireSection(section, "deleteSections(_:)"))
    }
    for index in doomed {
      for item in sectionItems[index] { forget(item) }
    }
    var kept = [SectionID]()
    var keptItems = [[ItemID]]()
    for index in sectionIdentifiers.indices where !doomed.contains(index) {
      kept.append(sectionIdentifiers[index])
      keptItems.append(sectionItems[index])
    }
    sectionItems = keptItems
    setSectionIdentifiers(kept)
  }

  /// Moves a section, with its items, before another one.
  ///
  /// - Precondition: both sections are in the snapshot and differ.
  /// - Complexity: O(s) for s sections.
  public mutating func moveSection(_ section: SectionID, beforeSection target: SectionID) {
    moveSection(section, relativeTo: target, after: false, "moveSection(_:beforeSection:)")
  }

  /// Moves a section, with its items, after another one.
  ///
  /// - Precondition: both sections are in the snapshot and differ.
  /// - Complexity: O(s) for s sections.
  public mutating func moveSection(_ section: SectionID, afterSection target: SectionID) {
    moveSection(section, relativeTo: target, after: true, "moveSection(_:afterSection:)")
  }

  private mutating func moveSection(
    _ section: SectionID, relativeTo target: SectionID, after: Bool, _ operation: String
  ) {
    let from = requireSection(section, operation)
    _ = requireSection(target, operation)
    precondition(
      section != target, "ListSnapshot.\(operation): cannot move section \(section) next to itself")
    var sections = sectionIdentifiers
    let items = sectionItems.remove(at: from)
    sections.remove(at: from)
    let to = sections.firstIndex(of: target)! + (after ? 1 : 0)
    sections.insert(section, at: to)
    sectionItems.insert(items, at: to)
    setSectionIdentifiers(sections)
  }

  private mutating func insert(_ sections: [SectionID], at position: Int, _ operation: String) {
    for (offset, section) in sections.enumerated() {
      precondition(
        sectionIndex[section] == nil && !sections[..<offset].contains(section),
        "ListSnapshot.\(operation): section \(section) is already in the snapshot; section "
          + "identifiers must be unique")
    }
    var updated = sectionIdentifiers
    updated.insert(contentsOf: sections, at: position)
    sectionItems.insert(contentsOf: sections.map { _ in [] }, at: position)
    setSectionIdentifiers(updated)
  }

  /// Drops an item's membership and marks (its section's array is updated by the caller).
  mutating func forget(_ item: ItemID) {
    sectionOfItem[item] = nil
    reloadedItemIdentifiers.remove(item)
    reconfiguredItemIdentifiers.remove(item)
  }
}
