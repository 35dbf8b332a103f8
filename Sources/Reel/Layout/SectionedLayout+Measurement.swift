/// Measured extents of a ``SectionedLayout``: measuring rows and carrying extents through batch
/// updates.
extension SectionedLayout {
  /// Sets the measured main-axis extent of a row (a header, an item or a footer, by its row
  /// index) and returns how much its section's extent changed: exactly 0 when nothing moved.
  ///
  /// Rows whose kind has a ``RowExtent/fixed(_:)`` extent ignore the call and return 0. In a
  /// grid an item's line takes the largest extent of its items, so measuring an item smaller
  /// than a neighbour stores the item's extent but moves nothing.
  ///
  /// - Precondition: `index` is in `0..<count`; `extent` is finite and `≥ 0`; the content stays
  ///   within ``LayoutContext/maximumContentExtent``.
  /// - Complexity: O(log n) (O(lanes + log n) in a grid).
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    let rows = shape.numberOfRows
    precondition(
      index >= 0 && index < rows,
      "SectionedLayout.setExtent: row \(index) is out of bounds 0..<\(rows)")
    precondition(
      extent.isFinite && extent >= 0,
      "SectionedLayout.setExtent: extent must be finite and ≥ 0, got \(extent)")
    let change: Double
    switch shape.element(atRow: index) {
    case .header(let section):
      guard headerExtent.isMeasured, headers.set(extent, at: section) != extent else { return 0 }
      change = refreshSection(section)
    case .footer(let section):
      guard footerExtent.isMeasured, footers.set(extent, at: section) != extent else { return 0 }
      change = refreshSection(section)
    case .item(let path):
      guard itemExtent.isMeasured else { return 0 }
      let item = shape.flatIndex(of: path)
      let line = firstLine(ofSection: path.section) + path.item / lanes
      let oldLine: Double
      if lanes == 1 {
        oldLine = lines.set(extent, at: line)
      } else {
        guard items.set(extent, at: item) != extent else { return 0 }
        _ = itemsOffEstimate.set(extent == itemExtent.value ? 0 : 1, at: item)
        let start = item - path.item % lanes
        let end = min(
          start + lanes, item - path.item + shape.numberOfItems(inSection: path.section))
        let largest = lineExtent(items: start..<end)
        oldLine = lines.set(largest, at: line)
      }
      guard oldLine != lines.extent(at: line) else { return 0 }
      let sectionChange = refreshSection(path.section)
      change = sectionChange != 0 ? sectionChange : lines.extent(at: line) - oldLine
    }
    if sectionExtents.total > LayoutContext.maximumContentExtent { checkRange() }
    return change
  }

  /// The current main-axis extent of a row: a header's, a footer's, or an item's own extent
  /// (in a grid, its slot has its line's extent, which may be larger).
  ///
  /// - Precondition: `row` is in `0..<count`.
  /// - Complexity: O(log n).
  public func extent(ofRow row: Int) -> Double {
    let rows = shape.numberOfRows
    precondition(
      row >= 0 && row < rows,
      "SectionedLayout.extent(ofRow:): row \(row) is out of bounds 0..<\(rows)")
    switch shape.element(atRow: row) {
    case .header(let section): return headers.extent(at: section)
    case .footer(let section): return footers.extent(at: section)
    case .item(let path): return itemExtentValue(at: shape.flatIndex(of: path))
    }
  }

  /// Moves measured extents with their rows through a batch update, in rows: deleted rows
  /// leave their kind's store now; inserted rows take their kind's estimate (or, when moved, the
  /// extent they had) in the next ``prepare(for:)``, which knows the new sections.
  ///
  /// A layout that was not prepared for `changes.oldCount` rows, or that still waits for the
  /// ``prepare(for:)`` of an earlier update, first becomes a flat list of that many rows (each
  /// kind keeping its first extents, as in a shape change). A moved row that changes kind takes
  /// its new kind's estimate.
  ///
  /// - Complexity: O(d log n) for d deleted, inserted and moved rows.
  public mutating func apply(_ changes: IndexChanges) {
    if shape.numberOfRows != changes.oldCount || pending != nil {
      pending = nil
      shape = SectionIndex(flat: changes.oldCount)
      sectionCount = changes.oldCount == 0 ? 0 : 1
      resizeKinds()
      rebuildDerived()
    }
    var moved: [Int: (kind: ElementKind, extent: Double)] = [:]
    for move in changes.moves {
      moved[move.to] = (shape.kind(ofRow: move.from), extent(ofRow: move.from))
    }
    for row in changes.deleted.reversed() {
      switch shape.element(atRow: row) {
      case .header(let section): headers.remove(at: section, count: 1)
      case .footer(let section): footers.remove(at: section, count: 1)
      case .item(let path): removeItem(at: shape.flatIndex(of: path))
      }
    }
    pending = PendingInsertions(rows: changes.inserted, moved: moved)
  }
}
