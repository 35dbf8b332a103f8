/// The contacts list as a tmux capture shows it: the section header lines (" K      12,345
/// names") and the name lines ("   Kaber, Ada   +44 …") with their screen lines and letters.
struct ContactsScreen {
  /// The capture's lines.
  let lines: [Substring]
  /// Header lines, top to bottom: (screen line, letter).
  let headers: [(line: Int, letter: Character)]
  /// Name lines, top to bottom: (screen line, the surname's initial).
  let names: [(line: Int, letter: Character)]
  /// The screen line just below the banner's dots (the list's first line), if found.
  let listTop: Int?

  init(_ capture: String) {
    lines = capture.split(separator: "\n", omittingEmptySubsequences: false)
    var headers: [(Int, Character)] = []
    var names: [(Int, Character)] = []
    var listTop: Int?
    for (number, line) in lines.enumerated() {
      if listTop == nil, line.contains("●") { listTop = number + 1 }
      if let letter = Self.headerLetter(line) { headers.append((number, letter)) }
      if let letter = Self.nameLetter(line) { names.append((number, letter)) }
    }
    self.headers = headers
    self.names = names
    self.listTop = listTop
  }

  /// The letter of a header line: a space, a capital, spaces, then "N names".
  static func headerLetter(_ line: Substring) -> Character? {
    let text = line.reversed().drop { $0 == " " }.reversed()
    let characters = Array(text)
    guard characters.count > 4, characters[0] == " ", characters[1].isUppercase,
      characters[1].isASCII, characters[2] == " ",
      String(characters).hasSuffix(" names") || String(characters).hasSuffix(" name")
    else { return nil }
    return characters[1]
  }

  /// The initial of a name line: three spaces, a capitalised ASCII surname, a comma.
  static func nameLetter(_ line: Substring) -> Character? {
    guard line.hasPrefix("   ") else { return nil }
    let rest = line.dropFirst(3)
    guard let first = rest.first, first.isUppercase, first.isASCII else { return nil }
    let surname = rest.prefix { $0.isLetter }
    guard surname.count > 1, surname.dropFirst().allSatisfy(\.isLowercase),
      rest.dropFirst(surname.count).hasPrefix(", ")
    else { return nil }
    return first
  }

  /// The pinned header's letter: the first header line, when it is the list's first line.
  var pinnedLetter: Character? {
    guard let first = headers.first, first.line == listTop else { return nil }
    return first.letter
  }

  /// Whether every name belongs to the header above it: under each header line, down to the
  /// next one, the names start with its letter; and no name line is above the first header.
  var namesMatchHeadersAbove: Bool {
    guard let first = headers.first else { return false }
    for name in names {
      guard name.line > first.line,
        let header = headers.last(where: { $0.line < name.line }),
        header.letter == name.letter
      else { return false }
    }
    return true
  }
}
