import ReelTesting
import Testing

@testable import Reel

/// A data source that dequeues one cell more than it returns for every item: the list takes
/// the spare back into its pool.
private final class SpareDequeuingSource: VirtualListDataSource {
  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { 1_000 }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    _ = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    let cell = list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
    cell.item = index
    return cell
  }
}

/// A pool keeps at most its cap of cells (`register(_:capacity:factory:)`), whichever way cells
/// come back to it.
@Suite struct ReusePoolCapTests {
  /// Cells prepared ahead of the motion, outside any layout pass, each leave a spare that goes
  /// back to a pool capped at 0: the pool keeps none of them, and each counts as released.
  @Test func spareCellsOfPreparedItemsStayWithinTheCap() {
    let source = SpareDequeuingSource()
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: 0)
    list.register("cell", capacity: 0) { RecordingCell() }
    list.dataSource = source
    list.viewportSize = Size(width: 390, height: 440)
    list.layoutIfNeeded()
    let clock = ManualClock()
    // The first call notes where the content is; preparation follows movement.
    list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    #expect(list.poolCapacity == 0)
    #expect(list.cellsPooled == 0)
    list.contentOffset = 440
    list.layoutIfNeeded()
    #expect(list.cellsPooled == 0, "a layout pass leaves the pool within its cap")
    let released = list.cellsReleased
    let made = list.prepareUpcomingCells(for: .seconds(1), clock: clock)
    #expect(made > 0)
    #expect(list.cellsPooled == 0, "\(list.cellsPooled) cells pooled over a cap of 0")
    #expect(list.cellsReleased == released + made, "one spare released per prepared cell")
    #expect(list.cellsCreated == list.cellsDisplayed + list.cellsPrepared + list.cellsReleased)
    #expect(list.invariantViolations().isEmpty)
  }
}
