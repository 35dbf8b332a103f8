import Foundation
import Testing

@testable import ReelBanner

@Suite struct HTTPResponseParserTests {
  func parse(_ text: String, limit: Int = 1_000, split: Int = 1) throws -> HTTPResponseParser {
    var parser = HTTPResponseParser(maximumBodyBytes: limit)
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count && !parser.isComplete {
      try parser.consume(bytes[offset..<min(offset + split, bytes.count)])
      offset += split
    }
    return parser
  }

  @Test(arguments: [1, 3, 1000])
  func contentLengthBodiesInAnyPieces(split: Int) throws {
    let parser = try parse(
      "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: \"a\"\r\n\r\nhello-extra", split: split)
    #expect(parser.isComplete)
    #expect(parser.head?.status == 200 && parser.head?.value("ETAG") == "\"a\"")
    #expect(parser.body == Array("hello".utf8), "bytes past Content-Length are ignored")
  }

  @Test(arguments: [1, 4, 1000])
  func chunkedBodiesWithExtensionsAndTrailers(split: Int) throws {
    let text =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1\r\n!\r\n0\r\nX-T: 1\r\n\r\n"
    let parser = try parse(text, split: split)
    #expect(parser.isComplete)
    #expect(parser.body == Array("hello!".utf8))
  }

  @Test func interimResponsesAreSkippedAndBareLineFeedsAccepted() throws {
    let parser = try parse(
      "HTTP/1.1 100 Continue\n\nHTTP/1.0 404 Not Found\nContent-Length: 2\n\nno")
    #expect(parser.head?.status == 404 && parser.body == Array("no".utf8))
  }

  @Test func closeDelimitedBodiesEndAtTheEndOfTheStream() throws {
    var parser = try parse("HTTP/1.1 200 OK\r\n\r\nabc")
    #expect(!parser.isComplete)
    try parser.finish()
    #expect(parser.isComplete && parser.body == Array("abc".utf8))
  }

