/// Integer helpers for cyclic index arithmetic.
@usableFromInline
package enum CyclicMath {
  /// The data index of a virtual index: `((v mod n) + n) mod n`.
  ///
  /// - Precondition: `count ≥ 1`.
  @inlinable
  package static func dataIndex(_ virtualIndex: Int, count: Int) -> Int {
    let r = virtualIndex % count
    return r < 0 ? r + count : r
  }

  /// Division rounding towards negative infinity.
  @inlinable
  package static func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
  }

  /// Where an item stands after a change of the item count: the same loop (period of `oldCount`
  /// virtual indices) as `virtualIndex`, at its new data index `newIndex`. In bounded content
  /// (`cyclic` false) there is one loop and the result is `newIndex`.
  ///
  /// ```swift
  /// // Item 3 of loop -2 (virtual index -17 of 10 items), now at 5 of 12 items: -19.
  /// CyclicMath.remap(-17, oldCount: 10, toIndex: 5, newCount: 12, cyclic: true)
  /// ```
  ///
  /// - Precondition: `oldCount ≥ 1` when `cyclic`.
  /// - Complexity: O(1).
  @inlinable
  package static func remap(
    _ virtualIndex: Int, oldCount: Int, toIndex newIndex: Int, newCount: Int, cyclic: Bool
  ) -> Int {
    guard cyclic else { return newIndex }
    return floorDiv(virtualIndex, oldCount) * newCount + newIndex
  }

  /// The greatest common divisor of two positive integers.
  ///
  /// - Complexity: O(log min(a, b)) (Euclid's algorithm).
  @inlinable
  package static func gcd(_ a: Int, _ b: Int) -> Int {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

  /// The least common multiple of two positive integers.
  ///
  /// - Precondition: the result fits in an `Int`.
  /// - Complexity: O(log min(a, b)), as ``gcd(_:_:)``.
  @inlinable
  package static func lcm(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
    precondition(!overflow, "CyclicMath.lcm: lcm(\(a), \(b)) overflows Int")
    return result
  }
}

extension Int {
  /// Converts a finite or infinite `Double` to `Int`, saturating at the bounds instead of trapping.
  @inlinable
  init(saturating value: Double) {
    if value >= 9.2e18 {
      self = .max
    } else if value <= -9.2e18 {
      self = .min
    } else {
      self = Int(value)
    }
  }
}
