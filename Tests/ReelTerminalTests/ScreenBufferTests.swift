import Testing

@testable import ReelTerminal

@Suite struct ScreenBufferTests {
  @Test func newBufferIsBlank() {
    let screen = ScreenBuffer(width: 3, height: 2)
    #expect(screen.textLines == ["   ", "   "])
    #expect(screen[2, 1] == .blank)
  }

  @Test func textIsClippedToTheRectAndTheBuffer() {
    var screen = ScreenBuffer(width: 8, height: 3)
    screen.drawText("Hello world\nsecond\nthird", in: CellRect(x: 2, y: 1, width: 5, height: 2))
    #expect(screen.textLines == ["        ", "  Hello ", "  secon "])
    screen.drawText("edge", in: CellRect(x: 6, y: 0, width: 10, height: 1))
    screen.drawText("left", in: CellRect(x: -2, y: 2, width: 10, height: 1))
    #expect(screen.textLines == ["      ed", "  Hello ", "ftsecon "])
  }

  @Test func ellipsisReplacesTheLastVisibleColumn() {
    var screen = ScreenBuffer(width: 10, height: 3)
    let bold = TextStyle(bold: true)
    screen.drawText(
      "A long title", in: CellRect(x: 0, y: 0, width: 8, height: 1), style: bold,
      overflow: .ellipsis)
    screen.drawText("fits", in: CellRect(x: 0, y: 1, width: 4, height: 1), overflow: .ellipsis)
    screen.drawText("ab", in: CellRect(x: 0, y: 2, width: 1, height: 1), overflow: .ellipsis)
    #expect(screen.textLines == ["A long …  ", "fits      ", "…         "])
    #expect(screen[7, 0].style == bold)
    #expect(screen[8, 0].style == .plain)
  }

  @Test func controlCharactersNeverReachTheBuffer() {
    var screen = ScreenBuffer(width: 4, height: 1)
    screen.drawText("a\u{1B}b\u{7}", in: screen.bounds)
    #expect(screen.textLines == ["a\u{FFFD}b\u{FFFD}"])
    #expect(ScreenCell("\u{85}").character == "\u{FFFD}")
  }

  @Test func boxesInBothStyles() {
    var screen = ScreenBuffer(width: 9, height: 4)
    screen.drawBox(CellRect(x: 0, y: 0, width: 4, height: 3))
    screen.drawBox(CellRect(x: 4, y: 1, width: 5, height: 3), border: .rounded)
    #expect(
      screen.textLines == [
        "┌──┐     ",
        "│  │╭───╮",
        "└──┘│   │",
        "    ╰───╯",
      ])
  }

  @Test func boxesAreClippedAndTinyBoxesDrawNothing() {
    var screen = ScreenBuffer(width: 4, height: 3)
    screen.drawBox(CellRect(x: 2, y: -1, width: 5, height: 3), border: .double)
    screen.drawBox(CellRect(x: 0, y: 0, width: 1, height: 3))
    #expect(screen.textLines == ["  ║ ", "  ╚═", "    "])
  }

  @Test func fillAndClearRespectTheRect() {
    var screen = ScreenBuffer(width: 4, height: 2, fill: ScreenCell("x"))
    let red = TextStyle(background: TerminalColor(hex: 0xFF_00_00))
    screen.clear(CellRect(x: 1, y: 0, width: 10, height: 1), style: red)
    #expect(screen.textLines == ["x   ", "xxxx"])
    #expect(screen[3, 0].style == red)
    screen.fill(CellRect(x: -1, y: 1, width: 2, height: 5), with: ScreenCell("#"))
    #expect(screen.textLines == ["x   ", "#xxx"])
    screen.clear()
    #expect(screen == ScreenBuffer(width: 4, height: 2))
  }

  @Test func pictureUsesUpperHalfBlocks() {
    let red = TerminalColor(red: 255, green: 0, blue: 0)
    let blue = TerminalColor(red: 0, green: 0, blue: 255)
    var picture = PixelGrid(width: 2, height: 3, fill: red)
    picture[1, 1] = blue
    picture[0, 2] = blue
    var screen = ScreenBuffer(width: 4, height: 3)
    screen.drawPicture(picture, x: 1, y: 1)
    #expect(screen.textLines == ["    ", " ▀▀ ", " ▀▀ "])
    #expect(screen[1, 1].style == TextStyle(foreground: red, background: red))
    #expect(screen[2, 1].style == TextStyle(foreground: red, background: blue))
    #expect(screen[1, 2].style == TextStyle(foreground: blue, background: nil))
    screen.drawPicture(picture, x: 3, y: 2, background: .white)
    #expect(screen[3, 2].style == TextStyle(foreground: red, background: red))
  }

  @Test func rectGeometry() {
    let rect = CellRect(x: 2, y: 1, width: 20, height: 5)
    #expect(rect.inset(by: 1) == CellRect(x: 3, y: 2, width: 18, height: 3))
    #expect(rect.intersection(CellRect(x: 30, y: 0, width: 5, height: 5)).isEmpty)
    #expect(rect.maxX == 22 && rect.maxY == 6)
  }

  /// A box entirely right of or below the buffer draws nothing (it used to trap building an
  /// inverted range).
  @Test func boxesOutsideTheBufferDrawNothing() {
    var screen = ScreenBuffer(width: 4, height: 3, fill: ScreenCell("."))
    let before = screen
    screen.drawBox(CellRect(x: 5, y: 0, width: 4, height: 2))
    screen.drawBox(CellRect(x: 0, y: 4, width: 3, height: 3))
    screen.drawBox(CellRect(x: -9, y: -9, width: 3, height: 3))
    #expect(screen == before)
  }
}
