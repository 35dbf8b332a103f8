import Foundation
import Glibc
import Reel

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for the network tests: one thread
/// accepting, one thread per connection, `Connection: close`.
///
/// Bounded: it serves at most `maximumRequests` requests and stops by itself after `lifetime`
/// (or on ``stop()``); every wait is a `poll` on the socket and a stop pipe with a deadline, so
/// a hanging route ends when the client goes away or the server stops. Each request is recorded
/// with how it ended, so tests can check that a cancelled transfer really stopped.
final class LoopbackHTTPServer: Sendable {
  struct Request: Sendable {
    var path: String
    var headers: [String: String]
    /// How many requests for this path came before this one.
    var previousRequests: Int
  }

  /// What the connection does after reading the request.
  enum Behaviour: Sendable {
    /// Sends the head and the body.
    case normal
    /// Sends the head, then the body `chunk` bytes at a time, `interval` apart.
    case trickle(chunk: Int, interval: Duration)
    /// Sends the head and the first `count` bytes of the body, then closes.
    case truncate(after: Int)
    /// Sends the body with chunked transfer coding, `chunk` bytes per chunk.
    case chunked(chunk: Int)
    /// Sends nothing and holds the connection until the client closes it or the server stops.
    case hang
    /// Resets the connection (RST) without answering.
    case reset
    /// Sends `prefix` as it is (the reply's status, headers and body are not used), then
    /// `flood` over and over, `interval` apart, until `floodBytes` have gone or the client
    /// closes, then closes. For hostile servers: any bytes, as fast or as slowly as wanted.
    case raw(prefix: [UInt8], flood: [UInt8] = [], floodBytes: Int = 0, interval: Duration = .zero)
  }

