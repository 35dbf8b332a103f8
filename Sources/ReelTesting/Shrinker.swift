/// Delta debugging (ddmin): removes chunks of a failing script while it still fails.
///
/// ```swift
/// let minimal = Shrinker.shrink(script.operations) { ops in !run(ops).isEmpty }
/// ```
public enum Shrinker {
  /// The smallest sub-sequence found for which `fails` still holds.
  ///
  /// Tries removing halves, then quarters, and so on down to single operations, then drops
  /// single operations once more until none can go.
  ///
  /// - Complexity: O(n² log n) calls of `fails` in the worst case, usually far fewer; at most
  ///   `budget` calls.
  public static func shrink<Element>(
    _ elements: [Element], budget: Int = 2_000, fails: ([Element]) -> Bool
  ) -> [Element] {
    var current = elements
    var calls = 0
    var granularity = 2
    while current.count >= 2 && calls < budget {
      let chunk = max(1, current.count / granularity)
      var reduced = false
      var start = 0
      while start < current.count && calls < budget {
        let end = min(current.count, start + chunk)
        let candidate = Array(current[..<start] + current[end...])
        calls += 1
        if fails(candidate) {
          current = candidate
          reduced = true
        } else {
          start = end
        }
      }
      if !reduced {
        if chunk == 1 { break }
        granularity = min(current.count, granularity * 2)
      } else {
        granularity = max(2, granularity - 1)
      }
    }
    if current.count == 1 && calls < budget && fails([]) { return [] }
    return current
  }
}
