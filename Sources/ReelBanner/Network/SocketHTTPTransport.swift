import Foundation
import Glibc
import Reel

/// Plain `http` on the system's sockets: one connection per request (`Connection: close`), run
/// on a short-lived thread of its own, so blocking I/O never occupies the cooperative pool.
///
/// Every wait is a `poll` on the socket and on a wake-up descriptor, bounded by the idle timeout
/// and the request's deadline: cancelling the task signals the wake-up descriptor and the thread
/// closes the socket at once, so the server sees the transfer stop. Nothing busy-waits.
///
/// Written for Reel instead of using `URLSession` for `http`, for two reasons. The toolchain's
/// `URLSession` (libcurl) grows a process's resident memory by about 170 bytes per request,
/// with or without AddressSanitizer: 1.7 MB over 10,000 plain `http` requests to a loopback
/// server (`Scripts/urlsession-rss.swift` measures it). And while it waits for a server it
/// keeps a core busy, where this client sleeps in `poll`.
struct SocketHTTPTransport: HTTPTransport {
  /// The name of the transfer threads, visible in `/proc/self/task/*/comm`.
  static let threadName = "reel-http"

  /// Sockets and wake-up descriptors open now, across all transfers; for leak tests.
  static var openDescriptors: Int { descriptors.withLock { $0 } }
  fileprivate static let descriptors = Locked(0)

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    let transfer = try SocketTransfer(request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: transfer.run()) }
        thread.name = Self.threadName
        thread.start()
      }
    } onCancel: {
      transfer.cancel()
    }
  }
}

/// One request's socket and wake-up pipe, shared by the transfer thread and whoever cancels it.
/// The lock makes a cancellation and the thread's closing of the pipe exclusive, so a cancel
/// never writes to a descriptor number already reused.
private final class SocketTransfer: Sendable {
  private struct State {
    var wakeRead: Int32
    var wakeWrite: Int32
    var cancelled = false
  }

  private let request: HTTPRequest
  private let state: Locked<State>

