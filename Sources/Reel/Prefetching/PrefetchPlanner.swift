/// Decides which items to prefetch after each layout pass: the ones ahead of the window in the
/// direction of motion, more of them the faster the content moves, and which to cancel when the
/// direction reverses. A value with no knowledge of the list, tested alone.
///
/// ```swift
/// var planner = PrefetchPlanner()
/// let plan = planner.update(window: 10..<20, offset: 480, itemExtent: 44, count: 1_000)
/// plan.prefetch  // [20, 21, …] while the content moves towards later items
/// ```
public struct PrefetchPlanner: Sendable, Hashable {
  /// What one pass asks for, in virtual indices.
  package struct Plan: Sendable, Hashable {
    /// Items to prefetch, nearest first.
    package var prefetch: [Int] = []
    /// Items whose prefetch is cancelled (the direction changed), ascending.
    package var cancel: [Int] = []
  }

  /// Items prefetched at rest speed (2 by default).
  public var minimumDistance: Int
  /// The most items prefetched ahead, however fast the motion (24 by default).
  public var maximumDistance: Int
  /// Extra items per item the content moved since the previous pass (2 by default): at a fixed
  /// frame rate the distance grows with speed.
  public var itemsPerItemMoved: Double

  private var lastOffset: Double?
  private var direction = 0
  /// Prefetched items not yet displayed, in virtual indices.
  private var pending = Set<Int>()

  /// Creates a planner.
  ///
  /// - Precondition: `0 ≤ minimumDistance ≤ maximumDistance`, `itemsPerItemMoved ≥ 0`.
  public init(minimumDistance: Int = 2, maximumDistance: Int = 24, itemsPerItemMoved: Double = 2) {
    precondition(
      minimumDistance >= 0 && minimumDistance <= maximumDistance,
      "PrefetchPlanner: need 0 ≤ minimumDistance ≤ maximumDistance, got \(minimumDistance) and "
        + "\(maximumDistance)")
    precondition(
      itemsPerItemMoved >= 0 && itemsPerItemMoved.isFinite,
      "PrefetchPlanner: itemsPerItemMoved must be finite and ≥ 0, got \(itemsPerItemMoved)")
    self.minimumDistance = minimumDistance
    self.maximumDistance = maximumDistance
    self.itemsPerItemMoved = itemsPerItemMoved
  }

  /// The items prefetched and not yet displayed.
  package var outstanding: Set<Int> { pending }

  /// Plans one pass: `window` is the displayed virtual range, `offset` the content offset,
  /// `itemExtent` a typical item's extent, `count` the bounded list's item count (`nil` for a
  /// cyclic list, whose virtual indices are unbounded).
  ///
  /// - Complexity: O(distance + outstanding items).
  package mutating func update(
    window: Range<Int>, offset: Double, itemExtent: Double, count: Int?
  ) -> Plan {
    var plan = Plan()
    defer { lastOffset = offset }
    // Items that came into view were prefetched for good: forget them.
    pending = pending.filter { !window.contains($0) }
    guard let last = lastOffset, offset != last, !window.isEmpty else { return plan }
    let sign = offset > last ? 1 : -1
    if sign != direction && direction != 0 && !pending.isEmpty {
      plan.cancel = pending.sorted()
      pending.removeAll()
    }
    direction = sign
    let distance = distance(forMovement: offset - last, itemExtent: itemExtent)
    for v in Self.items(aheadOf: window, direction: sign, distance: distance, count: count)
    where pending.insert(v).inserted {
      plan.prefetch.append(v)
    }
    return plan
  }

  /// How many items ahead the planner looks when the content moved by `movement` points since
  /// the previous pass: ``minimumDistance`` at rest, growing by ``itemsPerItemMoved`` per item
  /// moved, capped at ``maximumDistance``.
  ///
  /// - Complexity: O(1).
  package func distance(forMovement movement: Double, itemExtent: Double) -> Int {
    let moved = itemExtent > 0 && movement.isFinite ? abs(movement) / itemExtent : 0
    let extra = min(Double(maximumDistance), (moved * itemsPerItemMoved).rounded(.up))
    return min(maximumDistance, minimumDistance + Int(extra))
  }

  /// The `distance` virtual indices just past `window` in a direction (`1` towards later items,
  /// `-1` towards earlier ones), nearest first, stopping at the ends of a bounded list of
  /// `count` items (`count` is `nil` for a cyclic list).
  ///
  /// ```swift
  /// PrefetchPlanner.items(aheadOf: 10..<20, direction: -1, distance: 3, count: 100)  // [9, 8, 7]
  /// ```
  ///
  /// - Precondition: `direction` is `1` or `-1`.
  /// - Complexity: O(distance).
  package static func items(
    aheadOf window: Range<Int>, direction: Int, distance: Int, count: Int?
  ) -> [Int] {
    precondition(
      direction == 1 || direction == -1,
      "PrefetchPlanner.items(aheadOf:direction:distance:count:): direction must be 1 or -1, got "
        + "\(direction)")
    var items: [Int] = []
    items.reserveCapacity(max(0, distance))
    for step in 0..<max(0, distance) {
      let v = direction > 0 ? window.upperBound + step : window.lowerBound - 1 - step
      if let count, v < 0 || v >= count { break }
      items.append(v)
    }
    return items
  }

  /// Forgets everything (after a reload or a batch update: the indices changed).
  @usableFromInline package mutating func reset() {
    pending.removeAll()
    direction = 0
    lastOffset = nil
  }
}
