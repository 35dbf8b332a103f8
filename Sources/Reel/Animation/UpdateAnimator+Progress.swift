/// The progress at one instant of animations that began at any instant, remembered for the
/// last few start instants: a value, so that a walk over the tracks uses it without an access
/// to the animator.
@usableFromInline
struct MemoizedCurve {
  @usableFromInline let animation: UpdateAnimation
  /// A spring's `ω` (``UpdateAnimation/springOmega(response:)``), worked out once for every
  /// start instant; NaN for the other animations.
  @usableFromInline let springOmega: Double
  @usableFromInline let now: ReelInstant
  @usableFromInline var memo: ProgressMemo

  @inlinable
  init(animation: UpdateAnimation, now: ReelInstant, memo: ProgressMemo = ProgressMemo()) {
    self.init(
      animation: animation, springOmega: Self.springOmega(of: animation), now: now, memo: memo)
  }

  /// The curve of `animation`, whose spring's `ω` the caller kept
  /// (``springOmega(of:)``: NaN for the other animations).
  @inlinable
  init(animation: UpdateAnimation, springOmega: Double, now: ReelInstant, memo: ProgressMemo) {
    assert(
      springOmega.bitPattern == Self.springOmega(of: animation).bitPattern,
      "MemoizedCurve: the spring's ω is not the animation's")
    self.animation = animation
    self.springOmega = springOmega
    self.now = now
    self.memo = memo
  }

  /// A spring's `ω`; NaN for the other animations.
  @inlinable
  static func springOmega(of animation: UpdateAnimation) -> Double {
    guard case .spring(let response) = animation else { return .nan }
    return UpdateAnimation.springOmega(response: response)
  }

  /// The progress at `now` of an animation that began at `start`: the animation's curve at the
  /// seconds elapsed since `start`, looked up in the memo when it was worked out at this instant.
  ///
  /// - Complexity: O(1); no curve evaluation for a start instant in the memo.
  @inlinable
  mutating func progress(since start: ReelInstant) -> Double {
    if let known = memo.progress(since: start) { return known }
    return computeProgress(since: start)
  }

  /// Evaluates the curve since `start` and remembers it. An animation that has settled is 1
  /// and is not remembered: a cell that faded in long ago keeps its fade's start while later
  /// updates move it, and those starts would push the live ones out of the memo.
  @usableFromInline
  mutating func computeProgress(since start: ReelInstant) -> Double {
    let elapsed = Double(now.nanoseconds &- start.nanoseconds) / 1e9
    // A spring, the default, is sampled from its kept `ω`: the same bits as `sample`, with
    // neither the division nor a look at the animation's case.
    let (value, settled) =
      springOmega.isNaN
      ? animation.sample(elapsed: elapsed)
      : UpdateAnimation.springSample(omega: springOmega, elapsed: elapsed)
    if settled {
      memo.noteSettled(since: start)
      return 1
    }
    memo.remember(value, since: start)
    return value
  }
}

/// The progress at the current tick of the last few distinct start instants: an update starts
/// all its animations at one instant, so a handful of entries serve every cell. Beside them, a
/// bound below which every start has settled (progress exactly 1): settling is monotonic in the
/// start (an earlier start has had longer), so settled starts, however many, take no entry.
@usableFromInline
struct ProgressMemo {
  @usableFromInline var starts: (Int64, Int64, Int64, Int64) = (.min, .min, .min, .min)
  @usableFromInline var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
  /// The slot the next entry replaces.
  @usableFromInline var next = 0
  /// Every start (in nanoseconds) below it has settled.
  @usableFromInline var settledBefore = Int64.min

  @inlinable init() {}

  /// The remembered progress since `start`, or `nil`.
  @inlinable
  func progress(since start: ReelInstant) -> Double? {
    let key = start.nanoseconds
    if key < settledBefore { return 1 }
    if starts.0 == key { return values.0 }
    if starts.1 == key { return values.1 }
    if starts.2 == key { return values.2 }
    if starts.3 == key { return values.3 }
    return nil
  }

  /// Remembers the progress since `start`, replacing the oldest entry.
  @inlinable @inline(__always)
  mutating func remember(_ value: Double, since start: ReelInstant) {
    // The entry is written at its index in the homogeneous tuples (laid out as arrays), not
    // chosen by a switch: a jump through a table that the call sites did not inline.
    let slot = next
    withUnsafeMutableBytes(of: &starts) {
      $0.storeBytes(of: start.nanoseconds, toByteOffset: slot &* 8, as: Int64.self)
    }
    withUnsafeMutableBytes(of: &values) {
      $0.storeBytes(of: value, toByteOffset: slot &* 8, as: Double.self)
    }
    next = (slot &+ 1) & 3
  }

  /// Remembers that the animation since `start` has settled, and so has every earlier one.
  @inlinable
  mutating func noteSettled(since start: ReelInstant) {
    let bound = start.nanoseconds == .max ? start.nanoseconds : start.nanoseconds &+ 1
    if bound > settledBefore { settledBefore = bound }
  }
}

extension Slot {
  /// `self − other`, field by field.
  @inlinable
  func difference(_ other: Slot) -> Slot {
    Slot(
      offset: offset - other.offset, extent: extent - other.extent,
      crossOffset: crossOffset - other.crossOffset, crossExtent: crossExtent - other.crossExtent)
  }

  /// `self + delta × factor`, field by field.
  @inlinable
  func displaced(by delta: Slot, times factor: Double) -> Slot {
    Slot(
      offset: offset + delta.offset * factor, extent: extent + delta.extent * factor,
      crossOffset: crossOffset + delta.crossOffset * factor,
      crossExtent: crossExtent + delta.crossExtent * factor)
  }

  /// Whether every field is zero.
  @inlinable var isZero: Bool {
    offset == 0 && extent == 0 && crossOffset == 0 && crossExtent == 0
  }
}
