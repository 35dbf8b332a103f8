extension MasonryLayout {
  /// Where an item sits relative to the start of a loop: its start, extent and lane (`-1` for a
  /// full-span item).
  func relativeItem(_ index: Int) -> (start: Double, extent: Double, lane: Int) {
    if index < placement.count {
      return (placement.starts[index], placement.extents[index], Int(placement.laneOf[index]))
    }
    let (lane, start) = tail.item(index - placement.count)
    return (start, estimatedExtent, lane)
  }

  /// - Complexity: O(1) for an item of the placed prefix, O(lanes² log n) after it.
  /// - Precondition: `virtualIndex` is in `0..<count` in a bounded list; any integer in a cyclic
  ///   list with items.
  public func slot(at virtualIndex: Int) -> Slot {
    var index = virtualIndex
    var base = insets.start
    if wrapping == .cyclic, count > 0, index < 0 || index >= count {
      let loop = CyclicMath.floorDiv(index, count)
      index -= loop * count
      base += Double(loop) * period.extent
    }
    precondition(
      index >= 0 && index < count,
      "MasonryLayout.slot(at:): index \(virtualIndex) is out of bounds 0..<\(count)")
    let item = relativeItem(index)
    let lane = item.lane
    return Slot(
      offset: base + item.start, extent: item.extent,
      crossOffset: insets.crossStart + (lane < 0 ? 0 : Double(lane) * (laneExtent + laneSpacing)),
      crossExtent: lane < 0 ? available : laneExtent)
  }

  /// The lane of an item, or `nil` for a full-span item.
  ///
  /// - Precondition: `index` is in `0..<count`.
  /// - Complexity: O(1) for an item of the placed prefix, O(lanes² log n) after it.
  public func lane(ofItemAt index: Int) -> Int? {
    precondition(
      index >= 0 && index < count,
      "MasonryLayout.lane(ofItemAt:): index \(index) is out of bounds 0..<\(count)")
    let lane = relativeItem(index).lane
    return lane < 0 ? nil : lane
  }

  /// The current extent of an item: measured, or the estimate.
  ///
  /// - Precondition: `index` is in `0..<count`.
  /// - Complexity: O(1).
  public func extent(ofItemAt index: Int) -> Double {
    precondition(
      index >= 0 && index < count,
      "MasonryLayout.extent(ofItemAt:): index \(index) is out of bounds 0..<\(count)")
    return index < measured.count && !measured[index].isNaN ? measured[index] : estimatedExtent
  }

  /// Items that start before `x`, relative to a loop's start.
  func countStarting(before x: Double) -> Int {
    let placed = placement.countStarting(before: x)
    guard placed == placement.count else { return placed }
    return placed + tail.count(guess: x) { $0 < x }
  }

  /// The first item that ends after `x`, relative to a loop's start; `count` when none does.
  func firstEnding(after x: Double) -> Int {
    let placed = placement.firstEnding(after: x)
    guard placed == placement.count else { return placed }
    let extent = estimatedExtent
    return placed + tail.count(guess: x - extent) { $0 + extent <= x }
  }

  /// The virtual indices from the first item that ends after the interval's start to the last
  /// one that starts before its end: a range that holds every item whose slot intersects the
  /// half-open main-axis interval, and begins with one of them.
  ///
  /// An item inside the range may not intersect, when its lane ends before the interval or
  /// resumes after it (see "Visible items" in ``MasonryLayout``). When no item intersects, the
  /// result is an empty range whose bound is the next item's index. In a bounded list the
  /// result is clamped to `0..<count`.
  ///
  /// - Complexity: O(log n + lanes²).
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    let n = count
    guard n > 0 else { return 0..<0 }
    let lo = interval.lowerBound - insets.start
    let hi = interval.upperBound - insets.start
    let loop = period.extent
    if wrapping == .bounded || loop <= 0 {
      let first = min(firstEnding(after: lo), n)
      let upper = countStarting(before: hi)
      return first..<max(first, upper)
    }
    let (loopLo, xLo) = reduce(lo, period: loop)
    let (loopHi, xHi) = reduce(hi, period: loop)
    let first = loopLo * n + firstEnding(after: xLo)
    let upper = loopHi * n + countStarting(before: xHi)
    return first..<max(first, upper)
  }

  /// Splits a position into a loop number and a position inside `0..<period`.
  private func reduce(_ x: Double, period: Double) -> (Int, Double) {
    var loop = Int(saturating: (x / period).rounded(.down))
    var rest = x - Double(loop) * period
    if rest >= period {
      loop += 1
      rest -= period
    }
    return (loop, max(0, rest))
  }
}
