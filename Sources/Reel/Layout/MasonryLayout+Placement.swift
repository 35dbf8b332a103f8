/// The placed prefix of a masonry layout: every item up to the last measured or full-span one,
/// placed in order into the shortest lane.
///
/// Stores each item's start, extent, lane (`-1` for a full-span item) and the running maximum of
/// the ends, so starts (non-decreasing, because the shortest lane's end only grows) and ends
/// (through the running maximum) are both binary searched. Every 16 items it keeps the lanes'
/// next starts, so that a change at index `i` re-places from `i` rounded down to 16, not from 0.
///
/// Positions are relative to the start of the content (insets are added by the layout).
struct MasonryPlacement: Sendable, Hashable {
  /// Items between two saved lane states.
  static let checkpointInterval = 16

  /// The number of lanes, `≥ 1`.
  let lanes: Int
  /// Each placed item's start.
  private(set) var starts: [Double] = []
  /// Each placed item's extent.
  private(set) var extents: [Double] = []
  /// Each placed item's lane, `-1` for a full-span item.
  private(set) var laneOf: [Int32] = []
  /// The largest end among items `0...i`.
  private(set) var maxEnds: [Double] = []
  /// The lanes' next starts before item `16c`, `lanes` values per `c`.
  private var checkpoints: [Double] = []
  /// The lanes' next starts after the last placed item.
  private(set) var frontier: [Double]

  /// An empty placement.
  init(lanes: Int) {
    self.lanes = lanes
    frontier = Array(repeating: 0, count: lanes)
  }

  /// The number of placed items.
  var count: Int { starts.count }

  /// Places items `0..<target`, keeping the placement of the items before `index` and placing
  /// the others again: items in `fullSpan` (ascending) span every lane and start where the
  /// longest lane ends; the others go to the lane that ends first (ties → the lowest lane).
  /// Item `j` has extent `measured[j]` when that is a number, `estimate` otherwise.
  ///
  /// - Complexity: O((target − index + 16) × lanes).
  mutating func place(
    from index: Int, to target: Int, spacing: Double, estimate: Double, measured: [Double],
    fullSpan: [Int]
  ) {
    let interval = Self.checkpointInterval
    let from = max(0, min(index, count, target))
    let checkpoint = from / interval
    let start = checkpoint * interval
    var next =
      start == count
      ? frontier : Array(checkpoints[checkpoint * lanes..<(checkpoint + 1) * lanes])
    starts.removeSubrange(start...)
    extents.removeSubrange(start...)
    laneOf.removeSubrange(start...)
    maxEnds.removeSubrange(start...)
    checkpoints.removeSubrange((checkpoint * lanes)...)
    var spanPosition = Self.lowerBound(fullSpan, start)
    var maxEnd = start == 0 ? -Double.infinity : maxEnds[start - 1]
    for j in start..<max(start, target) {
      if j % interval == 0 { checkpoints.append(contentsOf: next) }
      let extent = j < measured.count && !measured[j].isNaN ? measured[j] : estimate
      let itemStart: Double
      if spanPosition < fullSpan.count && fullSpan[spanPosition] == j {
        spanPosition += 1
        itemStart = next.max() ?? 0
        let after = itemStart + extent + spacing
        for l in 0..<lanes { next[l] = after }
        laneOf.append(-1)
      } else {
        var shortest = 0
        for l in 1..<lanes where next[l] < next[shortest] { shortest = l }
        itemStart = next[shortest]
        next[shortest] = itemStart + extent + spacing
        laneOf.append(Int32(shortest))
      }
      starts.append(itemStart)
      extents.append(extent)
      maxEnd = max(maxEnd, itemStart + extent)
      maxEnds.append(maxEnd)
    }
    frontier = next
  }

  /// The number of placed items that start before `x`.
  ///
  /// - Complexity: O(log n).
  func countStarting(before x: Double) -> Int {
    var (lo, hi) = (0, count)
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if starts[mid] < x { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The first placed item that ends after `x`, or `count` when none does.
  ///
  /// - Complexity: O(log n).
  func firstEnding(after x: Double) -> Int {
    var (lo, hi) = (0, count)
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if maxEnds[mid] > x { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// The number of elements of an ascending array below `value`.
  static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
    var (lo, hi) = (0, sorted.count)
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
