import Glibc

extension TerminalSession {
  /// Asks the terminal for its background colour (OSC 11) and waits at most
  /// `timeoutMilliseconds` for the answer; `nil` when it does not say.
  ///
  /// The query is followed by a Primary Device Attributes request (`CSI c`), which every
  /// terminal answers, and answers in order: when that answer comes without a colour before
  /// it, the terminal does not support the query and the wait ends at once, so only a
  /// terminal that answers nothing costs the whole timeout. Keys typed meanwhile are kept for
  /// the ``TerminalEventLoop`` made from this session. Call it once at start-up, before the
  /// event loop reads input.
  ///
  /// ```swift
  /// let session = try TerminalSession()
  /// let isLight = session.queryBackgroundColor().map { $0.relativeLuminance > 0.5 } ?? false
  /// ```
  ///
  /// - Returns: the background colour, or `nil` after ``close()``, without an answer, or when
  ///   the answer cannot be read.
  /// - Complexity: one write and a bounded wait: at most `timeoutMilliseconds`.
  public func queryBackgroundColor(timeoutMilliseconds: Int32 = 150) -> TerminalColor? {
    guard isActive else { return nil }
    do {
      try write(Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8))
    } catch {
      return nil
    }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    let deadline = Self.monotonicMilliseconds() + Int64(max(0, timeoutMilliseconds))
    while true {
      let scan = BackgroundReply.scan(received)
      if scan.isComplete {
        leftoverInput += scan.rest
        return scan.color
      }
      let left = deadline - Self.monotonicMilliseconds()
      guard left > 0 else { break }
      var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(clamping: left))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      let count = read(inputFD, &chunk, chunk.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { break }
      received += chunk[0..<count]
    }
    let scan = BackgroundReply.scan(received)
    leftoverInput += scan.rest
    return scan.color
  }

  /// Monotonic time in milliseconds.
  static func monotonicMilliseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }
}

/// Finds the answers to the background query in the bytes a terminal sent.
enum BackgroundReply {
  /// What the bytes say: the colour (if its answer arrived), whether the Device Attributes
  /// answer (the end of all answers) arrived, and the other bytes, which are user input.
  struct Scan: Equatable {
    var color: TerminalColor?
    var isComplete: Bool
    var rest: [UInt8]
  }

  /// Scans `bytes` for an OSC 11 answer (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or
  /// `ESC \`) and a Device Attributes answer (`ESC [ ? … c`), removing both.
  static func scan(_ bytes: [UInt8]) -> Scan {
    var result = Scan(color: nil, isComplete: false, rest: [])
    var index = 0
    while index < bytes.count {
      if let (body, end) = osc11(in: bytes, at: index) {
        result.color = color(from: body)
        index = end
      } else if let end = deviceAttributes(in: bytes, at: index) {
        result.isComplete = true
        index = end
      } else {
        result.rest.append(bytes[index])
        index += 1
      }
    }
    return result
  }

  /// The body of an OSC 11 answer starting at `start` and the index after its terminator.
  static func osc11(in bytes: [UInt8], at start: Int) -> ([UInt8], Int)? {
    let prefix: [UInt8] = [0x1B, 0x5D, 0x31, 0x31, 0x3B]  // ESC ] 1 1 ;
    guard bytes.count - start > prefix.count, Array(bytes[start..<start + 5]) == prefix else {
      return nil
    }
    var index = start + 5
    while index < bytes.count {
      if bytes[index] == 0x07 { return (Array(bytes[start + 5..<index]), index + 1) }
      if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5C {
        return (Array(bytes[start + 5..<index]), index + 2)
      }
      index += 1
    }
    return nil
  }

  /// The index after a Device Attributes answer (`ESC [ ? digits ; … c`) at `start`.
  static func deviceAttributes(in bytes: [UInt8], at start: Int) -> Int? {
    guard bytes.count - start >= 4, bytes[start] == 0x1B, bytes[start + 1] == 0x5B,
      bytes[start + 2] == 0x3F
    else { return nil }
    var index = start + 3
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x63 { return index + 1 }  // c
      guard (0x30...0x39).contains(byte) || byte == 0x3B else { return nil }
      index += 1
    }
    return nil
  }

  /// The colour of an X11 colour specification: `rgb:R/G/B` (1–4 hex digits per channel),
  /// `rgba:R/G/B/A` or `#RRGGBB`.
  static func color(from body: [UInt8]) -> TerminalColor? {
    let text = String(decoding: body, as: UTF8.self)
    if text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) {
      return TerminalColor(hex: value)
    }
    let parts: [Substring]
    if text.hasPrefix("rgb:") {
      parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
    } else if text.hasPrefix("rgba:") {
      parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 4 else { return nil }
    } else {
      return nil
    }
    var channels: [UInt8] = []
    for part in parts.prefix(3) {
      guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
      let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
      channels.append(UInt8((value * 255 + maximum / 2) / maximum))
    }
    return TerminalColor(red: channels[0], green: channels[1], blue: channels[2])
  }
}
