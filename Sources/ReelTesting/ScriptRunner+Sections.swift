import Reel

/// Sectioned subjects: data operations become section and item updates told through
/// `performBatchUpdates(_: SectionedBatchUpdate)`, and every step checks the elements, the rows
/// shown once and the pinned header against a walk of every section.
extension ScriptRunner {
  /// The sections the list was last told about.
  var shape: SectionIndex { sectioned?.acceptedSections ?? SectionIndex(flat: count) }

  /// Runs a data operation (or a scroll to an item) on a sectioned subject; `false` when the
  /// operation is not one of those.
  func performSectioned(_ op: ReelOperation) -> Bool {
    let shape = shape
    let s = shape.numberOfSections
    switch op {
    case .reload(let n):
      change(.reset(count: min(max(0, n), options.maximumCount)))
    case .insert(let at, let k):
      insertSectioned(at: at, count: k, batch: true)
    case .delete(let at, let k):
      guard let path = itemPath(at) else { return true }
      let available = shape.numberOfItems(inSection: path.section) - path.item
      change(.deleteItems(at: path, count: min(max(1, k), available)))
    case .move(let from, let to):
      guard let source = itemPath(from) else { return true }
      let section = to.magnitudeModulo(s)
      let items = shape.numberOfItems(inSection: section) - (section == source.section ? 1 : 0)
      change(
        .moveItem(
          from: source, to: ItemPath(item: to.magnitudeModulo(items + 1), section: section)))
    case .update(let at):
      guard let path = itemPath(at) else { return true }
      change(.updateItem(at: path))
    case .insertSection(let at, let k):
      let k = min(max(0, k), options.maximumCount - shape.numberOfItems)
      guard k >= 0 else { return true }
      change(.insertSection(at: at.magnitudeModulo(s + 1), count: k))
    case .deleteSection(let at):
      guard s > 0 else { return true }
      change(.deleteSection(at: at.magnitudeModulo(s)))
    case .moveSection(let from, let to):
      guard s > 0 else { return true }
      change(.moveSection(from: from.magnitudeModulo(s), to: to.magnitudeModulo(s)))
    case .reloadSection(let at, let k):
      guard s > 0 else { return true }
      let section = at.magnitudeModulo(s)
      let room =
        options.maximumCount - shape.numberOfItems + shape.numberOfItems(inSection: section)
      change(.reloadSection(at: section, count: min(max(0, k), max(0, room))))
    case .scrollTo(let index, let animated):
      guard count > 0 else { return true }
      scrollToPath(index, animated: animated)
    default:
      return false
    }
    return true
  }

  /// The path of an item, from a raw number taken modulo the number of items; `nil` without
  /// items.
  func itemPath(_ raw: Int) -> ItemPath? {
    let shape = shape
    guard shape.numberOfItems > 0 else { return nil }
    return shape.itemPath(forItem: raw.magnitudeModulo(shape.numberOfItems))
  }

  /// Inserts items in the section a raw number picks (a new section when there is none).
  func insertSectioned(at raw: Int, count k: Int, batch: Bool) {
    let shape = shape
    let k = min(max(1, k), options.maximumCount - shape.numberOfItems)
    guard k > 0 else { return }
    guard shape.numberOfSections > 0 else {
      change(.insertSection(at: 0, count: k), reload: !batch)
      return
    }
    let section = raw.magnitudeModulo(shape.numberOfSections)
    let item = raw.magnitudeModulo(shape.numberOfItems(inSection: section) + 1)
    change(.insertItems(at: ItemPath(item: item, section: section), count: k), reload: !batch)
  }

  /// Applies a change to the subject's model and tells the list, by a sectioned batch update
  /// (or a reload), accepting the new sections; the reference model follows the rows.
  func change(_ change: SectionedDataChange, reload: Bool = false) {
    guard let mutate = subject.mutateSections, let sectioned else { return }
    let old = sectioned.acceptedSections
    proxy.acceptingChanges = true
    mutate(source, change)
    let update = reload ? nil : change.batchUpdate
    if let update {
      do {
        try list.performBatchUpdates(update)
      } catch {
        record(.dataSource, "performBatchUpdates(_:) threw for \(change): \(error)")
      }
    } else {
      list.reloadData()
    }
    list.layoutIfNeeded()
    proxy.acceptingChanges = false
    let new = sectioned.acceptedSections
    if let update, let rows = try? update.rowUpdate(from: old, to: new),
      let changes = try? IndexChanges(oldCount: old.numberOfRows, update: rows)
    {
      model?.remap(changes)
    } else {
      model?.reload(count: count)
    }
  }

  /// Scrolls to an item by its path, at the start, and checks that a pinned header does not
  /// cover it; rows of headers and footers are scrolled to by row.
  func scrollToPath(_ raw: Int, animated: Bool) {
    let row = raw.magnitudeModulo(count)
    guard case .item(let path) = shape.element(atRow: row) else {
      list.scrollToItem(at: row, alignment: .resting, animated: animated)
      return
    }
    list.scrollToItem(at: path, alignment: .start, animated: animated)
    list.layoutIfNeeded()
    guard !animated, list.pinsSectionHeaders, list.wrapping == .bounded,
      list.effectiveSnapping == nil, list.contentOffset < list.maximumOffset - epsilon,
      let pinned = list.placements.last, pinned.isPinned
    else { return }
    let horizontal = list.axis == .horizontal
    let headerEnd = horizontal ? pinned.frame.maxX : pinned.frame.maxY
    for p in list.placements where !p.isPinned && p.index == row {
      let start = horizontal ? p.frame.minX : p.frame.minY
      if start < headerEnd - epsilon * 10 {
        record(
          .reference,
          "scrollToItem(at: \(path), alignment: .start) left the item at \(start), under the "
            + "pinned header that ends at \(headerEnd)")
      }
    }
  }

