import Reel
import ReelTesting
import Testing

@testable import ReelTerminal

@Suite struct TerminalListRendererTests {
  /// A list of `count` items of `extent` points in a region, with an array data source.
  private func makeList(
    count: Int, layout: some ListLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    region: CellRect
  ) -> (VirtualList<RecordingCell>, ArrayDataSource<Int>, TerminalListRenderer) {
    let list = VirtualList<RecordingCell>(layout: layout, axis: axis, wrapping: wrapping)
    let source = ArrayDataSource(items: Array(0..<count))
    source.install(on: list)
    let renderer = TerminalListRenderer(region: region, background: nil)
    list.viewportSize = renderer.viewportSize
    return (list, source, renderer)
  }

  /// Draws each placement as a box with its index inside.
  private func drawBoxes(
    _ list: VirtualList<RecordingCell>, _ renderer: TerminalListRenderer,
    into screen: inout ScreenBuffer
  ) {
    renderer.draw(list, into: &screen) { placement, rect, screen in
      screen.drawBox(rect, border: .single)
      screen.drawText("\(placement.index)", in: rect.inset(by: 1))
    }
  }

  @Test func verticalRowsGoldenFrame() {
    let (list, source, renderer) = makeList(
      count: 10, layout: UniformLayout(extent: 3),
      region: CellRect(x: 1, y: 1, width: 6, height: 7))
    var screen = ScreenBuffer(width: 8, height: 9, fill: ScreenCell("."))
    drawBoxes(list, renderer, into: &screen)
    #expect(
      screen.textLines == [
        "........",
        ".┌────┐.",
        ".│0...│.",
        ".└────┘.",
        ".┌────┐.",
        ".│1...│.",
        ".└────┘.",
        ".┌────┐.",
        "........",
      ])
    _ = source
  }

  @Test func partlyScrolledRowsAreClippedToTheRegion() {
    let (list, source, renderer) = makeList(
      count: 10, layout: UniformLayout(extent: 3),
      region: CellRect(x: 1, y: 1, width: 6, height: 5))
    list.contentOffset = 2
    var screen = ScreenBuffer(width: 8, height: 7, fill: ScreenCell("."))
    drawBoxes(list, renderer, into: &screen)
    #expect(
      screen.textLines == [
        "........",
        ".└────┘.",
        ".┌────┐.",
        ".│1...│.",
        ".└────┘.",
        ".┌────┐.",
        "........",
      ])
    _ = source
  }

  @Test func fractionalOffsetsRoundEdgesWithoutGapsOrOverlaps() {
    let (list, source, renderer) = makeList(
      count: 10, layout: UniformLayout(extent: 3), axis: .horizontal,
      region: CellRect(x: 0, y: 0, width: 10, height: 1))
    let letters = Array("abcdefghij")
    for offset in stride(from: 0.0, through: 6.0, by: 0.25) {
      list.contentOffset = offset
      var screen = ScreenBuffer(width: 10, height: 1, fill: ScreenCell("."))
      renderer.draw(list, into: &screen) { placement, rect, screen in
        screen.fill(rect, with: ScreenCell(letters[placement.index]))
      }
      let line = screen.textLines[0]
      #expect(!line.contains("."), "gap at offset \(offset): \(line)")
      // Every item shows as one run of its letter, at most 3 columns wide.
      for letter in letters where line.contains(letter) {
        let run = line.filter { $0 == letter }.count
        #expect(run <= 3, "item \(letter) drawn \(run) wide at offset \(offset)")
      }
    }
    _ = source
  }

  @Test func horizontalPagingGoldenFrameWithPeekingNeighbours() {
    let (list, source, renderer) = makeList(
      count: 5, layout: PagingLayout(insets: 2, spacing: 1), axis: .horizontal,
      wrapping: .cyclic, region: CellRect(x: 0, y: 0, width: 14, height: 3))
    var screen = ScreenBuffer(width: 14, height: 3, fill: ScreenCell("."))
    drawBoxes(list, renderer, into: &screen)
    #expect(
      screen.textLines == [
        "┐.┌────────┐.┌",
        "│.│0.......│.│",
        "┘.└────────┘.└",
      ])
    _ = source
  }

  @Test func coloursSurviveTheDiffWriter() {
    let (list, source, renderer) = makeList(
      count: 3, layout: UniformLayout(extent: 1),
      region: CellRect(x: 0, y: 0, width: 4, height: 3))
    let colors = [TerminalColor(hex: 0xFF_00_00), TerminalColor(hex: 0x00_FF_00), .white]
    var screen = ScreenBuffer(width: 4, height: 3)
    renderer.draw(list, into: &screen) { placement, rect, screen in
      screen.drawText(
        "r\(placement.index)", in: rect,
        style: TextStyle(foreground: colors[placement.index], background: .black))
    }
    #expect(screen[0, 1].style.foreground == TerminalColor(hex: 0x00_FF_00))
    #expect(screen[0, 1].style.background == .black)
    #expect(screen[3, 1].style == .plain)  // the region was cleared with no colour
    let writer = FrameRenderer()
    writer.render(screen)
    var terminal = ANSIInterpreter(width: 4, height: 3)
    terminal.feed(writer.output)
    #expect(terminal.errors.isEmpty)
    // The interpreter starts from "?" cells: the first frame clears, so every cell matches.
    #expect(terminal.screen == screen)
    _ = source
  }

  @Test func pointsAndCellRects() {
    let renderer = TerminalListRenderer(
      region: CellRect(x: 3, y: 2, width: 10, height: 4), background: .plain)
    #expect(renderer.viewportSize == Size(width: 10, height: 4))
    #expect(renderer.point(column: 3, row: 2) == Point(x: 0.5, y: 0.5))
    #expect(renderer.contains(column: 12, row: 5))
    #expect(!renderer.contains(column: 13, row: 5))
    #expect(
      renderer.cellRect(for: Rect(x: 1.4, y: -0.5, width: 2.2, height: 1))
        == CellRect(x: 4, y: 2, width: 3, height: 1))
  }

  @Test func clipsNestAndRestore() {
    var screen = ScreenBuffer(width: 6, height: 1, fill: ScreenCell("."))
    screen.withClip(CellRect(x: 1, y: 0, width: 4, height: 1)) { screen in
      screen.withClip(CellRect(x: 3, y: 0, width: 5, height: 1)) { screen in
        screen.fill(screen.bounds, with: ScreenCell("x"))
        #expect(screen.drawableArea == CellRect(x: 3, y: 0, width: 2, height: 1))
      }
      screen.drawText("ab", in: CellRect(x: 0, y: 0, width: 3, height: 1))
    }
    #expect(screen.textLines == [".b.xx."])
    #expect(screen.drawableArea == screen.bounds)
  }
}
