/// The progress, at the last tick, of each start instant that the motions of an animated
/// snapshot refer to. Entry 0 is always 0 (not started, or nothing to fade) and entry 1 always 1
/// (settled); the others are start instants, their values refreshed at every frame.
///
/// An entry keeps its start for as long as the motions that refer to it are kept: until the
/// animator's tracks change (``UpdateAnimator/generation``), when every motion is worked out
/// again and the table starts over.
@usableFromInline
struct ProgressTable {
  /// The entry whose value is always 0.
  @inlinable static var zero: Int { 0 }
  /// The entry whose value is always 1.
  @inlinable static var one: Int { 1 }
  /// How many entries there are room for; a snapshot whose motions need more is resolved.
  @inlinable static var capacity: Int { 16 }

  /// The values, `capacity` of them; the first `count` are in use.
  @usableFromInline let values: UnsafeMutablePointer<Double>
  /// Each value's two factors (see ``factorSlot(of:remaining:)``), `2 × capacity` of them.
  @usableFromInline let factors: UnsafeMutablePointer<Double>
  /// The start instant (in nanoseconds) of each entry from 2 on.
  @usableFromInline let starts: UnsafeMutablePointer<Int64>
  @usableFromInline var count = 2

  @usableFromInline
  init() {
    values = .allocate(capacity: Self.capacity)
    values.initialize(repeating: 0, count: Self.capacity)
    factors = .allocate(capacity: 2 &* Self.capacity)
    factors.initialize(repeating: 0, count: 2 &* Self.capacity)
    starts = .allocate(capacity: Self.capacity)
    starts.initialize(repeating: 0, count: Self.capacity)
    // Each entry's factors from its value, as every later change gives them.
    for entry in 0..<Self.capacity { set(entry == Self.one ? 1 : 0, at: entry) }
  }

  /// Frees the storage.
  @usableFromInline
  func deallocate() {
    values.deallocate()
    factors.deallocate()
    starts.deallocate()
  }

  /// Where the factors of `entry`'s value are: `1 + (−1) × value` (what remains) or
  /// `0 + 1 × value`.
  @inlinable
  static func factorSlot(of entry: Int, remaining: Bool) -> Int {
    2 &* entry &+ (remaining ? 0 : 1)
  }

  /// Sets `entry`'s value and its factors.
  @inlinable @inline(__always)
  func set(_ value: Double, at entry: Int) {
    values[entry] = value
    factors[Self.factorSlot(of: entry, remaining: true)] = 1 + -1 * value
    factors[Self.factorSlot(of: entry, remaining: false)] = 0 + 1 * value
  }

  /// Forgets every start instant.
  @inlinable
  mutating func removeAll() { count = 2 }

  /// The entry of the progress since `start` (`nil`: not started, entry 0; ended: entry 1),
  /// added with the progress at the curve's instant when it is new; `nil` when the table is full.
  ///
  /// - Complexity: O(k) for k entries in use (at most ``capacity``).
  @inlinable
  mutating func entry(
    since start: ReelInstant?, ticked: Bool, curve: inout MemoizedCurve
  ) -> Int? {
    guard let start, ticked else { return Self.zero }
    let key = start.nanoseconds
    var entry = 2
    while entry < count {
      if starts[entry] == key { return entry }
      entry &+= 1
    }
    let value = curve.progress(since: start)
    // Progress never decreases while time goes forward, and the table starts over when it goes
    // back: an animation that has ended needs no entry of its own.
    if value >= 1 { return Self.one }
    guard count < Self.capacity else { return nil }
    starts[count] = key
    set(value, at: count)
    count &+= 1
    return count &- 1
  }

  /// Refreshes every start instant's progress at the curve's instant (0 before the first tick).
  ///
  /// - Complexity: O(k) for k entries; the curve is evaluated once per start not in its memo.
  @inlinable
  func refresh(ticked: Bool, curve: inout MemoizedCurve) {
    var entry = 2
    while entry < count {
      set(ticked ? curve.progress(since: ReelInstant(nanoseconds: starts[entry])) : 0, at: entry)
      entry &+= 1
    }
  }
}
