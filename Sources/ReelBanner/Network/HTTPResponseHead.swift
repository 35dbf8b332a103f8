/// The status line and headers of an HTTP/1.x response.
struct HTTPResponseHead: Hashable, Sendable {
  /// The status code, `100...999`.
  var status: Int
  /// Header values by lowercased name; repeated headers are joined with `", "`.
  var headers: [String: String]

  /// The value of the header `name` (any case), if present.
  func value(_ name: String) -> String? { headers[name.lowercased()] }

  /// The most bytes a response may carry outside its body: its head, any interim (`1xx`) heads
  /// before it, and (chunked) its chunk framing and trailers beyond one framing byte per body
  /// byte. A server sending more is treated as malformed.
  static let maximumByteCount = 64 << 10

  /// Parses a head (without the blank line that ends it).
  ///
  /// Accepts `HTTP/1.0` and `HTTP/1.1` only, a three-digit status from 100, and header lines
  /// `name: value` whose value has no control character other than a tab (a bare CR or a NUL in
  /// a header is malformed, so no header can smuggle a line into a later request).
  static func parse(_ bytes: ArraySlice<UInt8>) throws(NetworkImageError) -> HTTPResponseHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    guard !lines.isEmpty else { throw .malformedResponse("empty response head") }
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2)
    guard parts.count >= 2,
      parts[0].elementsEqual("HTTP/1.1".utf8) || parts[0].elementsEqual("HTTP/1.0".utf8),
      parts[1].count == 3, parts[1].allSatisfy(isDigit),
      let status = Int(String(decoding: parts[1], as: UTF8.self)), status >= 100
    else {
      throw .malformedResponse(
        "bad status line \"\(String(decoding: statusLine.prefix(80), as: UTF8.self))\"")
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
        line.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) })
      else { throw .malformedResponse("bad header line") }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
      if let existing = headers[name] {
        headers[name] = existing + ", " + value
      } else {
        headers[name] = value
      }
    }
    return HTTPResponseHead(status: status, headers: headers)
  }

  /// The `Content-Length`, `nil` when absent.
  ///
  /// - Throws: ``NetworkImageError/malformedResponse(_:)`` when it is not a number or repeated
  ///   with different values.
  func contentLength() throws(NetworkImageError) -> Int? {
    guard let text = value("content-length") else { return nil }
    let values = Set(text.split(separator: ",").map { String($0).trimmingSpaces })
    guard values.count == 1, let only = values.first, !only.isEmpty, only.count <= 18,
      only.utf8.allSatisfy(Self.isDigit), let length = Int(only)
    else { throw .malformedResponse("bad Content-Length \"\(text.prefix(40))\"") }
    return length
  }

  /// Whether the body uses chunked transfer coding.
  ///
  /// - Throws: ``NetworkImageError/malformedResponse(_:)`` for any other transfer coding (the
  ///   request asks for none), or for `Transfer-Encoding` together with `Content-Length`.
  func isChunked() throws(NetworkImageError) -> Bool {
    guard let coding = value("transfer-encoding") else { return false }
    guard coding.lowercased() == "chunked" else {
      throw .malformedResponse("unsupported Transfer-Encoding \"\(coding.prefix(40))\"")
    }
    guard value("content-length") == nil else {
      throw .malformedResponse("both Transfer-Encoding and Content-Length")
    }
    return true
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
