import Reel

/// Which row shows at each index of the million-row list, and the random edits that change it.
///
/// Until the first edit row `i` is at index `i` and nothing is stored; the first edit stores
/// the million identifiers (8 MB), and each edit changes the ones on screen in place. Edits
/// draw from one ``SplitMix64`` seeded with ``seed``, so the n-th edit of a run is the same
/// for the same seed and the same visible rows.
struct RowOrder {
  /// The seed of the edits' generator.
  let seed: UInt64
  /// How many edits were made.
  private(set) var edits = 0
  private var ids: [Int]?
  private var random: SplitMix64
  /// The identifier the next inserted row takes: new rows count on from the million.
  private var nextID = DemoRows.count

  init(seed: UInt64) {
    self.seed = seed
    random = SplitMix64(seed: seed)
  }

  /// The number of rows.
  var count: Int { ids?.count ?? DemoRows.count }

  /// The identifier of the row at `index` (what ``DemoRows`` describes).
  ///
  /// - Precondition: `0 ≤ index < count`.
  func id(at index: Int) -> Int {
    precondition(
      index >= 0 && index < count, "RowOrder.id(at:): index \(index) is outside 0..<\(count)")
    return ids?[index] ?? index
  }

  /// Edits the rows at `range` at random; returns the edit and the batch update that tells
  /// the list.
  ///
  /// - Precondition: `range` lies in `0..<count`.
  /// - Complexity: O(n) for n rows (moving the rows after the range), O(range) otherwise.
  mutating func edit(_ range: Range<Int>) -> (diff: RowDiff, update: BatchUpdate) {
    precondition(
      range.lowerBound >= 0 && range.upperBound <= count,
      "RowOrder.edit(_:): rows \(range) are outside 0..<\(count)")
    if ids == nil { ids = Array(0..<DemoRows.count) }
    let old = Array(ids![range])
    let diff = RowDiff.random(of: old, nextID: &nextID, random: &random)
    ids!.replaceSubrange(range, with: diff.window)
    edits += 1
    return (diff, diff.update(from: old, start: range.lowerBound))
  }
}
