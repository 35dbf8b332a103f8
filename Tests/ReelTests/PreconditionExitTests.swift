import Reel
import ReelTestSupport
import ReelTesting
import Testing

/// Every misuse precondition of the engine stops the process with its message.
@Suite struct PreconditionExitTests {
  @Test func dequeueOfAnUnregisteredIdentifier() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Source: VirtualListDataSource {
          func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 3 }
          func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
            -> RecordingCell
          { list.dequeueReusableCell(withReuseIdentifier: "nope", for: index) }
        }
        let source = Source()
        layOut(source)
      }, "no cell is registered for reuse identifier \"nope\"")
  }

  @Test func dequeueOutsideCellForItemAt() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.register("cell") { RecordingCell() }
        _ = list.dequeueReusableCell(withReuseIdentifier: "cell", for: 0)
      }, "must be called from the data source's virtualList(_:cellForItemAt:)")
  }

  @Test func returnedCellThatWasNotDequeued() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Source: VirtualListDataSource {
          func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 3 }
          func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
            -> RecordingCell
          { RecordingCell() }
        }
        let source = Source()
        layOut(source)
      }, "returned a cell for index 0 that it did not dequeue in this call")
  }

  @Test func negativeCount() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: [Int]())
        final class Negative: VirtualListDataSource {
          func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { -1 }
          func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
            -> RecordingCell
          { fatalError() }
        }
        let negative = Negative()
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        source.install(on: list)
        list.dataSource = negative
        list.layoutIfNeeded()
      }, "numberOfItems(in:) returned -1; counts must be ≥ 0")
  }

  @Test func countChangedWithoutReload() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        source.install(on: list)
        list.viewportSize = Size(width: 100, height: 100)
        list.layoutIfNeeded()
        source.items = Array(0..<5)
        list.contentOffset = 1_000
        list.layoutIfNeeded()
      }, "the data source now reports 5 items but the list was last told 10")
  }

  @Test func reloadFromInsideADisplayCallback() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        final class Reloader: VirtualListDelegate {
          func virtualList(
            _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell,
            forItemAt index: Int
          ) { list.reloadData() }
        }
        let source = ArrayDataSource(items: Array(0..<10))
        let reloader = Reloader()
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        source.install(on: list)
        list.delegate = reloader
        list.viewportSize = Size(width: 100, height: 100)
        list.layoutIfNeeded()
      }, "VirtualList.reloadData() was called from inside a data source or delegate callback")
  }

  @Test func nonFiniteOffset() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.contentOffset = .nan
      }, "VirtualList.contentOffset must be finite, got nan")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.setContentOffset(.infinity, animated: false)
      }, "setContentOffset(_:animated:): offset must be finite, got inf")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.scroll(byWheel: .nan, time: .zero)
      }, "scroll(byWheel:time:): delta must be finite, got nan")
  }

  @Test func nonFiniteOrNegativeSizes() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.viewportSize = Size(width: .infinity, height: 10)
      }, "VirtualList.viewportSize must be finite and ≥ 0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.viewportSize = Size(width: -1, height: 10)
      }, "VirtualList.viewportSize must be finite and ≥ 0")
  }

  @Test func negativeOrNonFiniteExtents() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = UniformLayout(extent: -1)
      }, "UniformLayout: extent must be finite and ≥ 0, got -1.0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = UniformLayout(extent: 0, spacing: 0)
      }, "UniformLayout: extent + spacing must be > 0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = UniformLayout(extent: 10, lanes: 0)
      }, "UniformLayout: lanes must be ≥ 1, got 0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = VariableLayout(estimatedExtent: .nan)
      }, "VariableLayout: estimated extent must be finite and ≥ 0, got nan")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = VariableLayout(extents: [1, -2], estimatedExtent: 1)
      }, "VariableLayout: extent of item 1 must be finite and ≥ 0, got -2.0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = PagingLayout(insets: -1)
      }, "PagingLayout: insets must be finite and ≥ 0, got -1.0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ContentInsets(start: .infinity)
      }, "ContentInsets: insets must be finite and ≥ 0, got inf")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<10))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 20))
        source.install(on: list)
        list.setMeasuredExtent(-5, forItemAt: 0)
      }, "extent must be finite and ≥ 0, got -5.0")
  }

  @Test func otherMisuse() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: -1)
      }, "VirtualList: overscan must be ≥ 0, got -1")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.register("cell", capacity: -1) { RecordingCell() }
      }, "pool capacity must be ≥ 0, got -1")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.scrollToItem(at: 3)
      }, "index 3 is out of bounds 0..<0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
        list.setMeasuredExtent(10, forItemAt: 0)  // UniformLayout does not measure
      }, "needs a layout that measures, such as VariableLayout; UniformLayout does not")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Snapping(threshold: 2)
      }, "Snapping: threshold must be in 0...1, got 2.0")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ReelInstant(seconds: .nan)
      }, "ReelInstant: seconds must be finite, got nan")
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var list: VirtualList<RecordingCell>? = VirtualList(layout: UniformLayout(extent: 44))
        do {
          let source = ArrayDataSource(items: Array(0..<10))
          source.install(on: list!)
          list!.viewportSize = Size(width: 100, height: 100)
          list!.layoutIfNeeded()
        }
        list!.contentOffset = 400  // the data source was released
        list!.layoutIfNeeded()
        list = nil
      }, "the data source was released while the list shows 10 items", "keep a strong reference")
  }

  @Test func restoredRunWithoutItems() async {
    expectMessage(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let source = ArrayDataSource(items: Array(0..<4))
        let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50))
        source.install(on: list)
        list.viewportSize = Size(width: 100, height: 100)
        var saved = list.scrollState
        saved.measuredExtents = MeasuredExtents(runs: [
          MeasuredExtents.Run(extent: 50, count: 0), MeasuredExtents.Run(extent: 50, count: 4),
        ])
        try? list.restoreScrollState(saved)
      }, "a run needs a count ≥ 1 and a finite extent ≥ 0, got 0 × 50.0")
  }
}

/// Lays out a 100 × 100 list of 44-point rows over a data source that dequeues "cell"; the
/// exit tests break one contract each in their data sources.
func layOut(_ source: some VirtualListDataSource<RecordingCell>) {
  let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
  list.register("cell") { RecordingCell() }
  list.dataSource = source
  list.viewportSize = Size(width: 100, height: 100)
  withExtendedLifetime(source) { list.layoutIfNeeded() }
}

/// A 100 × 100 list of 44-point rows over `source`, laid out once.
func laidOutList(_ source: ArrayDataSource<Int>) -> VirtualList<RecordingCell> {
  let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
  source.install(on: list)
  list.viewportSize = Size(width: 100, height: 100)
  list.layoutIfNeeded()
  return list
}
