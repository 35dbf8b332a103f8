/// A band of rows that moved up or down between two frames, which a terminal can move itself
/// (a scroll region with delete or insert line) instead of having every row rewritten.
///
/// ``FrameRenderer`` finds it by hashing the rows of both frames: for every shift it counts
/// the rows that the move would make right minus the rows it would spoil, and takes the best
/// shift when it saves at least ``minimumGain`` rows. Hashes only choose the move; the cell diff
/// that follows it compares cells, so a collision costs bytes, never a wrong screen.
struct LineMove: Equatable {
  /// The first row of the scroll region.
  var top: Int
  /// The last row of the scroll region (inclusive).
  var bottom: Int
  /// How many rows the content moves: positive up (delete lines at `top`), negative down
  /// (insert lines at `top`).
  var shift: Int

  /// The fewest rows a move must save: a move costs about 20 bytes, a row at least its width.
  static let minimumGain = 2

  /// Fills `hashes` with one hash per row of `screen` (reusing its storage).
  ///
  /// - Complexity: O(width × height).
  static func hashRows(_ screen: ScreenBuffer, into hashes: inout [UInt64]) {
    hashes.removeAll(keepingCapacity: true)
    let width = screen.width
    screen.cells.withUnsafeBufferPointer { cells in
      guard let base = cells.baseAddress else { return }
      for row in 0..<screen.height {
        hashes.append(
          hash(
            UnsafeRawPointer(base + row * width), count: width,
            step: MemoryLayout<ScreenCell>.stride))
      }
    }
  }

  /// The hash ``hashRows(_:into:)`` gives a row of `width` plain blanks (what a terminal shows
  /// in the rows a move uncovers).
  static func blankRowHash(width: Int) -> UInt64 {
    withUnsafePointer(to: ScreenCell.blank) { hash(UnsafeRawPointer($0), count: width, step: 0) }
  }

  /// A hash of `count` cells, `step` bytes apart, from their raw bits: equal inline graphemes
  /// have equal bits; two equal heap graphemes may not, which only makes a row look changed.
  private static func hash(_ cells: UnsafeRawPointer, count: Int, step: Int) -> UInt64 {
    let (characterOffset, styleOffset) = ScreenCell.layout
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for index in 0..<count {
      let cell = cells + index &* step
      hash = (hash ^ cell.load(fromByteOffset: characterOffset, as: UInt64.self)) &* 0x100_0000_01B3
      hash =
        (hash ^ cell.load(fromByteOffset: characterOffset + 8, as: UInt64.self)) &* 0x100_0000_01B3
      hash =
        (hash ^ cell.load(fromByteOffset: styleOffset, as: TextStyle.self).packedBits)
        &* 0x100_0000_01B3
      hash ^= hash >> 29
    }
    return hash
  }

  /// The move that saves the most rows from `old` to `new` (row hashes of two frames of one
  /// size), or `nil` when none saves ``minimumGain`` rows.
  ///
  /// - Complexity: O(height²).
  static func best(from old: [UInt64], to new: [UInt64], blankRow: UInt64) -> LineMove? {
    let height = min(old.count, new.count)
    var best: LineMove?
    var bestGain = minimumGain - 1
    for shift in -(height - 1)..<height where shift != 0 {
      // The rows that would show the right content after the move and did not before.
      var first = -1
      var last = -1
      for row in max(0, -shift)..<min(height, height - shift)
      where new[row] == old[row + shift] && new[row] != old[row] {
        if first < 0 { first = row }
        last = row
      }
      guard first >= 0 else { continue }
      let top = shift > 0 ? first : first + shift
      let bottom = shift > 0 ? last + shift : last
      var gain = 0
      for row in top...bottom {
        let source = row + shift
        let after = source >= top && source <= bottom ? old[source] : blankRow
        if new[row] == after { gain += 1 }
        if new[row] == old[row] { gain -= 1 }
      }
      if gain > bestGain {
        bestGain = gain
        best = LineMove(top: top, bottom: bottom, shift: shift)
      }
    }
    return best
  }

  /// Moves the rows of `screen` as a terminal does: inside `top...bottom`, by `shift`, with
  /// plain blank rows where the move uncovers them.
  ///
  /// - Complexity: O(width × (bottom − top)).
  func apply(to screen: inout ScreenBuffer) {
    let width = screen.width
    let up = shift > 0
    for row in stride(from: up ? top : bottom, through: up ? bottom : top, by: up ? 1 : -1) {
      let source = row + shift
      for column in 0..<width {
        screen.cells[row * width + column] =
          source >= top && source <= bottom ? screen.cells[source * width + column] : .blank
      }
    }
  }
}
