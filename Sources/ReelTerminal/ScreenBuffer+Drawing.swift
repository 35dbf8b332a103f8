extension ScreenBuffer {
  /// Draws the border of `rect` with box-drawing characters, clipped to the buffer; the inside
  /// is left untouched.
  ///
  /// A rectangle narrower or lower than 2 cells has no room for corners and draws nothing.
  ///
  /// ```swift
  /// screen.drawBox(CellRect(x: 0, y: 0, width: 4, height: 3), border: .rounded)
  /// // ╭──╮
  /// // │  │
  /// // ╰──╯
  /// ```
  ///
  /// - Complexity: O(perimeter of `rect`).
  public mutating func drawBox(
    _ rect: CellRect, border: BorderStyle = .single, style: TextStyle = .plain
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = border.pieces
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    // Only walk the part of each edge that is on screen.
    let firstColumn = max(rect.x + 1, 0)
    let columns = firstColumn..<max(firstColumn, min(right, width))
    if !columns.isEmpty {
      for column in columns {
        set(ScreenCell(horizontal, style: style), x: column, y: rect.y)
        set(ScreenCell(horizontal, style: style), x: column, y: bottom)
      }
    }
    let firstRow = max(rect.y + 1, 0)
    let rows = firstRow..<max(firstRow, min(bottom, height))
    if !rows.isEmpty {
      for row in rows {
        set(ScreenCell(vertical, style: style), x: rect.x, y: row)
        set(ScreenCell(vertical, style: style), x: right, y: row)
      }
    }
    set(ScreenCell(topLeft, style: style), x: rect.x, y: rect.y)
    set(ScreenCell(topRight, style: style), x: right, y: rect.y)
    set(ScreenCell(bottomLeft, style: style), x: rect.x, y: bottom)
    set(ScreenCell(bottomRight, style: style), x: right, y: bottom)
  }

  /// Draws an RGB picture with its top-left pixel at cell (x, y), two pixels per cell.
  ///
  /// Each cell shows the upper half block `▀`: its foreground is the upper pixel and its
  /// background the lower one, so a picture `h` pixels high takes `(h + 1) / 2` rows. When `h`
  /// is odd the last row's lower half is `background` (`nil`: the terminal's default).
  /// Clipped to the ``drawableArea``.
  ///
  /// ```swift
  /// let picture = PixelGrid(width: 16, height: 8, fill: TerminalColor(hex: 0x33_66_99))
  /// screen.drawPicture(picture, x: 2, y: 1)  // 16 columns × 4 rows
  /// ```
  ///
  /// - Complexity: O(width × height of the picture's visible part).
  public mutating func drawPicture(
    _ picture: PixelGrid, x: Int, y: Int, background: TerminalColor? = nil
  ) {
    let rows = (picture.height + 1) / 2
    let area = CellRect(x: x, y: y, width: picture.width, height: rows).intersection(
      drawableArea)
    guard !area.isEmpty else { return }
    for row in area.y..<area.maxY {
      prepareOverwrite(rowStart: row * width, from: area.x, to: area.maxX)
      let top = (row - y) * 2
      let topStart = top * picture.width
      let hasBottom = top + 1 < picture.height
      for column in area.x..<area.maxX {
        let pixel = column - x
        let upper = picture.pixels[topStart + pixel]
        let lower = hasBottom ? picture.pixels[topStart + picture.width + pixel] : background
        cells[row * width + column] = ScreenCell(
          "▀", style: TextStyle(foreground: upper, background: lower))
      }
    }
  }
}

extension ScreenBuffer {
  /// The shades ``drawShadedPicture(_:x:y:darkOnLight:style:)`` draws, from no ink to full.
  static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

  /// Draws a picture without colour, for a terminal that shows none (`NO_COLOR`): each cell
  /// covers two pixels, as in ``drawPicture(_:x:y:background:)``, and shows their mean
  /// lightness as a shade of the terminal's own text colour — ` `, `░`, `▒`, `▓` or `█`, more
  /// ink for lighter pixels, as light text on a dark terminal shows them (`darkOnLight`: more
  /// ink for darker pixels, for dark text on a light terminal). The cells take `style`.
  /// Clipped to the ``drawableArea``.
  ///
  /// ```swift
  /// screen.drawShadedPicture(picture, x: 2, y: 1)  // 16 columns × 4 rows for 16 × 8 pixels
  /// ```
  ///
  /// - Complexity: O(width × height of the picture's visible part).
  public mutating func drawShadedPicture(
    _ picture: PixelGrid, x: Int, y: Int, darkOnLight: Bool = false, style: TextStyle = .plain
  ) {
    let rows = (picture.height + 1) / 2
    for row in 0..<rows {
      for column in 0..<picture.width {
        let upper = picture[column, row * 2].relativeLuminance
        let lower =
          row * 2 + 1 < picture.height ? picture[column, row * 2 + 1].relativeLuminance : upper
        // Lightness (about CIE L*, 0…1) rather than luminance, so the steps look even.
        var lightness = ((upper + lower) / 2).squareRoot()
        if darkOnLight { lightness = 1 - lightness }
        let level = min(Self.shades.count - 1, Int(lightness * Double(Self.shades.count)))
        set(ScreenCell(Self.shades[level], style: style), x: x + column, y: y + row)
      }
    }
  }
}
