import Reel

extension TerminalListRenderer {
  /// Fades the screen cells a placement drew towards the region's background, for the opacity
  /// of an animated update (`Placement.opacity`: an inserted row fading in, a deleted one
  /// fading out). A moving row needs nothing here: its frame is already interpolated.
  ///
  /// Each cell's foreground and background colours are mixed with ``background``'s background
  /// colour in proportion `1 − opacity`, so a row at opacity 0 is invisible. Without colours to
  /// mix (terminal defaults on either side) the cell is drawn ``TextStyle/dim`` below opacity 1.
  /// Only the cells inside the screen's drawable area change.
  ///
  /// - Complexity: O(cells of `rect`).
  public func fade(_ rect: CellRect, opacity: Double, in screen: inout ScreenBuffer) {
    guard opacity < 1 else { return }
    let amount = 1 - max(0, opacity)
    let area = rect.intersection(screen.drawableArea)
    guard !area.isEmpty else { return }
    let base = background?.background
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        var cell = screen.cells[y * screen.width + x]
        var style = cell.style
        let target = base ?? style.background
        if let target, let foreground = style.foreground {
          style.foreground = Self.mix(foreground, target, amount)
          if let back = style.background { style.background = Self.mix(back, target, amount) }
        } else {
          style.dim = true
        }
        cell.style = style
        screen.cells[y * screen.width + x] = cell
      }
    }
  }

  /// `a` moved towards `b` by `amount` in `0...1`, channel by channel.
  static func mix(_ a: TerminalColor, _ b: TerminalColor, _ amount: Double) -> TerminalColor {
    func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Double(x) + (Double(y) - Double(x)) * amount).rounded())
    }
    return TerminalColor(
      red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
  }
}
