import Glibc

/// A compiled terminfo entry (the ncurses binary format, `term(5)`), read without ncurses: the
/// numbers and strings of its standard section. Booleans and the extended section are skipped.
///
/// Both formats are read: the legacy one (magic 0o432, 16-bit numbers) and the one with 32-bit
/// numbers (magic 0o1036). Every count and offset is checked against the file before it is
/// used, and a file is read only up to ``maximumSize`` bytes, so a malformed or hostile file
/// gives a ``ParseError``, never a crash or an allocation beyond that size.
struct TerminfoEntry: Equatable {
  /// The numbers by index (`colors` is 13); a negative value is absent or cancelled.
  var numbers: [Int]
  /// Where each string starts in ``table``, by index (`csr` is 3); negative when absent or
  /// cancelled. Strings may share bytes of the table, so they are not copied out of it.
  var stringOffsets: [Int]
  /// The string table: NUL-terminated strings.
  var table: [UInt8]

  /// The largest entry read: ncurses writes at most 32 KiB.
  static let maximumSize = 32_768

  /// Why bytes are not a compiled terminfo entry.
  enum ParseError: Error, Equatable, CustomStringConvertible {
    /// The file ends at `size` bytes before the part that needs `needed`.
    case truncated(part: String, needed: Int, size: Int)
    /// The first two bytes are not a known magic number.
    case badMagic(Int)
    /// A header count is negative.
    case negativeCount(part: String, count: Int)
    /// The string at `index` starts outside the string table.
    case badString(index: Int)
    /// The string table's last byte is not a NUL, so its last string does not end.
    case unterminatedStringTable
    /// The file is larger than ``TerminfoEntry/maximumSize``.
    case tooLarge
    /// The file cannot be opened or read (an `errno` value), or is not a regular file.
    case unreadable(path: String, errno: Int32)

    var description: String {
      switch self {
      case .truncated(let part, let needed, let size):
        return "not a terminfo entry: the \(part) needs \(needed) bytes, the file has \(size)"
      case .badMagic(let magic):
        return "not a terminfo entry: magic number 0o\(String(magic, radix: 8))"
      case .negativeCount(let part, let count):
        return "not a terminfo entry: \(count) \(part)"
      case .badString(let index):
        return "not a terminfo entry: string \(index) starts outside the string table"
      case .unterminatedStringTable:
        return "not a terminfo entry: the string table does not end with a NUL"
      case .tooLarge:
        return "not a terminfo entry: larger than \(TerminfoEntry.maximumSize) bytes"
      case .unreadable(let path, let code):
        return "cannot read \(path): \(String(cString: strerror(code)))"
      }
    }
  }

  /// Parses a compiled entry.
  ///
  /// - Throws: ``ParseError`` when `bytes` is not a well-formed entry.
  /// - Complexity: O(bytes.count).
  init(parsing bytes: [UInt8]) throws(ParseError) {
    guard bytes.count <= Self.maximumSize else { throw .tooLarge }
    func short(_ offset: Int) -> Int {
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      return value >= 0x8000 ? value - 0x1_0000 : value
    }
    guard bytes.count >= 12 else {
      throw .truncated(part: "header", needed: 12, size: bytes.count)
    }
    let magic = short(0)
    guard magic == 0o432 || magic == 0o1036 else { throw .badMagic(magic & 0xFFFF) }
    let counts = [
      ("bytes of names", short(2)), ("booleans", short(4)), ("numbers", short(6)),
      ("strings", short(8)), ("bytes of string table", short(10)),
    ]
    for (part, count) in counts where count < 0 {
      throw .negativeCount(part: part, count: count)
    }
    let (namesSize, booleans, numberCount, stringCount, tableSize) = (
      counts[0].1, counts[1].1, counts[2].1, counts[3].1, counts[4].1
    )
    let numberSize = magic == 0o1036 ? 4 : 2
    var offset = 12 + namesSize + booleans
    offset += offset % 2  // numbers start on an even byte
    let numbersStart = offset
    let offsetsStart = numbersStart + numberCount * numberSize
    let tableStart = offsetsStart + stringCount * 2
    let end = tableStart + tableSize
    for (part, needed) in [
      ("names and booleans", numbersStart), ("numbers", offsetsStart),
      ("string offsets", tableStart), ("string table", end),
    ] where needed > bytes.count {
      throw .truncated(part: part, needed: needed, size: bytes.count)
    }
    numbers = (0..<numberCount).map { index in
      let at = numbersStart + index * numberSize
      guard numberSize == 4 else { return short(at) }
      let value =
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
        | UInt32(bytes[at + 3]) << 24
      return Int(Int32(bitPattern: value))
    }
    stringOffsets = (0..<stringCount).map { short(offsetsStart + $0 * 2) }
    if let index = stringOffsets.firstIndex(where: { $0 >= tableSize }) {
      throw .badString(index: index)
    }
    guard tableSize == 0 || bytes[end - 1] == 0 else { throw .unterminatedStringTable }
    table = Array(bytes[tableStart..<end])
  }

