import Foundation
import ReelTesting
import Testing

@testable import ReelBanner

@Suite struct DiskCacheTests {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "reel-disk-\(UUID().uuidString)", isDirectory: true)
  let date = Date(timeIntervalSince1970: 1_700_000_000)

  func entry(_ text: String, etag: String? = nil) -> DiskCacheEntry {
    DiskCacheEntry(data: Array(text.utf8), storedAt: date, freshFor: .seconds(60), etag: etag)
  }

  /// The entry files in the directory, and any other files.
  func files() -> (entries: [String], others: [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return (names.filter { $0.hasSuffix(".entry") }, names.filter { !$0.hasSuffix(".entry") })
  }

  func path(forKey key: String) -> String {
    directory.path + "/" + DiskCache.fileName(forKey: key)
  }

  func clean() { try? FileManager.default.removeItem(at: directory) }

  @Test func entriesSurviveARestart() throws {
    defer { clean() }
    let first = DiskCache(directory: directory)
    #expect(first.entry(forKey: "a") == nil)
    #expect(files().entries.isEmpty, "nothing is created before the first store")
    try first.store(entry("alpha", etag: "\"1\""), forKey: "a")
    let restarted = DiskCache(directory: directory)
    #expect(restarted.entry(forKey: "a") == entry("alpha", etag: "\"1\""))
    #expect(restarted.entryCount == 1 && restarted.totalBytes > 5)
    #expect(restarted.entry(forKey: "b") == nil)
  }

  /// Both validators a response gave are kept for revalidation, across a restart.
  @Test func validatorsSurviveARestart() throws {
    defer { clean() }
    let stored = DiskCacheEntry(
      data: Array("gamma".utf8), storedAt: date, etag: "\"7\"",
      lastModified: "Wed, 21 Oct 2015 07:28:00 GMT")
    try DiskCache(directory: directory).store(stored, forKey: "g")
    let loaded = try #require(DiskCache(directory: directory).entry(forKey: "g"))
    #expect(loaded.lastModified == "Wed, 21 Oct 2015 07:28:00 GMT")
    #expect(loaded.etag == "\"7\"")
    #expect(loaded == stored)
  }

  @Test func removingAnEntryDeletesItsFileAndOnlyIt() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory)
    try cache.store(entry("alpha"), forKey: "a")
    try cache.store(entry("beta"), forKey: "b")
    #expect(files().entries.count == 2)
    cache.removeEntry(forKey: "a")
    #expect(cache.entry(forKey: "a") == nil)
    #expect(cache.entry(forKey: "b") == entry("beta"))
    #expect(cache.entryCount == 1)
    #expect(files().entries == [DiskCache.fileName(forKey: "b")])
    #expect(DiskCache(directory: directory).entry(forKey: "a") == nil, "gone after a restart")
    cache.removeEntry(forKey: "never stored")
    #expect(cache.entryCount == 1)
  }

  @Test func freshnessAndValidators() {
    let fresh = entry("x", etag: "\"e\"")
    #expect(fresh.isFresh(at: date.addingTimeInterval(59)))
    #expect(!fresh.isFresh(at: date.addingTimeInterval(60)))
    #expect(!fresh.isFresh(at: date.addingTimeInterval(-1)), "a clock set back is not fresh")
    #expect(fresh.canRevalidate && !entry("y").canRevalidate)
  }

  @Test func leastRecentlyUsedGoesFirstAlsoAfterARestart() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory, entryLimit: 3)
    for key in ["a", "b", "c"] { try cache.store(entry(key), forKey: key) }
    _ = cache.entry(forKey: "a")  // a is now used more recently than b and c
    try cache.store(entry("d"), forKey: "d")
    #expect(cache.entry(forKey: "b") == nil)
    #expect(files().entries.count == 3)

    let restarted = DiskCache(directory: directory, entryLimit: 3)
    _ = restarted.entry(forKey: "c")  // order of use now: a, d, c
    try restarted.store(entry("e"), forKey: "e")
    #expect(restarted.entry(forKey: "a") == nil)
    for key in ["c", "d", "e"] { #expect(restarted.entry(forKey: key) == entry(key)) }
  }

  @Test func theBoundsHoldAcross10000Insertions() throws {
    defer { clean() }
    let entryLimit = 50
    let byteLimit = 40 * 220
    let cache = DiskCache(directory: directory, byteLimit: byteLimit, entryLimit: entryLimit)
    var rng = SplitMix64(seed: 0xD15C)
    var worst = (entries: 0, bytes: 0)
    for index in 0..<10_000 {
      let length = Int.random(in: 20...200, using: &rng)
      try cache.store(
        DiskCacheEntry(data: Array(repeating: UInt8(index & 0xFF), count: length), storedAt: date),
        forKey: "k\(index)")
      if index % 500 == 499 {
        let entries = files().entries
        let bytes = entries.reduce(0) { total, name in
          let size =
            (try? FileManager.default.attributesOfItem(
              atPath: directory.path + "/" + name)[.size] as? Int) ?? 0
          return total + size
        }
        worst = (max(worst.entries, entries.count), max(worst.bytes, bytes))
        #expect(entries.count == cache.entryCount && bytes == cache.totalBytes)
      }
    }
    #expect(worst.entries <= entryLimit && worst.bytes <= byteLimit, "seed 0xD15C: \(worst)")
    #expect(worst.bytes > byteLimit / 2, "the cache fills up to its bound")
    #expect(cache.entry(forKey: "k9999") != nil && cache.entry(forKey: "k0") == nil)
    #expect(files().others.isEmpty)
  }

  @Test func anEntryLargerThanTheBoundIsNotStored() throws {
    defer { clean() }
    let cache = DiskCache(directory: directory, byteLimit: 100)
    try cache.store(entry("small"), forKey: "k")
    try cache.store(
      DiskCacheEntry(data: Array(repeating: 1, count: 200), storedAt: date), forKey: "k")
    #expect(cache.entry(forKey: "k") == nil && files().entries.isEmpty)
  }

  /// A write interrupted at any byte (the process dies mid-write) leaves no servable entry: the
  /// previous entry, if any, is still served intact, and the orphaned temporary file goes.
  @Test(arguments: [0, 7, 30, 60, 90])
  func anInterruptedWriteIsNeverServed(cutAt byteCount: Int) throws {
    defer { clean() }
    let writer = DiskCache(directory: directory)
    try writer.store(
      entry("fresh", etag: "\"new\""), forKey: "new", interruptingAfter: byteCount)
    try writer.store(entry("old"), forKey: "kept")
    try writer.store(entry("OVERWRITE"), forKey: "kept", interruptingAfter: byteCount)
    // The store between the dead writes removed the first one's temporary file (every store
    // rescans the directory); the last one's is still there.
    #expect(files().others.count == 1, "the last dead write left its temporary file")

    let reader = DiskCache(directory: directory)
    #expect(reader.entry(forKey: "new") == nil)
    #expect(reader.entry(forKey: "kept") == entry("old"))
    #expect(files().others.isEmpty, "orphaned temporary files are removed on the next scan")
    try reader.store(entry("fresh"), forKey: "new")
    #expect(reader.entry(forKey: "new") == entry("fresh"))
  }

  enum Damage: String, CaseIterable, Sendable {
    case truncated, extended, flippedBodyByte, flippedHeaderByte, empty, swappedKey
  }

  /// A damaged entry file — torn by a crash of a non-atomic writer, bit rot, another program —
  /// is detected by its length and checksums, deleted and reported as a miss.
  @Test(arguments: Damage.allCases)
  func aDamagedEntryIsDroppedNotServed(damage: Damage) throws {
    defer { clean() }
    let cache = DiskCache(directory: directory)
    try cache.store(entry("banner bytes"), forKey: "k")
    try cache.store(entry("other bytes"), forKey: "other")
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(forKey: "k"))))
    switch damage {
    case .truncated: bytes.removeLast(3)
    case .extended: bytes += [0]
    case .flippedBodyByte: bytes[bytes.count - 2] ^= 0x20
    case .flippedHeaderByte: bytes[10] ^= 0x01
    case .empty: bytes = []
    case .swappedKey:
      bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(forKey: "other"))))
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path(forKey: "k")))
    #expect(cache.entry(forKey: "k") == nil)
    #expect(!FileManager.default.fileExists(atPath: path(forKey: "k")), "the file is deleted")
    #expect(cache.entry(forKey: "other") == entry("other bytes"))
  }

  /// Two caches on one directory, storing and reading overlapping keys from concurrent tasks:
  /// every read is a miss or that key's exact bytes, and the bounds hold after a trim.
  @Test func twoCachesShareADirectory() async throws {
    defer { clean() }
    let caches = [
      DiskCache(directory: directory, entryLimit: 40),
      DiskCache(directory: directory, entryLimit: 40),
    ]
    /// What one task saw: reads of wrong bytes, stores that failed, and how many reads hit and
    /// stores succeeded (a run with none of either would have checked nothing).
    struct Tally: Sendable {
      var wrong: [String] = []
      var failed: [String] = []
      var hits = 0
      var stored = 0
    }
    let tally = await withTaskGroup(of: Tally.self) { group in
      for (number, cache) in caches.enumerated() {
        group.addTask {
          var tally = Tally()
          var rng = SplitMix64(seed: UInt64(number))
          for step in 0..<600 {
            let key = "k\(Int.random(in: 0..<80, using: &rng))"
            if step % 3 == 0, let found = cache.entry(forKey: key) {
              tally.hits += 1
              if found.data != Array("body of \(key)".utf8) { tally.wrong.append(key) }
            } else {
              do {
                try cache.store(
                  DiskCacheEntry(data: Array("body of \(key)".utf8), storedAt: Date()),
                  forKey: key)
                tally.stored += 1
              } catch {
                tally.failed.append("\(key): \(error)")
              }
            }
          }
          return tally
        }
      }
      return await group.reduce(into: Tally()) {
        $0.wrong += $1.wrong
        $0.failed += $1.failed
        $0.hits += $1.hits
        $0.stored += $1.stored
      }
    }
    #expect(tally.wrong.isEmpty, "seeds 0 and 1: \(tally.wrong)")
    #expect(tally.failed.isEmpty, "seeds 0 and 1: stores failed: \(tally.failed)")
    #expect(tally.stored > 300 && tally.hits > 20, "stored \(tally.stored), read \(tally.hits)")
    for cache in caches { cache.trim() }
    #expect(files().entries.count <= 40 && files().others.isEmpty)
    #expect(!files().entries.isEmpty, "the trim left nothing to check")
    for name in files().entries {
      let key = (0..<80).map { "k\($0)" }.first { DiskCache.fileName(forKey: $0) == name }
      #expect(key.flatMap { caches[0].entry(forKey: $0) } != nil, "\(name) is valid")
    }
  }

  @Test func theDefaultDirectoryFollowsXDG() {
    #expect(
      DiskCache.defaultDirectory(
        appName: "shop", environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/ada"]
      ).path
        == "/xdg/shop/images")
    #expect(
      DiskCache.defaultDirectory(appName: "shop", environment: ["HOME": "/home/ada"]).path
        == "/home/ada/.cache/shop/images")
    #expect(
      DiskCache.defaultDirectory(
        appName: "shop", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ada"]
      ).path
        == "/home/ada/.cache/shop/images", "a relative XDG_CACHE_HOME is ignored")
  }
}
