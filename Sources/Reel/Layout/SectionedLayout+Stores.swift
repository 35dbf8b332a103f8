/// The stores of ``SectionedLayout``: per-kind extents (the measured state) and the figures
/// derived from them (lines per section, line extents, section extents).
extension SectionedLayout {
  /// Rows a batch update inserts, with the extents of moved rows, until the new shape is known.
  @usableFromInline
  struct PendingInsertions: Sendable {
    /// New row indices, ascending.
    var rows: [Int]
    /// The kind and extent of every moved row, by its new index.
    var moved: [Int: (kind: ElementKind, extent: Double)]
  }

  // MARK: Per-section figures

  /// The header's extent, 0 without headers.
  @inlinable func headerExtent(ofSection section: Int) -> Double {
    shape.hasHeaders ? headers.extent(at: section) : 0
  }

  /// The footer's extent, 0 without footers.
  @inlinable func footerExtent(ofSection section: Int) -> Double {
    shape.hasFooters ? footers.extent(at: section) : 0
  }

  /// Grid lines for `count` items.
  @inlinable func lineCount(forItems count: Int) -> Int {
    count == 0 ? 0 : (count - 1) / lanes + 1
  }

  /// The index of a section's first line, among the lines of all sections.
  @inlinable func firstLine(ofSection section: Int) -> Int {
    Int(lineCounts.prefix(section))
  }

  /// The start of a line relative to the first line, spacing included: the value line searches
  /// compare.
  @inlinable func lineStart(_ line: Int) -> Double {
    lines.prefix(line) + Double(line) * itemSpacing
  }

  /// A section's start relative to the content's start: what section searches compare.
  @inlinable func sectionStart(_ section: Int) -> Double {
    sectionExtents.prefix(section) + Double(section) * perSection
  }

  /// The lines of a section, with the spacing between them.
  @inlinable func linesExtent(first: Int, count: Int) -> Double {
    guard count > 0 else { return 0 }
    return lines.prefix(first + count) - lines.prefix(first) + Double(count - 1) * itemSpacing
  }

  /// Header, lines and footer of a section, from the stores: its entry in `sectionExtents`.
  func computedSectionExtent(_ section: Int) -> Double {
    let count = Int(lineCounts.extent(at: section))
    return headerExtent(ofSection: section)
      + linesExtent(first: firstLine(ofSection: section), count: count)
      + footerExtent(ofSection: section)
  }

  /// Recomputes a section's entry and returns its change.
  mutating func refreshSection(_ section: Int) -> Double {
    let value = computedSectionExtent(section)
    let old = sectionExtents.set(value, at: section)
    return value - old
  }

  // MARK: Items

  /// The extent of an item, by flat index.
  @inlinable func itemExtentValue(at item: Int) -> Double {
    lanes == 1 ? lines.extent(at: item) : items.extent(at: item)
  }

  /// The number of items stored.
  var storedItems: Int { lanes == 1 ? lines.count : items.count }

  mutating func insertItem(_ extent: Double, at item: Int) {
    if lanes == 1 {
      lines.insert(extent, count: 1, at: item)
    } else {
      items.insert(extent, count: 1, at: item)
      itemsOffEstimate.insert(extent == itemExtent.value ? 0 : 1, count: 1, at: item)
    }
  }

  mutating func removeItem(at item: Int) {
    if lanes == 1 {
      lines.remove(at: item, count: 1)
    } else {
      items.remove(at: item, count: 1)
      itemsOffEstimate.remove(at: item, count: 1)
    }
  }

  // MARK: Shape changes

  /// Inserts the rows of a batch update at their new indices, in the new shape's kinds.
  mutating func insertRows(_ pending: PendingInsertions, in newShape: SectionIndex) {
    for row in pending.rows where row < newShape.numberOfRows {
      let element = newShape.element(atRow: row)
      let kind: ElementKind
      let rank: Int
      switch element {
      case .header(let section): (kind, rank) = (.header, section)
      case .footer(let section): (kind, rank) = (.footer, section)
      case .item(let path): (kind, rank) = (.item, newShape.flatIndex(of: path))
      }
      var extent: Double
      switch kind {
      case .header: extent = headerExtent.value
      case .footer: extent = footerExtent.value
      case .item: extent = itemExtent.value
      }
      if let moved = pending.moved[row], moved.kind == kind { extent = moved.extent }
      // Inconsistent updates (a kind's rows that do not line up) are clamped here and
      // resized to the new shape afterwards.
      switch kind {
      case .header: headers.insert(extent, count: 1, at: min(rank, headers.count))
      case .footer: footers.insert(extent, count: 1, at: min(rank, footers.count))
      case .item: insertItem(extent, at: min(rank, storedItems))
      }
    }
  }

