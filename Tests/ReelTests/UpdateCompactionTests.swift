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
    recorder.ended.removeAll()
    try h.list.performBatchUpdates(update)
    let placements = h.list.placements
    #expect(recorder.ended == [20, 23, 24, 26, 29])
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

  /// Animated, the leaving cells depart (each once, still drawn) while the survivors keep
  /// their cells; they end their display in the order of their items when the animation ends.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func leavingEntriesDepartInOrder(wrapping: Wrapping) throws {
    let h = makeList(
      count: 100, wrapping: wrapping, viewport: Size(width: 390, height: 440), overscan: 0)
    let recorder = EndRecorder()
    h.list.delegate = recorder
    h.list.updateAnimation = .timed(duration: 0.3, curve: .linear)
    h.list.tick(.zero)
    h.list.contentOffset = 44 * 20
    let cells = Dictionary(
      uniqueKeysWithValues: h.list.placements.map { ($0.index, ObjectIdentifier($0.cell)) })
    let deleted = [20, 23, 24, 29]
    var update = BatchUpdate()
    for index in deleted { update.delete(at: index) }
    update.reload(at: 26)
    h.source.items.removeAll { deleted.contains($0) }
    recorder.ended.removeAll()
    try h.list.performBatchUpdates(update)
    #expect(h.list.cellsDeparting == 5)
    #expect(recorder.ended.isEmpty)
    for placement in h.list.placements where placement.transition?.kind != .disappear {
      let item = h.source.items[placement.index]
      if let before = cells[item], item != 26 {
        #expect(ObjectIdentifier(placement.cell) == before, "item \(item) lost its cell")
      }
    }
    let drawn = h.list.placements.map { ObjectIdentifier($0.cell) }
    #expect(Set(drawn).count == drawn.count, "a cell is drawn twice")
    h.list.tick(ReelInstant(seconds: 0.3))
    #expect(h.list.cellsDeparting == 0)
    #expect(recorder.ended == [20, 23, 24, 26, 29])
    #expect(h.list.invariantViolations().isEmpty)
  }
}
