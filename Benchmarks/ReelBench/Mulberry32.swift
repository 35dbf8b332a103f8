/// The mulberry32 generator of the workloads: 32-bit state, returns a `Double` in `[0, 1)`.
///
/// The same sequence as the common public-domain JavaScript version, so other virtualizers can
/// be driven by exactly the same numbers.
///
/// ```swift
/// var random = Mulberry32(seed: 42)
/// let size = 20 + Int(random.next() * 101)   // an integer in [20, 120]
/// ```
struct Mulberry32 {
  private var state: UInt32

  /// Creates a generator with a 32-bit seed.
  init(seed: UInt32) { state = seed }

  /// The next number in `[0, 1)`.
  @inline(__always)
  mutating func next() -> Double {
    state = state &+ 0x6D2B_79F5
    var t = (state ^ (state >> 15)) &* (1 | state)
    t = (t &+ ((t ^ (t >> 7)) &* (61 | t))) ^ t
    return Double(t ^ (t >> 14)) / 4_294_967_296
  }

  /// The next integer in `0..<bound`: `floor(next() * bound)`.
  @inline(__always)
  mutating func next(below bound: Int) -> Int { Int(next() * Double(bound)) }

  /// The "W2 sizes" of the workloads: seeded 42, `size[i] = 20 + floor(r() * 101)`.
  static func w2Sizes(count: Int) -> [Double] {
    var random = Mulberry32(seed: 42)
    var sizes = [Double]()
    sizes.reserveCapacity(count)
    for _ in 0..<count { sizes.append(Double(20 + random.next(below: 101))) }
    return sizes
  }
}
