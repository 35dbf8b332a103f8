/// The longest strictly increasing subsequence of a sequence of distinct integers, found by
/// patience sorting: the items of a diff whose relative order is kept, so that only the others
/// need to move.
@usableFromInline
enum LongestIncreasingRun {
  /// Marks the positions of one longest strictly increasing subsequence of `values`.
  ///
  /// Values below 0 are skipped (never marked): they stand for unmatched items.
  ///
  /// - Returns: `kept[i]` is true when `values[i]` is in the subsequence.
  /// - Complexity: O(n log n) time, O(n) space; O(n) when `values` is already increasing.
  @usableFromInline
  static func mark(_ values: [Int]) -> [Bool] {
    var workspace = DiffWorkspace()
    mark(values, in: &workspace)
    return workspace.kept
  }

  /// Marks one longest strictly increasing subsequence of `values` in `workspace.kept`, using
  /// the workspace's buffers (no allocation once they are large enough).
  ///
  /// - Complexity: O(n log n) time; O(n) when `values` is already increasing.
  @usableFromInline
  static func mark(_ values: [Int], in workspace: inout DiffWorkspace) {
    let count = values.count
    DiffWorkspace.fill(&workspace.kept, with: false, count: count)
    guard count > 0 else { return }
    if workspace.tails.count < count {
      workspace.tails = [Int](repeating: 0, count: count)
      workspace.previous = [Int](repeating: 0, count: count)
    }
    mark(values, &workspace.kept, &workspace.tails, &workspace.previous)
  }

  /// The patience sort proper, with buffers of at least `values.count` elements.
  static func mark(
    _ values: [Int], _ kept: inout [Bool], _ tails: inout [Int], _ previous: inout [Int]
  ) {
    // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
    // previous[i]: the position before i in the best run ending at i, or -1.
    var length = 0
    var lastValue = Int.min
    for (i, value) in values.enumerated() {
      if value < 0 { continue }
      if value > lastValue {
        previous[i] = length > 0 ? tails[length - 1] : -1
        tails[length] = i
        length += 1
        lastValue = value
        continue
      }
      // The first tail whose value is ≥ value (there is one: the last).
      var (lo, hi) = (0, length - 1)
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[tails[mid]] < value { lo = mid + 1 } else { hi = mid }
      }
      previous[i] = lo > 0 ? tails[lo - 1] : -1
      tails[lo] = i
      if lo == length - 1 { lastValue = value }
    }
    var position = length > 0 ? tails[length - 1] : -1
    while position >= 0 {
      kept[position] = true
      position = previous[position]
    }
  }
}
