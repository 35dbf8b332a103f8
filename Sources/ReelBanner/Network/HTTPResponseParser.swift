/// Reads one HTTP/1.1 response from the bytes of a connection, as they arrive.
///
/// Handles `Content-Length`, chunked and close-delimited bodies, skips interim 1xx heads, and
/// enforces the maximum body size before storing more. At the end of the stream, ``finish()``
/// tells a complete close-delimited body from one cut short. Pure: no I/O, tested alone.
///
/// Bounded whatever the bytes: the body never holds more than `maximumBodyBytes`, and the bytes
/// outside it (heads, interim heads, chunk framing, trailers) never more than
/// ``HTTPResponseHead/maximumByteCount`` plus one per body byte, so the parser keeps at most
/// `maximumBodyBytes` plus 64 KiB plus the last bytes fed to it. A body of unknown length is
/// given its whole capacity up front, so it never grows by copying (and the pages of that
/// capacity take memory only as bytes arrive); ``HTTPResponse`` gets a compact copy when most of
/// it went unused. Each byte fed is examined a
/// bounded number of times (at most 1 KiB of rescanning per call, for a chunk size line).
struct HTTPResponseParser {
  private enum Framing {
    case length(Int)
    case chunked
    case untilClose
  }

  private enum ChunkState {
    case size
    case data(remaining: Int)
    case dataEnd
    case trailers
  }

  /// The response head once it has arrived.
  private(set) var head: HTTPResponseHead?
  /// The body bytes received so far.
  private(set) var body: [UInt8] = []
  /// Whether the response is complete; later bytes are ignored.
  private(set) var isComplete = false
  /// The largest body accepted.
  let maximumBodyBytes: Int

  /// Bytes not parsed yet (of a head, or of chunk framing).
  private var buffer: [UInt8] = []
  /// How far `buffer` was searched for the end of a head.
  private var scanned = 0
  private var framing: Framing?
  private var chunk = ChunkState.size
  /// Bytes consumed outside the body: heads, chunk framing, trailers.
  private var overhead = 0

  init(maximumBodyBytes: Int) {
    self.maximumBodyBytes = maximumBodyBytes
  }

  /// The body length the server announced, when it did.
  var expectedBodyBytes: Int? {
    if case .length(let length) = framing { return length }
    return nil
  }

  /// Feeds the next bytes read from the connection.
  mutating func consume(_ bytes: some Collection<UInt8>) throws(NetworkImageError) {
    guard !isComplete else { return }
    switch framing {
    case nil:
      buffer.append(contentsOf: bytes)
      try parseHead()
    case .length(let length):
      body.append(contentsOf: bytes.prefix(length - body.count))
      if body.count == length { isComplete = true }
    case .untilClose:
      guard body.count + bytes.count <= maximumBodyBytes else {
        throw .tooLarge(limit: maximumBodyBytes)
      }
      body.append(contentsOf: bytes)
    case .chunked:
      buffer.append(contentsOf: bytes)
      try parseChunks()
    }
  }

  /// Called at the end of the stream: completes a close-delimited body, or throws for a
  /// response cut short.
  mutating func finish() throws(NetworkImageError) {
    guard !isComplete else { return }
    switch framing {
    case nil:
      throw .connectionLost
    case .untilClose:
      isComplete = true
    case .length(let length):
      throw .truncatedBody(expected: length, received: body.count)
    case .chunked:
      throw .truncatedBody(expected: nil, received: body.count)
    }
  }

  /// Counts `count` more bytes outside the body, throwing past the allowance.
  private mutating func addOverhead(_ count: Int) throws(NetworkImageError) {
    overhead += count
    guard overhead <= HTTPResponseHead.maximumByteCount + body.count else {
      throw .malformedResponse("more than 64 KiB outside the body")
    }
  }

