import Foundation
import Glibc
import Reel

/// A size-bounded cache of downloaded images on disk, shared safely by pipelines and processes.
///
/// - Bounded by total bytes and by entry count; the least recently *used* entries go first
///   (a hit counts as a use, and survives a restart as the file's modification time).
/// - Written atomically: an entry is written to a temporary file, then renamed into place, so a
///   crash mid-write never leaves a torn entry under the real name; orphaned temporary files of
///   dead writers are removed when the directory is next scanned.
/// - Validated on every read: the length and a checksum of the header and of the body must
///   match, else the file is deleted and the read is a miss; a corrupted entry is never served.
/// - Several caches (in one process or several) may share a directory, and the bounds hold for
///   the directory as a whole: each store renames its entry into place and then rescans the
///   directory and evicts, under an exclusive `flock` of the directory, so after every store
///   the directory holds at most ``byteLimit`` bytes and ``entryLimit`` entries (plus the
///   temporary files of stores being written). Renames are atomic and readers that lose a race
///   see a miss.
/// - Private: the directory is created `0700` and entries are written `0600`; a file is named
///   after the SHA-256 of its key and stores that hash, never the key (a URL's query tokens and
///   user info stay out of the cache).
/// - Reads trust nothing in the directory: an entry is opened without following symbolic links
///   and without blocking, and only a regular file of at most ``byteLimit`` bytes is read (a
///   FIFO, a device or a link at an entry's name is deleted and reads as a miss).
///
/// By default it lives under the user's cache directory (see
/// ``defaultDirectory(appName:environment:)``):
///
/// ```swift
/// let cache = DiskCache(appName: "org.example.Shop", byteLimit: 100 << 20, entryLimit: 2_000)
/// let loader = NetworkImageLoader(diskCache: cache)
/// ```
///
/// File I/O is synchronous on the caller's thread (the loader's task); the index is behind a
/// lock that is never held during I/O.
public final class DiskCache: Sendable {
  private struct State {
    var index: LRUCache<String, Void>
    var scanned = false
    var lastStamp = 0.0

    /// A strictly increasing use time: the wall clock, nudged forward when two uses share a
    /// tick.
    mutating func nextStamp() -> Double {
      lastStamp = max(Date().timeIntervalSince1970, lastStamp + 1e-6)
      return lastStamp
    }
  }

  /// The directory holding the entries; created on the first store.
  public let directory: URL
  /// The most bytes the entry files may take in all.
  public let byteLimit: Int
  /// The most entries kept.
  public let entryLimit: Int
  private let state: Locked<State>

  /// The temporary files this process's caches are writing, and the number of the next: shared
  /// by every cache in the process, so that temporary names never repeat and no cache takes a
  /// file another cache is writing into the same directory for an orphan.
  private struct Temporaries {
    var writing: Set<String> = []
    var next = 0
  }
  private static let temporaries = Locked(Temporaries())

  /// Creates a cache in `directory`.
  ///
  /// - Precondition: `byteLimit >= 0` and `entryLimit >= 0`.
  public init(directory: URL, byteLimit: Int = 100 << 20, entryLimit: Int = 2_000) {
    precondition(byteLimit >= 0, "DiskCache byteLimit must not be negative, got \(byteLimit)")
    precondition(entryLimit >= 0, "DiskCache entryLimit must not be negative, got \(entryLimit)")
    self.directory = directory
    self.byteLimit = byteLimit
    self.entryLimit = entryLimit
    state = Locked(State(index: LRUCache(costLimit: byteLimit, countLimit: entryLimit)))
  }

  /// Creates a cache in ``defaultDirectory(appName:environment:)``.
  public convenience init(appName: String, byteLimit: Int = 100 << 20, entryLimit: Int = 2_000) {
    self.init(
      directory: Self.defaultDirectory(appName: appName), byteLimit: byteLimit,
      entryLimit: entryLimit)
  }

