/// The status line and headers of an HTTP/1.x response.
struct HTTPResponseHead: Hashable, Sendable {
  /// The status code, `100...999`.
  var status: Int
  /// Header values by lowercased name; repeated headers are joined with `", "`.
  var headers: [String: String]

  /// The value of the header `name` (any case), if present.
  func value(_ name: String) -> String? { headers[name.lowercased()] }

  /// The largest head accepted, in bytes: a server sending more is treated as malformed.
  static let maximumByteCount = 64 << 10

  /// Parses a head (without the blank line that ends it).
  static func parse(_ bytes: ArraySlice<UInt8>) throws(NetworkImageError) -> HTTPResponseHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    guard !lines.isEmpty else { throw .malformedResponse("empty response head") }
    let statusLine = lines.removeFirst()
    let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2)
    guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)), parts[1].count == 3,
      let status = Int(String(decoding: parts[1], as: UTF8.self)), status >= 100
    else {
      throw .malformedResponse(
        "bad status line \"\(String(decoding: statusLine.prefix(80), as: UTF8.self))\"")
    }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
        throw .malformedResponse("bad header line")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      let value = trimmed(String(decoding: line[(colon + 1)...], as: UTF8.self))
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
    let values = Set(text.split(separator: ",").map { trimmed(String($0)) })
    guard values.count == 1, let only = values.first, !only.isEmpty, only.count <= 18,
      only.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let length = Int(only)
    else { throw .malformedResponse("bad Content-Length \"\(text.prefix(40))\"") }
    return length
  }

  /// Whether the body uses chunked transfer coding.
  var isChunked: Bool {
    value("transfer-encoding")?.lowercased().contains("chunked") ?? false
  }

  private static func trimmed(_ text: String) -> String { text.trimmingSpaces }

  private func trimmed(_ text: String) -> String { text.trimmingSpaces }
}
