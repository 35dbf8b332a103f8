import ReelTesting
import Testing

@testable import Reel

/// The reuse pools alone: one data source call between `beginRequest(for:)` and
/// `endRequest(returning:)`, with the cells it dequeued noted.
@Suite struct ReusePoolsRequestTests {
  /// Pools "a" and "b", each holding the given cells.
  func pools(a: [RecordingCell], b: [RecordingCell]) -> ReusePools<RecordingCell> {
    var pools = ReusePools<RecordingCell>()
    let keyA = pools.register("a", capacity: 5) { RecordingCell() }
    let keyB = pools.register("b", capacity: 5) { RecordingCell() }
    for cell in a { pools.enqueue(cell, pool: keyA) }
    for cell in b { pools.enqueue(cell, pool: keyB) }
    return pools
  }

  @Test func theOneCellDequeuedKeepsItsPool() throws {
    let cell = RecordingCell()
    var pools = pools(a: [], b: [cell])
    let found = pools.key(for: "b")
    let key = try #require(found)
    pools.beginRequest(for: 7)
    #expect(pools.requestedIndex == 7)
    let popped = pools.popPooled(key)
    let dequeued = try #require(popped)
    pools.noteDequeued(dequeued, pool: key)
    #expect(pools.endRequest(returning: dequeued) == (key, false))
    #expect(pools.requestedIndex == nil)
    #expect(pools.pooledCount == 0)
  }

  @Test func theCellsNotReturnedGoBackToTheirOwnPools() throws {
    let (first, second, third) = (RecordingCell(), RecordingCell(), RecordingCell())
    var pools = pools(a: [first, third], b: [second])
    let (foundA, foundB) = (pools.key(for: "a"), pools.key(for: "b"))
    let keyA = try #require(foundA)
    let keyB = try #require(foundB)
    pools.beginRequest(for: 0)
    for key in [keyA, keyB, keyA] {
      let popped = pools.popPooled(key)
      let cell = try #require(popped)
      pools.noteDequeued(cell, pool: key)
    }
    // The second cell dequeued is returned: the first and third go back to pool "a".
    #expect(pools.endRequest(returning: second) == (keyB, true))
    #expect(
      Set(pools.pooledCells(keyA).map(ObjectIdentifier.init)) == [
        ObjectIdentifier(first), ObjectIdentifier(third),
      ])
    #expect(pools.pooledCells(keyB).isEmpty)
    // The next call starts clean: one cell dequeued and returned.
    pools.beginRequest(for: 1)
    let popped = pools.popPooled(keyA)
    let again = try #require(popped)
    pools.noteDequeued(again, pool: keyA)
    #expect(pools.endRequest(returning: again) == (keyA, false))
    #expect(pools.pooledCount == 1)
  }

  @Test func sparesGoBackBeyondTheCapAndLeaveAsExcess() throws {
    var pools = ReusePools<RecordingCell>()
    let key = pools.register("a", capacity: 0) { RecordingCell() }
    pools.beginRequest(for: 0)
    let (spare, kept) = (RecordingCell(), RecordingCell())
    pools.noteDequeued(spare, pool: key)
    pools.noteDequeued(kept, pool: key)
    #expect(pools.endRequest(returning: kept) == (key, true))
    #expect(pools.pooledCount == 1)
    #expect(pools.popExcess() === spare)
    #expect(pools.popExcess() == nil)
    #expect(pools.releasedCount == 1)
  }
}