  /// The number at `index`, or `nil` when the entry does not set it.
  func number(_ index: Int) -> Int? {
    index < numbers.count && numbers[index] >= 0 ? numbers[index] : nil
  }

  /// The string at `index`, or `nil` when the entry does not set it.
  ///
  /// - Complexity: O(the string's length).
  func string(_ index: Int) -> ArraySlice<UInt8>? {
    guard index < stringOffsets.count, stringOffsets[index] >= 0 else { return nil }
    let start = stringOffsets[index]
    // The table ends with a NUL (checked when parsed), so every string ends inside it.
    return table[start..<table[start...].firstIndex(of: 0)!]
  }

  /// The directories searched for an entry, in ncurses' order: `TERMINFO`, `~/.terminfo`,
  /// `TERMINFO_DIRS` (an empty element is the system directory), then the system directories.
  static func directories(environment: [String: String]) -> [String] {
    var result: [String] = []
    if let own = environment["TERMINFO"], !own.isEmpty { result.append(own) }
    if let home = environment["HOME"], !home.isEmpty { result.append(home + "/.terminfo") }
    if let list = environment["TERMINFO_DIRS"] {
      for entry in list.split(separator: ":", omittingEmptySubsequences: false) {
        result.append(entry.isEmpty ? "/usr/share/terminfo" : String(entry))
      }
    }
    result += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
    return result
  }

  /// The entry of the terminal named `term`, from the first of `directories` that has a file
  /// for it, under its first letter (`x/xterm`) or that letter's hexadecimal code
  /// (`78/xterm`); `nil` when no directory has one or the name is not a plain one.
  ///
  /// - Throws: ``ParseError`` when the file found cannot be read or is not a valid entry.
  /// - Complexity: O(directories), plus reading one file of at most ``maximumSize`` bytes.
  static func load(term: String, directories: [String]) throws(ParseError) -> TerminfoEntry? {
    guard !term.isEmpty, !term.contains("/"), term != ".", term != "..",
      let first = term.unicodeScalars.first, first.isASCII
    else { return nil }
    let hex = String(first.value, radix: 16)
    for directory in directories {
      for path in ["\(directory)/\(Character(first))/\(term)", "\(directory)/\(hex)/\(term)"] {
        guard access(path, F_OK) == 0 else { continue }
        return try TerminfoEntry(parsing: read(path))
      }
    }
    return nil
  }

  /// The contents of the regular file at `path`, when it is at most ``maximumSize`` bytes.
  private static func read(_ path: String) throws(ParseError) -> [UInt8] {
    // Non-blocking, so that a FIFO in its place cannot stop the caller.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .unreadable(path: path, errno: errno) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw .unreadable(path: path, errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, errno: EINVAL) }
    var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
    var count = 0
    while count < bytes.count {
      let result = bytes.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress! + count, $0.count - count)
      }
      if result < 0 && errno == EINTR { continue }
      guard result >= 0 else { throw .unreadable(path: path, errno: errno) }
      guard result > 0 else { break }
      count += result
    }
    guard count <= maximumSize else { throw .tooLarge }
    bytes.removeSubrange(count...)
    return bytes
  }
}

extension TerminfoEntry {
  /// The `colors` number (`max_colors`).
  var colors: Int? { number(13) }

  /// How this terminal moves lines: with a scroll region (`csr`) and either delete and insert
  /// line (`dl`, `il`) or scroll up and down (`indn`, `rin`), when the entry's strings are the
  /// standard ANSI ones the renderer writes; ``LineMoveSequences/off`` otherwise.
  var lineMoves: LineMoveSequences {
    func matches(_ index: Int, _ standard: String) -> Bool {
      string(index).map { $0.elementsEqual(standard.utf8) } ?? false
    }
    guard matches(3, "\u{1B}[%i%p1%d;%p2%dr") else { return .off }
    if matches(106, "\u{1B}[%p1%dM") && matches(110, "\u{1B}[%p1%dL") { return .insertDeleteLine }
    if matches(109, "\u{1B}[%p1%dS") && matches(113, "\u{1B}[%p1%dT") { return .scrollUpDown }
    return .off
  }
}
