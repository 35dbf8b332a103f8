import Reel

/// The eager design (and the n + 2 cells one): one cell per item, created and laid out
/// up front, like a scroll view holding every item as a subview.
final class EagerList {
  /// A cell that knows its frame, as a view does.
  final class Cell {
    var item: Int
    var frame: Rect
    init(item: Int, frame: Rect) {
      self.item = item
      self.frame = frame
    }
  }

  let cells: ContiguousArray<Cell>
  let viewportHeight: Double
  let overscan = 2

  /// Creates and lays out every cell: O(n) time and memory.
  init(count: Int, extent: Double, viewport: Size) {
    var cells = ContiguousArray<Cell>()
    cells.reserveCapacity(count)
    for item in 0..<count {
      cells.append(
        Cell(
          item: item,
          frame: Rect(x: 0, y: Double(item) * extent, width: viewport.width, height: extent)))
    }
    self.cells = cells
    viewportHeight = viewport.height
  }

  /// The largest offset: the content minus the viewport.
  var maximumOffset: Double { max(0, (cells.last?.frame.maxY ?? 0) - viewportHeight) }

  /// Touches the cells intersecting the viewport at `offset` plus overscan, found by binary
  /// search over the cells' frames.
  func touchVisible(at offset: Double) -> Double {
    let first = max(0, cells.firstIndexSorted { $0.frame.maxY > offset } - overscan)
    let end = min(
      cells.count, cells.firstIndexSorted { $0.frame.minY >= offset + viewportHeight } + overscan)
    var sum = 0.0
    for cell in cells[first..<max(first, end)] {
      sum += Double(cell.item) + cell.frame.minY - offset + cell.frame.height
    }
    return sum
  }
}

extension RandomAccessCollection where Index == Int {
  /// The first position whose element satisfies a predicate that is false then true along the
  /// collection (binary search), or `endIndex`.
  func firstIndexSorted(where predicate: (Element) -> Bool) -> Int {
    var lo = startIndex
    var hi = endIndex
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if predicate(self[mid]) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}

/// The eager baseline: construction and memory against n, and W1's scrolling per frame.
enum EagerBaseline {
  static func run(_ options: Options) -> [Report] {
    let counts = options.quick ? [100, 1_000] : [1_000, 10_000, 100_000, 1_000_000]
    let frames = options.frames(full: 20_000, quick: 500)
    return counts.map { n in
      var scrollResults: [RunResult] = []
      let results = measureRuns(options.runCount) {
        let residentBefore = Machine.residentBytes()
        let start = Machine.nanoseconds()
        let list = EagerList(count: n, extent: 44, viewport: Size(width: 390, height: 844))
        let elapsed = Machine.nanoseconds() - start
        let growth = Machine.residentBytes() - residentBefore
        scrollResults.append(scroll(list, frames: frames))
        return RunResult(
          nanoseconds: elapsed, checksum: list.touchVisible(at: 0), cellsCreated: list.cells.count,
          residentGrowth: growth)
      }
      var report = Report(workload: "baseline-eager", n: n)
      report.addBaseline(construction: results, scrolling: scrollResults, frames: frames)
      return report
    }
  }

  /// W1's scroll: offset += 7 per frame, back to 0 past the end.
  static func scroll(_ list: EagerList, frames: Int) -> RunResult {
    var checksum = 0.0
    var offset = 0.0
    let end = list.maximumOffset
    let start = Machine.nanoseconds()
    for _ in 0..<frames {
      offset += 7
      if offset > end { offset = 0 }
      checksum += list.touchVisible(at: offset)
    }
    return RunResult(nanoseconds: Machine.nanoseconds() - start, checksum: checksum)
  }
}