  private mutating func parseHead() throws(NetworkImageError) {
    var start = 0
    while true {
      guard let end = headEnd(from: start) else {
        guard overhead + buffer.count - start <= HTTPResponseHead.maximumByteCount else {
          throw .malformedResponse("response head longer than 64 KiB")
        }
        buffer.removeFirst(start)
        scanned = max(0, buffer.count - 2)
        return
      }
      try addOverhead(end.bodyStart - start)
      let parsed = try HTTPResponseHead.parse(buffer[start..<end.headLength])
      start = end.bodyStart
      if (100..<200).contains(parsed.status) { continue }  // interim: the real one follows
      head = parsed
      let rest = Array(buffer[start...])
      buffer = []
      scanned = 0
      if parsed.status == 204 || parsed.status == 304 {
        isComplete = true
        return
      }
      if try parsed.isChunked() {
        framing = .chunked
        body.reserveCapacity(maximumBodyBytes)
      } else if let length = try parsed.contentLength() {
        guard length <= maximumBodyBytes else { throw .tooLarge(limit: maximumBodyBytes) }
        framing = .length(length)
        body.reserveCapacity(length)
        if length == 0 {
          isComplete = true
          return
        }
      } else {
        framing = .untilClose
        body.reserveCapacity(maximumBodyBytes)
      }
      try consume(rest)
      return
    }
  }

  /// Where the head that starts at `start` ends: the index of its blank line, and where the
  /// body starts. Accepts bare LF line ends. Searches only bytes not searched before.
  private func headEnd(from start: Int) -> (headLength: Int, bodyStart: Int)? {
    var index = max(start, scanned)
    while index < buffer.count {
      if buffer[index] == UInt8(ascii: "\n") {
        if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") {
          return (index, index + 2)
        }
        if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"),
          buffer[index + 2] == UInt8(ascii: "\n")
        {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }

  private mutating func parseChunks() throws(NetworkImageError) {
    var cursor = 0
    defer { buffer.removeFirst(cursor) }
    while !isComplete {
      switch chunk {
      case .size:
        // A line longer than 1 KiB is refused whether or not its end has arrived, so the
        // outcome does not depend on how the bytes were cut into reads.
        guard let lineEnd = buffer[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count - cursor > 1024 { throw .malformedResponse("chunk size line too long") }
          return
        }
        guard lineEnd - cursor <= 1024 else { throw .malformedResponse("chunk size line too long") }
        var line = buffer[cursor..<lineEnd]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) { line = line[..<semicolon] }
        let text = String(decoding: line, as: UTF8.self).trimmingSpaces
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy(\.isHexDigit),
          let size = Int(text, radix: 16)
        else { throw .malformedResponse("bad chunk size") }
        try addOverhead(lineEnd + 1 - cursor)
        cursor = lineEnd + 1
        guard body.count + size <= maximumBodyBytes else {
          throw .tooLarge(limit: maximumBodyBytes)
        }
        chunk = size == 0 ? .trailers : .data(remaining: size)
      case .data(let remaining):
        let available = min(remaining, buffer.count - cursor)
        guard available > 0 else { return }
        body.append(contentsOf: buffer[cursor..<cursor + available])
        cursor += available
        chunk = remaining == available ? .dataEnd : .data(remaining: remaining - available)
      case .dataEnd:
        guard let lineEnd = buffer[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count - cursor > 1 { throw .malformedResponse("chunk not followed by CRLF") }
          return
        }
        guard lineEnd == cursor || (lineEnd == cursor + 1 && buffer[cursor] == UInt8(ascii: "\r"))
        else { throw .malformedResponse("chunk longer than its size") }
        try addOverhead(lineEnd + 1 - cursor)
        cursor = lineEnd + 1
        chunk = .size
      case .trailers:
        guard let lineEnd = buffer[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count - cursor > 1024 { throw .malformedResponse("trailer line too long") }
          return
        }
        guard lineEnd - cursor <= 1024 else { throw .malformedResponse("trailer line too long") }
        let isBlank =
          lineEnd == cursor || (lineEnd == cursor + 1 && buffer[cursor] == UInt8(ascii: "\r"))
        try addOverhead(lineEnd + 1 - cursor)
        cursor = lineEnd + 1
        if isBlank { isComplete = true }
      }
    }
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hexadecimal digit.
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace = { (c: Character) in c == " " || c == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