  init(_ request: HTTPRequest) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw NetworkImageError.cannotConnect(Self.errorText(errno)) }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    SocketHTTPTransport.descriptors.withLock { $0 += 2 }
    self.request = request
    self.state = Locked(State(wakeRead: ends[0], wakeWrite: ends[1]))
  }

  /// Stops the transfer: the thread's next (or current) wait returns at once.
  func cancel() {
    state.withLock { state in
      guard !state.cancelled else { return }
      state.cancelled = true
      if state.wakeWrite >= 0 {
        var byte: UInt8 = 1
        _ = write(state.wakeWrite, &byte, 1)
      }
    }
  }

  /// Runs the request to its end on the calling (transfer) thread; every descriptor is closed
  /// before it returns.
  func run() -> Result<HTTPResponse, any Error> {
    defer {
      state.withLock { state in
        close(state.wakeRead)
        close(state.wakeWrite)
        state.wakeRead = -1
        state.wakeWrite = -1
      }
      SocketHTTPTransport.descriptors.withLock { $0 -= 2 }
    }
    let wake = state.withLock { $0.wakeRead }
    let deadline = request.deadline
    var socket: Int32 = -1
    defer {
      if socket >= 0 {
        close(socket)
        SocketHTTPTransport.descriptors.withLock { $0 -= 1 }
      }
    }
    do {
      guard let host = request.url.host, !host.isEmpty else {
        throw NetworkImageError.cannotConnect("no host in \(request.url.absoluteString)")
      }
      let port = request.url.port ?? 80
      socket = try connect(host: host, port: port, wake: wake, deadline: deadline)
      try sendAll(requestBytes(host: host, port: port), on: socket, wake: wake, deadline: deadline)
      return .success(try receive(on: socket, wake: wake, deadline: deadline))
    } catch {
      return .failure(error)
    }
  }

  // MARK: Steps

  private func requestBytes(host: String, port: Int) -> [UInt8] {
    // The path and query as they are on the wire: percent-encoding kept.
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
    let path = components?.percentEncodedPath ?? ""
    var target = path.isEmpty ? "/" : path
    if let query = components?.percentEncodedQuery { target += "?" + query }
    let hostField = host.contains(":") ? "[\(host)]" : host
    var text = "GET \(target) HTTP/1.1\r\nHost: \(hostField)\(port == 80 ? "" : ":\(port)")\r\n"
    text += "User-Agent: Reel\r\nAccept: image/*\r\nAccept-Encoding: identity\r\n"
    text += "Connection: close\r\n"
    for header in request.headers { text += "\(header.name): \(header.value)\r\n" }
    return Array((text + "\r\n").utf8)
  }

  /// Resolves `host` and connects to the first address that accepts.
  private func connect(
    host: String, port: Int, wake: Int32, deadline: ContinuousClock.Instant
  ) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw NetworkImageError.cannotConnect("cannot resolve \(host)")
    }
    defer { freeaddrinfo(first) }
    var lastError = NetworkImageError.cannotConnect("no address for \(host)")
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let current = address {
      address = current.pointee.ai_next
      let fd = Glibc.socket(
        current.pointee.ai_family,
        current.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue),
        current.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      SocketHTTPTransport.descriptors.withLock { $0 += 1 }
      do {
        if Glibc.connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) != 0 {
          guard errno == EINPROGRESS else { throw Self.connectError(errno) }
          try wait(for: Int16(POLLOUT), on: fd, wake: wake, deadline: deadline)
          var code: Int32 = 0
          var length = socklen_t(MemoryLayout<Int32>.size)
          getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
          if code != 0 { throw Self.connectError(code) }
        }
        return fd
      } catch let error as NetworkImageError {
        close(fd)
        SocketHTTPTransport.descriptors.withLock { $0 -= 1 }
        lastError = error
      } catch {
        close(fd)
        SocketHTTPTransport.descriptors.withLock { $0 -= 1 }
        throw error
      }
    }
    throw lastError
  }

  private func sendAll(
    _ bytes: [UInt8], on socket: Int32, wake: Int32, deadline: ContinuousClock.Instant
  ) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        Glibc.send(socket, raw.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        sent += count
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        try wait(for: Int16(POLLOUT), on: socket, wake: wake, deadline: deadline)
      } else {
        throw NetworkImageError.connectionLost
      }
    }
  }

  private func receive(
    on socket: Int32, wake: Int32, deadline: ContinuousClock.Instant
  ) throws -> HTTPResponse {
    var parser = HTTPResponseParser(maximumBodyBytes: request.maximumBodyBytes)
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var reported = -1
    while !parser.isComplete {
      try wait(for: Int16(POLLIN), on: socket, wake: wake, deadline: deadline)
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        try parser.consume(buffer[0..<count])
      } else if count == 0 {
        try parser.finish()
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        continue
      } else if parser.head == nil {
        throw NetworkImageError.connectionLost
      } else {
        try parser.finish()  // a reset mid-body: truncated, unless the body was close-delimited
        throw NetworkImageError.truncatedBody(
          expected: parser.expectedBodyBytes, received: parser.body.count)
      }
      if parser.head != nil && parser.body.count != reported {
        reported = parser.body.count
        request.progress(
          DownloadProgress(bytesReceived: reported, bytesExpected: parser.expectedBodyBytes))
      }
    }
    guard let head = parser.head else { throw NetworkImageError.connectionLost }
    return HTTPResponse(head: head, body: parser.body)
  }

  /// Waits until `socket` is ready for `events`, the transfer is cancelled, or a timeout.
  private func wait(
    for events: Int16, on socket: Int32, wake: Int32, deadline: ContinuousClock.Instant
  ) throws {
    let now = ContinuousClock.now
    guard now < deadline else { throw NetworkImageError.timedOut }
    let bound = min(request.idleTimeout, deadline - now)
    let (seconds, attoseconds) = bound.components
    let milliseconds = max(
      1, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    var fds = [
      pollfd(fd: socket, events: events, revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    var ready: Int32
    repeat {
      ready = poll(&fds, 2, Int32(milliseconds))
    } while ready < 0 && errno == EINTR
    if fds[1].revents != 0 || state.withLock({ $0.cancelled }) { throw CancellationError() }
    guard ready > 0 else { throw NetworkImageError.timedOut }
  }

  private static func connectError(_ code: Int32) -> NetworkImageError {
    .cannotConnect(errorText(code))
  }

  private static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
