import Foundation

/// `eˣ` for the curves that every frame evaluates: a scroll's decay and springs, and the
/// spring of an animated update.
///
/// Inlined, it is a short polynomial and no call, where the C library's `exp` is a call through
/// the dynamic linker's table and a longer path. It is within 1 ulp of the C
/// library's result for every finite `x` (and the same to the bit for more than 99 % of
/// arguments), and it is a pure function of `x`: the same argument gives the same bits on every
/// call, so a curve sampled at 30 and at 120 frames per second agrees at the instants both see.
///
/// Outside `-708 < x < 708`, where `eˣ` leaves the normal range or overflows, and for NaN, it
/// returns the C library's result.
@usableFromInline
enum Exponential {
  /// `eˣ`.
  ///
  /// The method is the classic one: `x = k·ln2/32 + r` with `|r| ≤ ln2/64`, so that
  /// `eˣ = 2^(k/32)·eʳ`. `2^(j/32)` comes from a table of 32 correctly rounded values, with
  /// their rounding errors in a second table, the power of two `2^⌊k/32⌋` is added to its
  /// exponent field, and `eʳ − 1` is its Taylor polynomial of degree 6 (the first term left
  /// out is below 4e-18 of the result).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  static func exp(_ x: Double) -> Double {
    guard abs(x) < 708 else { return Foundation.exp(x) }
    // Adding 1.5·2⁵² rounds to an integer: `kd` is k, exactly.
    let shifted = x * invLn2Over32 + roundingShift
    let kd = shifted - roundingShift
    // The low bits of `shifted` are k's (two's complement): `2^(j/32)` with j = k mod 32 from
    // the table, and ⌊k/32⌋ shifted into the exponent field (the bits above it fall out).
    let bits = shifted.bitPattern
    // `kd · ln2Over32High` is exact (the constant's last 17 bits are zero and |k| < 2¹⁵), so
    // `r` carries the rounding of the low part only.
    let r = (x - kd * ln2Over32High) - kd * ln2Over32Low
    let r2 = r * r
    let q = r + r2 * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720)))))
    // |k| ≤ 32,688, so ⌊k/32⌋ keeps the scale a normal number.
    let exponent = (bits &>> 5) &<< 52
    let j = Int(bits & 31)
    let scale = Double(bitPattern: powersOfTwo[j].bitPattern &+ exponent)
    return scale + scale * (q + powerTails[j])
  }

  /// `32 / ln 2`.
  @usableFromInline static var invLn2Over32: Double { 0x1.71547652b82fep+5 }
  /// `1.5 · 2⁵²`: a double at least this large has no fraction bits.
  @usableFromInline static var roundingShift: Double { 0x1.8p52 }
  /// `ln 2 / 32` in two parts; the high part has its last 17 bits zero.
  @usableFromInline static var ln2Over32High: Double { 0x1.62e42fefa0000p-6 }
  @usableFromInline static var ln2Over32Low: Double { 0x1.cf79abc9e3b3ap-45 }
  /// `2^(j/32)` for `j` in `0..<32`, each correctly rounded: constant arrays, which the
  /// compiler lays out in the binary (no lazy initialization, no copy).
  @usableFromInline static let powersOfTwo: [Double] = [
    0x1.0000000000000p+0, 0x1.059b0d3158574p+0, 0x1.0b5586cf9890fp+0, 0x1.11301d0125b51p+0,
    0x1.172b83c7d517bp+0, 0x1.1d4873168b9aap+0, 0x1.2387a6e756238p+0, 0x1.29e9df51fdee1p+0,
    0x1.306fe0a31b715p+0, 0x1.371a7373aa9cbp+0, 0x1.3dea64c123422p+0, 0x1.44e086061892dp+0,
    0x1.4bfdad5362a27p+0, 0x1.5342b569d4f82p+0, 0x1.5ab07dd485429p+0, 0x1.6247eb03a5585p+0,
    0x1.6a09e667f3bcdp+0, 0x1.71f75e8ec5f74p+0, 0x1.7a11473eb0187p+0, 0x1.82589994cce13p+0,
    0x1.8ace5422aa0dbp+0, 0x1.93737b0cdc5e5p+0, 0x1.9c49182a3f090p+0, 0x1.a5503b23e255dp+0,
    0x1.ae89f995ad3adp+0, 0x1.b7f76f2fb5e47p+0, 0x1.c199bdd85529cp+0, 0x1.cb720dcef9069p+0,
    0x1.d5818dcfba487p+0, 0x1.dfc97337b9b5fp+0, 0x1.ea4afa2a490dap+0, 0x1.f50765b6e4540p+0,
  ]

  /// What each of ``powersOfTwo`` lacks, relative to it: `2^(j/32) = powersOfTwo[j] · (1 +
  /// powerTails[j])`. Adding it to `eʳ − 1` takes the table's rounding out of the result.
  @usableFromInline static let powerTails: [Double] = [
    0x0p+0, 0x1.cd2523567f613p-55, 0x1.79aa65d837b6dp-54, -0x1.556522a2fbd0ep-54,
    -0x1.01b15eaa59348p-55, 0x1.aecf73e3a2f60p-54, 0x1.68efde3a8a894p-54, 0x1.2f7e16d09ab31p-55,
    0x1.34d754db0abb6p-55, -0x1.24aedcc4b5068p-54, 0x1.59f48a72a4c6dp-55, 0x1.363ed60c2ac11p-59,
    0x1.690cebb7aafb0p-56, -0x1.8dec6bd0f385fp-56, 0x1.063e1e21c5409p-54, -0x1.c33c53bef4da8p-55,
    -0x1.3b3efbf5e2228p-54, -0x1.81f647e5a3ecfp-56, -0x1.b32dcb94da51dp-56, -0x1.369b6f13b3734p-54,
    0x1.db72fc1f0eab4p-55, -0x1.da9b88b6c1e29p-58, 0x1.1affc2b91ce27p-56, -0x1.1bbd1d3bcbb15p-54,
    0x1.c1a7792cb3387p-55, -0x1.8d6f438ad9334p-57, 0x1.36eae30af0cb3p-56, 0x1.76b2c6c921968p-57,
    0x1.4a385a63d07a7p-56, -0x1.2d52107b43e1fp-55, -0x1.ff7128fd391f0p-55, 0x1.a64a931d185eep-55,
  ]
}
