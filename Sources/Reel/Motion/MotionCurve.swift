import Foundation

/// An analytic offset-over-time curve: the same positions at any frame rate.
struct MotionCurve: Sendable {
  enum Shape: Sendable {
    /// UIKit-style decay: `x0 + D (1 − rᵗ)`, t in milliseconds, resting at `x0 + D`.
    case decay(x0: Double, distance: Double, rate: Double)
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
  /// For decays in bounded lists: the time the decay crosses an edge, and the edge.
  var edge: (time: Double, offset: Double, then: SpringFollowUp)?

  struct SpringFollowUp: Sendable {
    var omega: Double
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

  /// Offset and velocity (points per second) `t` seconds after the start.
  func sample(_ t: Double) -> (offset: Double, velocity: Double) {
    if let edge, t >= edge.time {
      let (_, v) = MotionCurve.sampleShape(shape, edge.time)
      let bounce = MotionCurve.spring(
        from: edge.offset, velocity: v, to: edge.offset, omega: edge.then.omega)
      return MotionCurve.sampleShape(bounce.shape, t - edge.time)
    }
    return MotionCurve.sampleShape(shape, t)
  }

  static func sampleShape(_ shape: Shape, _ t: Double) -> (offset: Double, velocity: Double) {
    switch shape {
    case .decay(let x0, let distance, let rate):
      let ms = t * 1000
      let factor = pow(rate, ms)
      return (x0 + distance * (1 - factor), -distance * factor * log(rate) * 1000)
    case .spring(let target, let a, let b, let omega):
      let e = exp(-omega * t)
      return (target + (a + b * t) * e, (b - omega * (a + b * t)) * e)
    case .timed(let from, let to, let duration, let timing):
      guard duration > 0 else { return (to, 0) }
      let p = timing.progress(t / duration)
      let h = 1e-4
      let p2 = timing.progress(t / duration + h)
      return (from + (to - from) * p, (to - from) * (p2 - p) / (h * duration))
    }
  }

  /// A decay from an offset with a velocity in points per second, at a rate per millisecond.
  static func decay(from x0: Double, velocity: Double, rate: Double) -> MotionCurve {
    let distance = velocity / 1000 * rate / (1 - rate)
    let settle = 0.25
    let duration =
      abs(distance) <= settle ? 0 : log(settle / abs(distance)) / log(rate) / 1000
    return MotionCurve(shape: .decay(x0: x0, distance: distance, rate: rate), duration: duration)
  }

  /// A critically damped spring from an offset and velocity to a target.
  static func spring(from x0: Double, velocity: Double, to target: Double, omega: Double)
    -> MotionCurve
  {
    let a = x0 - target
    let b = velocity + omega * a
    var curve = MotionCurve(
      shape: .spring(target: target, a: a, b: b, omega: omega), duration: 0)
    // Settled once within 0.05 points and 5 points per second. A critically damped spring
    // crosses its target at most once and decays monotonically after its one extremum.
    var t = 0.0
    while t < 10 {
      let (x, v) = sampleShape(curve.shape, t)
      if abs(x - target) < 0.05 && abs(v) < 5 { break }
      t += 0.001
    }
    curve.duration = t
    return curve
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
    switch shape {
    case .decay(let x0, let distance, let rate):
      copy.shape = .decay(x0: x0 + delta, distance: distance, rate: rate)
    case .spring(let target, let a, let b, let omega):
      copy.shape = .spring(target: target + delta, a: a, b: b, omega: omega)
    case .timed(let from, let to, let duration, let timing):
      copy.shape = .timed(from: from + delta, to: to + delta, duration: duration, timing: timing)
    }
    if let edge = copy.edge { copy.edge = (edge.time, edge.offset + delta, edge.then) }
    if let rest = copy.exactRest { copy.exactRest = rest + delta }
    return copy
  }
}