  /// `$XDG_CACHE_HOME/<appName>/images` when `XDG_CACHE_HOME` is an absolute path, else
  /// `$HOME/.cache/<appName>/images` (the XDG Base Directory rule).
  ///
  /// ```swift
  /// DiskCache.defaultDirectory(appName: "shop", environment: ["HOME": "/home/ada"])
  /// // file:///home/ada/.cache/shop/images
  /// ```
  public static func defaultDirectory(
    appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: String
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      base = home + "/.cache"
    }
    return URL(fileURLWithPath: base, isDirectory: true)
      .appendingPathComponent(appName, isDirectory: true)
      .appendingPathComponent("images", isDirectory: true)
  }

  // MARK: Reading and writing

  /// The valid entry stored under `key`, marking it used; `nil` on a miss. A corrupted,
  /// truncated or foreign file is deleted and reads as a miss.
  ///
  /// - Complexity: O(n) in the entry's size (it is read and checksummed).
  public func entry(forKey key: String) -> DiskCacheEntry? {
    scanIfNeeded()
    let keyHash = SHA256.hex(key.utf8)
    let name = keyHash + ".entry"
    let path = filePath(name)
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else {
      if errno == ELOOP { unlink(path) }  // a symbolic link at the entry's name
      state.withLock { $0.index.removeValue(forKey: name) }
      return nil
    }
    defer { close(fd) }
    guard let bytes = readFile(fd),
      let entry = try? DiskCacheFileFormat.decode(consume bytes, keyHash: keyHash)
    else {
      unlink(path)
      state.withLock { $0.index.removeValue(forKey: name) }
      return nil
    }
    let size = DiskCacheFileFormat.header(entry, keyHash: keyHash).count + entry.data.count
    let (stamp, evicted) = state.withLock { state -> (Double, [String]) in
      let stamp = state.nextStamp()
      if state.index.value(forKey: name) == nil {  // written by another cache: count it now
        return (stamp, state.index.insert((), forKey: name, cost: size))
      }
      return (stamp, [])
    }
    Self.setTime(fd: fd, stamp)
    deleteFiles(evicted.filter { $0 != name })
    return entry
  }

  /// Stores `entry` under `key`, replacing any entry, then evicts least recently used entries
  /// of the whole directory until both bounds hold. An entry larger than ``byteLimit`` is not
  /// stored.
  ///
  /// - Throws: ``DiskCacheError/cannotWrite(path:reason:)`` when the file cannot be written or
  ///   renamed into place, or the file system's error when the directory cannot be created; the
  ///   cache is unchanged then.
  /// - Complexity: O(n) in the entry's size, plus O(entries × log entries) for the rescan.
  public func store(_ entry: DiskCacheEntry, forKey key: String) throws {
    try store(entry, forKey: key, interruptingAfter: nil)
  }

  /// ``store(_:forKey:)`` that can simulate a crash: with `byteCount` set, only that many bytes
  /// reach the temporary file and the write stops there, as if the process died.
  func store(_ entry: DiskCacheEntry, forKey key: String, interruptingAfter byteCount: Int?)
    throws
  {
    scanIfNeeded()
    let keyHash = SHA256.hex(key.utf8)
    let header = DiskCacheFileFormat.header(entry, keyHash: keyHash)
    let name = keyHash + ".entry"
    guard header.count + entry.data.count <= byteLimit, entryLimit > 0 else {
      removeEntry(forKey: key)
      return
    }
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = Self.temporaries.withLock { temporaries in
      temporaries.next += 1
      let temporary = "\(name).\(getpid()).\(temporaries.next).tmp"
      temporaries.writing.insert(temporary)
      return temporary
    }
    let stamp = state.withLock { $0.nextStamp() }
    let temporaryPath = filePath(temporary)
    if let byteCount {
      // The simulated crash: part of the file, no rename, no clean-up, and the writer "dies".
      let bytes = DiskCacheFileFormat.encode(entry, keyHash: keyHash)
      _ = Self.writeFile(temporaryPath, [Array(bytes.prefix(byteCount))], stamp: stamp)
      Self.temporaries.withLock { _ = $0.writing.remove(temporary) }
      return
    }
    defer { Self.temporaries.withLock { _ = $0.writing.remove(temporary) } }
    guard Self.writeFile(temporaryPath, [header, entry.data], stamp: stamp) else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw DiskCacheError.cannotWrite(path: temporaryPath, reason: reason)
    }
    try withDirectoryLock {
      guard rename(temporaryPath, filePath(name)) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporaryPath)
        throw DiskCacheError.cannotWrite(path: filePath(name), reason: reason)
      }
      state.withLock { state in
        _ = state.index.insert((), forKey: name, cost: header.count + entry.data.count)
      }
      rescan()
    }
  }

  /// Deletes the entry stored under `key`, if any.
  public func removeEntry(forKey key: String) {
    let name = Self.fileName(forKey: key)
    unlink(filePath(name))
    state.withLock { $0.index.removeValue(forKey: name) }
  }

  /// Deletes every entry and temporary file of dead writers.
  public func removeAll() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    state.withLock { $0.index.removeAll() }
    let writing = Self.temporaries.withLock { $0.writing }
    deleteFiles(names.filter { $0.hasSuffix(".entry") || isOrphan($0, writing: writing) })
  }

  /// Rescans the directory — counting entries other caches wrote, dropping orphaned temporary
  /// files — and evicts least recently used entries until both bounds hold.
  ///
  /// - Complexity: O(entries × log entries).
  public func trim() {
    withDirectoryLock { rescan() }
  }

  /// ``trim()`` for a caller holding the directory's lock (or when there is no directory).
  private func rescan() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    var files: [(name: String, size: Int, used: Double)] = []
    var orphans: [String] = []
    let writing = Self.temporaries.withLock { $0.writing }
    for name in names {
      if name.hasSuffix(".entry") {
        var info = stat()
        guard lstat(filePath(name), &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
          continue
        }
        let used = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        files.append((name, Int(info.st_size), used))
      } else if isOrphan(name, writing: writing) {
        orphans.append(name)
      }
    }
    files.sort { $0.used < $1.used }
    let evicted = state.withLock { state -> [String] in
      var index = LRUCache<String, Void>(costLimit: byteLimit, countLimit: entryLimit)
      var evicted: [String] = []
      for file in files { evicted += index.insert((), forKey: file.name, cost: file.size) }
      // Entries this cache used since the scan stay most recent.
      for name in state.index.keysByRecency.reversed() where index.contains(name) {
        _ = index.value(forKey: name)
      }
      state.index = index
      state.scanned = true
      return evicted
    }
    deleteFiles(evicted + orphans)
  }

  /// The bytes of the entries this cache knows of (its own and those found by the last scan).
  ///
  /// - Complexity: O(1).
  public var totalBytes: Int {
    scanIfNeeded()
    return state.withLock { $0.index.totalCost }
  }

  /// The number of entries this cache knows of.
  ///
  /// - Complexity: O(1).
  public var entryCount: Int {
    scanIfNeeded()
    return state.withLock { $0.index.count }
  }

  // MARK: Files

  /// The file name of `key`'s entry: the SHA-256 of the key in hex.
  static func fileName(forKey key: String) -> String {
    SHA256.hex(key.utf8) + ".entry"
  }

  /// Runs `body` holding an exclusive `flock` of the directory, which every cache on it takes
  /// to store and to trim; without the lock when the directory cannot be opened.
  private func withDirectoryLock<T>(_ body: () throws -> T) rethrows -> T {
    let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    return try body()
  }

  private func filePath(_ name: String) -> String { directory.path + "/" + name }

  private func scanIfNeeded() {
    if !state.withLock({ $0.scanned }) { trim() }
  }

  private func deleteFiles(_ names: [String]) {
    for name in names { unlink(filePath(name)) }
  }

  /// A temporary file whose writer is gone: another process that no longer exists, or this
  /// process when none of its caches is writing it.
  private func isOrphan(_ name: String, writing: Set<String>) -> Bool {
    guard name.hasSuffix(".tmp") else { return false }
    let parts = name.split(separator: ".")
    guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]) else { return true }
    if pid == getpid() { return !writing.contains(name) }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The bytes of the regular file open at `fd`, or `nil` for another kind of file or one
  /// larger than ``byteLimit`` (which no entry is).
  private func readFile(_ fd: Int32) -> [UInt8]? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0,
      info.st_size <= byteLimit
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        read(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      offset += count
    }
    return offset == bytes.count ? bytes : nil
  }

  /// Writes `parts` one after the other to a new file at `path`, readable by its owner only.
  private static func writeFile(_ path: String, _ parts: [[UInt8]], stamp: Double) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    for bytes in parts {
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeBytes {
          write(fd, $0.baseAddress! + offset, $0.count - offset)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
    }
    return setTime(fd: fd, stamp)
  }

  @discardableResult
  private static func setTime(fd: Int32, _ stamp: Double) -> Bool {
    var times = times(stamp)
    return futimens(fd, &times) == 0
  }

  /// Access and modification time, both `stamp`.
  private static func times(_ stamp: Double) -> [timespec] {
    let seconds = stamp.rounded(.down)
    let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((stamp - seconds) * 1e9))
    return [time, time]
  }
}
