import Reel
import ReelTesting
import Testing

/// A batch update keeps the first visible item that it does not move in place: moved items
/// travel to their new places, the rows that stay hold still, and when every visible item
/// moves the offset stays.
@Suite struct MovedItemAnchoringTests {
  /// 100 rows of 44 points, ten to a screen, scrolled to row 10.
  func makeList(layout: any ListLayout = UniformLayout(extent: 44)) -> (
    VirtualList<RecordingCell>, ArrayDataSource<Int>
  ) {
    let list = VirtualList<RecordingCell>(layout: layout)
    let source = ArrayDataSource(items: Array(0..<100))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 440)
    list.contentOffset = 440
    list.layoutIfNeeded()
    return (list, source)
  }

  /// Where the row showing `item` sits in the viewport, if it is placed.
  func position(of item: Int, in list: VirtualList<RecordingCell>, _ source: ArrayDataSource<Int>)
    -> Double?
  {
    list.placements.first { source.items[$0.index] == item }.map(\.frame.minY)
  }

  func move(
    _ source: ArrayDataSource<Int>, on list: VirtualList<RecordingCell>, from: Int, to: Int
  ) throws {
    let item = source.items.remove(at: from)
    source.items.insert(item, at: to)
    source.itemsDidChange()
    try list.performBatchUpdates { $0.move(from: from, to: to) }
    list.layoutIfNeeded()
  }

  @Test(arguments: [false, true]) func movingTheFirstVisibleRowAwayKeepsTheRowsThatStay(
    variable: Bool
  ) throws {
    let (list, source) = makeList(
      layout: variable ? VariableLayout(estimatedExtent: 44) : UniformLayout(extent: 44))
    #expect(position(of: 11, in: list, source) == 44)
    try move(source, on: list, from: 10, to: 50)
    #expect(list.contentOffset == 396, "the row before the moved one slides in above")
    for item in 11...19 {
      #expect(
        position(of: item, in: list, source) == Double(item - 10) * 44,
        "row \(item) stays where it was")
    }
  }

  @Test func movingARowIntoTheScreenKeepsTheRowsAboveIt() throws {
    let (list, source) = makeList()
    try move(source, on: list, from: 80, to: 12)
    #expect(list.contentOffset == 440)
    #expect(position(of: 10, in: list, source) == 0)
    #expect(position(of: 80, in: list, source) == 88, "the moved row travels to its new place")
  }

  @Test func movingEveryVisibleRowKeepsTheOffset() throws {
    let (list, source) = makeList()
    var update = BatchUpdate()
    for k in 0..<10 { update.move(from: 10 + k, to: 90 + k) }
    let moved = source.items[10..<20]
    source.items.removeSubrange(10..<20)
    source.items.append(contentsOf: moved)
    source.itemsDidChange()
    try list.performBatchUpdates(update)
    list.layoutIfNeeded()
    #expect(list.contentOffset == 440, "the offset stays")
    #expect(position(of: 20, in: list, source) == 0, "the rows after them take their place")
  }

  /// Items longer than the viewport, three to a line: when the update deletes the first item of
  /// the first visible line, the next item of that line, just as visible, is the anchor.
  @Test(arguments: [Wrapping.bounded, .cyclic]) func aDeletionInAGridLineAnchorsOnTheNextLane(
    wrapping: Wrapping
  ) throws {
    let list = VirtualList<RecordingCell>(
      layout: UniformLayout(extent: 120, spacing: 8, lanes: 3, laneSpacing: 8),
      axis: .horizontal, wrapping: wrapping, overscan: 0)
    let source = ArrayDataSource(items: Array(0..<150))
    source.install(on: list)
    list.viewportSize = Size(width: 90, height: 400)
    list.contentOffset = 27 * 128  // line 27: items 81, 82 and 83
    list.layoutIfNeeded()
    let before = list.placements.first { source.items[$0.index] == 82 }?.frame.minX
    #expect(before == 0)
    // Items 78…81: the line before and the first item of the shown line.
    source.items.removeSubrange(78..<82)
    source.itemsDidChange()
    try list.performBatchUpdates { $0.delete(at: 78..<82) }
    list.layoutIfNeeded()
    let after = list.placements.first { source.items[$0.index] == 82 }?.frame.minX
    #expect(after == 0, "item 82 keeps its place; the offset is \(list.contentOffset)")
    #expect(list.contentOffset == 26 * 128, "item 82 is now the first of line 26")
  }
}
