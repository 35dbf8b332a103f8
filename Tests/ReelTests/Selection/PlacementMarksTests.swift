import ReelTesting
import Testing

@testable import Reel

/// Placements report selection and highlight, as the list's queries do.
@Suite struct PlacementMarksTests {
  @Test func placementsReportSelectedAndHighlightedItems() {
    let h = makeList(count: 50)
    #expect(h.list.placements.allSatisfy { !$0.isSelected && !$0.isHighlighted })
    h.list.selectionMode = .multiple
    h.list.selectItem(at: 3)
    h.list.selectItem(at: 7)
    #expect(h.list.highlightItem(at: Point(x: 10, y: 5 * 44 + 22)) == 5)
    for placement in h.list.placements {
      #expect(placement.isSelected == h.list.isItemSelected(at: placement.index))
      #expect(placement.isHighlighted == (placement.index == 5), "\(placement.index)")
    }
    #expect(h.list.placements.filter(\.isSelected).map(\.index) == [3, 7])
    h.list.unhighlight()
    h.list.deselectItem(at: 3)
    #expect(h.list.placements.filter(\.isSelected).map(\.index) == [7])
    #expect(h.list.placements.allSatisfy { !$0.isHighlighted })
  }

  /// The marks follow the items through a batch update, and show in a cyclic list at every
  /// virtual index that shows the item.
  @Test func marksFollowUpdatesAndCyclicRepeats() throws {
    let h = makeList(count: 6, wrapping: .cyclic)
    h.list.selectionMode = .single
    h.list.selectItem(at: 2)
    h.source.items.insert(100, at: 0)
    try h.list.performBatchUpdates { $0.insert(at: 0) }
    let selected = h.list.placements.filter(\.isSelected)
    #expect(!selected.isEmpty)
    #expect(selected.allSatisfy { $0.index == 3 })
    #expect(selected.count == h.list.placements.filter { $0.index == 3 }.count)
  }
}
