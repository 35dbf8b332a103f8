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

  /// The window's first item, three in its middle (two adjacent) and its last leave: runs of
  /// survivors at the window's start, in its middle and at its end.
  static let deleted = [20, 23, 24, 29]
  static let reloaded = 26
  /// The items whose display ends, in order.
  static let ended = [20, 23, 24, 26, 29]

  /// A list of 100 rows of 44 points scrolled to item 20 (items 20 to 29 shown, no overscan),
  /// with `recorder` as its delegate; returns it and each shown item's cell.
  static func scrolledList(
    wrapping: Wrapping, animation: UpdateAnimation?, recorder: EndRecorder
  ) -> (Harness, [Int: ObjectIdentifier]) {
    let h = makeList(
      count: 100, wrapping: wrapping, viewport: Size(width: 390, height: 440), overscan: 0)
    h.list.delegate = recorder
    if let animation {
      h.list.updateAnimation = animation
      h.list.tick(.zero)
    }
    h.list.contentOffset = 44 * 20
    let cells = Dictionary(
      uniqueKeysWithValues: h.list.placements.map { ($0.index, ObjectIdentifier($0.cell)) })
    #expect(cells.keys.sorted() == Array(20..<30))
    return (h, cells)
  }

  /// Deletes ``deleted`` and reloads ``reloaded`` (from the data source too), with `recorder`
  /// emptied first.
  static func update(_ h: Harness, recorder: EndRecorder) throws {
    var update = BatchUpdate()
    for index in deleted { update.delete(at: index) }
    update.reload(at: reloaded)
    h.source.items.removeAll { deleted.contains($0) }
    recorder.ended.removeAll()
    try h.list.performBatchUpdates(update)
    h.list.tick(.zero)  // the update's animations start at this tick
  }

  /// Without animation, the cells that leave end their display at once, the survivors keep
  /// their cells, and no cell shows twice.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func survivorsBetweenLeavingEntriesKeepTheirCells(wrapping: Wrapping) throws {
    let recorder = EndRecorder()
    let (h, cells) = Self.scrolledList(wrapping: wrapping, animation: nil, recorder: recorder)
    try Self.update(h, recorder: recorder)
    let placements = h.list.placements
    #expect(recorder.ended == Self.ended)
    for placement in placements {
      let item = h.source.items[placement.index]
      #expect(placement.cell.identity == AnyHashable(item))
      if let before = cells[item], item != Self.reloaded {
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
    let recorder = EndRecorder()
    let (h, cells) = Self.scrolledList(
      wrapping: wrapping, animation: .timed(duration: 0.3, curve: .linear), recorder: recorder)
    try Self.update(h, recorder: recorder)
    #expect(h.list.cellsDeparting == Self.ended.count)
    #expect(recorder.ended.isEmpty)
    for placement in h.list.placements where placement.transition?.kind != .disappear {
      let item = h.source.items[placement.index]
      if let before = cells[item], item != Self.reloaded {
        #expect(ObjectIdentifier(placement.cell) == before, "item \(item) lost its cell")
      }
    }
    let drawn = h.list.placements.map { ObjectIdentifier($0.cell) }
    #expect(Set(drawn).count == drawn.count, "a cell is drawn twice")
    h.list.tick(ReelInstant(seconds: 0.3))
    #expect(h.list.cellsDeparting == 0)
    #expect(recorder.ended == Self.ended)
    #expect(h.list.invariantViolations().isEmpty)
  }
}
