/// A width × height grid of ``ScreenCell``s: the picture of one terminal frame.
///
/// A value type with copy-on-write storage. Draw into it, then hand it to a
/// ``FrameRenderer``, which writes only what changed since the previous frame. All drawing is
/// clipped to the buffer; coordinates outside it are ignored, never a crash.
///
/// ```swift
/// var screen = ScreenBuffer(width: 40, height: 10)
/// screen.drawBox(CellRect(x: 0, y: 0, width: 40, height: 10), border: .rounded)
/// screen.drawText("Hello", in: CellRect(x: 2, y: 1, width: 36, height: 1))
/// print(screen.textLines.joined(separator: "\n"))
/// ```
public struct ScreenBuffer: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row by row: cell (x, y) is at `y * width + x`.
  public internal(set) var cells: [ScreenCell]
  /// The rectangle drawing is limited to, besides the buffer's own bounds; `nil` when only the
  /// bounds clip. Set for the duration of ``withClip(_:_:)``.
  var clip: CellRect?

  /// Creates a buffer with every cell set to `fill`.
  ///
  /// - Precondition: `width` and `height` are not negative.
  /// - Complexity: O(width × height).
  public init(width: Int, height: Int, fill: ScreenCell = .blank) {
    precondition(width >= 0 && height >= 0, "ScreenBuffer: width and height must not be negative")
    self.width = width
    self.height = height
    self.cells = Array(repeating: fill, count: width * height)
  }

  /// The whole buffer as a rectangle at (0, 0).
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// The cells drawing may touch: the bounds, narrowed by the clip of ``withClip(_:_:)``.
  public var drawableArea: CellRect { clip?.intersection(bounds) ?? bounds }

  /// Two buffers are equal when they have the same size and cells (the clip does not count).
  ///
  /// - Complexity: O(width × height).
  public static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
  }

  /// Hashes the size and the cells.
  ///
  /// - Complexity: O(width × height).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(cells)
  }

  /// The cell at column `x`, row `y`.
  ///
  /// Setting a cell keeps wide glyphs whole, as ``set(_:x:y:)`` does, but ignores the clip.
  ///
  /// - Precondition: (x, y) lies inside the buffer.
  /// - Complexity: O(1).
  public subscript(x: Int, y: Int) -> ScreenCell {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "ScreenBuffer: cell out of bounds")
      return cells[y * width + x]
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "ScreenBuffer: cell out of bounds")
      put(newValue, x: x, y: y, limit: width)
    }
  }

  /// Sets one cell if (x, y) lies inside the ``drawableArea``; does nothing otherwise.
  ///
  /// A two-column grapheme (see ``DisplayWidth``) also fills the cell to its right with a wide
  /// continuation; when either half is outside the drawable area, the half inside is drawn as a
  /// space in the cell's style, since a terminal cannot show half a glyph. Overwriting either half of a
  /// wide glyph already there blanks its other half (a space in its style), even outside the
  /// clip. A wide continuation read from a buffer is drawn as a space in its style.
  ///
  /// - Complexity: O(1).
  public mutating func set(_ cell: ScreenCell, x: Int, y: Int) {
    let area = drawableArea
    guard y >= area.y, y < area.maxY, x < area.maxX else { return }
    guard x >= area.x else {
      // A wide glyph whose left half is outside: its right half shows as a space.
      if x + 1 == area.x && cell.width == 2 {
        put(.blank(cell.style), x: x + 1, y: y, limit: x + 2)
      }
      return
    }
    put(cell, x: x, y: y, limit: area.maxX)
  }

  /// Sets every cell of `rect` (clipped to the buffer) to `cell`.
  ///
  /// A two-column `cell` is repeated every other column, with a space in its style in a last
  /// odd column; wide glyphs the rectangle cuts are blanked as by ``set(_:x:y:)``.
  ///
  /// - Complexity: O(area of the clipped rectangle).
  public mutating func fill(_ rect: CellRect, with cell: ScreenCell) {
    let area = rect.intersection(drawableArea)
    guard !area.isEmpty else { return }
    let columns = cell.width
    let blank = ScreenCell.blank(cell.style)
    let continuation = ScreenCell.continuation(cell.style)
    for row in area.y..<area.maxY {
      let start = row * width
      prepareOverwrite(rowStart: start, from: area.x, to: area.maxX)
      if columns == 1 {
        for column in area.x..<area.maxX {
          cells[start + column] = cell
        }
      } else {
        var column = area.x
        while column < area.maxX {
          if columns == 2 && column + 1 < area.maxX {
            cells[start + column] = cell
            cells[start + column + 1] = continuation
            column += 2
          } else {
            cells[start + column] = blank
            column += 1
          }
        }
      }
    }
  }

  /// Blanks every cell of `rect` (clipped to the buffer) with spaces in `style`.
  ///
  /// - Complexity: O(area of the clipped rectangle).
  public mutating func clear(_ rect: CellRect, style: TextStyle = .plain) {
    fill(rect, with: .blank(style))
  }

  /// Blanks the whole buffer with spaces in `style`.
  ///
  /// - Complexity: O(width × height).
  public mutating func clear(style: TextStyle = .plain) {
    let blank = ScreenCell.blank(style)
    for index in cells.indices {
      cells[index] = blank
    }
  }

  /// Draws text into `rect`, one line per row, clipped to the rectangle and the buffer.
  ///
  /// Lines are split at `"\n"`; lines beyond the rectangle's height are dropped. Each grapheme
  /// takes its ``DisplayWidth``: wide characters two columns, graphemes that take no column on
  /// their own (a lone combining mark, a zero-width space) are skipped. A line wider than the
  /// rectangle is cut, or with `.ellipsis` cut so that `…` fits after it; a wide character is
  /// never cut in half (with `.clip`, a space stands for the half that fits). Control
  /// characters are drawn as U+FFFD. Cells after the end of a line keep their content.
  ///
  /// ```swift
  /// screen.drawText("A long title", in: CellRect(x: 0, y: 0, width: 8, height: 1),
  ///                 style: TextStyle(bold: true), overflow: .ellipsis)  // "A long …"
  /// ```
  ///
  /// - Returns: the number of rows drawn into (including rows outside the buffer).
  /// - Complexity: O(characters in the text).
  @discardableResult
  public mutating func drawText(
    _ text: String, in rect: CellRect, style: TextStyle = .plain, overflow: TextOverflow = .clip
  ) -> Int {
    guard !rect.isEmpty else { return 0 }
    var row = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if row >= rect.height { break }
      drawLine(
        line, x: rect.x, y: rect.y + row, limit: rect.width, style: style, overflow: overflow)
      row += 1
    }
    return row
  }

  /// Draws one line starting at (x, y), at most `limit` columns wide.
  private mutating func drawLine(
    _ line: Substring, x: Int, y: Int, limit: Int, style: TextStyle, overflow: TextOverflow
  ) {
    guard y >= 0, y < height, limit > 0 else { return }
    var visible = limit
    var needsEllipsis = false
    // No grapheme takes more columns than it has UTF-8 bytes: a line of at most `limit` bytes
    // fits without measuring.
    if overflow == .ellipsis && line.utf8.count > limit
      && DisplayWidth.prefix(of: line, fitting: limit).prefix.endIndex != line.endIndex
    {
      needsEllipsis = true
      visible = limit - 1
    }
    var column = 0
    for character in line {
      let columns = DisplayWidth.of(character)
      if columns == 0 { continue }
      if column + columns > visible {
        // A wide character that would cross the edge: its visible half as a space.
        if !needsEllipsis && column < visible {
          set(.blank(style), x: x + column, y: y)
        }
        break
      }
      set(ScreenCell(character, style: style), x: x + column, y: y)
      column += columns
    }
    if needsEllipsis {
      set(ScreenCell("…", style: style), x: x + column, y: y)
    }
  }

  /// The characters of each row as plain text, without styles: one string per row, each
  /// exactly `width` columns wide (a wide character appears once and takes two columns, as a
  /// terminal shows it, so ``DisplayWidth/of(_:)-(Text)`` of every line is `width`).
  ///
  /// Use it for golden tests and for output when stdout is not a terminal.
  ///
  /// - Complexity: O(width × height).
  public var textLines: [String] {
    (0..<height).map { row in
      var line = ""
      for column in 0..<width {
        let cell = cells[row * width + column]
        if !cell.isWideContinuation { line.append(cell.character) }
      }
      return line
    }
  }
}