  /// Gives each kind's store the new shape's number of rows of the kind, keeping the first.
  mutating func resizeKinds() {
    let sections = shape.numberOfSections
    Self.resize(&headers, to: shape.hasHeaders ? sections : 0, filling: headerExtent.value)
    Self.resize(&footers, to: shape.hasFooters ? sections : 0, filling: footerExtent.value)
    if lanes == 1 {
      Self.resize(&lines, to: shape.numberOfItems, filling: itemExtent.value)
    } else {
      Self.resize(&items, to: shape.numberOfItems, filling: itemExtent.value)
      Self.resize(&itemsOffEstimate, to: shape.numberOfItems, filling: 0)
    }
  }

  static func resize(_ store: inout ExtentStore, to count: Int, filling extent: Double) {
    if count > store.count {
      store.insert(extent, count: count - store.count, at: store.count)
    } else if count < store.count {
      store.remove(at: count, count: store.count - count)
    }
  }

  /// Rebuilds the line counts, the grid's line extents and the section extents from the shape
  /// and the per-kind stores.
  ///
  /// - Complexity: O(1) for uniform sections with nothing measured; otherwise O(s log n) for s
  ///   sections, plus O(m log n) in a grid with m items off the estimate.
  mutating func rebuildDerived() {
    let s = sectionCount
    if let counts = shape.counts, counts.uniformExtent == nil {
      lineCounts = ExtentStore(counts.values().map { Double(lineCount(forItems: Int($0))) })
    } else {
      let perSection = s == 0 ? 0 : shape.numberOfItems / s
      lineCounts = ExtentStore(count: s, extent: Double(lineCount(forItems: perSection)))
    }
    if lanes > 1 { rebuildLines() }
    let uniformLines = lineCounts.count == 0 || lineCounts.uniformExtent != nil
    if uniformLines, let line = lines.uniformOrEmpty, let header = headers.uniformOrEmpty,
      let footer = footers.uniformOrEmpty
    {
      let count = s == 0 ? 0 : Int(lineCounts.extent(at: 0))
      let extent =
        header + footer + Double(count) * line + Double(max(0, count - 1)) * itemSpacing
      sectionExtents = ExtentStore(count: s, extent: extent)
      return
    }
    sectionExtents = ExtentStore(count: 0, extent: 0)
    let values = (0..<s).map { computedSectionExtent($0) }
    sectionExtents = ExtentStore(values)
  }

  /// A grid's line extents: the estimate, except the lines of items off the estimate.
  mutating func rebuildLines() {
    let total = Int(lineCounts.total)
    lines = ExtentStore(count: total, extent: itemExtent.value)
    var item = 0
    while item < items.count {
      // The first item at or after `item` that is off the estimate.
      let next = itemsOffEstimate.search(
        itemsOffEstimate.prefix(item), perItem: 0, strict: false)
      guard next < items.count else { return }
      let path = shape.itemPath(forItem: next)
      let sectionItems = shape.items(ofSection: path.section)
      let lineStart = next - path.item % lanes
      let lineEnd = min(lineStart + lanes, sectionItems.upperBound)
      _ = lines.set(
        lineExtent(items: lineStart..<lineEnd),
        at: firstLine(ofSection: path.section) + path.item / lanes)
      item = lineEnd
    }
  }

  /// The largest extent of the items of a grid line.
  func lineExtent(items range: Range<Int>) -> Double {
    var largest = 0.0
    items.forEachStartAndExtent(in: range) { _, _, extent in largest = max(largest, extent) }
    return largest
  }
}

extension ExtentStore {
  /// The extent of every item when the store holds them as one run, else `nil` (also when
  /// empty).
  ///
  /// - Complexity: O(1).
  var uniformExtent: Double? {
    guard count > 0, height == 1, fill[root] == 1 else { return nil }
    let leaf = Int(entryRef[root * Self.stride])
    return leafSlot[leaf] < 0 ? leafExtent[leaf] : nil
  }

  /// ``uniformExtent``, or 0 for an empty store.
  var uniformOrEmpty: Double? { count == 0 ? 0 : uniformExtent }
}
