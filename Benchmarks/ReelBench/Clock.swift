#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time and resident memory, read straight from the OS without allocating.
enum Machine {
  /// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`).
  @inline(never)
  static func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }

  /// The resident set size in bytes, from the second field of `/proc/self/statm`; 0 where it
  /// cannot be read.
  static func residentBytes() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
      let count = read(fd, buffer.baseAddress, buffer.count)
      guard count > 0 else { return 0 }
      var field = 0
      var value = 0
      for byte in buffer[0..<count] {
        if byte == UInt8(ascii: " ") {
          field += 1
          if field == 2 { break }
          continue
        }
        if field == 1, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
      }
      return value * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
  }

  /// Returns freed heap memory to the OS, so that resident-memory growth measures what is live.
  static func releaseFreeMemory() {
    _ = GlibcMalloc.trim?(0)
  }

  /// Fixes glibc's mmap threshold so that large blocks always come from (and return to) the OS,
  /// whatever was freed before: otherwise the threshold adapts and later runs reuse heap memory
  /// that no longer shows as growth.
  static func stabilizeAllocator() {
    _ = GlibcMalloc.option?(GlibcMalloc.mmapThreshold, 128 * 1024)
    _ = GlibcMalloc.option?(GlibcMalloc.trimThreshold, 128 * 1024)
  }
}

/// glibc's `malloc_trim` and `mallopt`, which `<malloc.h>` declares but the Glibc module does
/// not import; looked up at run time (absent on other C libraries).
private enum GlibcMalloc {
  typealias Trim = @convention(c) (Int) -> Int32
  typealias Option = @convention(c) (Int32, Int32) -> Int32

  static let mmapThreshold: Int32 = -3
  static let trimThreshold: Int32 = -1

  static let trim: Trim? = symbol("malloc_trim", as: Trim.self)
  static let option: Option? = symbol("mallopt", as: Option.self)

  private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(address, to: type)
  }
}
