import Reel
import Testing

@Suite struct SelectionModelTests {
  @Test func singleModeReplacesAndNoneRecordsNothing() {
    var none = SelectionModel()
    let noneSelect3 = none.select(3)
    #expect(!noneSelect3)
    #expect(none.selectedRows.isEmpty)

    var single = SelectionModel(mode: .single)
    let singleSelect3 = single.select(3)
    #expect(singleSelect3)
    #expect(single.rowsReplaced(bySelecting: 5) == [3])
    let singleSelect5 = single.select(5)
    #expect(singleSelect5)
    #expect(single.selectedRows == [5])
    let again = single.select(5)
    #expect(!again)
  }

  @Test func multipleModeKeepsAllAndSwitchingModeTrims() {
    var model = SelectionModel(mode: .multiple)
    for row in [9, 2, 4] { model.select(row) }
    #expect(model.selectedRows == [2, 4, 9])
    let modelDeselect4 = model.deselect(4)
    #expect(modelDeselect4)
    let twice = model.deselect(4)
    #expect(!twice)
    model.mode = .single
    #expect(model.selectedRows == [2])
    model.mode = .none
    #expect(model.selectedRows.isEmpty)
  }

  @Test func batchUpdateMovesRowsAndDropsDeletedOnes() throws {
    var model = SelectionModel(mode: .multiple)
    for row in [1, 4, 6] { model.select(row) }
    model.highlighted = 6
    var update = BatchUpdate()
    update.delete(at: 4)
    update.insert(at: [0, 1])
    update.move(from: 6, to: 2)
    model.apply(try IndexChanges(oldCount: 8, update: update))
    // New rows 0, 1 and 2 are the insertions and the move; old 0, 1, 2, 3, 5, 7 follow at 3…8.
    #expect(model.selectedRows == [2, 4])
    #expect(model.highlighted == 2)
  }

  @Test func remapFollowsIdentitiesAndKeepsIndicesWithoutThem() {
    var model = SelectionModel(mode: .multiple)
    model.select(2, identity: "b")
    model.select(5, identity: "e")
    model.select(7)
    let moved: [AnyHashable: Int] = ["b": 0]
    model.remap(count: 8, index: { moved[$0] })
    // "b" moved to 0, "e" is gone, row 7 (no identity) stays at 7.
    #expect(model.selectedRows == [0, 7])
    model.remap(count: 5, index: { moved[$0] })
    #expect(model.selectedRows == [0])
    model.remap(count: 5, index: { moved[$0] }, isSelectable: { $0 != 0 })
    #expect(model.selectedRows.isEmpty)
  }

  /// Rows without an identity keep their index while it is below the new count: the row at
  /// the new count leaves, as does a row whose identity is looked up at the count.
  @Test func aRemappedRowAtTheNewCountLeaves() {
    var model = SelectionModel(mode: .multiple)
    model.select(3)
    model.select(6)
    model.select(1, identity: "a")
    model.remap(count: 7, index: { _ in 2 })
    #expect(model.selectedRows == [2, 3, 6])
    model.remap(count: 6, index: { _ in 6 })
    #expect(model.selectedRows == [3])
  }
}
