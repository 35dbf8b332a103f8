// Measures whether the toolchain's `URLSession` (FoundationNetworking, libcurl on Linux) grows a
// process's memory over many plain `http` requests, made the way ReelBanner's `URLSession`
// transport makes them: one ephemeral session per request, a data delegate collecting the body,
// the session invalidated after its task. A loopback server in the same process answers every
// request with a 16 KiB body and `Connection: close`.
//
// Prints the resident set size (VmRSS) and its high-water mark (VmHWM) after a warm-up and
// every tenth of the run, then the growth per request.
//
//   swiftc -O Scripts/urlsession-rss.swift -o /tmp/urlsession-rss && /tmp/urlsession-rss 10000
import Foundation
import Glibc

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let total = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000
let warmUp = max(1, total / 20)
let body = [UInt8](repeating: 0x5A, count: 16 << 10)

/// `VmRSS` and `VmHWM` of this process, in KiB.
func memory() -> (rss: Int, hwm: Int) {
  let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  func field(_ name: String) -> Int {
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
  }
  return (field("VmRSS"), field("VmHWM"))
}

// MARK: The loopback server: one thread, one connection at a time.

let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_in()
address.sin_family = sa_family_t(AF_INET)
address.sin_addr.s_addr = inet_addr("127.0.0.1")
var yes: Int32 = 1
setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
_ = withUnsafePointer(to: &address) {
  $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
    bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
  }
}
listen(listener, 128)
var length = socklen_t(MemoryLayout<sockaddr_in>.size)
_ = withUnsafeMutablePointer(to: &address) {
  $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
}
let port = Int(UInt16(bigEndian: address.sin_port))
let reply =
  Array("HTTP/1.1 200 OK\r\nContent-Type: image/x-portable-pixmap\r\nConnection: close\r\n".utf8)
  + Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body

let server = Thread {
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let client = accept(listener, nil, nil)
    guard client >= 0 else { continue }
    var request: [UInt8] = []
    while !(request.count >= 4 && request.suffix(4).elementsEqual([13, 10, 13, 10])) {
      let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      request += buffer[0..<count]
    }
    var sent = 0
    while sent < reply.count {
      let count = reply.withUnsafeBytes {
        send(client, $0.baseAddress! + sent, reply.count - sent, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { break }
      sent += count
    }
    close(client)
  }
}
server.start()

// MARK: The client, as the transport uses it.

final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  var received = 0
  var failure: (any Error)?

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    received += data.count
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    failure = error
    done.signal()
  }
}

let url = URL(string: "http://127.0.0.1:\(port)/image.ppm")!

func fetchOnce() {
  var request = URLRequest(url: url)
  request.setValue("image/*", forHTTPHeaderField: "Accept")
  let configuration = URLSessionConfiguration.ephemeral
  configuration.timeoutIntervalForRequest = 15
  configuration.timeoutIntervalForResource = 60
  configuration.urlCache = nil
  configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
  let collector = Collector()
  let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
  let task = session.dataTask(with: request)
  task.resume()
  collector.done.wait()
  session.finishTasksAndInvalidate()
  precondition(collector.failure == nil, "request failed: \(collector.failure!)")
  precondition(collector.received == body.count, "short body: \(collector.received)")
}

for _ in 0..<warmUp { fetchOnce() }
let start = memory()
let clock = ContinuousClock.now
print("requests  VmRSS KiB  VmHWM KiB   (after \(warmUp) warm-up requests)")
print(String(format: "%8d  %9d  %9d", 0, start.rss, start.hwm))
for step in 1...10 {
  for _ in 0..<(total / 10) { fetchOnce() }
  let now = memory()
  print(String(format: "%8d  %9d  %9d", step * (total / 10), now.rss, now.hwm))
}
let end = memory()
let elapsed = ContinuousClock.now - clock
print(
  String(
    format: "growth: %d KiB over %d requests (%.1f bytes a request), %.1f s",
    end.rss - start.rss, total, Double(end.rss - start.rss) * 1024 / Double(total),
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
