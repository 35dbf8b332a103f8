import Glibc

/// Reads the `colors` capability from a compiled terminfo entry, without ncurses.
enum Terminfo {
  /// The directories searched for `term`'s entry, in ncurses' order.
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

  /// The `colors` number of `term`'s entry, or `nil` when no entry is found or it is not a
  /// valid compiled entry; -1 when the entry does not set it.
  static func colors(term: String, environment: [String: String]) -> Int? {
    guard !term.contains("/"), let first = term.unicodeScalars.first, first.isASCII else {
      return nil
    }
    let hex = String(first.value, radix: 16)
    for directory in directories(environment: environment) {
      for path in ["\(directory)/\(Character(first))/\(term)", "\(directory)/\(hex)/\(term)"] {
        if let bytes = read(path) { return colors(inEntry: bytes) }
      }
    }
    return nil
  }

  /// The `colors` number (numeric capability 13) of a compiled entry: the legacy format (magic
  /// 0o432, 16-bit numbers) or the extended one (0o1036, 32-bit numbers).
  static func colors(inEntry bytes: [UInt8]) -> Int? {
    func short(_ offset: Int) -> Int? {
      guard offset + 1 < bytes.count else { return nil }
      let value = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
      return value >= 0x8000 ? value - 0x1_0000 : value
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let booleans = short(4), let numbers = short(6),
      namesSize >= 0, booleans >= 0, numbers >= 0
    else { return nil }
    let colorsIndex = 13
    guard numbers > colorsIndex else { return -1 }
    var offset = 12 + namesSize + booleans
    if offset % 2 == 1 { offset += 1 }  // numbers start on an even byte
    let size = magic == 0o1036 ? 4 : 2
    let at = offset + colorsIndex * size
    guard at + size <= bytes.count else { return nil }
    if size == 2 { return short(at) }
    let value =
      UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
      | UInt32(bytes[at + 3]) << 24
    return Int(Int32(bitPattern: value))
  }

  /// The contents of a file of at most 64 KiB, or `nil`.
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 65_536 {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}
