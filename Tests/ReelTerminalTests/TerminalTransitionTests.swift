import Reel
import ReelTesting
import Testing

@testable import ReelTerminal

/// Animated updates in the terminal: a moving row at its interpolated row, fading rows in
/// colours mixed towards the background.
@Suite struct TerminalTransitionTests {
  static let white = TerminalColor(red: 255, green: 255, blue: 255)
  static let ink = TerminalColor(red: 16, green: 16, blue: 16)

  @Test func aDeletedRowFadesAndTheRowsBelowMoveUpRowByRow() throws {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 1))
    let source = ArrayDataSource(items: Array(0..<20))
    source.install(on: list)
    let renderer = TerminalListRenderer(
      region: CellRect(x: 0, y: 0, width: 4, height: 6),
      background: TextStyle(foreground: Self.white, background: Self.ink))
    list.viewportSize = renderer.viewportSize
    list.updateAnimation = .timed(duration: 1, curve: .linear)
    list.tick(.zero)
    source.items.remove(at: 1)
    try list.performBatchUpdates { $0.delete(at: 1) }
    list.tick(.zero)  // the update's animations start at this tick
    list.tick(ReelInstant(seconds: 0.5))
    var screen = ScreenBuffer(width: 4, height: 6)
    renderer.draw(list, into: &screen) { placement, rect, screen in
      let style = TextStyle(foreground: Self.white, background: Self.ink)
      screen.drawText("\(placement.cell.item ?? -1)", in: rect, style: style)
    }
    // Old item 2 travels from row 2 to row 1: half way it rounds to row 2 (1.5 rounds up),
    // drawn over the fading item 1 in window order.
    #expect(screen.textLines[0].hasPrefix("0"))
    #expect(screen.textLines[3].hasPrefix("3") || screen.textLines[2].hasPrefix("3"))
    // The departing row 1 is drawn last among the rows and half faded: its text colour is
    // half way between white and the background.
    let departing = try #require(list.placements.first { $0.isDeparting })
    #expect(abs(departing.opacity - 0.5) < 1e-9)
    let row = renderer.cellRect(for: departing.frame).y
    let faded = screen[0, row].style.foreground
    #expect(faded == TerminalListRenderer.mix(Self.white, Self.ink, 0.5))
    #expect(faded == TerminalColor(red: 136, green: 136, blue: 136))
    list.tick(ReelInstant(seconds: 1))
    var settled = ScreenBuffer(width: 4, height: 6)
    renderer.draw(list, into: &settled) { placement, rect, screen in
      let style = TextStyle(foreground: Self.white, background: Self.ink)
      screen.drawText("\(placement.cell.item ?? -1)", in: rect, style: style)
    }
    #expect(settled.textLines.map { String($0.prefix(1)) } == ["0", "2", "3", "4", "5", "6"])
    #expect(settled[0, 1].style.foreground == Self.white)
  }

  @Test func withoutColoursAFadingRowIsDim() {
    let renderer = TerminalListRenderer(
      region: CellRect(x: 0, y: 0, width: 3, height: 1), background: nil)
    var screen = ScreenBuffer(width: 3, height: 1)
    screen.drawText("abc", in: CellRect(x: 0, y: 0, width: 3, height: 1))
    renderer.fade(CellRect(x: 0, y: 0, width: 2, height: 1), opacity: 0.3, in: &screen)
    #expect(screen[0, 0].style.dim && screen[1, 0].style.dim && !screen[2, 0].style.dim)
    renderer.fade(CellRect(x: 2, y: 0, width: 1, height: 1), opacity: 1, in: &screen)
    #expect(!screen[2, 0].style.dim)
  }
}
