import Reel
import ReelTesting
import Testing

/// Every misuse precondition of the engine stops the process with its message.
@Suite struct PreconditionExitTests {
  @Test func dequeueOfAnUnregisteredIdentifier() async {
    await #expect(processExitsWith: .failure) {
      final class Source: VirtualListDataSource {
        func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 3 }
        func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
          -> RecordingCell
        { list.dequeueReusableCell(withReuseIdentifier: "nope", for: index) }
      }
      let source = Source()
      layOut(source)
    }
  }

  @Test func dequeueOutsideCellForItemAt() async {
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.register("cell") { RecordingCell() }
      _ = list.dequeueReusableCell(withReuseIdentifier: "cell", for: 0)
    }
  }

  @Test func returnedCellThatWasNotDequeued() async {
    await #expect(processExitsWith: .failure) {
      final class Source: VirtualListDataSource {
        func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 3 }
        func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int)
          -> RecordingCell
        { RecordingCell() }
      }
      let source = Source()
      layOut(source)
    }
  }

  @Test func negativeCount() async {
    await #expect(processExitsWith: .failure) {
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
    }
  }

  @Test func countChangedWithoutReload() async {
    await #expect(processExitsWith: .failure) {
      let source = ArrayDataSource(items: Array(0..<10))
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      source.install(on: list)
      list.viewportSize = Size(width: 100, height: 100)
      list.layoutIfNeeded()
      source.items = Array(0..<5)
      list.contentOffset = 1_000
      list.layoutIfNeeded()
    }
  }

  @Test func reloadFromInsideADisplayCallback() async {
    await #expect(processExitsWith: .failure) {
      final class Reloader: VirtualListDelegate {
        func virtualList(
          _ list: VirtualList<RecordingCell>, willDisplay cell: RecordingCell, forItemAt index: Int
        ) { list.reloadData() }
      }
      let source = ArrayDataSource(items: Array(0..<10))
      let reloader = Reloader()
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      source.install(on: list)
      list.delegate = reloader
      list.viewportSize = Size(width: 100, height: 100)
      list.layoutIfNeeded()
    }
  }

  @Test func nonFiniteOffset() async {
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.contentOffset = .nan
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.setContentOffset(.infinity, animated: false)
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.scroll(byWheel: .nan, time: .zero)
    }
  }

  @Test func nonFiniteOrNegativeSizes() async {
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.viewportSize = Size(width: .infinity, height: 10)
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.viewportSize = Size(width: -1, height: 10)
    }
  }

  @Test func negativeOrNonFiniteExtents() async {
    await #expect(processExitsWith: .failure) { _ = UniformLayout(extent: -1) }
    await #expect(processExitsWith: .failure) { _ = UniformLayout(extent: 0, spacing: 0) }
    await #expect(processExitsWith: .failure) { _ = UniformLayout(extent: 10, lanes: 0) }
    await #expect(processExitsWith: .failure) { _ = VariableLayout(estimatedExtent: .nan) }
    await #expect(processExitsWith: .failure) {
      _ = VariableLayout(extents: [1, -2], estimatedExtent: 1)
    }
    await #expect(processExitsWith: .failure) { _ = PagingLayout(insets: -1) }
    await #expect(processExitsWith: .failure) { _ = ContentInsets(start: .infinity) }
    await #expect(processExitsWith: .failure) {
      let source = ArrayDataSource(items: Array(0..<10))
      let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 20))
      source.install(on: list)
      list.setMeasuredExtent(-5, forItemAt: 0)
    }
  }

  @Test func otherMisuse() async {
    await #expect(processExitsWith: .failure) {
      _ = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: -1)
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.register("cell", capacity: -1) { RecordingCell() }
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.scrollToItem(at: 3)
    }
    await #expect(processExitsWith: .failure) {
      let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
      list.setMeasuredExtent(10, forItemAt: 0)  // UniformLayout does not measure
    }
    await #expect(processExitsWith: .failure) { _ = Snapping(threshold: 2) }
    await #expect(processExitsWith: .failure) { _ = ReelInstant(seconds: .nan) }
    await #expect(processExitsWith: .failure) {
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
    }
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

/// Expects an exit test's standard error to contain every fragment: a contract stops the
/// process with its own message, not with any trap.
func expectMessage(
  _ result: ExitTest.Result?, _ fragments: String...,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }  // the exit expectation itself failed and said so
  let text = String(decoding: result.standardErrorContent, as: UTF8.self)
  for fragment in fragments {
    #expect(
      text.contains(fragment), "standard error lacks \"\(fragment)\":\n\(text)",
      sourceLocation: sourceLocation)
  }
}
