@testable import ReelTerminal

/// A tiny terminal emulator that understands exactly the subset a renderer may emit (CUP, CUF,
/// CR, LF, ED 2, SGR, and DECSTBM with IL and DL or SU and SD for moved lines, which fill the
/// rows they uncover with the pen's background as xterm's background colour erase does) and
/// fails loudly on anything else, with xterm's pending-wrap rule and
/// wide glyphs: a two-column grapheme fills two cells, and overwriting either half of one
/// blanks the other (as `ScreenBuffer`'s subscript does). Palette colours (`38;5;n`, `30–37`,
/// `90–97` and backgrounds) are read back as the palette's RGB values.
struct ANSIInterpreter {
  var screen: ScreenBuffer
  var pen = TextStyle.plain
  var x = 0
  var y = 0
  /// The scroll region (DECSTBM), rows `top...bottom`.
  var top = 0
  var bottom: Int
  /// How many line moves (IL, DL, SU or SD) were received.
  var lineMoves = 0
  var errors: [String] = []
  /// How many colour parameters (foreground or background, any form) were received.
  var colorParameters = 0

  init(width: Int, height: Int) {
    screen = ScreenBuffer(width: width, height: height, fill: ScreenCell("?"))
    bottom = height - 1
  }

  mutating func feed(_ bytes: [UInt8]) {
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      for character in String(decoding: text, as: UTF8.self) { put(character) }
      text.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20 && byte != 0x7F {
        text.append(byte)
        index += 1
        continue
      }
      flushText()
      switch byte {
      case 0x0D:
        x = 0
        index += 1
      case 0x0A:
        y = min(y + 1, screen.height - 1)
        x = min(x, screen.width - 1)
        index += 1
      case 0x1B:
        guard index + 1 < bytes.count, bytes[index + 1] == 0x5B else {
          errors.append("bare ESC at \(index)")
          return
        }
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
          errors.append("unterminated CSI")
          return
        }
        let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        csi(body, final: bytes[end])
        index = end + 1
      default:
        errors.append("control byte \(byte)")
        index += 1
      }
    }
    flushText()
  }

  private mutating func put(_ character: Character) {
    if x >= screen.width {
      x = 0
      y = min(y + 1, screen.height - 1)
    }
    let columns = DisplayWidth.of(character)
    if columns == 2 && x + 1 >= screen.width {
      errors.append("wide glyph \(character) in the last column at row \(y)")
    }
    screen[x, y] = ScreenCell(character, style: pen)
    x += max(1, columns)
  }

  private mutating func csi(_ body: String, final: UInt8) {
    let values = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    switch final {
    case 0x48:  // H
      y = max(1, values.first ?? 1) - 1
      x = max(1, values.count > 1 ? values[1] : 1) - 1
    case 0x43:  // C
      x = min(screen.width - 1, x + max(1, values.first ?? 1))
    case 0x4A where body == "2":
      screen.clear(style: TextStyle(background: pen.background))
    case 0x6D:
      sgr(values)
    case 0x72:  // r: DECSTBM, then the cursor goes home
      top = body.isEmpty ? 0 : max(1, values[0]) - 1
      bottom = body.isEmpty || values.count < 2 ? screen.height - 1 : values[1] - 1
      if top >= bottom || bottom >= screen.height {
        errors.append("bad scroll region \(body)")
        top = 0
        bottom = screen.height - 1
      }
      x = 0
      y = 0
    case 0x4C, 0x4D:  // L: insert lines, M: delete lines, at the cursor's row of the region
      guard y >= top && y <= bottom else {
        errors.append("line move outside the scroll region at row \(y)")
        return
      }
      let count = min(max(1, values.first ?? 1), bottom - y + 1)
      moveLines(from: y, shift: final == 0x4D ? count : -count)
      x = 0
    case 0x53, 0x54:  // S: scroll up, T: scroll down, the whole region wherever the cursor is
      let count = min(max(1, values.first ?? 1), bottom - top + 1)
      moveLines(from: top, shift: final == 0x53 ? count : -count)
    default:
      errors.append("unexpected CSI \(body)\(Character(Unicode.Scalar(final)))")
    }
  }

  /// Moves rows `first...bottom` by `shift` (positive up), filling the uncovered rows with
  /// blanks of the pen's background.
  private mutating func moveLines(from first: Int, shift: Int) {
    lineMoves += 1
    let erased = ScreenCell.blank(TextStyle(background: pen.background))
    let source = screen
    for row in first...bottom {
      let from = row + shift
      for column in 0..<screen.width {
        screen.cells[row * screen.width + column] =
          from >= first && from <= bottom ? source[column, from] : erased
      }
    }
  }

  private mutating func sgr(_ values: [Int]) {
    var index = 0
    while index < values.count {
      let value = values[index]
      switch value {
      case 0: pen = .plain
      case 1: pen.bold = true
      case 2: pen.dim = true
      case 3: pen.italic = true
      case 4: pen.underline = true
      case 7: pen.inverse = true
      case 22:
        pen.bold = false
        pen.dim = false
      case 23: pen.italic = false
      case 24: pen.underline = false
      case 27: pen.inverse = false
      case 39: pen.foreground = nil
      case 49: pen.background = nil
      case 30...37, 90...97:
        colorParameters += 1
        pen.foreground = TerminalColor(
          hex: ColorApproximation.ansi16[value >= 90 ? value - 82 : value - 30])
      case 40...47, 100...107:
        colorParameters += 1
        pen.background = TerminalColor(
          hex: ColorApproximation.ansi16[value >= 100 ? value - 92 : value - 40])
      case 38 where index + 2 < values.count && values[index + 1] == 5,
        48 where index + 2 < values.count && values[index + 1] == 5:
        colorParameters += 1
        let color = ColorApproximation.palette256(values[index + 2])
        if value == 38 { pen.foreground = color } else { pen.background = color }
        index += 2
      case 38, 48:
        guard index + 4 < values.count, values[index + 1] == 2 else {
          errors.append("bad colour")
          return
        }
        colorParameters += 1
        let color = TerminalColor(
          red: UInt8(values[index + 2]), green: UInt8(values[index + 3]),
          blue: UInt8(values[index + 4]))
        if value == 38 { pen.foreground = color } else { pen.background = color }
        index += 4
      default:
        errors.append("unknown SGR \(value)")
      }
      index += 1
    }
  }
}
