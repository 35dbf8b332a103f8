/// Slots of consecutive rows of a ``SectionedLayout`` in one walk.
extension SectionedLayout {
  /// Calls `body` with the slots of the consecutive virtual rows `range`, in order: the same
  /// slots as ``slot(at:)`` (the same additions in the same order), with the section lookups
  /// done once per section and one walk of the line store per section instead of several tree
  /// descents per row. A list refreshing its window after measurements can use it.
  ///
  /// - Precondition: every row of `range` is valid for ``slot(at:)``.
  /// - Complexity: O(k + (t + k / 32 + 1) log n) for k rows in t sections.
  func forEachSlot(in range: Range<Int>, _ body: (Slot) -> Void) {
    let rows = shape.numberOfRows
    var v = range.lowerBound
    while v < range.upperBound {
      var row = v
      var base = insets.start
      if wrapping == .cyclic, rows > 0, row < 0 || row >= rows {
        let loop = CyclicMath.floorDiv(row, rows)
        row -= loop * rows
        base += Double(loop) * periodExtent
      }
      precondition(
        row >= 0 && row < rows, "SectionedLayout: slot index \(v) is out of bounds 0..<\(rows)")
      let section = shape.section(containingRow: row)
      let end = min(shape.rows(ofSection: section).upperBound, row + (range.upperBound - v))
      walkSection(section, rows: row..<end, base: base, body)
      v += end - row
    }
  }

  /// The slots of some rows of one section.
  private func walkSection(
    _ section: Int, rows: Range<Int>, base: Double, _ body: (Slot) -> Void
  ) {
    let sectionRows = shape.rows(ofSection: section)
    var row = rows.lowerBound
    if shape.hasHeaders && row == sectionRows.lowerBound {
      body(
        Slot(
          offset: base + sectionStart(section), extent: headers.extent(at: section),
          crossOffset: insets.crossStart, crossExtent: fullCrossExtent))
      row += 1
    }
    let firstItemRow = sectionRows.lowerBound + (shape.hasHeaders ? 1 : 0)
    let itemRows =
      row..<min(rows.upperBound, firstItemRow + shape.numberOfItems(inSection: section))
    if !itemRows.isEmpty {
      let first = firstLine(ofSection: section)
      let firstStart = lineStart(first)
      let items = sectionStart(section) + headerExtent(ofSection: section) + sectionInsets.start
      let crossStart = insets.crossStart + sectionInsets.crossStart
      let lowItem = itemRows.lowerBound - firstItemRow
      let highItem = itemRows.upperBound - firstItemRow
      let walked = (first + lowItem / lanes)..<(first + (highItem - 1) / lanes + 1)
      lines.forEachStartAndExtent(in: walked) { line, start, extent in
        let inLines = (start + Double(line) * itemSpacing) - firstStart
        let lineItems = (line - first) * lanes
        for item in max(lowItem, lineItems)..<min(highItem, lineItems + lanes) {
          body(
            Slot(
              offset: base + (items + inLines), extent: extent,
              crossOffset: crossStart + Double(item - lineItems) * (laneExtent + laneSpacing),
              crossExtent: laneExtent))
        }
      }
      row = itemRows.upperBound
    }
    if shape.hasFooters && row < rows.upperBound {
      body(
        Slot(
          offset: base + sectionStart(section) + footerOffset(inSection: section),
          extent: footers.extent(at: section), crossOffset: insets.crossStart,
          crossExtent: fullCrossExtent))
    }
  }
}
