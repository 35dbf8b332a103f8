/// Where rows sit in a ``SectionedLayout``: slots, interval queries and section frames.
extension SectionedLayout {
  /// The slot of a row: headers and footers span the cross extent inside the list's insets,
  /// items sit in their lane with their line's extent.
  ///
  /// - Precondition: `virtualIndex` is in `0..<count` (any integer in cyclic mode).
  /// - Complexity: O(log n).
  public func slot(at virtualIndex: Int) -> Slot {
    let rows = shape.numberOfRows
    var row = virtualIndex
    var base = insets.start
    if wrapping == .cyclic, rows > 0, row < 0 || row >= rows {
      let loop = CyclicMath.floorDiv(row, rows)
      row -= loop * rows
      base += Double(loop) * periodExtent
    }
    precondition(
      row >= 0 && row < rows,
      "SectionedLayout: slot index \(virtualIndex) is out of bounds 0..<\(rows)")
    switch shape.element(atRow: row) {
    case .header(let section):
      return Slot(
        offset: base + sectionStart(section), extent: headers.extent(at: section),
        crossOffset: insets.crossStart, crossExtent: fullCrossExtent)
    case .footer(let section):
      return Slot(
        offset: base + sectionStart(section) + footerOffset(inSection: section),
        extent: footers.extent(at: section), crossOffset: insets.crossStart,
        crossExtent: fullCrossExtent)
    case .item(let path):
      let first = firstLine(ofSection: path.section)
      let line = first + path.item / lanes
      let lane = path.item % lanes
      let (start, extent) = lines.startAndExtent(of: line)
      let inLines = (start + Double(line) * itemSpacing) - lineStart(first)
      let offset =
        sectionStart(path.section) + headerExtent(ofSection: path.section) + sectionInsets.start
        + inLines
      return Slot(
        offset: base + offset, extent: extent,
        crossOffset: insets.crossStart + sectionInsets.crossStart
          + Double(lane) * (laneExtent + laneSpacing),
        crossExtent: laneExtent)
    }
  }

  /// Where a section's footer starts, relative to the section's start.
  func footerOffset(inSection section: Int) -> Double {
    let lineCount = Int(lineCounts.extent(at: section))
    return headerExtent(ofSection: section) + sectionInsets.start
      + linesExtent(first: firstLine(ofSection: section), count: lineCount) + sectionInsets.end
  }

  /// The main-axis extent of a section in content coordinates: from the start of its header
  /// (or of its leading section inset, without headers) to the end of its footer (or of its
  /// trailing section inset, without footers), section insets included, section spacing
  /// excluded. Sticky headers pin within this range.
  ///
  /// In cyclic mode the frame is the one in the loop that starts at the list's `start` inset;
  /// add multiples of ``period``'s extent for the others.
  ///
  /// ```swift
  /// let frame = layout.sectionFrame(2)
  /// let pushedOut = frame.upperBound - headerExtent  // where the next header takes over
  /// ```
  ///
  /// - Precondition: `section` is in `0..<sections.numberOfSections` and the list is not an
  ///   empty flat list.
  /// - Complexity: O(log s).
  public func sectionFrame(_ section: Int) -> Range<Double> {
    precondition(
      section >= 0 && section < sectionCount,
      "SectionedLayout.sectionFrame: section \(section) is out of range 0..<\(sectionCount)")
    let start = insets.start + sectionStart(section)
    let extent = sectionExtents.extent(at: section) + sectionInsets.start + sectionInsets.end
    return start..<(start + extent)
  }

  /// - Complexity: O(log n).
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    let rows = shape.numberOfRows
    guard rows > 0 else { return 0..<0 }
    let lo = interval.lowerBound - insets.start
    let hi = interval.upperBound - insets.start
    let period = periodExtent
    if wrapping == .bounded || period <= 0 {
      let first = min(rowsEnding(atOrBefore: lo), rows)
      return first..<max(first, rowsStarting(before: hi))
    }
    let (loopLo, xLo) = Self.reduce(lo, period: period)
    let (loopHi, xHi) = Self.reduce(hi, period: period)
    let first = loopLo * rows + rowsEnding(atOrBefore: xLo)
    return first..<max(first, loopHi * rows + rowsStarting(before: xHi))
  }

  /// Splits a position into a loop number and a position inside `0..<period`.
  static func reduce(_ x: Double, period: Double) -> (Int, Double) {
    var loop = Int(saturating: (x / period).rounded(.down))
    var rest = x - Double(loop) * period
    if rest >= period {
      loop += 1
      rest -= period
    }
    return (loop, max(0, rest))
  }

  /// The number of rows that start before `x` (relative to a loop's start).
  func rowsStarting(before x: Double) -> Int {
    let rows = shape.numberOfRows
    guard rows > 0, x > 0, sectionCount > 0 else { return 0 }
    // The last section that starts before `x`.
    let section = sectionExtents.search(x, perItem: perSection, strict: true)
    guard section < sectionCount else { return rows }
    let y = x - sectionStart(section)
    var count = shape.rows(ofSection: section).lowerBound + (shape.hasHeaders ? 1 : 0)
    let header = headerExtent(ofSection: section)
    let lineCount = Int(lineCounts.extent(at: section))
    let first = firstLine(ofSection: section)
    let inLines = y - header - sectionInsets.start
    if lineCount > 0 && inLines > 0 {
      let last = lines.search(inLines + lineStart(first), perItem: itemSpacing, strict: true)
      let started = min(lineCount, max(0, last - first + 1))
      count += min(shape.numberOfItems(inSection: section), started * lanes)
    }
    if shape.hasFooters && footerOffset(inSection: section) < y { count += 1 }
    return count
  }

  /// The number of rows that end at or before `x` (relative to a loop's start).
  func rowsEnding(atOrBefore x: Double) -> Int {
    let rows = shape.numberOfRows
    guard rows > 0, x >= 0, sectionCount > 0 else { return 0 }
    // Sections that end at or before `x`: those before the last one starting at or before
    // `x + sectionSpacing`.
    let section = sectionExtents.search(x + sectionSpacing, perItem: perSection, strict: false)
    guard section < sectionCount else { return rows }
    var count = shape.rows(ofSection: section).lowerBound
    let y = x - sectionStart(section)
    guard y >= 0 else { return count }
    let header = headerExtent(ofSection: section)
    if shape.hasHeaders {
      guard header <= y else { return count }
      count += 1
    }
    let lineCount = Int(lineCounts.extent(at: section))
    let inLines = y - header - sectionInsets.start
    if lineCount > 0 && inLines >= 0 {
      let first = firstLine(ofSection: section)
      let ended = lines.search(
        inLines + itemSpacing + lineStart(first), perItem: itemSpacing, strict: false)
      let lineEnded = min(lineCount, max(0, ended - first))
      count += min(shape.numberOfItems(inSection: section), lineEnded * lanes)
    }
    // The footer ends with its section, which has not ended.
    return count
  }
}