  @Test func cutShortResponsesAreTruncatedOrLost() throws {
    var lengthed = try parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
    #expect(throws: NetworkImageError.truncatedBody(expected: 10, received: 3)) {
      try lengthed.finish()
    }
    var chunked = try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")
    #expect(throws: NetworkImageError.truncatedBody(expected: nil, received: 2)) {
      try chunked.finish()
    }
    var headless = try parse("HTTP/1.1 200 OK\r\nContent-Le")
    #expect(throws: NetworkImageError.connectionLost) { try headless.finish() }
  }

  @Test func bodiesOverTheLimitAreRefused() throws {
    #expect(throws: NetworkImageError.tooLarge(limit: 4)) {
      try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", limit: 4)
    }
    #expect(throws: NetworkImageError.tooLarge(limit: 4)) {
      try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n", limit: 4)
    }
    #expect(throws: NetworkImageError.tooLarge(limit: 4)) {
      try parse("HTTP/1.1 200 OK\r\n\r\nhello", limit: 4)
    }
  }

  @Test(arguments: [
    "HTTP/2 200 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "hello\r\n\r\n",
    "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nabc",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nabc",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+1b\r\nabc",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n 0x1\r\nabc",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: xchunkedx\r\n\r\n1\r\na\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n1\r\na\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 1\r\n\r\n",
    "HTTP/1.9999 200 OK\r\nContent-Length: 1\r\n\r\nx", "HTTP/1.1 +20 OK\r\n\r\n",
    "HTTP/1.1 200 OK\r\nETag: \"v1\"\rX-Injected: yes\r\n\r\n",
    "HTTP/1.1 200 OK\r\nETag: \"v1\u{0}\"\r\n\r\n",
  ])
  func malformedResponsesAreTypedErrors(text: String) {
    #expect {
      try parse(text)
    } throws: { error in
      if case .malformedResponse = error as? NetworkImageError { return true }
      return false
    }
  }

  /// Bytes outside the body are bounded: interim heads, chunk framing and trailers together stop
  /// at 64 KiB beyond one framing byte per body byte, whatever the reads.
  @Test(arguments: [
    String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 3_000)
      + "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n"
      + String(repeating: "X-Trailer: flood\r\n", count: 4_000) + "\r\n",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + String(repeating: "1;\(String(repeating: "e", count: 900))\r\nx\r\n", count: 100)
      + "0\r\n\r\n",
  ])
  func floodsOutsideTheBodyAreMalformed(text: String) throws {
    for split in [7, 65_536] {
      #expect {
        try parse(text, limit: 1 << 20, split: split)
      } throws: { error in
        error as? NetworkImageError == .malformedResponse("more than 64 KiB outside the body")
          || error as? NetworkImageError == .malformedResponse("response head longer than 64 KiB")
      }
    }
    let fewer = try parse(
      String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 100)
        + "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx")
    #expect(fewer.isComplete && fewer.body == Array("x".utf8), "a few interim heads are fine")
  }

  /// The HTTP parser fuzzer's corpus (Tests/Fuzz/corpus-http), replayed with its checks: the
  /// first byte picks the body limit (16 × its value), and a response parsed in one read, in
  /// reads of 7 bytes and in reads of 1 byte comes to the same outcome, its body within the
  /// limit.
  @Test func theFuzzCorpusReplaysClean() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/corpus-http")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    var checked = 0
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      guard bytes.count >= 2 else { continue }
      let limit = Int(bytes[0]) * 16
      let outcomes = [bytes.count, 7, 1].map { split in
        Self.outcome(of: bytes[2...], limit: limit, split: split)
      }
      #expect(outcomes[0] == outcomes[1] && outcomes[0] == outcomes[2], "\(file): \(outcomes)")
      if case .body(_, let body) = outcomes[0] { #expect(body.count <= limit, "\(file)") }
      checked += 1
    }
    #expect(checked >= 16, "inputs of two bytes or more (shorter ones carry no response)")
  }

  enum Outcome: Equatable {
    case body(HTTPResponseHead, [UInt8])
    /// The error's case; a malformed response's reason may depend on where reads end.
    case failure(String)
  }

  static func outcome(of bytes: ArraySlice<UInt8>, limit: Int, split: Int) -> Outcome {
    var parser = HTTPResponseParser(maximumBodyBytes: limit)
    var offset = bytes.startIndex
    do {
      while offset < bytes.endIndex && !parser.isComplete {
        let end = min(offset + max(1, split), bytes.endIndex)
        try parser.consume(bytes[offset..<end])
        offset = end
      }
      try parser.finish()
    } catch .malformedResponse {
      return .failure("malformedResponse")
    } catch {
      return .failure("\(error)")
    }
    guard let head = parser.head else { return .failure("no head") }
    return .body(head, parser.body)
  }

  @Test func freshnessFromCacheControl() {
    let day = Duration.seconds(86_400)
    func freshness(_ value: String?) -> HTTPFreshness {
      HTTPFreshness(
        HTTPResponseHead(status: 200, headers: value.map { ["cache-control": $0] } ?? [:]),
        defaultFreshness: day)
    }
    #expect(freshness(nil).mayStore && freshness(nil).freshFor == day)
    #expect(freshness("public, max-age=60").freshFor == .seconds(60))
    #expect(freshness("max-age=60, no-cache").freshFor == .zero)
    #expect(freshness("no-cache, max-age=60").freshFor == .zero)
    #expect(!freshness("no-store").mayStore && freshness("max-age=1").mayStore)
  }

  @Test func retryDelaysGrowToTheirCap() {
    let policy = RetryPolicy(
      maximumAttempts: 5, initialDelay: .milliseconds(100), multiplier: 3,
      maximumDelay: .milliseconds(500))
    let delays = (1...4).map { policy.delay(afterAttempt: $0) }
    #expect(
      delays == [.milliseconds(100), .milliseconds(300), .milliseconds(500), .milliseconds(500)])
  }
}
