/// The palette indices of recently written colours, so that a frame full of picture colours
/// searches the palette once per colour, not once per style change.
///
/// A direct-mapped table keyed by the 24-bit colour and the depth; shared by copies of the
/// ``ANSIWriter`` that owns it.
struct ColorIndexCache {
  /// The number of slots, a power of two.
  static let slots = 4096
  /// Per slot, the key: bit 31 set when used, bit 30 set for ``ColorDepth/ansi16``, the colour
  /// in bits 0…23.
  let keys: UnsafeMutablePointer<UInt32>
  /// Per slot, the palette index of the key's colour.
  let indices: UnsafeMutablePointer<UInt8>

  init() {
    keys = .allocate(capacity: Self.slots)
    keys.initialize(repeating: 0, count: Self.slots)
    indices = .allocate(capacity: Self.slots)
    indices.initialize(repeating: 0, count: Self.slots)
  }

  /// Frees the table; the cache must not be used afterwards.
  func deallocate() {
    keys.deallocate()
    indices.deallocate()
  }

  /// The nearest palette index to `color` at `depth` (``ColorDepth/palette256`` or
  /// ``ColorDepth/ansi16``).
  @inline(__always)
  func index(of color: TerminalColor, depth: ColorDepth) -> UInt8 {
    let rgb = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    let key = 0x8000_0000 | (depth == .ansi16 ? 0x4000_0000 : 0) | rgb
    let slot = Int(truncatingIfNeeded: (rgb &* 0x9E37_79B1) >> 20) & (Self.slots - 1)
    if keys[slot] == key { return indices[slot] }
    let index = ColorApproximation.nearestIndex(to: color, depth: depth)
    keys[slot] = key
    indices[slot] = index
    return index
  }
}
