import Foundation

/// An analytic offset-over-time curve: the same positions at any frame rate.
struct MotionCurve: Sendable {
  enum Shape: Sendable {
    /// UIKit-style decay: `x0 + D (1 − rᵗ)`, t in milliseconds, resting at `x0 + D`; kept as
    /// `logRate = log r`, so that a sample is one exponential, `rᵗ = e^(t·log r)`.
    case decay(x0: Double, distance: Double, logRate: Double)
    /// A critically damped spring: `target + (A + B t) e^(−ωt)`, t in seconds.
    case spring(target: Double, a: Double, b: Double, omega: Double)
    /// A timed animation from one offset to another.
    case timed(from: Double, to: Double, duration: Double, timing: TimingCurve)
  }

  var shape: Shape
  /// Seconds after the start at which the curve is considered settled.
  var duration: Double
  /// An exact resting offset that overrides the shape's own (a decay aimed at a snap target).
  var exactRest: Double?
  /// For decays in bounded lists: where the decay crosses an edge, and the bounce from it.
  var edge: Edge?

  /// A decay's crossing of an edge of bounded content, and the bounce back onto it.
  struct Edge: Sendable {
    /// Seconds after the start at which the decay reaches the edge.
    var time: Double
    /// The edge.
    var offset: Double
    /// The critically damped spring from the edge, at the decay's velocity there, back onto
    /// the edge; its time starts at ``time``. Worked out once, when the decay starts, so that
    /// a sample past the edge is one spring evaluation.
    var bounce: Shape
  }

  /// The final offset.
  var restingOffset: Double {
    if let exactRest { return exactRest }
    switch shape {
    case .decay(let x0, let distance, _): return edge?.offset ?? x0 + distance
    case .spring(let target, _, _, _): return target
    case .timed(_, let to, _, _): return to
    }
  }

  /// The offset `t` seconds after the start.
  ///
  /// - Complexity: O(1): one evaluation of the shape or of the bounce.
  @inline(__always)
  func offset(at t: Double) -> Double {
    if let edge, t >= edge.time { return edge.bounce.offset(at: t - edge.time) }
    return shape.offset(at: t)
  }

  /// The velocity in points per second `t` seconds after the start.
  ///
  /// - Complexity: O(1): one evaluation of the shape or of the bounce.
  func velocity(at t: Double) -> Double {
    if let edge, t >= edge.time { return edge.bounce.velocity(at: t - edge.time) }
    return shape.velocity(at: t)
  }

  /// Offset and velocity (points per second) `t` seconds after the start.
  func sample(_ t: Double) -> (offset: Double, velocity: Double) {
    (offset(at: t), velocity(at: t))
  }

  /// A decay from an offset with a velocity in points per second, at a rate per millisecond.
  static func decay(from x0: Double, velocity: Double, rate: Double) -> MotionCurve {
    let distance = velocity / 1000 * rate / (1 - rate)
    let logRate = log(rate)
    let settle = 0.25
    let duration =
      abs(distance) <= settle ? 0 : log(settle / abs(distance)) / logRate / 1000
    return MotionCurve(
      shape: .decay(x0: x0, distance: distance, logRate: logRate), duration: duration)
  }

  /// A critically damped spring from an offset and velocity to a target.
  static func spring(from x0: Double, velocity: Double, to target: Double, omega: Double)
    -> MotionCurve
  {
    let a = x0 - target
    let b = velocity + omega * a
    let duration = springSettleTime(a: a, b: b, omega: omega)
    return MotionCurve(shape: .spring(target: target, a: a, b: b, omega: omega), duration: duration)
  }

  /// Settled: within 0.05 points of the target and slower than 5 points per second.
  static let settleDistance = 0.05
  static let settleSpeed = 5.0
  /// Settle times are whole milliseconds, at most this many seconds.
  static let longestSettle = 10.0

  /// The first whole millisecond at which a spring `(a + b t) e^(−ωt)` is settled (within
  /// ``settleDistance`` and ``settleSpeed``), or ``longestSettle``.
  ///
  /// Offset and velocity are both of the form `(p + q t) e^(−ωt)`, which is monotonic on either
  /// side of its one extremum, so each crosses a threshold at most four times: those crossings
  /// (a few safeguarded Newton steps each) split time into intervals over which "settled" does
  /// not change, and the answer is the first millisecond inside the first settled interval.
  ///
  /// - Complexity: O(1): at most eight root searches of a few iterations each.
  static func springSettleTime(a: Double, b: Double, omega: Double) -> Double {
    let position = (p: a, q: b)
    let velocity = (p: b - omega * a, q: -omega * b)
    func settled(_ t: Double) -> Bool {
      let e = Foundation.exp(-omega * t)
      return abs((position.p + position.q * t) * e) < settleDistance
        && abs((velocity.p + velocity.q * t) * e) < settleSpeed
    }
    var bounds = [0.0, longestSettle]
    crossings(velocity.p, velocity.q, omega, settleSpeed, into: &bounds)
    crossings(position.p, position.q, omega, settleDistance, into: &bounds)
    bounds.sort()
    let steps = Int(longestSettle * 1000)
    for (lo, hi) in zip(bounds, bounds.dropFirst()) where hi > lo {
      // "Settled" is constant strictly inside (lo, hi): test it in the middle.
      guard settled(lo + (hi - lo) / 2) || (lo == 0 && settled(0)) else { continue }
      var k = max(0, Int((lo * 1000).rounded(.down)))
      // The first millisecond at or after `lo` that is settled, before the next crossing.
      while k <= steps && Double(k) / 1000 <= hi {
        if settled(Double(k) / 1000) { return Double(k) / 1000 }
        k += 1
      }
    }
    return longestSettle
  }

