/// The longest strictly increasing subsequence of a sequence of distinct integers, found by
/// patience sorting: the items of a diff whose relative order is kept, so that only the others
/// need to move.
enum LongestIncreasingRun {
  /// Marks the positions of one longest strictly increasing subsequence of `values`.
  ///
  /// Values of -1 are skipped (never marked): they stand for unmatched items.
  ///
  /// - Returns: `kept[i]` is true when `values[i]` is in the subsequence.
  /// - Complexity: O(n log n) time, O(n) space; O(n) when `values` is already increasing.
  static func mark(_ values: [Int]) -> [Bool] {
    var kept = [Bool](repeating: false, count: values.count)
    // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
    var tails = [Int]()
    // previous[i]: the position before i in the best run ending at i, or -1.
    var previous = [Int](repeating: -1, count: values.count)
    for i in values.indices {
      let value = values[i]
      guard value >= 0 else { continue }
      if let last = tails.last, values[last] >= value {
        // Binary search for the first tail whose value is ≥ value.
        var (lo, hi) = (0, tails.count - 1)
        while lo < hi {
          let mid = (lo + hi) / 2
          if values[tails[mid]] < value { lo = mid + 1 } else { hi = mid }
        }
        previous[i] = lo > 0 ? tails[lo - 1] : -1
        tails[lo] = i
      } else {
        previous[i] = tails.last ?? -1
        tails.append(i)
      }
    }
    var position = tails.last ?? -1
    while position >= 0 {
      kept[position] = true
      position = previous[position]
    }
    return kept
  }
}
