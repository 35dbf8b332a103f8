/// The UTF-8 bytes of recently written graphemes, looked up by the grapheme's raw bits.
///
/// `Character.asciiValue` and `Character.utf8` cost a hundred or more instructions each (a
/// comparison with `"\r\n"`, a single-scalar check, index validation); a frame from scratch
/// asks for twelve thousand of them. A frame uses few distinct graphemes, so a small
/// direct-mapped table keyed by the 16 bytes of the `Character` answers almost every lookup
/// with two integer comparisons.
///
/// Bit-identical characters are equal: a small string's bits are its bytes, and a large one's
/// point to immutable storage, which the table keeps alive by holding the character.
struct GlyphCache {
  /// One slot: the character (kept alive), its raw bits, and up to 8 UTF-8 bytes packed
  /// little-endian; `count` 0 marks a grapheme too long to cache.
  struct Entry {
    var character: Character
    var low: UInt64
    var high: UInt64
    var utf8: UInt64
    var count: Int
  }

  /// The number of slots, a power of two.
  static let slots = 64

  let entries: UnsafeMutablePointer<Entry>

  init() {
    entries = .allocate(capacity: Self.slots)
    let space = Self.entry(for: " ")
    entries.initialize(repeating: space, count: Self.slots)
  }

  /// Frees the table; the cache must not be used afterwards.
  func deallocate() {
    entries.deinitialize(count: Self.slots)
    entries.deallocate()
  }

  /// Whether `Character` is two words, as the bit-keyed lookup assumes (64-bit platforms).
  static var isAvailable: Bool { MemoryLayout<Character>.size == 16 }

  /// The entry for the character whose 16 raw bytes start at `raw` (inside a live
  /// `ScreenCell`); computes and stores it on a miss.
  @inline(__always)
  func lookup(_ raw: UnsafeRawPointer) -> (utf8: UInt64, count: Int) {
    let low = raw.load(as: UInt64.self)
    let high = raw.load(fromByteOffset: 8, as: UInt64.self)
    let slot =
      Int(
        truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 58
      )
      & (Self.slots - 1)
    let entry = entries + slot
    if entry.pointee.low == low && entry.pointee.high == high {
      return (entry.pointee.utf8, entry.pointee.count)
    }
    let fresh = Self.entry(for: raw.load(as: Character.self))
    entry.pointee = fresh
    return (fresh.utf8, fresh.count)
  }

  /// Computes an entry the slow way.
  static func entry(for character: Character) -> Entry {
    let bits = isAvailable ? unsafeBitCast(character, to: (UInt64, UInt64).self) : (0, 0)
    var utf8: UInt64 = 0
    var count = 0
    for byte in character.utf8 {
      if count == 8 {
        count = 0
        break
      }
      utf8 |= UInt64(byte) << (8 * UInt64(count))
      count += 1
    }
    return Entry(character: character, low: bits.0, high: bits.1, utf8: utf8, count: count)
  }
}
