import ReelTesting
import Testing

@testable import Reel

/// A selection delegate that records its calls and vetoes the items in `locked`.
final class Gatekeeper: VirtualListSelectionDelegate {
  var locked: Set<Int> = []
  var keep: Set<Int> = []
  var log: [String] = []
  func virtualList(_ list: VirtualList<RecordingCell>, shouldSelectItemAt index: Int) -> Bool {
    log.append("should \(index)")
    return !locked.contains(index)
  }
  func virtualList(_ list: VirtualList<RecordingCell>, shouldDeselectItemAt index: Int) -> Bool {
    !keep.contains(index)
  }
  func virtualList(_ list: VirtualList<RecordingCell>, didSelectItemAt index: Int) {
    log.append("select \(index)")
  }
  func virtualList(_ list: VirtualList<RecordingCell>, didDeselectItemAt index: Int) {
    log.append("deselect \(index)")
  }
}

@Suite struct ListSelectionTests {
  /// The centre of the row showing a data index in a 44-point uniform list at offset 0.
  func point(_ index: Int) -> Point { Point(x: 10, y: Double(index) * 44 + 22) }

  @Test func tapsWithoutSelectionModeStillOnlyTellTheDelegate() {
    let h = makeList(count: 50)
    #expect(h.list.selectItem(at: point(3)) == 3)
    #expect(h.source.selections == [3])
    #expect(!h.list.isItemSelected(at: 3))
  }

  @Test func tapsFollowTheModeAndTheVetoHook() {
    let h = makeList(count: 50)
    let gate = Gatekeeper()
    gate.locked = [4]
    h.list.delegate = gate
    h.list.selectionMode = .single
    #expect(h.list.selectItem(at: point(2)) == 2)
    #expect(h.list.selectItem(at: point(4)) == nil)
    #expect(h.list.indicesForSelectedItems == [2])
    #expect(h.list.selectItem(at: point(5)) == 5)
    #expect(h.list.indicesForSelectedItems == [5])
    #expect(gate.log == ["should 2", "select 2", "should 4", "should 5", "deselect 2", "select 5"])

    h.list.selectionMode = .multiple
    gate.keep = [5]
    h.list.selectItem(at: point(7))
    h.list.selectItem(at: point(5))  // vetoed deselection: stays
    h.list.selectItem(at: point(7))  // toggles off
    #expect(h.list.indicesForSelectedItems == [5])
  }

  @Test func highlightFollowsThePointer() {
    let h = makeList(count: 50)
    #expect(h.list.highlightItem(at: point(6)) == 6)
    #expect(h.list.isItemHighlighted(at: 6))
    #expect(h.list.placements.filter { h.list.isItemHighlighted(at: $0.index) }.map(\.index) == [6])
    h.list.unhighlight()
    #expect(h.list.highlightedIndex == nil)
  }

  @Test func selectionSurvivesReloadsByIdentity() {
    let h = makeList(count: 30)
    h.list.selectionMode = .multiple
    h.list.selectItem(at: 10)
    h.list.selectItem(at: 20)
    // Items 0 to 4 are removed and 20 is removed: item "10" is now at index 5.
    h.source.items = Array(5..<30).filter { $0 != 20 }
    h.source.itemsDidChange()
    h.list.reloadData()
    #expect(h.list.indicesForSelectedItems == [5])
    #expect(h.list.isItemSelected(at: 5))
  }

  @Test func selectionKeepsIndicesWithoutIdentities() {
    let h = makeList(count: 30)
    h.source.providesIdentities = false
    h.list.reloadData()
    h.list.selectionMode = .multiple
    h.list.selectItem(at: 10)
    h.list.selectItem(at: 25)
    h.source.items = Array(0..<20)
    h.source.itemsDidChange()
    h.list.reloadData()
    #expect(h.list.indicesForSelectedItems == [10])
  }

  @Test func selectionFollowsBatchUpdates() throws {
    let h = makeList(count: 30)
    h.list.selectionMode = .multiple
    h.list.selectItem(at: 3)
    h.list.selectItem(at: 8)
    h.source.items.remove(at: 3)
    h.source.items.insert(contentsOf: [100, 101], at: 0)
    h.source.itemsDidChange()
    try h.list.performBatchUpdates { update in
      update.delete(at: 3)
      update.insert(at: [0, 1])
    }
    #expect(h.list.indicesForSelectedItems == [9])
    #expect(h.source.items[9] == 8)
    #expect(h.list.invariantViolations().isEmpty)
  }

  @Test func sectionedSelectionByPathSkipsHeaders() {
    let list = VirtualList<GroupCell>(layout: UniformLayout(extent: 30))
    let groups = Groups([("A", ["ada", "alan"]), ("B", ["barbara", "bjarne", "brian"])])
    groups.install(on: list)
    list.viewportSize = Size(width: 200, height: 400)
    list.selectionMode = .multiple
    list.selectItem(at: ItemPath(item: 1, section: 1))
    // Rows: header A, ada, alan, header B, barbara, bjarne, brian.
    #expect(list.indicesForSelectedItems == [5])
    #expect(list.pathsForSelectedItems == [ItemPath(item: 1, section: 1)])
    // A tap on a header selects nothing.
    #expect(list.selectItem(at: Point(x: 5, y: 3 * 30 + 5)) == nil)
    #expect(list.indicesForSelectedItems == [5])
    // "bjarne" survives a reload that removes section A, by identity.
    groups.groups.removeFirst()
    list.reloadData()
    #expect(list.pathsForSelectedItems == [ItemPath(item: 1, section: 0)])
    list.deselectItem(at: ItemPath(item: 1, section: 0))
    #expect(list.indicesForSelectedItems.isEmpty)
  }
}
