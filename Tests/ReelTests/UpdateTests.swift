import ReelTesting
import Testing

@testable import Reel

@Suite struct UpdateTests {
  /// The first visible item and its on-screen position.
  func firstVisible(_ list: VirtualList<RecordingCell>) -> (Int, Double)? {
    list.placements.first { $0.frame.maxY > 0 }.map { ($0.index, $0.frame.minY) }
  }

  @Test func insertAboveKeepsTheFirstVisibleItemInPlace() throws {
    let h = makeList(count: 1_000)
    h.list.contentOffset = 44 * 100 + 10
    #expect(firstVisible(h.list)! == (100, -10))
    let cell = h.list.placements.first { $0.index == 100 }!.cell
    h.source.items.insert(contentsOf: [-1, -2, -3], at: 0)
    try h.list.performBatchUpdates { $0.insert(at: [0, 1, 2]) }
    #expect(firstVisible(h.list)! == (103, -10))
    // The item keeps its cell: no reconfiguration, no lost state.
    #expect(h.list.placements.first { $0.index == 103 }!.cell === cell)
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.source.violations.isEmpty)
  }

  @Test func deleteAboveAndMoveKeepAnchorAndCells() throws {
    let h = makeList(count: 100)
    h.list.contentOffset = 44 * 50
    #expect(firstVisible(h.list)! == (50, 0))
    h.source.items.removeSubrange(10..<20)
    let moved = h.source.items.remove(at: 45)
    h.source.items.insert(moved, at: 0)
    try h.list.performBatchUpdates { update in
      update.delete(at: 10..<20)
      update.move(from: 55, to: 0)
    }
    #expect(firstVisible(h.list)!.1 == 0)
    #expect(h.list.placements.first { $0.frame.minY >= 0 }!.cell.identity == AnyHashable(50))
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.source.violations.isEmpty)
  }

  @Test func reloadedItemsGetFreshCells() throws {
    let h = makeList(count: 30)
    let before = h.list.placements[3].cell
    h.source.items[3] = 333
    try h.list.performBatchUpdates { $0.reload(at: 3) }
    let after = h.list.placements[3]
    #expect(after.cell.identity == AnyHashable(333))
    #expect(after.cell !== before || before.reuseCount > 0)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func inconsistentCountThrowsAndReloads() {
    let h = makeList(count: 30)
    _ = h.list.placements
    h.source.items.append(contentsOf: [100, 101])
    #expect(throws: ReelError.inconsistentItemCount(expected: 31, reported: 32)) {
      try h.list.performBatchUpdates { $0.insert(at: 0) }
    }
    #expect(h.list.numberOfItems == 32)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func invalidUpdateThrowsAndTheListStaysConsistent() {
    let h = makeList(count: 5)
    _ = h.list.placements
    #expect(throws: ReelError.self) { try h.list.performBatchUpdates { $0.delete(at: 7) } }
    #expect(h.list.numberOfItems == 5)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func reloadKeepsTheSameItemInPlaceByIdentity() {
    let h = makeList(count: 200)
    h.list.contentOffset = 44 * 120 + 5
    #expect(firstVisible(h.list)! == (120, -5))
    h.source.items.removeFirst(20)
    h.source.itemsDidChange()
    h.list.reloadData()
    // Item 120 now lives at index 100 and is still at the top, 5 points hidden.
    #expect(firstVisible(h.list)! == (100, -5))
    #expect(h.list.placements.first { $0.frame.minY == -5 }!.cell.identity == AnyHashable(120))
  }

  @Test func cyclicInsertsAndDeletesWhileLooping() throws {
    let h = makeList(
      count: 5, layout: UniformLayout(extent: 100), axis: .horizontal, wrapping: .cyclic,
      viewport: Size(width: 350, height: 50), overscan: 1)
    h.list.contentOffset = 1_234
    _ = h.list.placements
    h.source.items.insert(99, at: 2)
    try h.list.performBatchUpdates { $0.insert(at: 2) }
    #expect(h.list.invariantViolations().isEmpty)
    h.source.items.removeAll { $0 != 3 }
    try h.list.performBatchUpdates { $0.delete(at: [0, 1, 2, 3, 5]) }
    #expect(h.list.placements.allSatisfy { $0.index == 0 && $0.cell.identity == AnyHashable(3) })
    #expect(h.list.invariantViolations().isEmpty)
    h.source.items = []
    try h.list.performBatchUpdates { $0.delete(at: 0) }
    #expect(h.list.placements.isEmpty)
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.source.violations.isEmpty)
  }

  @Test func measuringAboveTheViewportDoesNotMoveTheContent() {
    let h = makeList(count: 10_000, layout: VariableLayout(estimatedExtent: 50))
    h.list.contentOffset = 50 * 5_000
    let anchor = firstVisible(h.list)!
    for index in stride(from: 4_990, to: 5_000, by: 1) {
      h.list.setMeasuredExtent(Double(20 + index % 7 * 13), forItemAt: index)
      #expect(firstVisible(h.list)! == anchor)
    }
    // Measuring below the first visible item changes positions below it only.
    h.list.setMeasuredExtent(120, forItemAt: anchor.0)
    #expect(firstVisible(h.list)! == anchor)
    #expect(h.list.placements.first { $0.index == anchor.0 + 1 }!.frame.minY == anchor.1 + 120)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func resizeKeepsTheRestingItemCentredInASnappingList() {
    let h = makePager(count: 7)
    h.list.scrollToItem(at: 3)
    #expect(h.list.restingDataIndex == 3)
    for width in [500.0, 1_024, 320, 390] {
      h.list.viewportSize = Size(width: width, height: 200)
      let centred = h.list.placements.first { abs($0.frame.midX - width / 2) < 1e-6 }
      #expect(centred?.index == 3, "width \(width)")
    }
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func resizeKeepsTheFirstVisibleItemInAList() {
    let h = makeList(count: 1_000)
    h.list.contentOffset = 44 * 300 + 7
    h.list.viewportSize = Size(width: 800, height: 300)
    #expect(firstVisible(h.list)! == (300, -7))
    h.list.viewportSize = Size(width: 200, height: 1_000)
    #expect(firstVisible(h.list)! == (300, -7))
  }

  @Test func changingAxisWrappingAndLayoutAtRunTime() {
    let h = makeList(count: 100)
    h.list.contentOffset = 440
    h.list.axis = .horizontal
    #expect(h.list.invariantViolations().isEmpty)
    h.list.wrapping = .cyclic
    h.list.contentOffset = -1_000
    #expect(h.list.invariantViolations().isEmpty)
    h.list.layout = UniformLayout(extent: 60, spacing: 4, lanes: 3)
    #expect(h.list.invariantViolations().isEmpty)
    h.list.wrapping = .bounded
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.list.placements.allSatisfy { $0.index >= 0 && $0.index < 100 })
  }
}

@Suite struct AnchorWithoutAPassTests {
  @Test func resizeRightAfterAJumpAnchorsOnTheNewPosition() {
    let h = makePager(count: 20)
    _ = h.list.placements
    h.list.scrollToItem(at: 13)
    // No pass between the jump and the resize.
    h.list.viewportSize = Size(width: 800, height: 200)
    let centred = h.list.placements.first { abs($0.frame.midX - 400) < 1e-6 }
    #expect(centred?.index == 13)
  }

  @Test func batchUpdateRightAfterSettingTheOffsetAnchorsThere() throws {
    let h = makeList(count: 1_000)
    _ = h.list.placements
    h.list.contentOffset = 44 * 600
    h.source.items.insert(-1, at: 0)
    try h.list.performBatchUpdates { $0.insert(at: 0) }
    let first = h.list.placements.first { $0.frame.maxY > 0 }
    #expect(first?.cell.identity == AnyHashable(600))
    #expect(first?.frame.minY == 0)
  }
}
