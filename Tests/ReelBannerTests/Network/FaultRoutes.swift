import Foundation

@testable import ReelBanner

/// The routes of the loopback server: good images and every fault the network tests need.
///
/// Item images are 1×1 PPMs whose red channel names the item (``Fixtures/itemPPM(_:)``), or,
/// for the slow routes, 64×64 ones of the same colour (12 KiB, so the body trickles).
enum FaultRoutes {
  typealias Reply = LoopbackHTTPServer.Reply

  static let ppmType = ("Content-Type", "image/x-portable-pixmap")

  /// A 64×64 PPM of item `item`'s colour; it decodes (fitting 1×1) to ``Fixtures/itemImage(_:)``.
  static func largeItemPPM(_ item: Int) -> [UInt8] {
    Fixtures.ppm(
      width: 64, height: 64, Array(repeating: [UInt8(item), 7, 9], count: 64 * 64).flatMap { $0 })
  }

  /// The bomb: a PPM header declaring 50,000 × 50,000 pixels, and a few bytes.
  static let bomb = Array("P6\n50000 50000\n255\n".utf8) + Array(repeating: 0, count: 64)

  static func handle(_ request: LoopbackHTTPServer.Request) -> Reply {
    let parts = request.path.split(separator: "?")[0].split(separator: "/").map(String.init)
    let number = parts.last.flatMap { Int($0) } ?? 0
    let image = Fixtures.itemPPM(number % 256)
    switch parts.first ?? "" {
    case "image":
      return Reply(status: 200, headers: [ppmType], body: image)
    case "maxage":
      return Reply(status: 200, headers: [ppmType, ("Cache-Control", "max-age=60")], body: image)
    case "nostore":
      return Reply(status: 200, headers: [ppmType, ("Cache-Control", "no-store")], body: image)
    case "etag":
      let tag = "\"v\(number)\""
      if request.headers["if-none-match"] == tag {
        return Reply(status: 304, headers: [("ETag", tag), ("Cache-Control", "max-age=0")])
      }
      return Reply(
        status: 200, headers: [ppmType, ("ETag", tag), ("Cache-Control", "no-cache")], body: image)
    case "lastmod":
      let stamp = "Tue, 14 Nov 2023 22:13:20 GMT"
      if request.headers["if-modified-since"] == stamp {
        return Reply(status: 304, headers: [("Cache-Control", "max-age=0")])
      }
      return Reply(
        status: 200, headers: [ppmType, ("Last-Modified", stamp), ("Cache-Control", "max-age=0")],
        body: image)
    case "slow":
      return Reply(
        status: 200, headers: [ppmType], body: largeItemPPM(number),
        behaviour: .trickle(chunk: 1024, interval: .milliseconds(4)))
    case "crawl":  // 12 KiB at 256 bytes per 20 ms: about a second, unless cancelled
      return Reply(
        status: 200, headers: [ppmType], body: largeItemPPM(number),
        behaviour: .trickle(chunk: 256, interval: .milliseconds(20)))
    case "chunked":
      return Reply(status: 200, headers: [ppmType], body: image, behaviour: .chunked(chunk: 5))
    case "status":
      return Reply(
        status: number, headers: [("Content-Type", "text/plain")], body: Array("no".utf8))
    case "flaky":  // /flaky/<failures>/<item>: 503 for the first <failures> requests
      let failures = Int(parts[1]) ?? 0
      if request.previousRequests < failures { return Reply(status: 503) }
      return Reply(status: 200, headers: [ppmType], body: image)
    case "redirect":  // /redirect/<hops>/<item>
      let hops = Int(parts[1]) ?? 0
      let next = hops <= 1 ? "/image/\(number)" : "/redirect/\(hops - 1)/\(number)"
      return Reply(status: 302, headers: [("Location", next)])
    case "loop":
      return Reply(status: 302, headers: [("Location", "/loop")])
    case "truncated":
      return Reply(
        status: 200, headers: [ppmType], body: largeItemPPM(number),
        behaviour: .truncate(after: 5_000))
    case "longer":  // announces more than it sends
      return Reply(
        status: 200, headers: [ppmType, ("Content-Length", "\(image.count + 50)")], body: image,
        behaviour: .truncate(after: image.count))
    case "shorter":  // announces less than the image
      return Reply(
        status: 200, headers: [ppmType, ("Content-Length", "\(image.count - 2)")], body: image)
    case "html":
      return Reply(
        status: 200, headers: [("Content-Type", "text/html")],
        body: Array("<html>sale!</html>".utf8))
    case "notimage":  // claims to be an image, is not
      return Reply(status: 200, headers: [ppmType], body: Array("<html>sale!</html>".utf8))
    case "bomb":
      return Reply(status: 200, headers: [ppmType], body: bomb)
    case "huge":  // announces 1 GiB
      return Reply(
        status: 200, headers: [ppmType, ("Content-Length", "\(1 << 30)")], body: [],
        behaviour: .truncate(after: 0))
    case "endless":  // chunked, larger than any limit
      return Reply(
        status: 200, headers: [ppmType], body: Array(repeating: 0x41, count: 256 << 10),
        behaviour: .chunked(chunk: 4096))
    case "hang":
      return Reply(status: 200, behaviour: .hang)
    case "reset":
      return Reply(status: 200, behaviour: .reset)
    default:
      return Reply(status: 404)
    }
  }
}
