#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The bytes of one cache file, and their validation.
///
/// Layout (integers little-endian):
///
/// | bytes | field |
/// | --- | --- |
/// | 8 | magic `REELIMG2` |
/// | 8 | body length |
/// | 8 | body checksum (FNV-1a, 64 bits) |
/// | 8 | `storedAt`, seconds since 1970, IEEE 754 bits |
/// | 8 | `freshFor`, seconds, IEEE 754 bits |
/// | 4 + n | the key's SHA-256 in hex, length-prefixed (never the key itself: a URL's query |
/// | | tokens and user info stay out of the file) |
/// | 4 + n | ETag, length-prefixed (`0xFFFFFFFF` for none) |
/// | 4 + n | Last-Modified, length-prefixed (`0xFFFFFFFF` for none) |
/// | 8 | header checksum of everything above |
/// | body length | body |
///
/// A file is served only if the magic, both checksums, the key and the exact total length all
/// match: a torn, truncated, extended or bit-flipped file is rejected.
enum DiskCacheFileFormat {
  static let magic = Array("REELIMG2".utf8)
  private static let none = UInt32.max
  /// Strings longer than this are not stored (and a header claiming more is corrupt).
  static let maximumStringBytes = 16 << 10

  /// Why a file was rejected; only for diagnostics (a rejected file is simply deleted).
  enum Rejection: Error, Equatable {
    case tooShort, badMagic, badHeaderChecksum, keyMismatch, lengthMismatch, badBodyChecksum
  }

  /// The file's header for `entry`: everything before the body.
  static func header(_ entry: DiskCacheEntry, keyHash: String) -> [UInt8] {
    var bytes = magic
    append(UInt64(entry.data.count), to: &bytes)
    append(fnv1a(entry.data), to: &bytes)
    append(entry.storedAt.timeIntervalSince1970.bitPattern, to: &bytes)
    let (seconds, attoseconds) = entry.freshFor.components
    append((Double(seconds) + Double(attoseconds) / 1e18).bitPattern, to: &bytes)
    appendString(keyHash, to: &bytes)
    appendString(entry.etag, to: &bytes)
    appendString(entry.lastModified, to: &bytes)
    append(fnv1a(bytes[...]), to: &bytes)
    return bytes
  }

  /// The whole file for `entry`.
  static func encode(_ entry: DiskCacheEntry, keyHash: String) -> [UInt8] {
    header(entry, keyHash: keyHash) + entry.data
  }

  /// The entry in a file's `bytes`, validated; the body is the same storage, its header
  /// removed in place, so a read holds one copy of the body.
  static func decode(_ bytes: consuming [UInt8], keyHash: String) throws(Rejection)
    -> DiskCacheEntry
  {
    var entry = try validate(bytes, keyHash: keyHash)
    var body = consume bytes
    body.removeSubrange(0..<entry.bodyStart)
    entry.value.data = body
    return entry.value
  }

  /// The entry in `bytes` without its body, and where the body starts.
  private static func validate(_ bytes: [UInt8], keyHash: String) throws(Rejection)
    -> (value: DiskCacheEntry, bodyStart: Int)
  {
    var reader = Reader(bytes: bytes)
    guard try reader.take(8) == magic[...] else { throw .badMagic }
    let length = try reader.uint64()
    let checksum = try reader.uint64()
    let storedAt = Double(bitPattern: try reader.uint64())
    let freshFor = Double(bitPattern: try reader.uint64())
    let storedKey = try reader.string()
    let etag = try reader.string()
    let lastModified = try reader.string()
    let headerEnd = reader.offset
    guard try reader.uint64() == fnv1a(bytes[..<headerEnd]) else { throw .badHeaderChecksum }
    guard storedKey == keyHash else { throw .keyMismatch }
    guard UInt64(bytes.count - reader.offset) == length else { throw .lengthMismatch }
    guard fnv1a(bytes[reader.offset...]) == checksum else { throw .badBodyChecksum }
    guard storedAt.isFinite, freshFor.isFinite, freshFor >= 0 else { throw .badHeaderChecksum }
    let entry = DiskCacheEntry(
      data: [], storedAt: Date(timeIntervalSince1970: storedAt),
      freshFor: .milliseconds(Int64(min(freshFor, 1e12) * 1000)), etag: etag,
      lastModified: lastModified)
    return (entry, reader.offset)
  }

  /// FNV-1a, 64 bits: cheap, and any truncation or flipped byte changes it.
  static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  private static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.withUnsafeBufferPointer { fnv1a($0) }
  }

  private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private static func appendString(_ text: String?, to bytes: inout [UInt8]) {
    guard let text, text.utf8.count <= maximumStringBytes else {
      withUnsafeBytes(of: none.littleEndian) { bytes.append(contentsOf: $0) }
      return
    }
    withUnsafeBytes(of: UInt32(text.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: text.utf8)
  }

  /// Bounds-checked reading; running past the end is a ``Rejection/tooShort``.
  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) throws(Rejection) -> ArraySlice<UInt8> {
      guard count >= 0, bytes.count - offset >= count else { throw .tooShort }
      defer { offset += count }
      return bytes[offset..<offset + count]
    }

    mutating func uint64() throws(Rejection) -> UInt64 {
      try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func string() throws(Rejection) -> String? {
      let length = try take(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      guard length != none else { return nil }
      guard length <= maximumStringBytes else { throw .badHeaderChecksum }
      return String(decoding: try take(Int(length)), as: UTF8.self)
    }
  }
}
