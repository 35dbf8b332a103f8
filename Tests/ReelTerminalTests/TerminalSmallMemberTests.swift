import Glibc
import Reel
import Testing

@testable import ReelTerminal

/// Small public members of the terminal frontend, each against what its documentation says.
@Suite struct TerminalSmallMemberTests {
  /// Each cell of a shaded picture covers two pixels: black shows no ink, white full ink, and
  /// `darkOnLight` turns that around; the cells take the style given.
  @Test func shadedPicturesShowLightnessAsInk() {
    var picture = PixelGrid(width: 2, height: 3, fill: .black)
    picture[1, 0] = .white
    picture[1, 1] = .white
    picture[1, 2] = .white
    var screen = ScreenBuffer(width: 4, height: 3)
    let style = TextStyle(bold: true)
    screen.drawShadedPicture(picture, x: 1, y: 0, style: style)
    // Two rows: pixel rows 0–1, then row 2 alone.
    #expect(screen.textLines == ["  █ ", "  █ ", "    "])
    #expect(screen[2, 0].style == style)
    screen.drawShadedPicture(picture, x: 1, y: 0, darkOnLight: true)
    #expect(screen.textLines == [" █  ", " █  ", "    "])
  }

  /// Buffers equal in size and cells hash alike, whatever their clip; so do equal cells.
  @Test func equalBuffersAndCellsHashAlike() {
    func hash(_ value: some Hashable) -> Int {
      var hasher = Hasher()
      value.hash(into: &hasher)
      return hasher.finalize()
    }
    var clipped = ScreenBuffer(width: 6, height: 2)
    var plain = ScreenBuffer(width: 6, height: 2)
    clipped.withClip(CellRect(x: 0, y: 0, width: 3, height: 1)) { $0.drawText("ab", in: $0.bounds) }
    plain.drawText("ab", in: plain.bounds)
    #expect(clipped == plain)
    #expect(hash(clipped) == hash(plain))
    let cell = ScreenCell("é", style: TextStyle(bold: true))
    #expect(cell == ScreenCell("e\u{301}", style: TextStyle(bold: true)))
    #expect(hash(cell) == hash(ScreenCell("e\u{301}", style: TextStyle(bold: true))))
    #expect(cell != ScreenCell("é"))
  }

  /// xterm's modifier parameter reports Meta (Super) as its own modifier.
  @Test func metaIsDecodedFromTheXtermModifier() {
    var parser = InputParser()
    #expect(parser.parse(Array("\u{1B}[1;9A".utf8)) == [.key(KeyEvent(.up, modifiers: .meta))])
    #expect(
      parser.parse(Array("\u{1B}[1;13A".utf8))
        == [.key(KeyEvent(.up, modifiers: [.meta, .control]))])
  }

  /// A sequence of `maximumSequenceLength` bytes is decoded; one twice as long is dropped
  /// whole, and the key after it still arrives.
  @Test func sequencesUpToTheMaximumLengthAreDecoded() {
    let limit = InputParser.maximumSequenceLength
    // CSI, zeros, then "1;5A": Ctrl-Up, however many zeros lead its first parameter.
    func controlUp(length: Int) -> [UInt8] {
      [0x1B, 0x5B] + [UInt8](repeating: 0x30, count: length - 6) + Array("1;5A".utf8)
    }
    var parser = InputParser()
    #expect(controlUp(length: limit).count == limit)
    #expect(parser.parse(controlUp(length: limit)) == [.key(KeyEvent(.up, modifiers: .control))])
    #expect(
      parser.parse(controlUp(length: 2 * limit) + [0x61]) == [.key(KeyEvent(.character("a")))])
    #expect(!parser.hasPending)
  }

  /// Each mode a session can turn on is in the enable sequence only when asked for, and turned
  /// off again by the restore sequence.
  @Test func optionsTurnOnOnlyTheModesAskedFor() {
    let none = TerminalSession.Options(
      alternateScreen: false, hideCursor: false, mouse: false, focusEvents: false,
      bracketedPaste: false)
    #expect(none.enableSequence.isEmpty)
    #expect(none.restoreSequence == Array("\u{1B}[0m".utf8))
    var cursor = none
    cursor.hideCursor = true
    #expect(cursor.enableSequence == Array("\u{1B}[?25l".utf8))
    #expect(cursor.restoreSequence == Array("\u{1B}[0m\u{1B}[?25h".utf8))
    var paste = none
    paste.bracketedPaste = true
    #expect(paste.enableSequence == Array("\u{1B}[?2004h".utf8))
    #expect(paste.restoreSequence == Array("\u{1B}[0m\u{1B}[?2004l".utf8))
  }
}

extension TerminalSessionTests {
  /// A session, and an event loop made for it, use the descriptors they were given.
  @Test func aSessionAndItsLoopUseTheGivenDescriptors() throws {
    let pty = try #require(PseudoTerminal())
    defer { pty.close() }
    let session = try TerminalSession(input: pty.device, output: pty.device)
    defer { session.close() }
    #expect(session.inputFD == pty.device && session.outputFD == pty.device)
    let loop = TerminalEventLoop(session: session)
    #expect(loop.inputFD == pty.device && loop.sizeFD == pty.device)
    try TerminalIO.writeAll(Array("k".utf8), to: pty.controller)
    #expect(loop.waitForEvents(timeoutMilliseconds: 10_000) == [.key(KeyEvent(.character("k")))])
  }
}
