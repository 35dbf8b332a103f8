import Reel

/// W2 and W4: items of measured sizes in a `VariableLayout`.
enum MeasuredWorkloads {
  /// W2: n = 1,000,000, estimate 50; every item placed for the first time is measured with its
  /// true size right after the pass; offset += 7 per frame for 50,000 frames.
  static func w2(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 1_000_000
    let frames = options.frames(full: 50_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    let results = measureRuns(options.runCount) {
      scrollMeasuring(
        layout: VariableLayout(estimatedExtent: 50), count: n, frames: frames, sizes: sizes)
    }
    var report = Report(workload: "W2", n: n)
    report.addTiming(results, frames: frames)
    return [report]
  }

  /// W4: n = 1,000,000 measured with the W2 sizes, item 500,000 at the top; each frame sets the
  /// size of a random item above it and runs a pass; reports the largest drift of that item.
  static func w4(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 1_000_000
    let top = n / 2
    let frames = options.frames(full: 10_000, quick: 1_000)
    let sizes = Mulberry32.w2Sizes(count: n)
    var random = Mulberry32(seed: 9)
    var changes: [(index: Int, extent: Double)] = []
    changes.reserveCapacity(frames)
    for _ in 0..<frames {
      let index = random.next(below: top)
      changes.append((index, Double(20 + random.next(below: 101))))
    }
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(count: n, layout: VariableLayout(extents: sizes, estimatedExtent: 50))
      let list = fixture.list
      return withExtendedLifetime(fixture) {
        list.scrollToItem(at: top, alignment: .start)
        let origin = position(of: top, in: list)
        var drift = 0.0
        var checksum = 0.0
        let start = Machine.nanoseconds()
        for change in changes {
          list.setMeasuredExtent(change.extent, forItemAt: change.index)
          list.layoutIfNeeded()
          checksum += touchPlacements(list)
          drift = max(drift, abs(position(of: top, in: list) - origin))
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated, check: drift)
      }
    }
    var report = Report(workload: "W4", n: n)
    report.addTiming(results, frames: frames)
    report.add("max_anchor_drift", results.map(\.check).max() ?? .nan)
    return [report]
  }

  /// The on-screen main-axis position of an item, or infinity when it is not displayed.
  @inline(__always)
  static func position(of item: Int, in list: VirtualList<BenchCell>) -> Double {
    for placement in list.placements where placement.index == item {
      return placement.frame.minY
    }
    return .infinity
  }

  /// W2's scroll over any layout: `count` items, every item placed for the first time measured
  /// with its size from `sizes` right after the pass; offset += 7 per frame for `frames` frames,
  /// back to 0 past the end. Times the frames after the first.
  static func scrollMeasuring(
    layout: some ListLayout, count: Int, frames: Int, sizes: [Double]
  ) -> RunResult {
    let fixture = Fixture(count: count, layout: layout)
    return withExtendedLifetime(fixture) {
      var scroller = MeasuringScroller(list: fixture.list, sizes: sizes)
      var checksum = scroller.frame()
      let list = fixture.list
      let start = Machine.nanoseconds()
      for _ in 0..<frames {
        var offset = list.contentOffset + 7
        if offset > list.maximumOffset { offset = 0 }
        list.contentOffset = offset
        checksum += scroller.frame()
      }
      let elapsed = Machine.nanoseconds() - start
      return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
    }
  }
}

/// Runs a pass, touches the placements and measures the items placed for the first time, as a
/// frontend measuring its cells would (W2).
struct MeasuringScroller {
  let list: VirtualList<BenchCell>
  let sizes: [Double]
  private var measured: [Bool]
  private var fresh: [Int] = []
  /// The true sizes of `fresh`, in bulk mode: what the frontend measured, before the batch.
  private var freshSizes: [Double] = []
  /// Items measured so far.
  private(set) var measuredCount = 0
  /// Whether a frame's new items are measured in one `measure(_:)` batch (W10) instead of one
  /// `setMeasuredExtent(_:forItemAt:)` call each (W2, W8).
  var inBulk = false
  /// Whether the batches (or a frame's single measurements) are timed (two clock reads per
  /// frame): W10's jumps.
  var timesBatches = false
  /// The time spent in timed batches, and the measurements they held.
  private(set) var batchNanoseconds: UInt64 = 0
  private(set) var batchedMeasurements = 0

  init(list: VirtualList<BenchCell>, sizes: [Double]) {
    self.list = list
    self.sizes = sizes
    measured = Array(repeating: false, count: sizes.count)
    fresh.reserveCapacity(256)
    freshSizes.reserveCapacity(256)
  }

  /// One frame after the offset was set: pass, touch, then measure the new items.
  mutating func frame() -> Double {
    list.layoutIfNeeded()
    var sum = 0.0
    for placement in list.placements {
      let frame = placement.frame
      sum += Double(placement.index) + frame.minX + frame.minY + frame.width + frame.height
      if !measured[placement.index] {
        measured[placement.index] = true
        fresh.append(placement.index)
      }
    }
    if inBulk {
      if !fresh.isEmpty { measureInBulk() }
    } else {
      let start = timesBatches ? Machine.nanoseconds() : 0
      for index in fresh { list.setMeasuredExtent(sizes[index], forItemAt: index) }
      if timesBatches {
        batchNanoseconds += Machine.nanoseconds() - start
        batchedMeasurements += fresh.count
      }
    }
    measuredCount += fresh.count
    fresh.removeAll(keepingCapacity: true)
    return sum
  }

  /// The new items in one batch, as a frontend measures a frame's new cells: their sizes
  /// first (the frontend's own measuring, outside the timed call), then one `measure(_:)`.
  private mutating func measureInBulk() {
    freshSizes.removeAll(keepingCapacity: true)
    for index in fresh { freshSizes.append(sizes[index]) }
    let start = timesBatches ? Machine.nanoseconds() : 0
    list.measure { batch in
      for k in fresh.indices { batch.setExtent(freshSizes[k], forItemAt: fresh[k]) }
    }
    if timesBatches {
      batchNanoseconds += Machine.nanoseconds() - start
      batchedMeasurements += fresh.count
    }
  }
}
