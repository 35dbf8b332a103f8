import Reel
import ReelTesting
import Testing

/// The first call of `prepareUpcomingCells` prepares the cells ahead of a list that moved since
/// it was created: movement counts from where the list started.
@Suite struct FirstPreparationTests {
  @Test func firstCallPreparesAheadOfTheMovement() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: 0)
    let source = ArrayDataSource(items: Array(0..<1_000))
    source.install(on: list)
    list.viewportSize = Size(width: 390, height: 844)
    list.layoutIfNeeded()
    list.contentOffset = 440
    list.layoutIfNeeded()
    let made = list.prepareUpcomingCells(for: .seconds(1), clock: ManualClock())
    #expect(made == list.prefetchPlanner.distance(forMovement: 440, itemExtent: 44))
    #expect(list.indicesOfPreparedCells.first == 30, "the next row down is prepared first")
  }

  @Test func aListThatNeverMovedPreparesNothing() {
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44), overscan: 0)
    let source = ArrayDataSource(items: Array(0..<1_000))
    source.install(on: list)
    list.viewportSize = Size(width: 390, height: 844)
    list.layoutIfNeeded()
    #expect(list.prepareUpcomingCells(for: .seconds(1), clock: ManualClock()) == 0)
  }
}
