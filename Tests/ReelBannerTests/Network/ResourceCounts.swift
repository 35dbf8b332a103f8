import Foundation

@testable import ReelBanner

/// Resources the network code could leak, counted from the kernel's view of this process.
///
/// Tests run in parallel in one process, so process-wide totals move for unrelated reasons; the
/// counts here are attributable: sockets connected to (or accepted by) one loopback server's
/// port, found by matching `/proc/self/fd` socket inodes with `/proc/net/tcp`, and threads
/// named like the HTTP transfer threads in `/proc/self/task/*/comm`.
struct ResourceCounts: Equatable, CustomStringConvertible {
  /// Open descriptors of this process for TCP sockets to or from `port`, listener excluded.
  var sockets: Int
  /// Live HTTP transfer threads.
  var transferThreads: Int
  /// Sockets and wake-up pipes the transport has open.
  var transportDescriptors: Int
  /// Downloads the loader still counts as running (tasks that did not finish).
  var downloads: Int

  var description: String {
    "sockets \(sockets), transfer threads \(transferThreads), transport fds "
      + "\(transportDescriptors), downloads \(downloads)"
  }

  var total: Int { sockets + transferThreads + transportDescriptors + downloads }

  static let zero = ResourceCounts(
    sockets: 0, transferThreads: 0, transportDescriptors: 0, downloads: 0)

  static func now(port: Int, loader: NetworkImageLoader? = nil) -> ResourceCounts {
    ResourceCounts(
      sockets: socketCount(port: port), transferThreads: threadCount(named: "reel-http"),
      transportDescriptors: SocketHTTPTransport.openDescriptors,
      downloads: loader?.activeDownloads ?? 0)
  }

  /// Waits (bounded, real time: a cancelled transfer's thread ends just after its task is told)
  /// until nothing is held for `port`, and returns the last counts.
  ///
  /// It suspends between looks instead of blocking its thread: a download's bookkeeping ends
  /// in its task, which needs a thread of the cooperative pool to run, and on a two-core machine
  /// that pool has two threads, which other tests running at the same time may be holding.
  static func settled(
    port: Int, loader: NetworkImageLoader? = nil, timeout: Duration = .seconds(20)
  ) async -> ResourceCounts {
    let end = ContinuousClock.now + timeout
    var counts = now(port: port, loader: loader)
    while counts.total > 0 && ContinuousClock.now < end {
      try? await Task.sleep(for: .milliseconds(2))
      counts = now(port: port, loader: loader)
    }
    return counts
  }

  /// Every open descriptor of this process.
  static var openDescriptors: Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
  }

  /// Every thread of this process.
  static var threads: Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
  }

  /// Resident memory in bytes.
  static var residentBytes: Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }

  /// The malloc heap across all arenas, from glibc's `malloc_info` report: `system` is what
  /// the arenas took from the kernel, `inUse` what is allocated now (system minus free chunks,
  /// plus blocks mapped on their own). Growth of `inUse` is memory something still holds;
  /// growth of `system` alone is fragmentation.
  static var heap: (inUse: Int, system: Int)? {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(nil, "malloc_info") else { return nil }
    let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return nil }
    let status = mallocInfo(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { return nil }
    // The process-wide totals follow the last </heap>.
    let text = String(cString: buffer)
    guard let tail = text.range(of: "</heap>", options: .backwards) else { return nil }
    let totals = text[tail.upperBound...]
    func bytes(_ tag: String) -> Int {
      guard let found = totals.range(of: tag),
        let open = totals[found.upperBound...].range(of: "size=\""),
        let close = totals[open.upperBound...].firstIndex(of: "\"")
      else { return 0 }
      return Int(totals[open.upperBound..<close]) ?? 0
    }
    let system = bytes("<system type=\"current\"")
    let unused = bytes("<total type=\"fast\"") + bytes("<total type=\"rest\"")
    return (system - unused + bytes("<total type=\"mmap\""), system)
  }

  static func threadCount(named name: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
      let comm = smallFile("/proc/self/task/\(task)/comm")
      return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
    }.count
  }

  /// A small file's text, read with one `read(2)`; `nil` when it cannot be read. A thread may
  /// exit between the listing and the read: Foundation's `String(contentsOfFile:)` leaks its
  /// buffer on that error path (LeakSanitizer reports it), so this reads without it.
  static func smallFile(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  static func socketCount(port: Int) -> Int {
    var inodes: Set<String> = []
    let hexPort = String(format: ":%04X", port)
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
      guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 9, fields[3] != "0A" else { continue }  // 0A: listening
        if fields[1].hasSuffix(hexPort) || fields[2].hasSuffix(hexPort) {
          inodes.insert(String(fields[9]))
        }
      }
    }
    inodes.remove("0")
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return fds.filter { fd in
      guard
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/self/fd/\(fd)")
      else { return false }
      return target.hasPrefix("socket:[") && inodes.contains(String(target.dropFirst(8).dropLast()))
    }.count
  }
}
