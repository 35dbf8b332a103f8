import Reel

/// W8: sections with measured headers, pinned, scrolled as W2.
enum SectionedWorkload {
  /// Items per section.
  static let itemsPerSection = 100
  /// The true extent of every header: unlike any item's (20 … 120) order, one fixed size.
  static let headerExtent = 30.0

  /// W8: 1,000,000 items in 10,000 sections of 100, each section with a header; rows estimated
  /// at 50, every row placed for the first time measured with its true size right after the pass
  /// (items: the W2 sizes in item order; headers: 30), `pinsSectionHeaders` on; offset += 7 per
  /// frame for 50,000 frames, back to 0 past the end.
  static func w8(_ options: Options) -> [Report] {
    let n = options.quick ? 10_000 : 1_000_000
    let sections = n / itemsPerSection
    let frames = options.frames(full: 50_000, quick: 1_000)
    let sizes = rowSizes(items: Mulberry32.w2Sizes(count: n))
    let results = measureRuns(options.runCount) {
      let fixture = SectionedFixture(sections: sections, itemsPerSection: itemsPerSection)
      let list = fixture.list
      return withExtendedLifetime(fixture) {
        var scroller = MeasuringScroller(list: list, sizes: sizes)
        var checksum = scroller.frame()
        // Every 256th frame checks that a header is pinned (cheaply: the work W2 does not do).
        var sampled = 0
        var pinned = 0
        let start = Machine.nanoseconds()
        for frame in 0..<frames {
          var offset = list.contentOffset + 7
          if offset > list.maximumOffset { offset = 0 }
          list.contentOffset = offset
          checksum += scroller.frame()
          if frame & 255 == 0 {
            sampled += 1
            if list.placements.last?.isPinned == true { pinned += 1 }
          }
        }
        let elapsed = Machine.nanoseconds() - start
        return RunResult(
          nanoseconds: elapsed, checksum: checksum, cellsCreated: list.cellsCreated,
          check: Double(pinned) / Double(max(sampled, 1)))
      }
    }
    var report = Report(workload: "W8", n: n)
    report.add("sections", sections)
    report.addTiming(results, frames: frames)
    // The share of sampled frames with a pinned header: 1 unless the pinning broke.
    report.add("pinned_fraction", results.map(\.check).min() ?? .nan)
    return [report]
  }

  /// The true size of every row: a header, then its section's items with the W2 sizes.
  static func rowSizes(items: [Double]) -> [Double] {
    var sizes: [Double] = []
    sizes.reserveCapacity(items.count + items.count / itemsPerSection)
    for (item, size) in items.enumerated() {
      if item % itemsPerSection == 0 { sizes.append(headerExtent) }
      sizes.append(size)
    }
    return sizes
  }
}

/// A sectioned data source of uniform sections with headers: items and headers from typed
/// registrations, each cell remembering its row.
final class SectionedBenchSource: SectionedListDataSource {
  let shape: SectionIndex
  var items: CellRegistration<BenchCell, BenchCell>?
  var headers: CellRegistration<BenchCell, BenchCell>?

  init(sections: Int, itemsPerSection: Int) {
    shape = SectionIndex(sections: sections, itemsPerSection: itemsPerSection, headers: true)
  }

  func sections(in list: VirtualList<BenchCell>) -> SectionIndex { shape }

  func virtualList(_ list: VirtualList<BenchCell>, cellForItemAt path: ItemPath) -> BenchCell {
    let cell = list.dequeueCell(items!, for: path)
    cell.item = path.item
    return cell
  }

  func virtualList(
    _ list: VirtualList<BenchCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> BenchCell {
    let cell = list.dequeueSupplementaryCell(headers!, ofKind: kind, inSection: section)
    cell.item = -section - 1
    return cell
  }
}

/// A sectioned list with pinned headers in the common setting: 390 × 844, vertical, overscan 2,
/// rows estimated at 50.
struct SectionedFixture {
  let list: VirtualList<BenchCell>
  let source: SectionedBenchSource

  init(sections: Int, itemsPerSection: Int) {
    list = VirtualList(layout: VariableLayout(estimatedExtent: 50), overscan: 2)
    source = SectionedBenchSource(sections: sections, itemsPerSection: itemsPerSection)
    source.items = list.register(BenchCell.self) { BenchCell() }
    source.headers = list.register(BenchCell.self, forSupplementaryOfKind: .header) {
      BenchCell()
    }
    list.pinsSectionHeaders = true
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 844)
  }
}
