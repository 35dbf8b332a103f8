import Foundation
import ReelTesting
import Testing

@testable import Reel

/// Reel's own `eˣ`, which the curves evaluate at every frame, against the C library's.
@Suite struct ExponentialTests {
  /// How many representable doubles lie between two finite positive values.
  static func ulps(_ a: Double, _ b: Double) -> UInt64 {
    a.bitPattern > b.bitPattern ? a.bitPattern - b.bitPattern : b.bitPattern - a.bitPattern
  }

  /// Seeded arguments over the whole fast range, over the curves' range (a spring's `−ωt` down
  /// to its settling phase, a decay's `t·log r`) and near zero: each result within 1 ulp of the
  /// C library's, which is itself within about half an ulp of the exact value.
  @Test(arguments: [(-707.9, 707.9), (-12.0, 0.0), (-1e-6, 1e-6)])
  func staysWithinAnUlpOfTheLibrary(range: (Double, Double)) {
    let seed: UInt64 = 0x00e8_2026
    var rng = SplitMix64(seed: seed)
    var worst: (ulps: UInt64, x: Double) = (0, 0)
    var exact = 0
    let samples = 200_000
    for _ in 0..<samples {
      let x = rng.double(in: range.0..<range.1)
      let distance = Self.ulps(Exponential.exp(x), Foundation.exp(x))
      if distance == 0 { exact += 1 }
      if distance > worst.ulps { worst = (distance, x) }
    }
    print("exp over \(range): \(exact) of \(samples) to the bit, at most \(worst.ulps) ulp off")
    #expect(worst.ulps <= 1, "exp(\(worst.x)) is \(worst.ulps) ulps off (seed \(seed))")
    // Nearly all agree to the bit: with the table's tails, what is left of the error is a
    // fraction of an ulp, which rounds as the library's does. Without them, three in four.
    #expect(exact > samples * 9 / 10, "\(exact) of \(samples) agree to the bit (seed \(seed))")
  }

  /// Every table entry's neighbourhood, where `r` is largest and the index changes.
  @Test func agreesAtTheTableSeams() {
    let step = log(2.0) / 32
    for k in -700...700 {
      for offset in [-0.5, -0.499_999, 0, 0.499_999, 0.5] {
        let x = (Double(k) + offset) * step
        #expect(Self.ulps(Exponential.exp(x), Foundation.exp(x)) <= 1, "x = \(x)")
      }
    }
  }

  @Test func exactAndBoundaryValues() {
    #expect(Exponential.exp(0) == 1)
    #expect(Exponential.exp(-0.0) == 1)
    #expect(Exponential.exp(log(2.0) * -10) == 0x1p-10)
    #expect(Self.ulps(Exponential.exp(1), M_E) <= 1)
    // The fast range's ends, then the library's answers beyond them.
    for x in [707.999, -707.999, 708, -708, 709.7, 710, -745.1, -746, 1e300, -1e300] {
      let mine = Exponential.exp(x)
      let library = Foundation.exp(x)
      #expect(mine == library || Self.ulps(mine, library) <= 1, "x = \(x)")
    }
    #expect(Exponential.exp(-.infinity) == 0)
    #expect(Exponential.exp(.infinity) == .infinity)
    #expect(Exponential.exp(.nan).isNaN)
  }

  /// Non-decreasing over a fine grid of the spring's range, as the curve's progress is.
  @Test func isMonotonicOverTheSpringsRange() {
    var previous = Exponential.exp(-12)
    var x = -12.0
    while x < 0 {
      x += 1.0 / 4096
      let value = Exponential.exp(x)
      #expect(value >= previous, "exp(\(x)) = \(value) < \(previous)")
      previous = value
    }
  }
}
