import ReelTesting
import Testing

@testable import Reel

/// A batch update compacts the window's survivors between the entries that leave it: the
/// survivors keep their cells, and the cells that leave end their display in the order of
/// their items, with the indices they had, however the leaving entries are spread.
@Suite struct UpdateCompactionTests {
  /// Records the items whose display ended, in order.
  final class EndRecorder: VirtualListDelegate {
    var ended: [Int] = []

    func virtualList(
      _ list: VirtualList<RecordingCell>, didEndDisplaying cell: RecordingCell, forItemAt index: Int
    ) {
      ended.append(index)
    }
  }

  /// Deletes and reloads spread over the window (leaving runs of survivors between them, at
  /// its start, in its middle and at its end) and checks the cells and the ended displays.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func survivorsBetweenLeavingEntriesKeepTheirCells(wrapping: Wrapping) throws {
    let h = makeList(
      count: 100, wrapping: wrapping, viewport: Size(width: 390, height: 440), overscan: 0)
    let recorder = EndRecorder()
    h.list.delegate = recorder
    h.list.contentOffset = 44 * 20
    _ = h.list.placements
    let cells = Dictionary(
      uniqueKeysWithValues: h.list.placements.map { ($0.index, ObjectIdentifier($0.cell)) })
    #expect(cells.keys.sorted() == Array(20..<30))
    // Leaving: the window's first item, three in its middle (two adjacent) and its last.
    let deleted = [20, 23, 24, 29]
    let reloaded = [26]
    var update = BatchUpdate()
    for index in deleted { update.delete(at: index) }
    for index in reloaded { update.reload(at: index) }
    h.source.items.removeAll { deleted.contains($0) }
    try h.list.performBatchUpdates(update)
    let placements = h.list.placements
    #expect(recorder.ended.prefix(5) == [20, 23, 24, 26, 29])
    for placement in placements {
      let item = h.source.items[placement.index]
      #expect(placement.cell.identity == AnyHashable(item))
      if let before = cells[item], !reloaded.contains(item) {
        #expect(ObjectIdentifier(placement.cell) == before, "item \(item) lost its cell")
      }
    }
    let shown = placements.map { ObjectIdentifier($0.cell) }
    #expect(Set(shown).count == shown.count, "a cell is displayed twice")
    #expect(h.list.invariantViolations().isEmpty)
  }
}
