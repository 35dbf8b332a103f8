import Reel
import ReelTesting
import Testing

/// Measurements given one at a time (`setMeasuredExtent`, as cells measuring themselves give
/// them) are applied together by the next pass, as one `measure(_:)` batch: the layout is told
/// once per pass, and the list lands where the batch lands.
@Suite struct CoalescedMeasurementTests {
  /// Counts what the list asks of a variable layout it wraps.
  final class Counter: @unchecked Sendable {
    var extentsSet = 0
    var slotsAsked = 0
  }

  struct Counting: ListLayout {
    var inner: any ListLayout
    let counter: Counter
    mutating func prepare(for context: LayoutContext) { inner.prepare(for: context) }
    var contentExtent: Double { inner.contentExtent }
    var period: LayoutPeriod { inner.period }
    func slot(at virtualIndex: Int) -> Slot {
      counter.slotsAsked += 1
      return inner.slot(at: virtualIndex)
    }
    func indices(intersecting interval: Range<Double>) -> Range<Int> {
      inner.indices(intersecting: interval)
    }
    var supportsMeasuredExtents: Bool { inner.supportsMeasuredExtents }
    mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
      counter.extentsSet += 1
      return inner.setExtent(extent, forItemAt: index)
    }
    mutating func apply(_ changes: IndexChanges) { inner.apply(changes) }
  }

  @Test func measurementsOneAtATimeWaitForTheNextPass() {
    let counter = Counter()
    let source = ArrayDataSource(items: Array(0..<1_000))
    let list = VirtualList<RecordingCell>(
      layout: Counting(inner: VariableLayout(estimatedExtent: 44), counter: counter))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.contentOffset = 2_000
    list.layoutIfNeeded()
    let reference = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
    source.install(on: reference)
    reference.viewportSize = Size(width: 320, height: 440)
    reference.contentOffset = 2_000
    reference.layoutIfNeeded()
    counter.extentsSet = 0
    counter.slotsAsked = 0
    // Items above the first visible one (45) and on screen, in no particular order.
    let measured = [40, 47, 12, 44, 50, 46, 3, 48]
    for (k, index) in measured.enumerated() {
      list.setMeasuredExtent(Double(20 + 13 * k), forItemAt: index)
    }
    #expect(counter.extentsSet == 0, "nothing is applied before the pass")
    #expect(counter.slotsAsked == 0, "nothing is anchored before the pass")
    #expect(list.needsFrames, "a pass is due")
    reference.measure { batch in
      for (k, index) in measured.enumerated() {
        batch.setExtent(Double(20 + 13 * k), forItemAt: index)
      }
    }
    list.layoutIfNeeded()
    #expect(counter.extentsSet == measured.count)
    #expect(list.contentOffset == reference.contentOffset, "the same anchoring as a batch")
    #expect(
      list.placements.map { "\($0.index)@\($0.frame)" }
        == reference.placements.map { "\($0.index)@\($0.frame)" })
  }

  @Test func readingTheOffsetAppliesWaitingMeasurements() {
    let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 44))
    let source = ArrayDataSource(items: Array(0..<1_000))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.contentOffset = 2_000
    list.layoutIfNeeded()
    list.setMeasuredExtent(144, forItemAt: 10)
    #expect(list.contentOffset == 2_100, "the first visible item stays where it was")
    list.setMeasuredExtent(44, forItemAt: 10)
    list.contentOffset += 10
    list.layoutIfNeeded()
    #expect(list.contentOffset == 2_010)
  }
}
