extension ScreenBuffer {
  /// Writes `cell` at (x, y), which lies inside the buffer and the clip; a wide grapheme needs
  /// its right half before column `limit`, else a space in its style is written instead.
  @inline(__always)
  mutating func put(_ cell: ScreenCell, x: Int, y: Int, limit: Int) {
    let start = y * width
    let columns = cell.width
    if columns == 2 && x + 1 < limit {
      prepareOverwrite(rowStart: start, from: x, to: x + 2)
      cells[start + x] = cell
      cells[start + x + 1] = .continuation(cell.style)
      return
    }
    prepareOverwrite(rowStart: start, from: x, to: x + 1)
    cells[start + x] = columns == 1 ? cell : .blank(cell.style)
  }

  /// Before the cells `from..<to` of the row starting at `rowStart` are overwritten: blanks
  /// the other half of a wide glyph that straddles either edge, so that no half glyph remains.
  @inline(__always)
  mutating func prepareOverwrite(rowStart: Int, from: Int, to: Int) {
    if from > 0 && cells[rowStart + from].isWideContinuation {
      cells[rowStart + from - 1] = .blank(cells[rowStart + from - 1].style)
    }
    if to < width && cells[rowStart + to].isWideContinuation {
      cells[rowStart + to] = .blank(cells[rowStart + to].style)
    }
  }
}
