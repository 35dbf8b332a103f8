import Reel

#if canImport(Glibc)
  import Glibc
#endif

/// W9: diff 100,000 identifiers against the same list with 1% random deletions, insertions and
/// moves (mulberry32, seed 13), applied as one batch update to a list showing item 50,000; the
/// lists alternate, so every timed diff is one of the two directions. Beside it, in the same run,
/// `baseline-diffutil`: Myers' diff of the same lists, applied the same way.
enum DiffWorkload {
  /// The two lists: `0..<n`, then 1% of n deletions at `floor(r() * count)`, 1% insertions of
  /// fresh identifiers (n, n + 1, …) at `floor(r() * (count + 1))` and 1% moves (a removal at
  /// `floor(r() * count)` reinserted at `floor(r() * (count + 1))`), in that order.
  static func lists(n: Int) -> (old: [Int], new: [Int]) {
    var random = Mulberry32(seed: 13)
    let old = Array(0..<n)
    var new = old
    let changes = n / 100
    for _ in 0..<changes { new.remove(at: random.next(below: new.count)) }
    for fresh in n..<(n + changes) { new.insert(fresh, at: random.next(below: new.count + 1)) }
    for _ in 0..<changes {
      let item = new.remove(at: random.next(below: new.count))
      new.insert(item, at: random.next(below: new.count + 1))
    }
    return (old, new)
  }

  static func size(_ options: Options) -> Int { options.quick ? 10_000 : 100_000 }

  /// The number of timed diffs per run.
  static func diffs(_ options: Options) -> Int { options.frames(full: 20, quick: 4) }

  static func w9(_ options: Options) -> [Report] {
    let n = size(options)
    let (old, new) = lists(n: n)
    let snapshots = [old, new].map { items in
      var snapshot = ListSnapshot<Int, Int>()
      snapshot.appendSections([0])
      snapshot.appendItems(items)
      return snapshot
    }
    let diffs = diffs(options)
    var correct = true
    var cpu = [Double]()
    let results = measureRuns(options.runCount) {
      let list = VirtualList<BenchCell>(layout: UniformLayout(extent: 44), overscan: 2)
      list.register("cell") { BenchCell() }
      let source = DiffableDataSource<BenchCell, Int>(list: list) { list, index, _ in
        let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
        cell.item = index
        return cell
      }
      list.viewportSize = Size(width: 390, height: 844)
      source.apply(snapshots[0])
      list.scrollToItem(at: n / 2, alignment: .start)
      var checksum = touchPlacements(list)
      let cpuStart = DiffWorkload.threadCPUNanoseconds()
      let start = Machine.nanoseconds()
      for step in 0..<diffs {
        source.apply(snapshots[(step + 1) % 2])
        checksum += touchPlacements(list)
      }
      let elapsed = Machine.nanoseconds() - start
      cpu.append(Double(DiffWorkload.threadCPUNanoseconds() - cpuStart) / Double(diffs) / 1e6)
      correct = correct && source.itemIdentifiers == snapshots[diffs % 2].itemIdentifiers
      return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
    }
    // `BatchUpdate(from:to:)` on the plain arrays: every identifier hashed, duplicates checked.
    let checked = measureRuns(options.runCount) {
      var checksum = 0.0
      let start = Machine.nanoseconds()
      for step in 0..<diffs {
        let update = try! BatchUpdate(
          from: step % 2 == 0 ? old : new, to: step % 2 == 0 ? new : old)
        checksum += Double(update.moves.count + update.insertions.count)
      }
      return RunResult(nanoseconds: Machine.nanoseconds() - start, checksum: checksum)
    }
    let update = try! BatchUpdate(from: old, to: new)
    correct = correct && applies(update, old: old, new: new)
    var report = Report(workload: "W9", n: n)
    report.addTiming(results, frames: diffs, key: "ms_per_diff", scale: 1e6)
    report.add("cpu_ms_per_diff", median(cpu))
    report.add(
      "ms_per_checked_diff", median(checked.map { Double($0.nanoseconds) / Double(diffs) / 1e6 }))
    report.add("moves", update.moves.count)
    report.add("deletions", update.deletions.count)
    report.add("insertions", update.insertions.count)
    report.add("correct", correct)
    // The baseline in the same run, so that the two share the machine's state.
    return [report] + baselineDiffUtil(options)
  }

  static func baselineDiffUtil(_ options: Options) -> [Report] {
    let n = size(options)
    let (old, new) = lists(n: n)
    let diffs = diffs(options)
    var cpu = [Double]()
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(count: n, layout: UniformLayout(extent: 44))
      let list = fixture.list
      return withExtendedLifetime(fixture) {
        list.scrollToItem(at: n / 2, alignment: .start)
        var checksum = touchPlacements(list)
        let cpuStart = DiffWorkload.threadCPUNanoseconds()
        let start = Machine.nanoseconds()
        for step in 0..<diffs {
          let (from, to) = step % 2 == 0 ? (old, new) : (new, old)
          let update = MyersDiff.update(from: from, to: to)
          fixture.source.count = to.count
          try! list.performBatchUpdates(update)
          checksum += touchPlacements(list)
        }
        let elapsed = Machine.nanoseconds() - start
        cpu.append(Double(DiffWorkload.threadCPUNanoseconds() - cpuStart) / Double(diffs) / 1e6)
        return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
      }
    }
    let update = MyersDiff.update(from: old, to: new)
    var report = Report(workload: "baseline-diffutil", n: n)
    report.addTiming(results, frames: diffs, key: "ms_per_diff", scale: 1e6)
    report.add("cpu_ms_per_diff", median(cpu))
    report.add("moves", update.moves.count)
    report.add("deletions", update.deletions.count)
    report.add("insertions", update.insertions.count)
    report.add("correct", applies(update, old: old, new: new))
    return [report]
  }

  /// Whether an update, run through `IndexChanges` on `old` (inserted positions taking `new`'s
  /// identifiers), gives `new`, and inserts only identifiers that were not in `old`.
  static func applies(_ update: BatchUpdate, old: [Int], new: [Int]) -> Bool {
    guard let changes = try? IndexChanges(oldCount: old.count, update: update) else { return false }
    let carried = changes.remap(old.map { Optional($0) }, inserted: nil)
    let oldSet = Set(old)
    return carried.indices.allSatisfy { index in
      if let item = carried[index] { return item == new[index] }
      return !oldSet.contains(new[index])
    }
  }

  /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): on a loaded machine, the time
  /// the diff itself took, without the time other processes held the core.
  static func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
  }
}