  struct Reply: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: [UInt8] = []
    var behaviour = Behaviour.normal
  }

  enum Outcome: Sendable, Equatable {
    /// Everything was sent (or the connection was reset / truncated on purpose).
    case completed
    /// The client closed the connection before the reply was finished.
    case clientClosed
    /// The server stopped (or its lifetime ended) first.
    case serverStopped
  }

  struct Record: Sendable {
    var path: String
    var headers: [String: String]
    var outcome: Outcome?
  }

  private struct State {
    /// The latest records (older ones are dropped past ``keptRecords``, so a long soak does not
    /// grow the test's own memory).
    var records: [Record] = []
    var recordsDropped = 0
    var perPath: [String: Int] = [:]
    var connections = 0
    var peakConnections = 0
    var stopped = false
    var accepting = true
    var listenerClosed = false
  }

  let port: Int
  /// The path of every request, logged as it arrives, for tests to wait on (unless
  /// `logsArrivals` was false: a soak keeps no per-request log).
  let arrivals = EventLog<String>()
  private let logsArrivals: Bool
  private let listener: Int32
  private let stopRead: Int32
  private let stopWrite: Int32
  let deadline: ContinuousClock.Instant
  private let maximumRequests: Int
  private let handler: @Sendable (Request) -> Reply
  private let state = Locked(State())
  private let idle = NSCondition()

  /// Starts serving on `port` (0: an ephemeral one; a given port lets a test bring "the
  /// network" back on the URLs it used before).
  init(
    port requestedPort: Int = 0, maximumRequests: Int = 5_000, lifetime: Duration = .seconds(120),
    logsArrivals: Bool = true, keptRecords: Int = 2_000,
    handler: @escaping @Sendable (Request) -> Reply
  ) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(requestedPort).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
    }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      close(fd)
      throw POSIXError(.EMFILE)
    }
    listener = fd
    stopRead = ends[0]
    stopWrite = ends[1]
    port = Int(UInt16(bigEndian: address.sin_port))
    deadline = ContinuousClock.now + lifetime
    self.maximumRequests = maximumRequests
    self.logsArrivals = logsArrivals
    self.keptRecords = max(2, keptRecords)
    self.handler = handler
    // The per-path counts take their full room now (up to a soak's): the table's allocation
    // is then the same all through a soak, and its growth does not read as memory the client
    // keeps.
    state.withLock { $0.perPath.reserveCapacity(min(16 * self.keptRecords, 1_024)) }
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "reel-test-srv"
    thread.start()
  }

  /// `http://127.0.0.1:<port><path>`.
  func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// The most recent requests, at most ``keptRecords`` of them.
  var records: [Record] { state.withLock { $0.records } }

  /// Every request served, including those whose records were dropped.
  var totalRequests: Int { state.withLock { $0.records.count + $0.recordsDropped } }

  /// How many records are kept.
  let keptRecords: Int

  func requestCount(_ path: String) -> Int { state.withLock { $0.perPath[path] ?? 0 } }

  /// Connections being served now.
  var openConnections: Int { state.withLock { $0.connections } }

  /// The most connections served at once.
  var peakConnections: Int { state.withLock { $0.peakConnections } }

  /// Waits (at most `timeout`, real time) until no connection is being served; true if so.
  @discardableResult
  func waitUntilIdle(timeout: Duration = .seconds(10)) -> Bool {
    let limit = Date().addingTimeInterval(Self.seconds(timeout))
    idle.lock()
    defer { idle.unlock() }
    while openConnections > 0 {
      if !idle.wait(until: limit) { return openConnections == 0 }
    }
    return true
  }

  /// Waits (at most `timeout`) until a request for `path` has ended, and returns how.
  func outcome(of path: String, timeout: Duration = .seconds(10)) -> Outcome? {
    let limit = Date().addingTimeInterval(Self.seconds(timeout))
    idle.lock()
    defer { idle.unlock() }
    while true {
      if let outcome = records.last(where: { $0.path == path })?.outcome { return outcome }
      if !idle.wait(until: limit) { return nil }
    }
  }

  /// Stops accepting, ends hanging connections, waits for them (bounded) and closes the
  /// listening socket, so the port refuses connections.
  func stop() {
    let first = state.withLock { state in
      defer { state.stopped = true }
      return !state.stopped
    }
    if first {
      var byte: UInt8 = 1
      _ = Glibc.write(stopWrite, &byte, 1)
    }
    waitUntilIdle()
    let limit = Date().addingTimeInterval(10)
    idle.lock()
    while state.withLock({ $0.accepting }) && idle.wait(until: limit) {}
    idle.unlock()
    closeListener()
  }

  private func closeListener() {
    let close = state.withLock { state in
      defer { state.listenerClosed = true }
      return !state.listenerClosed && !state.accepting
    }
    if close { Glibc.close(listener) }
  }

  deinit {
    closeListener()
    close(stopRead)
    close(stopWrite)
  }

  // MARK: Serving

  private func acceptLoop() {
    while true {
      guard wait(for: listener, until: deadline) == .ready else { break }
      let client = accept(listener, nil, nil)
      guard client >= 0 else { continue }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let admitted = state.withLock { state -> Bool in
        guard state.records.count + state.recordsDropped < maximumRequests, !state.stopped
        else { return false }
        state.connections += 1
        state.peakConnections = max(state.peakConnections, state.connections)
        return true
      }
      guard admitted else {
        close(client)
        break
      }
      let thread = Thread { [self] in
        serve(client)
        close(client)
        idle.lock()
        state.withLock { $0.connections -= 1 }
        idle.broadcast()
        idle.unlock()
      }
      thread.name = "reel-test-conn"
      thread.start()
    }
    state.withLock { $0.stopped = true }
    var byte: UInt8 = 1
    _ = Glibc.write(stopWrite, &byte, 1)  // wakes connections still holding on
    idle.lock()
    state.withLock { $0.accepting = false }
    idle.broadcast()
    idle.unlock()
  }

  enum Wait { case ready, stopped, timedOut }

  /// Polls `fd` for input (or the peer closing) and the stop pipe until `limit`.
  func wait(for fd: Int32, until limit: ContinuousClock.Instant) -> Wait {
    let remaining = limit - ContinuousClock.now
    guard remaining > .zero else { return .timedOut }
    var fds = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds = Int32(min(Self.seconds(remaining) * 1000 + 1, 2_000_000_000))
    var ready: Int32
    repeat { ready = poll(&fds, 2, milliseconds) } while ready < 0 && errno == EINTR
    if fds[1].revents != 0 { return .stopped }
    return ready > 0 ? .ready : .timedOut
  }

  private func serve(_ client: Int32) {
    guard let (path, headers) = readRequest(client) else { return }
    let (id, previous) = state.withLock { state -> (Int, Int) in
      if state.records.count >= keptRecords {
        state.records.removeFirst(keptRecords / 2)
        state.recordsDropped += keptRecords / 2
      }
      state.records.append(Record(path: path, headers: headers))
      // Per-path counts are kept for the recent paths only (a soak uses thousands).
      if state.perPath.count >= 16 * keptRecords && state.perPath[path] == nil {
        state.perPath.removeAll(keepingCapacity: true)
      }
      let previous = state.perPath[path, default: 0]
      state.perPath[path] = previous + 1
      return (state.recordsDropped + state.records.count - 1, previous)
    }
    if logsArrivals { arrivals.append(path) }
    let reply = handler(Request(path: path, headers: headers, previousRequests: previous))
    let outcome = send(reply, to: client)
    idle.lock()
    state.withLock { state in
      let index = id - state.recordsDropped
      if state.records.indices.contains(index) { state.records[index].outcome = outcome }
    }
    idle.broadcast()
    idle.unlock()
  }

  private func readRequest(_ client: Int32) -> (String, [String: String])? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let limit = min(deadline, ContinuousClock.now + .seconds(10))
    while !bytes.containsHeadEnd {
      guard bytes.count < 65_536, wait(for: client, until: limit) == .ready else { return nil }
      let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      bytes += buffer[0..<count]
    }
    let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count == 3 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (String(parts[1]), headers)
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension [UInt8] {
  fileprivate var containsHeadEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4)
    where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13
      && self[index + 3] == 10
    {
      return true
    }
    return false
  }
}
