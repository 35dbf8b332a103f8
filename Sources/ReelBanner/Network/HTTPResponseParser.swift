/// Reads one HTTP/1.1 response from the bytes of a connection, as they arrive.
///
/// Handles `Content-Length`, chunked and close-delimited bodies, skips interim 1xx heads, and
/// enforces the maximum body size before storing more. At the end of the stream, ``finish()``
/// tells a complete close-delimited body from one cut short. Pure: no I/O, tested alone.
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

  private var buffer: [UInt8] = []
  private var framing: Framing?
  private var chunk = ChunkState.size

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
    if framing == nil {
      buffer.append(contentsOf: bytes)
      try parseHead()
      return
    }
    switch framing {
    case .length(let length):
      let wanted = length - body.count
      body.append(contentsOf: bytes.prefix(wanted))
      if body.count == length { isComplete = true }
    case .untilClose:
      guard body.count + bytes.count <= maximumBodyBytes else {
        throw .tooLarge(limit: maximumBodyBytes)
      }
      body.append(contentsOf: bytes)
    case .chunked:
      buffer.append(contentsOf: bytes)
      try parseChunks()
    case nil:
      break
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

  private mutating func parseHead() throws(NetworkImageError) {
    while framing == nil {
      guard let end = headEnd() else {
        if buffer.count > HTTPResponseHead.maximumByteCount {
          throw .malformedResponse("response head longer than 64 KiB")
        }
        return
      }
      let parsed = try HTTPResponseHead.parse(buffer[..<end.headLength])
      let rest = Array(buffer[end.bodyStart...])
      buffer = []
      if (100..<200).contains(parsed.status) {  // interim response: the real one follows
        buffer = rest
        continue
      }
      head = parsed
      if parsed.status == 204 || parsed.status == 304 {
        isComplete = true
        return
      }
      if parsed.isChunked {
        framing = .chunked
      } else if let length = try parsed.contentLength() {
        guard length <= maximumBodyBytes else { throw .tooLarge(limit: maximumBodyBytes) }
        framing = .length(length)
        if length == 0 {
          isComplete = true
          return
        }
      } else {
        framing = .untilClose
      }
      try consume(rest)
    }
  }

  /// Where the head ends: the length of the head without its blank line, and where the body
  /// starts. Accepts bare LF line ends.
  private func headEnd() -> (headLength: Int, bodyStart: Int)? {
    var index = 0
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
        guard let lineEnd = buffer[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count - cursor > 1024 { throw .malformedResponse("chunk size line too long") }
          return
        }
        var line = buffer[cursor..<lineEnd]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) { line = line[..<semicolon] }
        let text = String(decoding: line, as: UTF8.self).trimmingSpaces
        guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16) else {
          throw .malformedResponse("bad chunk size")
        }
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
        cursor = lineEnd + 1
        chunk = .size
      case .trailers:
        guard let lineEnd = buffer[cursor...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count - cursor > HTTPResponseHead.maximumByteCount {
            throw .malformedResponse("trailers too long")
          }
          return
        }
        let isBlank =
          lineEnd == cursor || (lineEnd == cursor + 1 && buffer[cursor] == UInt8(ascii: "\r"))
        cursor = lineEnd + 1
        if isBlank { isComplete = true }
      }
    }
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
