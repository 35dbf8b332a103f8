import Testing

@testable import ReelTerminal

@Suite struct InputParserTests {
  private func parse(_ text: String) -> [InputEvent] {
    var parser = InputParser()
    return parser.parse(Array(text.utf8))
  }

  private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent {
    .key(KeyEvent(key, modifiers: modifiers))
  }

  private func mouse(_ action: MouseAction, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = [])
    -> InputEvent
  {
    .mouse(MouseEvent(action, x: x, y: y, modifiers: modifiers))
  }

  /// Every sequence the parser knows, with the events it must produce.
  private var catalogue: [(String, [InputEvent])] {
    [
      ("a", [key(.character("a"))]),
      ("é字", [key(.character("é")), key(.character("字"))]),
      ("\u{1F600}", [key(.character("\u{1F600}"))]),
      ("\r", [key(.enter)]),
      ("\n", [key(.enter)]),
      ("\t", [key(.tab)]),
      ("\u{7F}", [key(.backspace)]),
      ("\u{8}", [key(.backspace)]),
      ("\u{3}", [key(.character("c"), .control)]),
      ("\u{0}", [key(.character(" "), .control)]),
      ("\u{1B}x", [key(.character("x"), .alt)]),
      ("\u{1B}[A", [key(.up)]),
      ("\u{1B}[B", [key(.down)]),
      ("\u{1B}[C", [key(.right)]),
      ("\u{1B}[D", [key(.left)]),
      ("\u{1B}[1;5A", [key(.up, .control)]),
      ("\u{1B}[1;2D", [key(.left, .shift)]),
      ("\u{1B}OA", [key(.up)]),
      ("\u{1B}[H", [key(.home)]),
      ("\u{1B}[F", [key(.end)]),
      ("\u{1B}[1~", [key(.home)]),
      ("\u{1B}[4~", [key(.end)]),
      ("\u{1B}[7~", [key(.home)]),
      ("\u{1B}[8~", [key(.end)]),
      ("\u{1B}OH", [key(.home)]),
      ("\u{1B}OF", [key(.end)]),
      ("\u{1B}[5~", [key(.pageUp)]),
      ("\u{1B}[6~", [key(.pageDown)]),
      ("\u{1B}[2~", [key(.insert)]),
      ("\u{1B}[3~", [key(.delete)]),
      ("\u{1B}[3;3~", [key(.delete, .alt)]),
      ("\u{1B}OP", [key(.function(1))]),
      ("\u{1B}[15~", [key(.function(5))]),
      ("\u{1B}[24~", [key(.function(12))]),
      ("\u{1B}[Z", [key(.tab, .shift)]),
      ("\u{1B}[99;5u", [key(.character("c"), .control)]),
      ("\u{1B}[I", [.focusGained]),
      ("\u{1B}[O", [.focusLost]),
      ("\u{1B}[<0;1;1M", [mouse(.press(.left), 0, 0)]),
      ("\u{1B}[<0;10;5m", [mouse(.release(.left), 9, 4)]),
      ("\u{1B}[<2;3;4M", [mouse(.press(.right), 2, 3)]),
      ("\u{1B}[<1;3;4M", [mouse(.press(.middle), 2, 3)]),
      ("\u{1B}[<32;7;8M", [mouse(.drag(.left), 6, 7)]),
      ("\u{1B}[<35;7;8M", [mouse(.move, 6, 7)]),
      ("\u{1B}[<64;2;2M", [mouse(.scroll(.up), 1, 1)]),
      ("\u{1B}[<65;2;2M", [mouse(.scroll(.down), 1, 1)]),
      ("\u{1B}[<66;2;2M", [mouse(.scroll(.left), 1, 1)]),
      ("\u{1B}[<67;2;2M", [mouse(.scroll(.right), 1, 1)]),
      ("\u{1B}[<20;300;200M", [mouse(.press(.left), 299, 199, [.shift, .control])]),
      ("\u{1B}[<8;1;1M", [mouse(.press(.left), 0, 0, .alt)]),
      ("\u{1B}[<128;1;1M", [mouse(.press(.other(8)), 0, 0)]),
      ("\u{1B}[200~hi\u{1B}[A\r\u{1B}[201~", [.paste("hi\u{1B}[A\r")]),
    ]
  }

  @Test func everySequenceAlone() {
    for (input, expected) in catalogue {
      #expect(parse(input) == expected, "input \(Array(input.utf8))")
    }
  }

  @Test func allSequencesInOneBuffer() {
    let all = catalogue
    let input = all.map(\.0).joined()
    #expect(parse(input) == all.flatMap(\.1))
  }

