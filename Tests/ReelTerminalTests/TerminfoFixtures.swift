import Glibc
import Testing

@testable import ReelTerminal

/// Compiled terminfo entries and directories of them, made for tests.
enum TerminfoFixtures {
  /// A compiled entry with the given numbers and strings set (indices as in `term.h`), the
  /// others absent, in the legacy (16-bit numbers) or extended (32-bit numbers) format.
  static func entry(
    name: String, numbers: [Int: Int32] = [:], strings: [Int: String] = [:],
    extended: Bool = false
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    func short(_ value: Int) {
      bytes.append(UInt8(truncatingIfNeeded: value))
      bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }
    let names = Array(name.utf8) + [0]
    let booleans = 3
    let numberCount = (numbers.keys.max() ?? 14) + 1
    let stringCount = (strings.keys.max() ?? -1) + 1
    var table: [UInt8] = []
    var offsets: [Int] = []
    for index in 0..<stringCount {
      if let value = strings[index] {
        offsets.append(table.count)
        table += Array(value.utf8) + [0]
      } else {
        offsets.append(-1)
      }
    }
    short(extended ? 0o1036 : 0o432)
    short(names.count)
    short(booleans)
    short(numberCount)
    short(stringCount)
    short(table.count)
    bytes += names
    bytes += [UInt8](repeating: 0, count: booleans)
    if bytes.count % 2 == 1 { bytes.append(0) }
    for index in 0..<numberCount {
      let value = numbers[index] ?? -1
      if extended {
        let bits = UInt32(bitPattern: value)
        bytes += [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: bits >> $0) }
      } else {
        short(Int(value))
      }
    }
    for offset in offsets { short(offset) }
    return bytes + table
  }

  /// Writes entries into a fresh terminfo directory, each under its first letter (`x/xterm`)
  /// or, with `hex`, that letter's hexadecimal code (`78/xterm`), and returns its path.
  static func directory(_ entries: [String: [UInt8]], hex: Bool = false) throws -> String {
    var template = Array("/tmp/reel-terminfo-XXXXXX".utf8CString)
    let directory = try #require(
      template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
    let path = String(cString: directory)
    for (name, bytes) in entries {
      let first = name.unicodeScalars.first!
      let letter = "\(path)/\(hex ? String(first.value, radix: 16) : String(first))"
      mkdir(letter, 0o755)
      let fd = open("\(letter)/\(name)", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      try #require(fd >= 0)
      try TerminalIO.writeAll(bytes, to: fd)
      close(fd)
    }
    return path
  }
}