  /// Appends the times in `0...longestSettle` at which `(p + q t) e^(−ωt)` equals `±level`.
  private static func crossings(
    _ p: Double, _ q: Double, _ omega: Double, _ level: Double, into times: inout [Double]
  ) {
    func f(_ t: Double) -> Double { (p + q * t) * Foundation.exp(-omega * t) }
    func slope(_ t: Double) -> Double { (q - omega * (p + q * t)) * Foundation.exp(-omega * t) }
    // The extremum, where the slope is zero, splits time into two monotonic pieces.
    var pieces = [0.0, longestSettle]
    if q != 0 {
      let extremum = 1 / omega - p / q
      if extremum > 0 && extremum < longestSettle { pieces.insert(extremum, at: 1) }
    }
    for (lo, hi) in zip(pieces, pieces.dropFirst()) {
      for y in [level, -level] {
        let (glo, ghi) = (f(lo) - y, f(hi) - y)
        guard glo.isFinite, ghi.isFinite, (glo < 0) != (ghi < 0) else { continue }
        times.append(root(of: { f($0) - y }, slope: slope, lo, hi, rising: glo < 0))
      }
    }
  }

  /// A root of a monotonic function with a sign change on `lo...hi`: Newton steps, falling back
  /// to bisection when a step leaves the bracket.
  private static func root(
    of g: (Double) -> Double, slope: (Double) -> Double, _ lo: Double, _ hi: Double,
    rising: Bool
  ) -> Double {
    var (lo, hi) = (lo, hi)
    var t = lo + (hi - lo) / 2
    for _ in 0..<100 {
      let value = g(t)
      if value == 0 { return t }
      if (value < 0) == rising { lo = t } else { hi = t }
      let d = slope(t)
      var next = d != 0 ? t - value / d : .nan
      if !(next > lo && next < hi) { next = lo + (hi - lo) / 2 }
      if abs(next - t) <= 1e-13 * max(1, abs(t)) || hi - lo <= 1e-13 { return next }
      t = next
    }
    return t
  }

  /// A timed animation.
  static func timed(from: Double, to: Double, duration: Double, timing: TimingCurve) -> MotionCurve
  {
    MotionCurve(
      shape: .timed(from: from, to: to, duration: duration, timing: timing), duration: duration)
  }

  /// The same curve moved along the axis (for cyclic recentring).
  func shifted(by delta: Double) -> MotionCurve {
    var copy = self
    copy.shape = shape.shifted(by: delta)
    if let edge = copy.edge {
      copy.edge = Edge(
        time: edge.time, offset: edge.offset + delta, bounce: edge.bounce.shifted(by: delta))
    }
    if let rest = copy.exactRest { copy.exactRest = rest + delta }
    return copy
  }
}

extension MotionCurve.Shape {
  /// The offset `t` seconds after the shape's start.
  ///
  /// The same arithmetic as ``velocity(at:)`` up to the offset, so that a tick, which needs
  /// only the offset, and a re-aim, which needs the velocity at the same instant, agree with
  /// one sample of both.
  @inline(__always)
  func offset(at t: Double) -> Double {
    switch self {
    case .decay(let x0, let distance, let logRate):
      // `rᵗ` as `e^(t·log r)`: an exponential costs less than half of a general power.
      let factor = Foundation.exp(t * 1000 * logRate)
      return x0 + distance * (1 - factor)
    case .spring(let target, let a, let b, let omega):
      let e = Foundation.exp(-omega * t)
      return target + (a + b * t) * e
    case .timed(let from, let to, let duration, let timing):
      guard duration > 0 else { return to }
      let p = timing.progress(t / duration)
      return from + (to - from) * p
    }
  }

  /// The velocity in points per second `t` seconds after the shape's start (a timed shape's by
  /// a forward difference of its progress).
  func velocity(at t: Double) -> Double {
    switch self {
    case .decay(_, let distance, let logRate):
      let factor = Foundation.exp(t * 1000 * logRate)
      return -distance * factor * logRate * 1000
    case .spring(_, let a, let b, let omega):
      let e = Foundation.exp(-omega * t)
      return (b - omega * (a + b * t)) * e
    case .timed(let from, let to, let duration, let timing):
      guard duration > 0 else { return 0 }
      let p = timing.progress(t / duration)
      let h = 1e-4
      let p2 = timing.progress(t / duration + h)
      return (to - from) * (p2 - p) / (h * duration)
    }
  }

  /// The same shape moved along the axis.
  func shifted(by delta: Double) -> Self {
    switch self {
    case .decay(let x0, let distance, let logRate):
      return .decay(x0: x0 + delta, distance: distance, logRate: logRate)
    case .spring(let target, let a, let b, let omega):
      return .spring(target: target + delta, a: a, b: b, omega: omega)
    case .timed(let from, let to, let duration, let timing):
      return .timed(from: from + delta, to: to + delta, duration: duration, timing: timing)
    }
  }
}