  // MARK: Checks

  /// The sectioned checks: the list's sections are the data source's, every placement's kind
  /// (and cell kind) is its row's, every row is shown once, and the pinned header follows the
  /// pin rule.
  func checkSections(_ placements: Placements<Cell>) {
    guard let sectioned else { return }
    let shape = sectioned.acceptedSections
    if list.sections != shape {
      record(
        .dataSource,
        "the list shows \(CheckingSectionedDataSource<Cell>.describe(list.sections)) but was "
          + "told \(CheckingSectionedDataSource<Cell>.describe(shape))")
      return
    }
    var rows = Set<Int>()
    var pinnedCount = 0
    for (position, p) in placements.enumerated() {
      guard p.index >= 0 && p.index < shape.numberOfRows else { continue }
      let expected = shape.kind(ofRow: p.index)
      if p.kind != expected {
        record(
          .reference,
          "row \(p.index) shows \(shape.element(atRow: p.index)) but its placement's kind is "
            + "\(p.kind)")
      }
      if let kindOf = subject.kindOfCell, let made = kindOf(p.cell), made != expected {
        record(
          .reference,
          "row \(p.index) (\(shape.element(atRow: p.index))) is drawn with a cell made for "
            + "\(made)s")
      }
      let key = list.wrapping == .bounded ? p.index : p.virtualIndex
      if !rows.insert(key).inserted {
        record(.reference, "row \(p.index) (virtual \(p.virtualIndex)) is shown twice")
      }
      if p.isPinned {
        pinnedCount += 1
        if position != placements.count - 1 {
          record(.reference, "the pinned header is placement \(position), not the last one")
        }
        if p.kind != .header || p.zIndex <= 0 {
          record(.reference, "the pinned placement is a \(p.kind) at z-index \(p.zIndex)")
        }
      }
    }
    if pinnedCount > 1 { record(.reference, "\(pinnedCount) headers are pinned at once") }
    if pinnedCount > 0 && !(list.pinsSectionHeaders && shape.hasHeaders) {
      record(.reference, "a header is pinned though the list does not pin or has no headers")
    }
    checkPinRule(placements, shape)
  }

  /// The pinned header against a walk of every section (bounded lists): the last section whose
  /// header starts at or before the pin line, held at the line, pushed out by its section's
  /// end, never above its own place.
  func checkPinRule(_ placements: Placements<Cell>, _ shape: SectionIndex) {
    guard list.pinsSectionHeaders, shape.hasHeaders, list.wrapping == .bounded, count > 0,
      list.viewportExtent > 0
    else { return }
    let layout = list.layout
    let line = list.contentOffset + list.pinnedHeaderInset
    var candidate: Int?
    for s in 0..<shape.numberOfSections
    where layout.slot(at: shape.rows(ofSection: s).lowerBound).offset <= line {
      candidate = s
    }
    var expected: (section: Int, offset: Double, extent: Double)?
    if let s = candidate {
      let header = layout.slot(at: shape.rows(ofSection: s).lowerBound)
      let end = layout.slot(at: shape.rows(ofSection: s).upperBound - 1).end
      let offset = max(header.offset, min(line, end - header.extent))
      if offset + header.extent > line { expected = (s, offset, header.extent) }
    }
    let pinned = placements.last.flatMap { $0.isPinned ? $0 : nil }
    switch (expected, pinned) {
    case (nil, nil): return
    case (nil, let p?):
      record(
        .reference,
        "at offset \(list.contentOffset) row \(p.index) is pinned; the walk of the sections pins "
          + "nothing")
    case (let e?, nil):
      record(
        .reference,
        "at offset \(list.contentOffset) nothing is pinned; the walk of the sections pins the "
          + "header of section \(e.section)")
    case (let e?, let p?):
      let horizontal = list.axis == .horizontal
      let start = (horizontal ? p.frame.minX : p.frame.minY) + list.contentOffset
      let extent = horizontal ? p.frame.width : p.frame.height
      let tolerance = epsilon * 10
      if shape.element(atRow: p.index) != .header(section: e.section)
        || abs(start - e.offset) > tolerance || abs(extent - e.extent) > tolerance
      {
        record(
          .reference,
          "at offset \(list.contentOffset) row \(p.index) (\(shape.element(atRow: p.index))) is "
            + "pinned at \(start) + \(extent); the walk of the sections pins the header of "
            + "section \(e.section) at \(e.offset) + \(e.extent)")
      }
    }
  }
}

extension ReferenceModel {
  /// Follows rows through a batch update: survivors keep their extents, new rows are estimated.
  mutating func remap(_ changes: IndexChanges) {
    guard case .variable(let estimate, _, _, _) = geometry else { return }
    guard extents.count == changes.oldCount else {
      reload(count: changes.newCount)
      return
    }
    extents = changes.remap(extents, inserted: estimate)
  }
}
