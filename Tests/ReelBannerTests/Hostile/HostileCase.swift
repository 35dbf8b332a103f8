import Foundation

@testable import ReelBanner

/// One hostile server: what it sends for an image, and what loading that image must come to.
///
/// Every case runs against the real loader and pipeline on a loopback server, with the
/// defaults' download limit (20 MiB), redirect limit (5) and retry policy. A case that ends
/// by what the server sends has the default timeouts (15 s idle, 20 s in all), so a loaded
/// machine does not turn its error into a timeout; a case that waits on the server has a 1 s
/// idle timeout and a 2 s ``NetworkImageConfiguration/totalTimeout``.
struct HostileCase: Sendable {
  /// The case's name and the path it is served under.
  var name: String
  /// The error the load ends in, as `String(describing:)` prints it; `nil` for an image.
  var error: String?
  /// Whether the load mostly waits on the server (so the process's CPU must stay low), and
  /// over which transport: `http` waits in `poll`, `https` in the toolchain's `URLSession`.
  var waits: Waiting = .no
  /// Time allowed for decoding on top of the network's bounds (a debug build decodes 16 MiB of
  /// samples in seconds, many more on a loaded machine).
  var decoding = Duration.zero
  /// What the server sends.
  var reply: @Sendable (_ silentPort: Int) -> LoopbackHTTPServer.Reply

  enum Waiting: Sendable { case no, http, https }

  static let downloadLimit = 20 << 20

  /// The idle timeout the case's loader has.
  var idleTimeout: Duration { waits == .no ? .seconds(15) : .seconds(1) }
  /// The total timeout the case's loader has.
  var totalTimeout: Duration { waits == .no ? .seconds(20) : .seconds(2) }

  static func named(_ name: String) -> HostileCase {
    guard let found = all.first(where: { $0.name == name }) else {
      preconditionFailure("no hostile case named \(name)")
    }
    return found
  }

  static var names: [String] { all.map(\.name) }

  /// The cases whose bounds a sanitizer leaves something to check: not the wide image, which is
  /// there for its memory (which a sanitizer's allocator inflates), and is slow to decode under
  /// one.
  static var namesToRun: [String] {
    Memory.underSanitizer ? names.filter { $0 != "wide-image" } : names
  }

  private typealias Reply = LoopbackHTTPServer.Reply

  private static func raw(
    _ prefix: String, flood: String = "", bytes: Int = 0, interval: Duration = .zero
  ) -> @Sendable (Int) -> Reply {
    { _ in
      Reply(
        status: 200,
        behaviour: .raw(
          prefix: Array(prefix.utf8), flood: Array(flood.utf8), floodBytes: bytes,
          interval: interval))
    }
  }

  private static let floodBytes = 256 << 20
  /// 64 KiB of body bytes, sent over and over.
  private static let block = String(repeating: "A", count: 64 << 10)
  private static let ppmType = "Content-Type: image/x-portable-pixmap\r\n"

  /// A gzip member of 1 MiB of zeros (1,051 bytes).
  static let gzipBomb: [UInt8] =
    [
      0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xed, 0xc1, 0x31, 0x01, 0x00,
      0x00, 0x00, 0xc2, 0xa0, 0xf5, 0x4f, 0x6d, 0x08, 0x5f, 0xa0,
    ] + [UInt8](repeating: 0, count: 1016) + [
      0x3e, 0x03, 0x1c, 0xea, 0x38, 0xa7, 0x00, 0x00, 0x10, 0x00,
    ]

  /// A 2²⁴ × 1 greyscale image: 16 MiB of samples, under the download limit.
  static let wideImage =
    Array("P5\n16777216 1\n255\n".utf8) + [UInt8](repeating: 99, count: 1 << 24)

