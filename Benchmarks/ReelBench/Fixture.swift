import Reel

/// The cell of every benchmark list: it remembers its item, as a frontend's cell would.
final class BenchCell: ReusableCell {
  var item = -1
  func prepareForReuse() { item = -1 }
}

/// A data source of `count` items, each configuring a dequeued cell with its index; workloads
/// that insert or delete change `count` with their batch updates.
final class BenchSource: VirtualListDataSource {
  var count: Int
  init(count: Int) { self.count = count }

  func numberOfItems(in list: VirtualList<BenchCell>) -> Int { count }

  func virtualList(_ list: VirtualList<BenchCell>, cellForItemAt index: Int) -> BenchCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    return cell
  }
}

/// A list ready to lay out, with the data source it holds weakly.
struct Fixture {
  let list: VirtualList<BenchCell>
  let source: BenchSource

  /// The common setting of the workloads: 390 × 844, vertical, overscan 2, unless given.
  init(
    count: Int, layout: some ListLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    viewport: Size = Size(width: 390, height: 844), overscan: Int = 2
  ) {
    list = VirtualList(layout: layout, axis: axis, wrapping: wrapping, overscan: overscan)
    list.register("cell") { BenchCell() }
    source = BenchSource(count: count)
    list.dataSource = source
    list.viewportSize = viewport
  }
}

/// Reads every placed item's index, offset and extent, so that no layout work can be skipped.
@inline(__always)
func touchPlacements(_ list: VirtualList<BenchCell>) -> Double {
  var sum = 0.0
  for placement in list.placements {
    let frame = placement.frame
    sum += Double(placement.index) + frame.minX + frame.minY + frame.width + frame.height
  }
  return sum
}

/// What one run of a workload measured.
struct RunResult {
  /// Time spent in the measured part of the run.
  var nanoseconds: UInt64 = 0
  /// A value that depends on every frame's placements (printed, so nothing is optimized away).
  var checksum = 0.0
  var cellsCreated = 0
  var residentGrowth = 0
  /// The workload's own check: drift, largest offset, or 1 when invariants held.
  var check = 0.0
}

/// Runs a workload `count` times and collects the results.
func measureRuns(_ count: Int, _ run: () -> RunResult) -> [RunResult] {
  (0..<count).map { _ in
    Machine.releaseFreeMemory()
    return run()
  }
}

/// The median of some figures (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

extension Report {
  /// Adds the common figures: frames, the median per-unit time under `key`, the runs, cells
  /// created, resident growth (the largest of the runs) and the checksum.
  mutating func addTiming(
    _ results: [RunResult], frames: Int, key: String = "ns_per_frame", scale: Double = 1
  ) {
    let perUnit = results.map { Double($0.nanoseconds) / Double(max(frames, 1)) / scale }
    add("frames", frames)
    add(key, median(perUnit))
    add("runs", perUnit)
    add("cells_created", results.map(\.cellsCreated).max() ?? 0)
    add("rss_growth_bytes", results.map(\.residentGrowth).max() ?? 0)
    add("checksum", results.reduce(0) { $0 + $1.checksum })
  }
}
