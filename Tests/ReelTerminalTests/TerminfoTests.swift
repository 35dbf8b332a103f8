import Glibc
import Testing

@testable import ReelTerminal

/// The compiled terminfo reader: the system's real entries, both directory layouts, the line
/// moves read from an entry, and files that are not entries.
@Suite struct TerminfoTests {
  /// The system's terminfo directories, with no environment.
  static let systemDirectories = TerminfoEntry.directories(environment: [:])

  /// The system's entry for `term`, which must exist.
  static func systemEntry(_ term: String) throws -> TerminfoEntry {
    try #require(
      try TerminfoEntry.load(term: term, directories: systemDirectories),
      "no terminfo entry for \(term): install ncurses-base and ncurses-term (.ci/run does)")
  }

  /// The raw bytes of the system's entry for `term`.
  static func systemBytes(_ term: String) throws -> [UInt8] {
    let paths: [String] = systemDirectories.map { "\($0)/\(term.first!)/\(term)" }
    let path = try #require(
      paths.first { access($0, R_OK) == 0 }, "no terminfo file for \(term)")
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let count = read(fd, &bytes, bytes.count)
    try #require(count > 0)
    return Array(bytes[0..<count])
  }

  /// The offset where an entry's standard section ends (its header's sizes, added up).
  static func standardSectionEnd(_ bytes: [UInt8]) -> Int {
    func short(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    let numberSize = short(0) == 0o1036 ? 4 : 2
    var offset = 12 + short(2) + short(4)
    offset += offset % 2
    return offset + short(6) * numberSize + short(8) * 2 + short(10)
  }

  @Test func realEntries() throws {
    let csr = Array("\u{1B}[%i%p1%d;%p2%dr".utf8)
    let expected: [(term: String, colors: Int?, lineMoves: LineMoveSequences)] = [
      ("xterm-256color", 256, .insertDeleteLine),
      ("tmux-256color", 256, .insertDeleteLine),
      ("screen", 8, .insertDeleteLine),
      ("linux", 8, .insertDeleteLine),
      ("vt100", nil, .off),  // a scroll region, but neither il/dl nor indn/rin
      ("dumb", nil, .off),
    ]
    for (term, colors, lineMoves) in expected {
      let entry = try Self.systemEntry(term)
      #expect(entry.colors == colors, "\(term)")
      #expect(entry.lineMoves == lineMoves, "\(term)")
      #expect(entry.number(0) == (term == "linux" ? nil : 80), "\(term): cols")
      #expect(LineMoveSequences.detect(environment: ["TERM": term]) == lineMoves, "\(term)")
    }
    #expect(try Self.systemEntry("xterm-256color").string(3).map(Array.init) == csr)
    #expect(try Self.systemEntry("vt100").string(3).map(Array.init) == csr)
    #expect(try Self.systemEntry("dumb").string(3) == nil)
    // Both formats: 16-bit numbers (vt100, linux) and 32-bit ones (xterm-256color, tmux-256color).
    let magics = try ["vt100", "linux", "xterm-256color", "tmux-256color"].map { term in
      let bytes = try Self.systemBytes(term)
      return Int(bytes[0]) | Int(bytes[1]) << 8
    }
    #expect(magics == [0x011A, 0x011A, 0x021E, 0x021E])
  }

  @Test func noEntryMeansNoLineMoves() {
    #expect(LineMoveSequences.detect(environment: [:]) == .off)
    #expect(LineMoveSequences.detect(environment: ["TERM": ""]) == .off)
    #expect(LineMoveSequences.detect(environment: ["TERM": "reeltest-no-such-terminal"]) == .off)
    #expect(LineMoveSequences.detect(environment: ["TERM": "../x/xterm"]) == .off)
    #expect(LineMoveSequences.detect(environment: ["TERM": ".."]) == .off)
  }

  /// An entry is found under its first letter and under that letter's hexadecimal code, in
  /// `TERMINFO`, `~/.terminfo` and `TERMINFO_DIRS`, the first directory that has it winning.
  @Test func directoryLayoutsAndSearchOrder() throws {
    let xterm = try Self.systemBytes("xterm-256color")
    let scrolling = TerminfoFixtures.entry(
      name: "reeltest-x",
      strings: [3: "\u{1B}[%i%p1%d;%p2%dr", 109: "\u{1B}[%p1%dS", 113: "\u{1B}[%p1%dT"])
    let letters = try TerminfoFixtures.directory(["reeltest-x": xterm])
    let hex = try TerminfoFixtures.directory(["reeltest-x": xterm], hex: true)
    let other = try TerminfoFixtures.directory(["reeltest-x": scrolling], hex: true)
    let home = try TerminfoFixtures.directory([:])
    mkdir("\(home)/.terminfo", 0o755)
    mkdir("\(home)/.terminfo/r", 0o755)
    try #require(symlink("\(other)/72/reeltest-x", "\(home)/.terminfo/r/reeltest-x") == 0)
    func detect(_ environment: [String: String]) -> LineMoveSequences {
      LineMoveSequences.detect(
        environment: environment.merging(["TERM": "reeltest-x"]) { a, _ in a })
    }
    #expect(detect(["TERMINFO": letters]) == .insertDeleteLine)
    #expect(detect(["TERMINFO": hex]) == .insertDeleteLine)
    #expect(detect(["TERMINFO_DIRS": "/nonexistent::\(hex)"]) == .insertDeleteLine)
    #expect(detect(["HOME": home]) == .scrollUpDown, "~/.terminfo holds another entry")
    #expect(detect(["HOME": home, "TERMINFO": letters]) == .insertDeleteLine, "TERMINFO first")
    #expect(detect(["HOME": home, "TERMINFO_DIRS": letters]) == .scrollUpDown, "~ first")
    #expect(detect([:]) == .off, "not in the system directories")
  }

  /// The capabilities that decide line moves, in synthetic entries.
  @Test func lineMovesNeedAScrollRegionAndStandardSequences() throws {
    let csr = "\u{1B}[%i%p1%d;%p2%dr"
    let il = "\u{1B}[%p1%dL"
    let dl = "\u{1B}[%p1%dM"
    let indn = "\u{1B}[%p1%dS"
    let rin = "\u{1B}[%p1%dT"
    let cases: [([Int: String], LineMoveSequences)] = [
      ([3: csr, 106: dl, 110: il, 109: indn, 113: rin], .insertDeleteLine),
      ([3: csr, 106: dl, 110: il], .insertDeleteLine),
      ([3: csr, 109: indn, 113: rin], .scrollUpDown),
      ([3: csr, 106: dl, 113: rin], .off),
      ([106: dl, 110: il, 109: indn, 113: rin], .off),  // no scroll region
      ([3: csr + "$<5>", 106: dl, 110: il], .off),  // padding: not the standard sequence
      ([3: csr, 106: "\u{1B}[%p1%dM$<2*>", 110: il, 109: indn, 113: rin], .scrollUpDown),
      ([3: "\u{1B}[%i%p1%d;%p2%dr\u{1B}[H", 106: dl, 110: il], .off),
      ([:], .off),
    ]
    for extended in [false, true] {
      for (strings, expected) in cases {
        let entry = try TerminfoEntry(
          parsing: TerminfoFixtures.entry(name: "t", strings: strings, extended: extended))
        #expect(entry.lineMoves == expected, "\(strings.keys.sorted()), extended \(extended)")
      }
    }
  }

  @Test func malformedEntriesAreClearErrors() throws {
    func error(_ bytes: [UInt8]) -> TerminfoEntry.ParseError? {
      do {
        _ = try TerminfoEntry(parsing: bytes)
        return nil
      } catch {
        return error
      }
    }
    func header(_ values: [Int]) -> [UInt8] {
      values.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }
    #expect(error([]) == .truncated(part: "header", needed: 12, size: 0))
    #expect(error([0x1A, 0x01, 3]) == .truncated(part: "header", needed: 12, size: 3))
    #expect(error(header([0x1234, 0, 0, 0, 0, 0])) == .badMagic(0x1234))
    #expect(error(Array("#!/bin/sh\nrm -rf\n".utf8)) == .badMagic(0x2123))
    #expect(
      error(header([0o432, 4, -1, 0, 0, 0]) + [0, 0, 0, 0])
        == .negativeCount(part: "booleans", count: -1))
    // Counts at their largest in a 12-byte file: refused before anything is allocated.
    #expect(
      error(header([0o1036, 0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF, 0x7FFF]))
        == .truncated(part: "names and booleans", needed: 12 + 0xFFFE, size: 12))
    #expect(
      error(header([0o432, 2, 0, 0, 0x7FFF, 0]) + [0x41, 0])
        == .truncated(part: "string offsets", needed: 14 + 0xFFFE, size: 14))
    // A string offset past the table, and a table whose last string has no NUL.
    let past = header([0o432, 2, 0, 0, 1, 2]) + [0x41, 0] + header([5]) + [0x41, 0]
    #expect(error(past) == .badString(index: 0))
    let unterminated = header([0o432, 2, 0, 0, 1, 2]) + [0x41, 0] + header([0]) + [0x41, 0x42]
    #expect(error(unterminated) == .unterminatedStringTable)
    #expect(error([UInt8](repeating: 0, count: TerminfoEntry.maximumSize + 1)) == .tooLarge)
    #expect("\(TerminfoEntry.ParseError.badMagic(0x1234))".contains("not a terminfo entry"))
  }

  /// Every prefix of a real entry that cuts its standard section is refused; the extended
  /// section after it is not read, so the longer prefixes parse to the same entry.
  @Test(arguments: ["vt100", "xterm-256color"])
  func truncatedRealEntries(term: String) throws {
    let bytes = try Self.systemBytes(term)
    let whole = try TerminfoEntry(parsing: bytes)
    let end = Self.standardSectionEnd(bytes)
    try #require(end <= bytes.count)
    var refused = 0
    var parsed = 0
    for length in 0..<bytes.count {
      do {
        let entry = try TerminfoEntry(parsing: Array(bytes[0..<length]))
        #expect(length >= end, "\(term): a \(length)-byte prefix parsed")
        #expect(entry == whole)
        parsed += 1
      } catch {
        #expect(length < end, "\(term): a \(length)-byte prefix: \(error)")
        refused += 1
      }
    }
    #expect(refused == end)
    #expect(parsed == bytes.count - end)
  }

  /// Random bytes changed in a real entry: each parse returns an entry or an error, an entry
  /// never holds more than the file (strings that share bytes are not copied), and reading its
  /// line moves never crashes.
  @Test func corruptedEntriesNeverCrash() throws {
    let bytes = try Self.systemBytes("xterm-256color")
    var random = SeededRandom(seed: 4_242)
    var parsed = 0
    var refused = 0
    for round in 0..<2_000 {
      var corrupt = bytes
      for _ in 0...random.below(4) {
        let at = random.below(min(corrupt.count, round.isMultiple(of: 2) ? 12 : corrupt.count))
        corrupt[at] = UInt8(random.below(256))
      }
      do {
        let entry = try TerminfoEntry(parsing: corrupt)
        let held = entry.numbers.count + entry.stringOffsets.count + entry.table.count
        #expect(held <= corrupt.count, "seed 4242, round \(round)")
        _ = entry.lineMoves
        parsed += 1
      } catch {
        #expect(!"\(error)".isEmpty)
        refused += 1
      }
    }
    #expect(parsed + refused == 2_000)
    #expect(parsed > 0 && refused > 0, "seed 4242: \(parsed) parsed, \(refused) refused")
  }

  /// A file that is too large, a FIFO and a directory in an entry's place are errors, and
  /// detection falls back to no line moves; the FIFO does not block.
  @Test func filesThatAreNotEntries() throws {
    let directory = try TerminfoFixtures.directory([
      "reeltest-large": [UInt8](repeating: 0x1A, count: TerminfoEntry.maximumSize + 100)
    ])
    mkdir("\(directory)/r/reeltest-directory", 0o755)
    try #require(mkfifo("\(directory)/r/reeltest-fifo", 0o644) == 0)
    let dirs = [directory]
    #expect(throws: TerminfoEntry.ParseError.tooLarge) {
      try TerminfoEntry.load(term: "reeltest-large", directories: dirs)
    }
    for name in ["reeltest-fifo", "reeltest-directory"] {
      #expect(throws: TerminfoEntry.ParseError.self) {
        try TerminfoEntry.load(term: name, directories: dirs)
      }
      #expect(
        LineMoveSequences.detect(environment: ["TERM": name, "TERMINFO": directory]) == .off)
    }
  }
}
