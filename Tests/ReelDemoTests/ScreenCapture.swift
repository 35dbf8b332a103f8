/// What `tmux capture-pane -e` shows, cell by cell: each row's characters with the columns they
/// start at and their foreground and background colours, decoded from the SGR sequences tmux
/// writes.
struct ScreenCapture {
  /// One character on screen.
  struct Cell {
    var character: Character
    var column: Int
    /// The SGR background as tmux wrote it (`"48;5;231"`, `"48;2;250;250;247"`), `nil` for
    /// the terminal's default.
    var background: String?
    /// The SGR foreground as tmux wrote it (`"38;5;110"`, `"38;2;…"`), `nil` for the default.
    var foreground: String?
  }

  var rows: [[Cell]] = []

  /// Decodes `capture-pane -p -e` output. tmux carries attributes over from one line to the
  /// next and writes only changes.
  init(_ text: String) {
    var background: String?
    var foreground: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var cells: [Cell] = []
      var column = 0
      var index = line.startIndex
      while index < line.endIndex {
        let character = line[index]
        if character == "\u{1B}", line[line.index(after: index)...].hasPrefix("[") {
          var end = line.index(index, offsetBy: 2)
          while end < line.endIndex, !(line[end].isLetter) { end = line.index(after: end) }
          guard end < line.endIndex else { break }
          if line[end] == "m" {
            let body = line[line.index(index, offsetBy: 2)..<end]
            Self.apply(String(body), to: &background, foreground: &foreground)
          }
          index = line.index(after: end)
          continue
        }
        cells.append(
          Cell(
            character: character, column: column, background: background, foreground: foreground))
        column += Self.width(of: character)
        index = line.index(after: index)
      }
      rows.append(cells)
    }
  }

  /// Applies an SGR parameter list to the background and the foreground.
  static func apply(_ body: String, to background: inout String?, foreground: inout String?) {
    let values = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var index = 0
    while index < values.count {
      switch values[index] {
      case 0:
        background = nil
        foreground = nil
      case 49: background = nil
      case 39: foreground = nil
      case 30...37, 90...97: foreground = String(values[index])
      case 40...47, 100...107: background = String(values[index])
      case 48 where index + 2 < values.count && values[index + 1] == 5:
        background = "48;5;\(values[index + 2])"
        index += 2
      case 48 where index + 4 < values.count && values[index + 1] == 2:
        background = "48;2;\(values[index + 2]);\(values[index + 3]);\(values[index + 4])"
        index += 4
      case 38 where index + 2 < values.count && values[index + 1] == 5:
        foreground = "38;5;\(values[index + 2])"
        index += 2
      case 38 where index + 4 < values.count && values[index + 1] == 2:
        foreground = "38;2;\(values[index + 2]);\(values[index + 3]);\(values[index + 4])"
        index += 4
      default: break
      }
      index += 1
    }
  }

  /// The columns a character takes in a terminal, for the characters the demo shows: an
  /// independent, deliberately small table (CJK, Hangul, kana, fullwidth forms and emoji are
  /// two columns), so that the test does not check the demo against its own code.
  static func width(of character: Character) -> Int {
    guard let value = character.unicodeScalars.first?.value else { return 0 }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2615...0x2615, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// The characters on screen, row by row, as `capture-pane -p` shows them.
  var text: String {
    rows.map { String($0.map(\.character)) }.joined(separator: "\n")
  }

  /// The cells of the first row whose text contains `needle`, from the cell where it starts.
  func cells(startingAt needle: String) -> ArraySlice<Cell>? {
    for row in rows {
      let text = String(row.map(\.character))
      guard let range = text.range(of: needle) else { continue }
      return row[text.distance(from: text.startIndex, to: range.lowerBound)...]
    }
    return nil
  }

  /// The column a substring starts at in a plain capture line, counting wide characters as
  /// two columns.
  static func column(of needle: String, in line: Substring) -> Int? {
    guard let range = line.range(of: needle) else { return nil }
    return line[..<range.lowerBound].reduce(0) { $0 + width(of: $1) }
  }
}
