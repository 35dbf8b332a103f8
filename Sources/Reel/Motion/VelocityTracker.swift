/// Estimates release velocity from the most recent pointer samples.
///
/// Keeps the last eight samples in fixed-size storage, so that the motion state holding it is a
/// plain value (copied without reference counting).
struct VelocityTracker {
  private static let capacity = 8
  private var times = SIMD8<Int64>()
  private var positions = SIMD8<Double>()
  private var next = 0
  private var stored = 0

  mutating func reset() {
    next = 0
    stored = 0
  }

  mutating func add(_ position: Double, at time: ReelInstant) {
    times[next] = time.nanoseconds
    positions[next] = position
    next = (next + 1) % Self.capacity
    stored = min(stored + 1, Self.capacity)
  }

  /// Points per second over the samples of the last 100 ms before `time`, by least squares;
  /// zero when the pointer rested for more than 50 ms before the release.
  func velocity(at time: ReelInstant) -> Double {
    guard stored >= 2 else { return 0 }
    let capacity = Self.capacity
    let newest = (next - 1 + capacity) % capacity
    if Double(time.nanoseconds - times[newest]) / 1e9 > 0.05 { return 0 }
    var n = 0.0
    var sumT = 0.0
    var sumX = 0.0
    var sumTT = 0.0
    var sumTX = 0.0
    for k in 0..<stored {
      let i = (newest - k + capacity) % capacity
      let age = Double(time.nanoseconds - times[i]) / 1e9
      guard age <= 0.1 else { break }
      let t = -age
      n += 1
      sumT += t
      sumX += positions[i]
      sumTT += t * t
      sumTX += t * positions[i]
    }
    guard n >= 2 else { return 0 }
    let denominator = n * sumTT - sumT * sumT
    guard denominator > 1e-12 else { return 0 }
    return (n * sumTX - sumT * sumX) / denominator
  }
}
