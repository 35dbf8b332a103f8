import Foundation
import Reel
import ReelTesting
import Testing

/// A restore into the same layout gives back exactly what was saved: measured extents equal to
/// the layout's are not rebuilt, since a store built from them at once can sum some of them in
/// another order and move items by a rounding.
@Suite struct ExactRestoreTests {
  func frames(_ list: VirtualList<RecordingCell>) -> [String] {
    list.placements.map { "\($0.index)@\($0.frame)" }.sorted()
  }

  /// A list of 400 items that gets 12 inserts of up to 16 items, each followed by a jump and
  /// the measurement of the items drawn, in sevenths of a point: the store's sums are built up
  /// piece by piece, as in an app, and a store built from the same extents at once sums some of
  /// them in another order.
  func measuredList(_ source: ArrayDataSource<Int>) throws -> VirtualList<RecordingCell> {
    let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50), overscan: 3)
    source.install(on: list)
    list.viewportSize = Size(width: 165, height: 500)
    var rng = SplitMix64(seed: 1)
    var next = source.items.count
    for _ in 0..<12 {
      let at = rng.int(in: 0...source.items.count)
      let inserted = rng.int(in: 1...16)
      source.items.insert(contentsOf: next..<next + inserted, at: at)
      next += inserted
      try list.performBatchUpdates { $0.insertions = Array(at..<at + inserted) }
      list.contentOffset = Double(rng.int(in: 0...20_000))
      for placement in list.placements {
        list.setMeasuredExtent(Double(rng.int(in: 140...700)) / 7, forItemAt: placement.index)
      }
    }
    list.contentOffset = 4_046.857142857143
    list.layoutIfNeeded()
    return list
  }

  @Test func restoringAListsOwnStateChangesNoSlotAndNoOffset() throws {
    let source = ArrayDataSource(items: Array(0..<400))
    let list = try measuredList(source)
    let saved = list.scrollState
    let offset = list.contentOffset
    let count = list.numberOfItems
    let slots = (0..<count).map { list.layout.slot(at: $0).offset }
    let drawn = frames(list)
    try list.restoreScrollState(saved)
    list.layoutIfNeeded()
    #expect(list.contentOffset.bitPattern == offset.bitPattern)
    let after = (0..<count).map { list.layout.slot(at: $0).offset }
    let moved = zip(slots, after).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(moved.isEmpty, "slots moved by a rounding: \(moved.prefix(3))")
    #expect(frames(list) == drawn)
    withExtendedLifetime(source) {}
  }

  /// Saved runs split differently from the layout's (as a state saved by another version, or
  /// built by hand, may be) are the same extents: the restore compares them item by item and
  /// leaves the store as it is.
  @Test func runsSplitDifferentlyAreTheSameExtents() throws {
    let source = ArrayDataSource(items: Array(0..<400))
    let list = try measuredList(source)
    var saved = list.scrollState
    let runs = try #require(saved.measuredExtents).runs
    let split = runs.flatMap { run in
      run.count < 2
        ? [run]
        : [
          MeasuredExtents.Run(extent: run.extent, count: 1),
          MeasuredExtents.Run(extent: run.extent, count: run.count - 1),
        ]
    }
    #expect(split.count > runs.count)
    saved.measuredExtents = MeasuredExtents(runs: split)
    let count = list.numberOfItems
    let slots = (0..<count).map { list.layout.slot(at: $0).offset }
    try list.restoreScrollState(saved)
    list.layoutIfNeeded()
    let after = (0..<count).map { list.layout.slot(at: $0).offset }
    let moved = zip(slots, after).enumerated().filter { $0.element.0 != $0.element.1 }
    #expect(moved.count == 0, "slots moved by a rounding: \(moved.prefix(3))")
    withExtendedLifetime(source) {}
  }

  /// The same state restored into a fresh list: its anchor is at exactly its saved position
  /// (the fresh store's sums may differ by a rounding elsewhere).
  @Test func aFreshListPutsTheAnchorAtItsSavedPosition() throws {
    let source = ArrayDataSource(items: Array(0..<400))
    let list = try measuredList(source)
    let saved = try JSONDecoder().decode(
      ScrollState.self, from: JSONEncoder().encode(list.scrollState))
    let again = ArrayDataSource(items: source.items)
    let fresh = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50), overscan: 3)
    again.install(on: fresh)
    fresh.viewportSize = list.viewportSize
    try fresh.restoreScrollState(saved)
    fresh.layoutIfNeeded()
    let start = fresh.layout.slot(at: saved.anchorIndex).offset
    #expect(start - fresh.contentOffset == saved.anchorPosition)
    #expect(abs(fresh.contentOffset - list.contentOffset) < 1e-9)
    withExtendedLifetime((source, again)) {}
  }
}
