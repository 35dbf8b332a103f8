import Reel
import Testing

@testable import ReelTerminal

/// The pinned section header on screen: drawn last, over the rows that slide under it, clipped
/// to the list's region on both axes, and handed over to the next section's header.
@Suite struct PinnedHeaderRenderingTests {
  /// A sectioned list with pinned headers of `counts` items, every row `extent` points long.
  private func makeList(
    counts: [Int], extent: Double, axis: Axis, region: CellRect
  ) -> (VirtualList<LetterCell>, LetterSections, TerminalListRenderer) {
    let list = VirtualList<LetterCell>(layout: UniformLayout(extent: extent), axis: axis)
    let source = LetterSections(counts: counts)
    source.install(on: list)
    list.pinsSectionHeaders = true
    let renderer = TerminalListRenderer(region: region, background: .plain)
    list.viewportSize = renderer.viewportSize
    return (list, source, renderer)
  }

  /// Headers write only "A:" (the renderer blanks the rest of a pinned header); items fill
  /// their cells with "~" under "a0", "a1", …
  private func drawLabels(
    _ list: VirtualList<LetterCell>, _ renderer: TerminalListRenderer,
    into screen: inout ScreenBuffer
  ) {
    renderer.draw(list, into: &screen) { placement, rect, screen in
      let letter = LetterSections.letter(placement.cell.section)
      if let item = placement.cell as? LetterItemCell {
        screen.fill(rect, with: ScreenCell("~"))
        screen.drawText("\(letter.lowercased())\(item.item)", in: rect)
      } else {
        screen.drawText("\(letter):", in: rect)
      }
    }
  }

