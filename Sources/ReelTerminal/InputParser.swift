/// Decodes the bytes a terminal sends into ``InputEvent``s.
///
/// Feed it every chunk you read, whole: one `read()` often holds several escape sequences
/// (tmux and fast typing deliver them together). A sequence cut at the end of a chunk is kept
/// and completed by the next chunk. A lone ESC is ambiguous (the Escape key, or the start of
/// a sequence still in flight), so it stays pending until more bytes arrive or the caller,
/// after a short quiet time (~25 ms), calls ``flushPending()``. Unknown or malformed sequences
/// are skipped; any byte sequence is safe, and a pending sequence never grows past
/// ``maximumSequenceLength`` bytes.
///
/// Recognised: printable UTF-8 (one event per Unicode scalar), Enter, Tab, Backspace, Ctrl-
/// letters (Ctrl-C is `.character("c")` with `.control`), ESC-prefixed keys as Alt, arrows,
/// Home/End (`CSI H/F`, `CSI 1~/4~`, `CSI 7~/8~`, `SS3 H/F`), Insert, Delete, Page Up/Down,
/// F1–F12, xterm modifiers (`CSI 1;5A`), Shift-Tab, `CSI u` keys, SGR mouse, focus in/out and
/// bracketed paste.
///
/// ```swift
/// var parser = InputParser()
/// let events = parser.parse(Array("\u{1B}[A\u{1B}[<0;5;3M".utf8))
/// // [.key(KeyEvent(.up)), .mouse(MouseEvent(.press(.left), x: 4, y: 2))]
/// ```
public struct InputParser: Sendable {
  /// The longest escape sequence kept while waiting for its end; longer ones are dropped.
  public static let maximumSequenceLength = 64

  /// Bytes received but not yet decoded: an incomplete sequence at the end of the last chunk.
  private var pending: [UInt8] = []
  /// Whether a bracketed paste has started and not yet ended.
  private var pasting = false
  /// The pasted bytes received so far.
  private var pasted: [UInt8] = []
  /// Whether the rest of an over-long sequence is being dropped, up to its final byte.
  private var discarding = false

  /// Creates a parser with nothing pending.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Whether an incomplete sequence waits for more bytes or for ``flushPending()``; the caller
  /// should call ``flushPending()`` if no byte follows within a short time.
  public var hasPending: Bool { !pending.isEmpty && !pasting }

  /// Whether a bracketed paste has started and its end has not arrived yet.
  public var isPasting: Bool { pasting }

  /// Decodes a chunk of input and returns the complete events in it.
  ///
  /// - Complexity: O(n) in the chunk's length plus the pending bytes.
  public mutating func parse<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
    var events: [InputEvent] = []
    parse(bytes, into: &events)
    return events
  }

  /// Decodes a chunk of input and appends the complete events in it to `events`.
  ///
  /// - Complexity: O(n) in the chunk's length plus the pending bytes.
  public mutating func parse<Bytes: Sequence<UInt8>>(
    _ bytes: Bytes, into events: inout [InputEvent]
  ) {
    pending.append(contentsOf: bytes)
    var index = 0
    loop: while index < pending.count {
      switch step(at: index) {
      case .event(let event, let length):
        events.append(event)
        index += length
      case .skip(let length):
        index += length
      case .overlong(let length):
        index += length
        discarding = true
      case .incomplete:
        break loop
      }
    }
    pending.removeFirst(index)
  }

  /// Ends the wait for the rest of a pending sequence, after the caller saw no input for a
  /// short while: a lone ESC becomes the Escape key, `ESC [` and `ESC O` become Alt-`[` and
  /// Alt-`O`, and any other incomplete sequence is dropped. An unfinished bracketed paste is
  /// kept (pastes are not timed out).
  ///
  /// - Complexity: O(1).
  public mutating func flushPending() -> [InputEvent] {
    guard !pasting, !pending.isEmpty else { return [] }
    defer { pending.removeAll(keepingCapacity: true) }
    if pending == [0x1B] { return [.key(KeyEvent(.escape))] }
    if pending.count == 2, pending[0] == 0x1B, pending[1] == 0x5B || pending[1] == 0x4F {
      let character = Character(Unicode.Scalar(pending[1]))
      return [.key(KeyEvent(.character(character), modifiers: .alt))]
    }
    return []
  }

  /// The outcome of decoding at one position.
  enum Step {
    /// An event, using `length` bytes.
    case event(InputEvent, Int)
    /// Nothing to report; drop `length` bytes.
    case skip(Int)
    /// A sequence longer than ``maximumSequenceLength``: drop `length` bytes and the rest of it.
    case overlong(Int)
    /// The bytes end inside a sequence.
    case incomplete
  }

  /// Decodes the event that starts at `index`.
  private mutating func step(at index: Int) -> Step {
    if pasting { return pasteStep(at: index) }
    if discarding {
      let byte = pending[index]
      if (0x20...0x3F).contains(byte) { return .skip(1) }
      discarding = false
      if (0x40...0x7E).contains(byte) { return .skip(1) }
    }
    if pending[index] == 0x1B { return escapeStep(at: index) }
    return InputParser.plainKey(pending, at: index)
  }

  /// Decodes an ESC-introduced sequence at `index`.
  private mutating func escapeStep(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    switch pending[index + 1] {
    case 0x5B:  // [
      let step = InputParser.csi(pending, at: index)
      if case .event(.paste, let length) = step {
        pasting = true
        pasted.removeAll(keepingCapacity: true)
        return .skip(length)
      }
      return step
    case 0x4F:  // O
      return InputParser.ss3(pending, at: index)
    case 0x1B:
      return .event(.key(KeyEvent(.escape)), 1)
    default:
      switch InputParser.plainKey(pending, at: index + 1) {
      case .event(.key(var key), let length):
        key.modifiers.insert(.alt)
        return .event(.key(key), length + 1)
      case .event(_, let length), .skip(let length), .overlong(let length):
        return .skip(length + 1)
      case .incomplete:
        return .incomplete
      }
    }
  }

  /// Collects pasted bytes up to the `CSI 201~` terminator.
  private mutating func pasteStep(at index: Int) -> Step {
    let terminator: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    let end = pending.count
    var position = index
    while position < end {
      if pending[position] == 0x1B {
        var matched = 0
        while matched < terminator.count, position + matched < end,
          pending[position + matched] == terminator[matched]
        {
          matched += 1
        }
        if matched == terminator.count {
          pasted.append(contentsOf: pending[index..<position])
          pasting = false
          let text = String(decoding: pasted, as: UTF8.self)
          pasted.removeAll(keepingCapacity: true)
          return .event(.paste(text), position + matched - index)
        }
        if position + matched == end {
          // A possible terminator is cut off: keep it for the next chunk.
          if position == index { return .incomplete }
          pasted.append(contentsOf: pending[index..<position])
          return .skip(position - index)
        }
      }
      position += 1
    }
    pasted.append(contentsOf: pending[index..<end])
    return .skip(end - index)
  }
}
