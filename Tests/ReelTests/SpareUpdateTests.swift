import ReelTesting
import Testing

@testable import Reel

/// `performBatchUpdates { … }` builds its update in arrays the list keeps from one call to the
/// next (`ListState.spareUpdate`): the updates give what updates built afresh give, one after
/// another and one performed while another is being built.
@Suite struct SpareUpdateTests {
  /// Every placement's index, item and frame.
  func shown(_ list: VirtualList<RecordingCell>) -> [String] {
    list.placements.map { "\($0.index) \(String(describing: $0.cell.identity)) \($0.frame)" }
  }

  /// W9-animated's change near the first visible item: two items deleted, one inserted.
  func change(_ h: Harness, first: Int, new: Int) {
    h.source.items.remove(at: first + 4)
    h.source.items.remove(at: first + 2)
    h.source.items.insert(new, at: first + 1)
  }

  @Test func updatesInARowGiveWhatFreshUpdatesGive() throws {
    let built = makeList(count: 300, layout: VariableLayout(estimatedExtent: 44))
    let given = makeList(count: 300, layout: VariableLayout(estimatedExtent: 44))
    for h in [built, given] { h.list.contentOffset = 44 * 40 }
    for round in 0..<6 {
      let first = try #require(built.list.visibleIndices.first)
      for h in [built, given] { change(h, first: first, new: 1_000 + round) }
      try built.list.performBatchUpdates { update in
        update.delete(at: first + 2)
        update.delete(at: first + 4)
        update.insert(at: first + 1)
      }
      var update = BatchUpdate()
      update.delete(at: [first + 2, first + 4])
      update.insert(at: first + 1)
      try given.list.performBatchUpdates(update)
      #expect(shown(built.list) == shown(given.list), "round \(round)")
      #expect(built.list.state.spareUpdate == BatchUpdate(), "round \(round)")
      built.list.contentOffset += 30
      given.list.contentOffset += 30
    }
    // The arrays kept their storage for the next update.
    #expect(built.list.state.spareUpdate.deletions.capacity >= 2)
    #expect(built.list.invariantViolations().isEmpty)
    #expect(built.source.violations.isEmpty)
  }

  /// An update performed while another is being built builds in arrays of its own: what the
  /// outer one described before stays out of it, and both apply.
  @Test func anUpdateInsideTheBuildClosureBuildsInArraysOfItsOwn() throws {
    let h = makeList(count: 100)
    let reference = makeList(count: 100)
    for list in [h.list, reference.list] { list.contentOffset = 44 * 3 }
    var nestedError: ReelError?
    try h.list.performBatchUpdates { outer in
      outer.insert(at: 0)
      h.source.items.remove(at: 8)
      do throws(ReelError) {
        try h.list.performBatchUpdates { $0.delete(at: 8) }
      } catch {
        nestedError = error
      }
      h.source.items.insert(777, at: 0)
    }
    reference.source.items.remove(at: 8)
    try reference.list.performBatchUpdates { $0.delete(at: 8) }
    reference.source.items.insert(777, at: 0)
    try reference.list.performBatchUpdates { $0.insert(at: 0) }
    #expect(nestedError == nil)
    #expect(shown(h.list) == shown(reference.list))
    #expect(h.list.state.spareUpdate == BatchUpdate())
    #expect(h.list.invariantViolations().isEmpty)
    #expect(h.source.violations.isEmpty)
  }

  /// A large update does not keep its arrays' storage; an invalid one leaves the spare empty.
  @Test func largeAndInvalidUpdatesLeaveTheSpareEmpty() throws {
    let h = makeList(count: 1_000)
    _ = h.list.placements
    h.source.items.removeSubrange(0..<400)
    try h.list.performBatchUpdates { $0.delete(at: 0..<400) }
    #expect(h.list.state.spareUpdate == BatchUpdate())
    #expect(h.list.state.spareUpdate.deletions.capacity <= BatchUpdate.keptCapacity)
    #expect(throws: ReelError.self) {
      try h.list.performBatchUpdates { $0.delete(at: 5_000) }
    }
    #expect(h.list.state.spareUpdate == BatchUpdate())
    #expect(h.list.placements.first?.cell.identity == AnyHashable(400))
  }
}
