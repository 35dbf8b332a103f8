/// A small, fast, seedable random number generator (SplitMix64) for replayable tests.
///
/// The same seed always gives the same sequence, on every platform, so a failing seed printed
/// by a test replays the failure exactly. Never seed it from the clock.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let count = Int.random(in: 0...1_000, using: &rng)
/// ```
///
/// - Complexity: O(1) per number.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The internal state; it advances by a fixed odd constant per number.
  public private(set) var state: UInt64

  /// Creates a generator from a seed.
  ///
  /// ```swift
  /// var rng = SplitMix64(seed: 7)
  /// ```
  ///
  /// - Complexity: O(1).
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// ```swift
  /// let bits = rng.next()
  /// ```
  ///
  /// - Complexity: O(1).
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// An integer in a closed range, without modulo bias worth caring about in tests.
  ///
  /// ```swift
  /// let index = rng.int(in: 0...9)
  /// ```
  ///
  /// - Complexity: O(1).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// A double in a half-open range.
  ///
  /// ```swift
  /// let fraction = rng.double(in: 0..<1)
  /// ```
  ///
  /// - Complexity: O(1).
  public mutating func double(in range: Range<Double>) -> Double {
    Double.random(in: range, using: &self)
  }
}
