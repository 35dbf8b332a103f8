import Reel

/// The brute-force masonry placement the tests compare `MasonryLayout` with: every item placed in
/// index order, by a plain loop over the lanes, with nothing cached.
struct MasonryReference {
  var lanes: Int
  var spacing: Double
  var laneSpacing: Double
  var insets: ContentInsets
  var crossExtent: Double
  /// Each item's main-axis extent.
  var extents: [Double]
  var fullSpan: Set<Int>

  /// Every item's slot in a bounded list.
  func slots() -> [Slot] {
    var laneEnds: [Double?] = Array(repeating: nil, count: lanes)
    let inside = max(0, crossExtent - insets.crossStart - insets.crossEnd)
    let width = max(0, (inside - laneSpacing * Double(lanes - 1)) / Double(lanes))
    var result: [Slot] = []
    for (index, extent) in extents.enumerated() {
      // Where the next item of each lane would start: the leading edge in an empty lane.
      let nextStarts = laneEnds.map { $0.map { $0 + spacing } ?? 0 }
      if fullSpan.contains(index) {
        let start = nextStarts.max()!
        result.append(
          Slot(
            offset: insets.start + start, extent: extent, crossOffset: insets.crossStart,
            crossExtent: inside))
        laneEnds = Array(repeating: start + extent, count: lanes)
        continue
      }
      var lane = 0
      for candidate in 0..<lanes where nextStarts[candidate] < nextStarts[lane] {
        lane = candidate
      }
      let start = nextStarts[lane]
      result.append(
        Slot(
          offset: insets.start + start, extent: extent,
          crossOffset: insets.crossStart + Double(lane) * (width + laneSpacing),
          crossExtent: width))
      laneEnds[lane] = start + extent
    }
    return result
  }

  /// The bounded content extent: insets and the longest lane.
  func contentExtent(_ slots: [Slot]) -> Double {
    slots.isEmpty
      ? insets.start + insets.end
      : (slots.map(\.end).max()! - insets.start) + insets.start
        + insets.end
  }

  /// From the first item that ends after the interval's start to the last one that starts
  /// before its end, found by scanning every slot.
  static func indices(_ slots: [Slot], _ interval: Range<Double>) -> Range<Int> {
    let first = slots.firstIndex { $0.end > interval.lowerBound } ?? slots.count
    let upper = slots.filter { $0.offset < interval.upperBound }.count
    return first..<max(first, upper)
  }

  /// The items whose slots intersect `interval`.
  static func hits(_ slots: [Slot], _ interval: Range<Double>) -> [Int] {
    slots.indices.filter {
      slots[$0].offset < interval.upperBound && slots[$0].end > interval.lowerBound
    }
  }
}
