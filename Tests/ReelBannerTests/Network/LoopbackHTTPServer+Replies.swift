import Foundation
import Glibc

/// Writing replies: normal, trickled, truncated, chunked, hanging, reset or raw bytes.
extension LoopbackHTTPServer {
  /// Sends `reply` as its behaviour says; how the exchange ended.
  func send(_ reply: Reply, to client: Int32) -> Outcome {
    var head = "HTTP/1.1 \(reply.status) \(Self.reason(reply.status))\r\nConnection: close\r\n"
    var hasLength = false
    for (name, value) in reply.headers {
      head += "\(name): \(value)\r\n"
      hasLength = hasLength || name.lowercased() == "content-length"
    }
    switch reply.behaviour {
    case .raw(let prefix, let flood, let floodBytes, let interval):
      guard write(prefix, to: client) else { return .clientClosed }
      var sent = 0
      while sent < floodBytes && !flood.isEmpty {
        guard write(flood, to: client) else { return .clientClosed }
        sent += flood.count
        if interval > .zero {
          switch wait(for: client, until: ContinuousClock.now + interval) {
          case .ready: return .clientClosed
          case .stopped: return .serverStopped
          case .timedOut: continue
          }
        }
      }
      return .completed
    case .hang:
      switch wait(for: client, until: deadline) {
      case .ready: return .clientClosed  // readable with no request pending: the peer closed
      case .stopped, .timedOut: return .serverStopped
      }
    case .reset:
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
      return .completed
    case .chunked(let size):
      head += "Transfer-Encoding: chunked\r\n\r\n"
      guard write(Array(head.utf8), to: client) else { return .clientClosed }
      var offset = 0
      while offset < reply.body.count {
        let piece = reply.body[offset..<min(offset + size, reply.body.count)]
        let frame = Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + [13, 10]
        guard write(frame, to: client) else { return .clientClosed }
        offset += piece.count
      }
      return write(Array("0\r\n\r\n".utf8), to: client) ? .completed : .clientClosed
    case .normal, .trickle, .truncate:
      if !hasLength { head += "Content-Length: \(reply.body.count)\r\n" }
      head += "\r\n"
      guard write(Array(head.utf8), to: client) else { return .clientClosed }
    }
    switch reply.behaviour {
    case .truncate(let count):
      return write(Array(reply.body.prefix(count)), to: client) ? .completed : .clientClosed
    case .trickle(let chunk, let interval):
      var offset = 0
      while offset < reply.body.count {
        let end = min(offset + chunk, reply.body.count)
        guard write(Array(reply.body[offset..<end]), to: client) else { return .clientClosed }
        offset = end
        guard offset < reply.body.count else { break }
        // Readable while trickling means the client closed (it sends nothing more).
        switch wait(for: client, until: ContinuousClock.now + interval) {
        case .ready: return .clientClosed
        case .stopped: return .serverStopped
        case .timedOut: continue
        }
      }
      return .completed
    default:
      return write(reply.body, to: client) ? .completed : .clientClosed
    }
  }

  private func write(_ bytes: [UInt8], to client: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(client, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
