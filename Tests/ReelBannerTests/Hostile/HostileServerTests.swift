import Foundation
import Glibc
import Reel
import Testing

@testable import ReelBanner

/// Hostile servers on loopback, each loading one image through the real loader and pipeline in
/// a process of its own (an exit test), so its memory and CPU are its own to measure.
///
/// Each case asserts, with stated bounds:
/// - the error the load ends in (or the image, for a legitimate but extreme one);
/// - time: it ends within its total timeout plus 3 s of slack for a loaded machine (and, for the
///   one image that loads, the time to decode it); the cases that wait on the server have a 2 s
///   total timeout and end at it;
/// - memory: the process's resident high-water mark over the load, reset before it with
///   `/proc/self/clear_refs`, grows by at most the download limit (20 MiB) plus 24 MiB.
///   Not checked under a sanitizer, whose allocator keeps freed memory in quarantine;
/// - CPU while waiting on a silent or trickling server over `http`: at most half the time
///   waited. Over `https` the toolchain's `URLSession` keeps a core busy while it waits, so
///   there the bound is the total timeout itself (plus the same slack).
///
/// Each case prints one line (`HOSTILE name | error | time | peak | CPU`) to its standard output,
/// and one `BROKEN` line per bound it broke.
///
/// The cases run in parallel: each is a process of its own, on its own ports.
@Suite struct HostileServerTests {
  @Test(arguments: HostileCase.namesToRun)
  func loadingFromAHostileServerIsBounded(name: String) async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      [name] in
      await HostileRun(HostileCase.named(name)).run()
    }
    guard let result else { return }
    let lines = String(decoding: result.standardOutputContent, as: UTF8.self)
      .split(separator: "\n")
    let report = lines.filter { $0.hasPrefix("HOSTILE ") }
    let broken = lines.filter { $0.hasPrefix("BROKEN ") }
    #expect(report.count == 1, "the case reported \(report.count) lines:\n\(lines)")
    #expect(broken.isEmpty, "\(report.first ?? "")\n\(broken.joined(separator: "\n"))")
    if let line = report.first { print(line) }
  }
}

/// One hostile case run and measured inside the current process.
struct HostileRun {
  let hostile: HostileCase

  init(_ hostile: HostileCase) { self.hostile = hostile }

  /// Runs the case and prints its line and a line for every bound it broke.
  func run() async {
    let silent = try! LoopbackHTTPServer(lifetime: .seconds(60)) { _ in
      LoopbackHTTPServer.Reply(status: 200, behaviour: .hang)
    }
    let silentPort = silent.port
    let reply = hostile.reply
    let server = try! LoopbackHTTPServer(lifetime: .seconds(60)) { request in
      request.path == "/warm-up"
        ? LoopbackHTTPServer.Reply(
          status: 200, headers: [("Content-Type", "image/x-portable-pixmap")],
          body: Array("P6\n1 1\n255\n".utf8) + [1, 2, 3])
        : reply(silentPort)
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reel-hostile-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = NetworkImageConfiguration()
    configuration.idleTimeout = hostile.idleTimeout
    configuration.totalTimeout = hostile.totalTimeout
    let loader = NetworkImageLoader(
      configuration: configuration, diskCache: DiskCache(directory: directory))
    let pipeline = ImagePipeline<PixelImage>(loader: DefaultImageDataLoader(network: loader))
    let one = PixelSize(width: 1, height: 1)
    // Everything the load needs that is not the load: a first image, and the server's bytes.
    _ = try! await pipeline.image(for: .url(server.url("/warm-up")), targetSize: one)
    _ = HostileCase.wideImage.count + HostileCase.gzipBomb.count

    let baseline = Memory.resetPeak()
    let startCPU = Memory.cpuSeconds()
    let start = ContinuousClock.now
    let outcome: String
    do {
      _ = try await pipeline.image(for: .url(server.url("/" + hostile.name)), targetSize: one)
      outcome = "image"
    } catch {
      outcome = String(describing: error)
    }
    let elapsed = ContinuousClock.now - start
    let cpu = Memory.cpuSeconds() - startCPU
    let peak = Memory.peakKiB() - baseline
    server.stop()
    silent.stop()

    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      String(
        format: "HOSTILE %@ | %@ | %.2f s | %+.1f MiB | CPU %.2f s", hostile.name, outcome,
        seconds, Double(peak) / 1024, cpu))
    var broken: [String] = []
    if outcome != (hostile.error ?? "image") {
      broken.append("ended in \(outcome), expected \(hostile.error ?? "image")")
    }
    let timeBound = hostile.totalTimeout + .seconds(3) + hostile.decoding
    if elapsed > timeBound { broken.append("took \(elapsed), bound \(timeBound)") }
    let memoryBound = (HostileCase.downloadLimit >> 10) + (24 << 10)
    if !Memory.underSanitizer && peak > memoryBound {
      broken.append("peak resident memory grew by \(peak) KiB, bound \(memoryBound) KiB")
    }
    switch hostile.waits {
    case .no: break
    case .http where cpu > seconds / 2:
      broken.append("\(cpu) s of CPU over a wait of \(seconds) s, bound half of it")
    case .https where cpu > seconds + 3 || cpu > 5:
      broken.append("\(cpu) s of CPU over a wait of \(seconds) s, bound the total timeout")
    default: break
    }
    for line in broken { print("BROKEN \(hostile.name): \(line)") }
    fflush(nil)  // every stream: the lines reach the parent before the process exits
  }
}

/// This process's memory and CPU, from the kernel.
enum Memory {
  /// The resident set size now, after resetting the high-water mark to it (when the kernel
  /// allows; else the high-water mark so far), in KiB.
  static func resetPeak() -> Int {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    if fd >= 0 {
      _ = write(fd, "5", 1)
      close(fd)
    }
    return status("VmHWM")
  }

  /// The resident high-water mark, in KiB.
  static func peakKiB() -> Int { status("VmHWM") }

  /// User and system CPU time of the whole process, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// Whether AddressSanitizer or ThreadSanitizer is linked in.
  static let underSanitizer =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
    || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  private static func status(_ field: String) -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
  }
}
