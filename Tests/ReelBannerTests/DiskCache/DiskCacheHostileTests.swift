import Foundation
import Glibc
import ReelTesting
import Testing

@testable import ReelBanner

/// What the disk cache does with a directory it cannot trust, and what it leaves in it.
@Suite struct DiskCacheHostileTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "reel-disk-hostile-\(UUID().uuidString)", isDirectory: true)
  let date = Date(timeIntervalSince1970: 1_700_000_000)

  func entry(_ text: String) -> DiskCacheEntry {
    DiskCacheEntry(data: Array(text.utf8), storedAt: date, freshFor: .seconds(60))
  }

  func path(forKey key: String, in directory: URL? = nil) -> String {
    (directory ?? self.directory).path + "/" + DiskCache.fileName(forKey: key)
  }

  func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
  }

  func clean() { try? FileManager.default.removeItem(at: directory) }

  @Test func aFIFOAtAnEntrysNameIsAMissNotAHang() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory)
    try cache.store(entry("other"), forKey: "other")
    #expect(mkfifo(path(forKey: "k"), 0o600) == 0)
    #expect(cache.entry(forKey: "k") == nil)
    #expect(!FileManager.default.fileExists(atPath: path(forKey: "k")), "the FIFO is deleted")
  }

  @Test func aSymbolicLinkToAValidEntryIsNotFollowed() throws {
    let elsewhere = directory.appendingPathComponent("elsewhere", isDirectory: true)
    let local = directory.appendingPathComponent("local", isDirectory: true)
    defer { clean() }
    try DiskCache(directory: elsewhere).store(entry("planted"), forKey: "k")
    let target = path(forKey: "k", in: elsewhere)
    var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, target, &times, 0) == 0)
    let cache = DiskCache(directory: local)
    try cache.store(entry("mine"), forKey: "mine")
    #expect(symlink(target, path(forKey: "k", in: local)) == 0)
    #expect(cache.entry(forKey: "k") == nil)
    var info = stat()
    #expect(stat(target, &info) == 0 && info.st_mtim.tv_sec == 1_000_000, "target untouched")
    #expect(cache.entry(forKey: "mine") == entry("mine"))
  }

  @Test func urlsLongerThan16KiBAreCached() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory)
    let key = "https://example.com/" + String(repeating: "a", count: 20_000) + ".ppm"
    try cache.store(entry("long"), forKey: key)
    #expect(cache.entry(forKey: key) == entry("long"))
    #expect(cache.entry(forKey: key) == entry("long"), "served again, not deleted")
  }

  @Test func filesArePrivateAndHoldNoURL() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory)
    let key = "https://ada:hunter2@example.com/banner.ppm?token=s3cr3t"
    try cache.store(entry("bytes"), forKey: key)
    #expect(mode(directory.path) == 0o700)
    #expect(mode(path(forKey: key)) == 0o600)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(forKey: key))))
    let text = String(decoding: bytes, as: UTF8.self)
    for secret in ["s3cr3t", "hunter2", "example.com"] {
      #expect(!text.contains(secret) && !path(forKey: key).contains(secret))
    }
    #expect(cache.entry(forKey: key) == entry("bytes"))
  }

  /// Three caches writing one directory at once: after every store the directory is within the
  /// byte limit, counting the others' entries too.
  @Test func threeCachesSharingADirectoryStayWithinItsLimit() async throws {
    defer { clean() }
    let byteLimit = 100 << 10
    let caches = (0..<3).map { _ in DiskCache(directory: directory, byteLimit: byteLimit) }
    try caches[0].store(entry("first"), forKey: "first")
    let worst = try await withThrowingTaskGroup(of: Int.self) { group in
      for (number, cache) in caches.enumerated() {
        group.addTask {
          var worst = 0
          for step in 0..<60 {
            let body = [UInt8](repeating: UInt8(step), count: 5_000)
            try cache.store(
              DiskCacheEntry(data: body, storedAt: Date()), forKey: "\(number)-\(step)")
            worst = max(worst, Self.entryBytes(in: directory))
          }
          return worst
        }
      }
      return try await group.reduce(0) { max($0, $1) }
    }
    // A store measures the directory after its own eviction, but another cache may have renamed
    // one entry in (and not yet evicted) since: at most one entry per other cache over.
    #expect(worst <= byteLimit + 2 * 5_200, "worst \(worst) bytes against \(byteLimit)")
    #expect(Self.entryBytes(in: directory) <= byteLimit)
  }

  static func entryBytes(in directory: URL) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".entry") }.reduce(0) { total, name in
      var info = stat()
      return total + (stat(directory.path + "/" + name, &info) == 0 ? Int(info.st_size) : 0)
    }
  }
}