  /// The whole catalogue, cut into two reads at every byte position, gives the same events.
  @Test func sequencesSplitAtEveryBytePosition() {
    let all = catalogue
    let bytes = Array(all.map(\.0).joined().utf8)
    let expected = all.flatMap(\.1)
    for cut in 0...bytes.count {
      var parser = InputParser()
      var events = parser.parse(bytes[..<cut])
      events += parser.parse(bytes[cut...])
      #expect(events == expected, "cut at \(cut)")
      #expect(!parser.hasPending)
      if events != expected { return }
    }
  }

  @Test func byteByByteFeedingGivesTheSameEvents() {
    let all = catalogue
    var parser = InputParser()
    var events: [InputEvent] = []
    for byte in all.map(\.0).joined().utf8 { parser.parse([byte], into: &events) }
    #expect(events == all.flatMap(\.1))
  }

  @Test func loneEscapeWaitsForFlush() {
    var parser = InputParser()
    #expect(parser.parse([0x1B]).isEmpty)
    #expect(parser.hasPending)
    #expect(parser.flushPending() == [key(.escape)])
    #expect(!parser.hasPending)
    #expect(parser.flushPending().isEmpty)
    #expect(parser.parse(Array("\u{1B}[".utf8)).isEmpty)
    #expect(parser.flushPending() == [key(.character("["), .alt)])
    #expect(parser.parse(Array("\u{1B}[1;".utf8)).isEmpty)
    #expect(parser.flushPending().isEmpty)
    #expect(parser.parse(Array("x".utf8)) == [key(.character("x"))])
  }

  @Test func doubleEscapeIsEscapeThenPending() {
    var parser = InputParser()
    #expect(parser.parse([0x1B, 0x1B]) == [key(.escape)])
    #expect(parser.flushPending() == [key(.escape)])
  }

  @Test func unknownAndMalformedSequencesAreSkipped() {
    #expect(parse("\u{1B}[?1;2cA") == [key(.character("A"))])  // device attributes reply
    #expect(parse("\u{1B}[99~b") == [key(.character("b"))])
    #expect(parse("\u{1B}[12\u{7}c") == [key(.character("g"), .control), key(.character("c"))])
    #expect(parse("\u{1B}[<1;2Mz") == [key(.character("z"))])  // mouse with too few fields
    #expect(parse("\u{1B}[Mabcq") == [key(.character("q"))])  // legacy X10 mouse
  }

  @Test func invalidUTF8IsDropped() {
    var parser = InputParser()
    #expect(parser.parse([0xFF, 0xC3, 0x41, 0xE2, 0x82]) == [key(.character("A"))])
    #expect(parser.hasPending)
    #expect(parser.parse([0xAC]) == [key(.character("€"))])
  }

  @Test func overlongSequencesDoNotGrowWithoutBound() {
    var parser = InputParser()
    let long = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 500) + [0x41, 0x61]
    #expect(parser.parse(long) == [key(.character("a"))])
    // Cut into small reads, the over-long sequence is still dropped whole.
    var events: [InputEvent] = []
    for byte in long { parser.parse([byte], into: &events) }
    #expect(events == [key(.character("a"))])
    #expect(!parser.hasPending)
  }

  @Test func pasteSplitAcrossReads() {
    var parser = InputParser()
    let bytes = Array("\u{1B}[200~line 1\nline 2 \u{1B}[20x\u{1B}[201~k".utf8)
    for cut in 0...bytes.count {
      var events = parser.parse(bytes[..<cut])
      events += parser.parse(bytes[cut...])
      #expect(events == [.paste("line 1\nline 2 \u{1B}[20x"), key(.character("k"))], "cut \(cut)")
      #expect(!parser.isPasting)
    }
  }

  /// Seeded random bytes, fed in random chunks: never a crash, never an unbounded buffer.
  @Test(arguments: [7, 99, 31337] as [UInt32])
  func randomBytesAreSafe(seed: UInt32) {
    var random = SeededRandom(seed: seed)
    var parser = InputParser()
    let interesting: [UInt8] = [0x1B, 0x5B, 0x3C, 0x3B, 0x4F, 0x7E, 0x4D, 0x6D, 0x32, 0x30, 0x31]
    for _ in 0..<2000 {
      let count = random.below(40)
      let chunk = (0..<count).map { _ in
        random.below(2) == 0
          ? interesting[random.below(interesting.count)] : UInt8(random.below(256))
      }
      _ = parser.parse(chunk)
      if random.below(10) == 0 { _ = parser.flushPending() }
    }
    _ = parser.parse(Array("\u{1B}[201~".utf8))
    _ = parser.flushPending()
    #expect(
      parser.parse(Array("ok".utf8)) == [key(.character("o")), key(.character("k"))],
      "seed \(seed)")
  }
}
