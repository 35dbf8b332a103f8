import Foundation
import ReelTesting
import Testing

@testable import Reel

/// The spring's settle time, solved from its crossings, against the millisecond stepping it
/// replaced.
@Suite struct SpringSettleTests {
  /// Reel 1.0's search: step 1 ms at a time until within 0.05 points and 5 points per second.
  static func steppedSettleTime(a: Double, b: Double, omega: Double) -> Double {
    var t = 0.0
    while t < 10 {
      let e = exp(-omega * t)
      if abs((a + b * t) * e) < 0.05 && abs((b - omega * (a + b * t)) * e) < 5 { break }
      t += 0.001
    }
    return t
  }

  func check(x0: Double, velocity: Double, omega: Double, _ note: String = "") {
    let curve = MotionCurve.spring(from: x0, velocity: velocity, to: 0, omega: omega)
    let a = x0
    let b = velocity + omega * a
    let stepped = Self.steppedSettleTime(a: a, b: b, omega: omega)
    // The stepped search adds 0.001 ten thousand times; its rounding stays far below 1e-9 s.
    #expect(
      abs(curve.duration - stepped) < 1e-9,
      "x0 \(x0) velocity \(velocity) ω \(omega)\(note): solved \(curve.duration), stepped \(stepped)"
    )
  }

  @Test func matchesSteppingOverAGridOfParameters() {
    let offsets: [Double] = [
      -50_000, -300, -1, -0.06, -0.049, 0, 0.03, 0.049, 0.0501, 2, 150, 12_345.678,
    ]
    let velocities: [Double] = [-40_000, -800, -5.01, -4.99, 0, 3, 4.9, 60, 1_234.5, 30_000]
    let omegas: [Double] = [3, 10, (500.0 / 0.5).squareRoot(), 60, 250]
    for omega in omegas {
      for x0 in offsets {
        for velocity in velocities { check(x0: x0, velocity: velocity, omega: omega) }
      }
    }
  }

  @Test func matchesSteppingNearTheThresholds() {
    // Starts just inside the settled box that leave it again (an overshoot past 0.05 points),
    // and starts that graze it: the first settled millisecond, not the last, counts.
    let omega = (500.0 / 0.5).squareRoot()
    for x0 in stride(from: -0.07, through: 0.07, by: 0.007) {
      for velocity in stride(from: -6.0, through: 6.0, by: 0.75) {
        check(x0: x0, velocity: velocity, omega: omega)
      }
    }
  }

  @Test func matchesSteppingOnSeededRandomSprings() {
    let seed: UInt64 = 20_251_101
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let x0 = rng.double(in: -1..<1) * pow(10, rng.double(in: -2..<4.5))
      let velocity = rng.double(in: -1..<1) * pow(10, rng.double(in: -1..<4.7))
      let omega = rng.double(in: 2..<300)
      check(x0: x0, velocity: velocity, omega: omega, " (seed \(seed))")
    }
  }

  @Test func aSpringThatNeverSettlesStopsAtTheCap() {
    // Too slow a spring to settle within 10 s from 10⁶ points away.
    let curve = MotionCurve.spring(from: 1_000_000, velocity: 0, to: 0, omega: 1)
    #expect(curve.duration == MotionCurve.longestSettle)
    #expect(Self.steppedSettleTime(a: 1_000_000, b: 1_000_000, omega: 1) >= 9.999)
  }
}
