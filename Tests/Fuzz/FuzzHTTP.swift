// libFuzzer harness for ReelBanner's HTTP/1.1 response parser (HTTPResponseParser and
// HTTPResponseHead), over raw response bytes as a server could send them.
//
// The first input byte picks the body limit (0 to 4,080 bytes), the second seeds how the rest
// is cut into reads. Each input is parsed twice: in one read, and in reads of 1 to 64 bytes.
// It traps when the two disagree (the result must not depend on how bytes arrive), when a body
// exceeds the limit, or when a parsed header value holds a control character other than a tab.
//
// Not a SwiftPM target: built from the parser's sources by `REEL_FUZZ_TARGET=http
// Tests/Fuzz/run.sh [seconds]`, starting from the corpus in Tests/Fuzz/corpus-http.
#if canImport(Glibc)
  import Glibc
#endif

/// What parsing one response came to, comparable across ways of feeding it.
enum Outcome: Equatable {
  case response(status: Int, headers: [String: String], body: [UInt8])
  /// The error's case; the message of a malformed response may depend on where reads end.
  case failure(String)

  init(_ error: NetworkImageError) {
    switch error {
    case .malformedResponse: self = .failure("malformedResponse")
    default: self = .failure("\(error)")
    }
  }
}

/// Parses `bytes` fed in reads of the sizes `sizes` gives (cycled), then ends the stream.
func parse(_ bytes: ArraySlice<UInt8>, limit: Int, sizes: [Int]) -> Outcome {
  var parser = HTTPResponseParser(maximumBodyBytes: limit)
  var offset = bytes.startIndex
  var step = 0
  do {
    while offset < bytes.endIndex && !parser.isComplete {
      let end = min(offset + sizes[step % sizes.count], bytes.endIndex)
      try parser.consume(bytes[offset..<end])
      offset = end
      step += 1
      check(
        parser.body.count <= limit, "body of \(parser.body.count) bytes past the limit \(limit)")
    }
    try parser.finish()
  } catch {
    return Outcome(error)
  }
  guard let head = parser.head else { fail("complete without a head") }
  for (name, value) in head.headers {
    check(
      (name + value).utf8.allSatisfy { $0 == 9 || ($0 >= 32 && $0 != 127) },
      "control character in header \(name): \(value)")
  }
  return .response(status: head.status, headers: head.headers, body: parser.body)
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
  print(message)
  fflush(stdout)
  fatalError("HTTP parser contract broken")
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 2 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limit = Int(bytes[0]) * 16
  var seed = UInt32(bytes[1]) &* 2_654_435_761 | 1
  let sizes = (0..<16).map { _ in
    seed ^= seed << 13
    seed ^= seed >> 17
    seed ^= seed << 5
    return Int(seed % 64) + 1
  }
  let response = bytes[2...]
  let whole = parse(response, limit: limit, sizes: [max(1, response.count)])
  let pieces = parse(response, limit: limit, sizes: sizes)
  check(whole == pieces, "one read gave \(whole), reads of \(sizes) gave \(pieces)")
  return 0
}
