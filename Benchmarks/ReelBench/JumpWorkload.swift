import Reel

/// W3: 10,000 scroll-to-index jumps with centre alignment, each followed by a layout pass.
enum JumpWorkload {
  static func w3(_ options: Options) -> [Report] {
    let n = 1_000_000
    let jumps = options.frames(full: 10_000, quick: 1_000)
    var random = Mulberry32(seed: 7)
    let targets = (0..<jumps).map { _ in random.next(below: n) }
    let results = measureRuns(options.runCount) {
      let fixture = Fixture(count: n, layout: UniformLayout(extent: 44))
      let list = fixture.list
      return withExtendedLifetime(fixture) {
        var checksum = touchPlacements(list)
        let start = Machine.nanoseconds()
        for target in targets {
          list.scrollToItem(at: target, alignment: .center)
          list.layoutIfNeeded()
          checksum += touchPlacements(list)
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated)
      }
    }
    var report = Report(workload: "W3", n: n)
    report.addTiming(results, frames: jumps, key: "ns_per_jump")
    return [report]
  }
}