  static let all: [HostileCase] = [
    HostileCase(
      name: "negative-chunk-size", error: #"malformedResponse("bad chunk size")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", flood: block,
        bytes: floodBytes)),
    HostileCase(
      name: "signed-chunk-size", error: #"malformedResponse("bad chunk size")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+1b\r\n", flood: block,
        bytes: floodBytes)),
    HostileCase(
      name: "unknown-transfer-coding",
      error: #"malformedResponse("unsupported Transfer-Encoding \"xchunkedx\"")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: xchunkedx\r\n\r\n", flood: block, bytes: floodBytes
      )),
    HostileCase(
      name: "odd-version", error: #"malformedResponse("bad status line \"HTTP/1.9999 200 OK\"")"#,
      reply: raw("HTTP/1.9999 200 OK\r\nContent-Length: 1\r\n\r\nx")),
    HostileCase(
      name: "conflicting-lengths", error: #"malformedResponse("bad Content-Length \"3, 4\"")"#,
      reply: raw("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")),
    HostileCase(
      name: "length-and-chunked",
      error: #"malformedResponse("both Transfer-Encoding and Content-Length")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
      )),
    HostileCase(
      name: "oversized-length", error: "tooLarge(limit: \(downloadLimit))",
      reply: raw(
        "HTTP/1.1 200 OK\r\nContent-Length: 1099511627776\r\n\r\n", flood: block,
        bytes: floodBytes)),
    HostileCase(
      name: "endless-body", error: "tooLarge(limit: \(downloadLimit))",
      reply: raw("HTTP/1.1 200 OK\r\n\(ppmType)\r\n", flood: block, bytes: floodBytes)),
    HostileCase(
      name: "endless-chunks", error: "tooLarge(limit: \(downloadLimit))",
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
        flood: "10000\r\n" + block + "\r\n", bytes: floodBytes)),
    HostileCase(
      name: "header-flood", error: #"malformedResponse("response head longer than 64 KiB")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\n", flood: "X-Flood: " + String(repeating: "f", count: 1000) + "\r\n",
        bytes: floodBytes)),
    HostileCase(
      name: "continue-flood", error: #"malformedResponse("more than 64 KiB outside the body")"#,
      reply: raw("", flood: "HTTP/1.1 100 Continue\r\n\r\n", bytes: floodBytes)),
    HostileCase(
      name: "trailer-flood", error: #"malformedResponse("more than 64 KiB outside the body")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n",
        flood: "X-Trailer: " + String(repeating: "t", count: 1000) + "\r\n", bytes: floodBytes)),
    HostileCase(
      name: "framing-flood", error: #"malformedResponse("more than 64 KiB outside the body")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
        flood: "1;" + String(repeating: "e", count: 1000) + "\r\nx\r\n", bytes: floodBytes)),
    HostileCase(
      name: "bare-cr-etag", error: #"malformedResponse("bad header line")"#,
      reply: raw(
        "HTTP/1.1 200 OK\r\nETag: \"v1\"\rX-Injected: yes\r\n\(ppmType)Content-Length: 1\r\n\r\nx")
    ),
    HostileCase(
      name: "gzip-bomb", error: "unrecognizedFormat",
      reply: { _ in
        Reply(
          status: 200,
          headers: [("Content-Type", "image/x-portable-pixmap"), ("Content-Encoding", "gzip")],
          body: gzipBomb)
      }),
    HostileCase(
      name: "redirect-loop", error: "tooManyRedirects(limit: 5)",
      reply: { _ in Reply(status: 302, headers: [("Location", "/redirect-loop")]) }),
    HostileCase(
      name: "foreign-scheme",
      error: #"malformedResponse("bad redirect location \"file:///etc/passwd\"")"#,
      reply: { _ in Reply(status: 302, headers: [("Location", "file:///etc/passwd")]) }),
    HostileCase(
      name: "slowloris", error: "timedOut", waits: .http,
      reply: raw(
        "HTTP/1.1 200 OK\r\n\(ppmType)Content-Length: 1048576\r\n\r\n", flood: "A",
        bytes: 1 << 20, interval: .milliseconds(50))),
    HostileCase(
      name: "trickled-redirects", error: "timedOut", waits: .http,
      reply: { _ in
        Reply(
          status: 302, headers: [("Location", "/trickled-redirects")],
          body: [UInt8](repeating: 32, count: 2_000),
          behaviour: .trickle(chunk: 100, interval: .milliseconds(200)))
      }),
    HostileCase(
      name: "hang", error: "timedOut", waits: .http,
      reply: { _ in Reply(status: 200, behaviour: .hang) }),
    HostileCase(
      name: "silent-tls-peer", error: "timedOut", waits: .https,
      reply: { port in
        Reply(status: 302, headers: [("Location", "https://127.0.0.1:\(port)/silent")])
      }),
    HostileCase(
      name: "wide-image", error: nil, decoding: .seconds(120),
      reply: { _ in
        Reply(status: 200, headers: [("Content-Type", "image/x-portable-graymap")], body: wideImage)
      }),
  ]
}
