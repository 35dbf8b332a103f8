import ReelTesting
import Testing

@testable import Reel

/// Brute-force reference: indices whose slots intersect an interval.
func bruteIndices(_ layout: some ListLayout, _ interval: Range<Double>, in candidates: Range<Int>)
  -> [Int]
{
  candidates.filter { v in
    let s = layout.slot(at: v)
    return s.extent > 0 && s.offset < interval.upperBound && s.end > interval.lowerBound
  }
}

func prepared<L: ListLayout>(
  _ layout: L, count: Int, viewport: Size = Size(width: 390, height: 844), axis: Axis = .vertical,
  wrapping: Wrapping = .bounded
) -> L {
  var copy = layout
  copy.prepare(
    for: LayoutContext(count: count, viewportSize: viewport, axis: axis, wrapping: wrapping))
  return copy
}

@Suite struct UniformLayoutTests {
  @Test func slotsAndContentExtent() {
    let layout = prepared(
      UniformLayout(extent: 44, spacing: 2, insets: ContentInsets(start: 10, end: 20)), count: 3)
    #expect(layout.slot(at: 0).offset == 10)
    #expect(layout.slot(at: 2).offset == 102)
    #expect(layout.contentExtent == 166)
    #expect(layout.slot(at: 1).crossExtent == 390)
  }

  @Test func indicesMatchBruteForceBoundedAndCyclic() {
    var rng = SplitMix(seed: 11)
    for wrapping in [Wrapping.bounded, .cyclic] {
      for _ in 0..<300 {
        let count = rng.int(0...19)
        let extent = Double(rng.int(0...49))
        let spacing = Double(rng.int(1...5))
        let insets = ContentInsets(start: Double(rng.int(0...8)))
        let base = UniformLayout(
          extent: extent, spacing: spacing, lanes: rng.int(1...3), insets: insets)
        let layout = prepared(base, count: count, wrapping: wrapping)
        let lo = Double(rng.int(-1000...999)) / 3
        let hi = lo + Double(rng.int(0...399)) / 3
        let candidates = wrapping == .bounded ? 0..<count : -3000..<3000
        let expected = count == 0 ? [] : bruteIndices(layout, lo..<hi, in: candidates)
        let got = layout.indices(intersecting: lo..<hi)
        let gotFiltered = Array(got).filter { layout.slot(at: $0).extent > 0 }
        #expect(gotFiltered == expected, "lo \(lo) hi \(hi) count \(count) \(wrapping)")
      }
    }
  }

  @Test func billionItemsIsConstantTime() {
    let layout = prepared(UniformLayout(extent: 44), count: 1_000_000_000)
    #expect(layout.contentExtent == 44_000_000_000)
    let range = layout.indices(intersecting: 43_999_999_000..<44_000_000_000)
    #expect(range.upperBound == 1_000_000_000)
    #expect(range.count == 23)
  }

  @Test func gridRepeatsAfterLcmInCyclicMode() {
    let layout = prepared(UniformLayout(extent: 10, lanes: 3), count: 4, wrapping: .cyclic)
    #expect(layout.period.items == 12)
    #expect(layout.period.extent == 40)
    for v in -20..<20 {
      #expect(layout.slot(at: v + 12).offset == layout.slot(at: v).offset + 40)
      #expect(layout.slot(at: v + 12).crossOffset == layout.slot(at: v).crossOffset)
    }
  }
}

@Suite struct VariableLayoutTests {
  @Test func indicesMatchBruteForce() {
    var rng = SplitMix(seed: 99)
    for wrapping in [Wrapping.bounded, .cyclic] {
      for _ in 0..<300 {
        let count = rng.int(0...14)
        let extents = (0..<count).map { _ in Double(rng.int(0...39)) }
        let spacing = Double(rng.int(0...3))
        let insets = ContentInsets(start: Double(rng.int(0...6)), end: 3)
        let base = VariableLayout(
          extents: extents, estimatedExtent: 10, spacing: spacing, insets: insets)
        let layout = prepared(base, count: count, wrapping: wrapping)
        let lo = Double(rng.int(-600...599)) / 2
        let hi = lo + Double(rng.int(0...299)) / 2
        let period = layout.period.extent
        guard wrapping == .bounded || period > 0 else { continue }
        let candidates = wrapping == .bounded ? 0..<count : -150..<150
        let expected = count == 0 ? [] : bruteIndices(layout, lo..<hi, in: candidates)
        let got = Array(layout.indices(intersecting: lo..<hi)).filter {
          layout.slot(at: $0).extent > 0
        }
        #expect(got == expected, "lo \(lo) hi \(hi) extents \(extents) \(wrapping)")
      }
    }
  }

  @Test func measuringChangesOnlyLaterOffsets() {
    var layout = prepared(VariableLayout(estimatedExtent: 50), count: 1_000)
    #expect(layout.contentExtent == 50_000)
    let delta = layout.setExtent(80, forItemAt: 10)
    #expect(delta == 30)
    #expect(layout.slot(at: 10).offset == 500)
    #expect(layout.slot(at: 11).offset == 580)
    #expect(layout.contentExtent == 50_030)
    #expect(layout.setExtent(80, forItemAt: 10) == 0)
  }

  @Test func countChangesKeepMeasuredPrefix() {
    var layout = prepared(VariableLayout(extents: [1, 2, 3], estimatedExtent: 10), count: 5)
    #expect(layout.extent(ofItemAt: 2) == 3)
    #expect(layout.extent(ofItemAt: 4) == 10)
    layout.prepare(
      for: LayoutContext(count: 2, viewportSize: .zero, axis: .vertical, wrapping: .bounded))
    #expect(layout.contentExtent == 3)
  }

