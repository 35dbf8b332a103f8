import Reel
import ReelTesting
import Testing

/// A defect the conformance kit's selection operations found: a flat list's one-section shape
/// did not follow batch updates.
@Suite struct FlatSectionsDefectTests {
  /// After a batch update of a list without sections, `sections` counts the new items, so that
  /// selecting an inserted item by its path works (it trapped: "item path … is not an item of
  /// the list's 1 sections").
  @Test func aFlatBatchUpdateUpdatesTheOneSection() throws {
    let source = ArrayDataSource(items: Array(0..<5))
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 44))
    source.install(on: list)
    list.viewportSize = Size(width: 320, height: 480)
    list.layoutIfNeeded()
    source.items += [5, 6, 7]
    source.itemsDidChange()
    try list.performBatchUpdates { $0.insert(at: 5..<8) }
    #expect(list.sections.numberOfItems == 8)
    list.selectionMode = .multiple
    #expect(list.selectItem(at: ItemPath(item: 6, section: 0)))
    #expect(list.indicesForSelectedItems == [6])
  }
}