  @Test func verticalPinnedHeaderCoversTheRowsUnderItAndHandsOver() {
    let (list, source, renderer) = makeList(
      counts: [2, 3, 2], extent: 1, axis: .vertical,
      region: CellRect(x: 1, y: 1, width: 5, height: 4))
    // Rows: A a0 a1 B b0 b1 b2 C c0 c1.
    let frames: [(offset: Double, lines: [String])] = [
      (0, ["A:   ", "a0~~~", "a1~~~", "B:   "]),
      // A pinned over a0, which has scrolled under it.
      (1, ["A:   ", "a1~~~", "B:   ", "b0~~~"]),
      // A pushed up by B to the end of its section; a1 (rows 0.4 under the edge) is hidden.
      (2.4, ["A:   ", "B:   ", "b0~~~", "b1~~~"]),
      // A is past the edge; B, in its own place, takes over.
      (2.6, ["B:   ", "b0~~~", "b1~~~", "b2~~~"]),
      // B pinned over the half of b0 that is still on screen.
      (4.5, ["B:   ", "b1~~~", "b2~~~", "C:   "]),
    ]
    for (offset, lines) in frames {
      list.contentOffset = offset
      var screen = ScreenBuffer(width: 7, height: 6, fill: ScreenCell("."))
      drawLabels(list, renderer, into: &screen)
      #expect(
        screen.textLines == ["......."] + lines.map { "." + $0 + "." } + ["......."],
        "offset \(offset):\n\(screen.textLines.joined(separator: "\n"))")
      #expect(list.placements.last?.isPinned == true, "offset \(offset): no pinned header last")
    }
    _ = source
  }

  @Test func horizontalPinnedHeaderIsClippedToTheRegion() {
    let (list, source, renderer) = makeList(
      counts: [2, 3, 2], extent: 3, axis: .horizontal,
      region: CellRect(x: 1, y: 1, width: 9, height: 1))
    let frames: [(offset: Double, line: String)] = [
      (0, "A: a0~a1~"),
      // A pinned at the left edge, over a0 and the first column of a1.
      (4, "A: 1~B: b"),
      // A pushed out by B: its first column is outside the region and is not drawn.
      (7, ": B: b0~b"),
    ]
    for (offset, line) in frames {
      list.contentOffset = offset
      var screen = ScreenBuffer(width: 11, height: 3, fill: ScreenCell("."))
      drawLabels(list, renderer, into: &screen)
      #expect(
        screen.textLines == ["...........", "." + line + ".", "..........."],
        "offset \(offset):\n\(screen.textLines.joined(separator: "\n"))")
    }
    _ = source
  }

  @Test func transparentRendererLeavesThePinnedHeaderToTheCell() {
    let (list, source, _) = makeList(
      counts: [3, 3], extent: 1, axis: .vertical,
      region: CellRect(x: 0, y: 0, width: 4, height: 2))
    let renderer = TerminalListRenderer(
      region: CellRect(x: 0, y: 0, width: 4, height: 2), background: nil)
    list.contentOffset = 1
    var screen = ScreenBuffer(width: 4, height: 2, fill: ScreenCell("."))
    drawLabels(list, renderer, into: &screen)
    // Without a background, the pinned "A:" draws over a0 and leaves the rest of it showing.
    #expect(screen.textLines == ["A:~~", "a1~~"])
    _ = source
  }

  /// Every frame of a random scroll, on both axes, against a brute-force painter: each row
  /// painted at its rounded place, then the pinned header by the rule (the header of the
  /// section at the leading edge, at the edge, never past its own place nor past its
  /// section's end).
  @Test(arguments: [Axis.vertical, .horizontal])
  func randomScrollMatchesBruteForce(axis: Axis) {
    for seed in UInt32(1)...30 {
      var random = SeededRandom(seed: seed)
      let counts = (0..<(2 + random.below(6))).map { _ in random.below(6) }
      let extent = Double(1 + random.below(3))
      let length = 3 + random.below(8)
      let region =
        axis == .vertical
        ? CellRect(x: 0, y: 0, width: 1, height: length)
        : CellRect(x: 0, y: 0, width: length, height: 1)
      let (list, source, renderer) = makeList(
        counts: counts, extent: extent, axis: axis, region: region)
      let maximum = list.maximumOffset
      for step in 0..<40 {
        let offset =
          step == 0 ? 0 : (Double(random.below(1000)) / 1000 * maximum * 4).rounded() / 4
        list.contentOffset = offset
        var screen = ScreenBuffer(width: region.width, height: region.height)
        renderer.draw(list, into: &screen) { placement, rect, screen in
          let letter = LetterSections.letter(placement.cell.section)
          let isHeader = placement.kind == .header
          screen.fill(rect, with: ScreenCell(isHeader ? letter : Character(letter.lowercased())))
        }
        let drawn = String(screen.textLines.joined())
        let expected = Self.reference(
          counts: counts, extent: extent, offset: offset, length: length)
        #expect(
          drawn == expected,
          "seed \(seed) (\(axis), counts \(counts), extent \(extent)), offset \(offset)")
      }
      _ = source
    }
  }

  /// The cells along the main axis, painted by brute force.
  static func reference(counts: [Int], extent: Double, offset: Double, length: Int) -> String {
    var cells = [Character](repeating: " ", count: length)
    func paint(from start: Double, _ character: Character) {
      let first = max(0, TerminalListRenderer.snap(start - offset))
      let end = min(length, TerminalListRenderer.snap(start + extent - offset))
      if first < end { for cell in first..<end { cells[cell] = character } }
    }
    var row = 0
    var sectionOfRow: [Int] = []
    for (section, count) in counts.enumerated() {
      let letter = LetterSections.letter(section)
      paint(from: Double(row) * extent, letter)
      for _ in 0...count { sectionOfRow.append(section) }
      for item in 0..<count {
        paint(from: Double(row + 1 + item) * extent, Character(letter.lowercased()))
      }
      row += count + 1
    }
    // The pinned header: the section of the row at the edge.
    let edgeRow = min(Int((offset / extent).rounded(.down)), sectionOfRow.count - 1)
    let section = sectionOfRow[edgeRow]
    let headerRow = counts[..<section].reduce(section) { $0 + $1 }
    let header = Double(headerRow) * extent
    let sectionEnd = Double(headerRow + 1 + counts[section]) * extent
    let pinned = max(header, min(offset, sectionEnd - extent))
    if pinned + extent > offset || pinned == header && header >= offset {
      paint(from: pinned, LetterSections.letter(section))
    }
    return String(cells)
  }
}
