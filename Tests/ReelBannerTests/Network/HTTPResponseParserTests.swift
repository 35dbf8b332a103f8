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
  ])
  func malformedResponsesAreTypedErrors(text: String) {
    #expect {
      try parse(text)
    } throws: { error in
      if case .malformedResponse = error as? NetworkImageError { return true }
      return false
    }
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