  @Test func batchUpdatesMoveExtentsWithTheirItems() throws {
    var layout = prepared(VariableLayout(extents: [1, 2, 3, 4], estimatedExtent: 10), count: 4)
    var update = BatchUpdate()
    update.delete(at: 0)
    update.insert(at: 1)
    update.move(from: 3, to: 0)
    let changes = try IndexChanges(oldCount: 4, update: update)
    layout.apply(changes)
    layout.prepare(
      for: LayoutContext(count: 4, viewportSize: .zero, axis: .vertical, wrapping: .bounded))
    #expect((0..<4).map { layout.extent(ofItemAt: $0) } == [4, 10, 2, 3])
  }
}

@Suite struct PagingLayoutTests {
  @Test func seed002GeometryOnA390PointScreen() {
    let layout = prepared(
      PagingLayout(insets: 16, spacing: 8), count: 5, viewport: Size(width: 390, height: 200),
      axis: .horizontal, wrapping: .cyclic)
    #expect(layout.slot(at: 0).offset == 16)
    #expect(layout.slot(at: 0).extent == 358)
    #expect(layout.slot(at: 1).offset == 16 + 366)
    #expect(layout.period.extent == 5 * 366)
    // At offset 0 the neighbours show 8-point "ears" on both sides.
    #expect(Array(layout.indices(intersecting: 0..<390)) == [-1, 0, 1])
  }

  @Test func wideViewportShowsSeveralItems() {
    let layout = PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 400)
    #expect(layout.itemsPerPage(viewportExtent: 1200) == 3)
    #expect(layout.itemsPerPage(viewportExtent: 390) == 1)
    let extent = layout.itemExtent(viewportExtent: 1200)
    #expect(abs(extent * 3 + 16 - (1200 - 32)) < 1e-9)
  }

  /// Found by the fuzzer (corpus-features, `append-while-following-in-a-pager-narrower-than-its-
  /// insets`): in a viewport shorter than twice the insets the items have no extent, and with
  /// the full insets neither end of the content was any item's resting offset (a 20-point
  /// viewport, insets 16: the first item rested at 6, the last 6 before the end), so a list
  /// following its end snapped away from it. The insets shrink to half the viewport instead,
  /// and the first and last items rest at the two ends, as in any wider viewport.
  @Test(arguments: [nil, 200.0])
  func aViewportShorterThanTwiceTheInsetsStillRestsItsEndItemsAtTheEnds(maximum: Double?) {
    let layout = prepared(
      PagingLayout(insets: 16, spacing: 8, maximumItemExtent: maximum), count: 13,
      viewport: Size(width: 20, height: 1060), axis: .horizontal, wrapping: .bounded)
    let snapping = layout.preferredSnapping!
    #expect(layout.slot(at: 0).extent == 0)
    #expect(layout.slot(at: 0).offset == 10)
    #expect(snapping.restingOffset(for: layout.slot(at: 0), viewportExtent: 20) == 0)
    #expect(
      snapping.restingOffset(for: layout.slot(at: 12), viewportExtent: 20)
        == layout.contentExtent - 20)
  }

  /// The list the fuzzer found it with: following its end, it stays there after an append.
  @Test func aNarrowPagerFollowingItsEndStaysAtTheEnd() throws {
    let h = makeList(
      count: 5, layout: PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200),
      axis: .horizontal, viewport: Size(width: 20, height: 1060))
    let clock = ManualClock()
    h.list.anchoring = .end
    h.list.settle(clock: clock)
    #expect(h.list.isFollowingEnd)
    h.source.items += Array(5..<13)
    try h.list.performBatchUpdates { $0.insert(at: 5..<13) }
    #expect(h.list.numberOfItems == 13)
    #expect(h.list.isFollowingEnd)
    h.list.settle(clock: clock)
    #expect(h.list.contentOffset == h.list.maximumOffset)
    #expect(h.list.restingDataIndex == 12)
  }
}

@Suite struct IndexChangesTests {
  @Test func mapsIndicesLikeUICollectionView() throws {
    var update = BatchUpdate()
    update.delete(at: [1, 3])
    update.insert(at: 0)
    let changes = try IndexChanges(oldCount: 5, update: update)
    #expect(changes.newCount == 4)
    #expect((0..<5).map(changes.newIndex(forOld:)) == [1, nil, 2, nil, 3])
    #expect((0..<4).map(changes.oldIndex(forNew:)) == [nil, 0, 2, 4])
    #expect(changes.remap(["a", "b", "c", "d", "e"], inserted: "new") == ["new", "a", "c", "e"])
  }

  @Test func rejectsBadUpdates() {
    var outOfRange = BatchUpdate()
    outOfRange.delete(at: 5)
    #expect(throws: ReelError.self) { try IndexChanges(oldCount: 5, update: outOfRange) }
    var twice = BatchUpdate()
    twice.delete(at: 1)
    twice.delete(at: 1)
    #expect(throws: ReelError.self) { try IndexChanges(oldCount: 5, update: twice) }
    var reloadDeleted = BatchUpdate()
    reloadDeleted.delete(at: 2)
    reloadDeleted.reload(at: 2)
    #expect(throws: ReelError.self) { try IndexChanges(oldCount: 5, update: reloadDeleted) }
  }
}

/// The tests' seeded generator: `ReelTesting.SplitMix64`, with closed-range helpers.
typealias SplitMix = SplitMix64

extension SplitMix64 {
  mutating func int(_ range: ClosedRange<Int>) -> Int { int(in: range) }
}
