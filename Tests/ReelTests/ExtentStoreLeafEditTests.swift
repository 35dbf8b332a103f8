import ReelTesting
import Testing

@testable import Reel

/// `ExtentStore.removeAndInsertInOneNode(deleted:inserting:at:)`: a batch update's deletions
/// and insertions inside the leaves of one bottom node in one descent. Where it applies, the store it leaves
/// is the one that `remove(at:count:)` per run of deletions and `insert(_:count:at:)` per run
/// of insertions leave (every prefix sum bit for bit, the regroupings counted alike); where it
/// does not, it changes no item.
@Suite struct ExtentStoreLeafEditTests {
  /// The edits one at a time, as `VariableLayout.apply` makes them without the shortcut:
  /// deletions from the back, insertions from the front, in runs of consecutive indices.
  static func editOneByOne(
    _ store: inout ExtentStore, deleted: [Int], inserting extent: Double, at inserted: [Int]
  ) {
    var end = deleted.count
    while end > 0 {
      var start = end - 1
      while start > 0 && deleted[start - 1] == deleted[start] - 1 { start -= 1 }
      store.remove(at: deleted[start], count: end - start)
      end = start
    }
    var position = 0
    while position < inserted.count {
      var next = position + 1
      while next < inserted.count && inserted[next] == inserted[next - 1] + 1 { next += 1 }
      store.insert(extent, count: next - position, at: inserted[position])
      position = next
    }
  }

  /// Up to `most` distinct ascending indices of `range`.
  static func indices(in range: ClosedRange<Int>, most: Int, rng: inout SplitMix64) -> [Int] {
    let wanted = rng.int(in: 0...most)
    var chosen = Set<Int>()
    for _ in 0..<wanted { chosen.insert(rng.int(in: range)) }
    return chosen.sorted()
  }

  /// Seeded edits of a few items close together (within a leaf or two) or spread over about
  /// two leaves' items (across leaves, now and then across nodes), on stores of whole
  /// (narrow), third (wide) and mixed extents, some sums exact and some not, and on a store of
  /// runs of the inserted extent between measured stretches: both ways give the same store.
  @Test(arguments: [0, 1, 2, 3], [6, 60])
  func theShortcutGivesTheStoreOfTheEditsOneByOne(kind: Int, spread: Int) {
    var rng = SplitMix64(seed: 31 &+ UInt64(kind) &+ UInt64(spread))
    var store: ExtentStore
    if kind == 3 {
      // Runs of 50 (the estimate the insertions take) between measured stretches.
      store = ExtentStore(count: 3_000, extent: 50)
      for index in Swift.stride(from: 0, to: 3_000, by: 211) {
        for measured in index..<min(index + 40, 3_000) {
          _ = store.set(Double(20 + measured % 60), at: measured)
        }
      }
    } else {
      store = ExtentStore(ExtentStoreSetPathTests.extents(count: 3_000, seed: 7, kind: kind))
    }
    var taken = 0
    var declined = 0
    for round in 0..<400 {
      let near = rng.int(in: 0...(store.count - spread - 2))
      var deleted = Self.indices(in: near...(near + spread), most: 4, rng: &rng)
      if deleted.isEmpty { deleted = [near] }
      let newCount = store.count - deleted.count
      let inserted = Self.indices(in: near...(near + spread - 1), most: 3, rng: &rng).filter {
        $0 < newCount
      }
      let extent = kind == 1 ? 50.0 / 3 : 50
      var expected = store
      Self.editOneByOne(&expected, deleted: deleted, inserting: extent, at: inserted)
      var edited = store
      if edited.removeAndInsertInOneNode(deleted: deleted, inserting: extent, at: inserted) {
        taken += 1
      } else {
        #expect(edited.values() == store.values(), "round \(round): a declined edit changed items")
        Self.editOneByOne(&edited, deleted: deleted, inserting: extent, at: inserted)
        declined += 1
      }
      let context = "kind \(kind), round \(round): deleted \(deleted), inserted \(inserted)"
      #expect(edited.values() == expected.values(), "\(context)")
      #expect(edited.regroupings == expected.regroupings, "\(context)")
      #expect(edited.total.bitPattern == expected.total.bitPattern, "\(context)")
      for index in Swift.stride(from: 0, through: edited.count, by: 97) {
        #expect(edited.prefix(index).bitPattern == expected.prefix(index).bitPattern, "\(context)")
      }
      #expect(edited.invariantViolations().isEmpty, "\(context)")
      store = expected
    }
    #expect(taken > 100 && declined > 10, "taken \(taken), declined \(declined)")
  }

  /// Edits that leave a leaf empty, or reach past the node, fall back with no item changed;
  /// edits across two leaves of one node are made; a store shared with a copy is copied first
  /// and the copy keeps its items.
  @Test func editsBeyondOneNodeAreDeclined() {
    let extents = (0..<2_000).map { Double(20 + $0 % 50) }
    var store = ExtentStore(extents)
    let copy = store
    let leafSize = ExtentStore.leafCapacity
    // Two levels: the root's first entry is the first bottom node, its running end that
    // node's items.
    #expect(store.height == 2)
    let firstNodeItems = store.entryEnd[store.root * ExtentStore.stride]
    let emptied = store.removeAndInsertInOneNode(
      deleted: Array(0..<leafSize), inserting: 50, at: [])
    let acrossNodes = store.removeAndInsertInOneNode(
      deleted: [firstNodeItems - 1, firstNodeItems], inserting: 50, at: [])
    let pastTheNode = store.removeAndInsertInOneNode(
      deleted: [firstNodeItems - 2], inserting: 50, at: [firstNodeItems - 1])
    #expect(!emptied && !acrossNodes && !pastTheNode)
    #expect(store.values() == extents)
    let inside = store.removeAndInsertInOneNode(deleted: [3, 5], inserting: 50, at: [1])
    let acrossLeaves = store.removeAndInsertInOneNode(
      deleted: [leafSize - 1, leafSize + 2], inserting: 50, at: [leafSize - 3, leafSize + 1])
    #expect(inside && acrossLeaves)
    var expected = extents
    expected.remove(at: 5)
    expected.remove(at: 3)
    expected.insert(50, at: 1)
    expected.remove(at: leafSize + 2)
    expected.remove(at: leafSize - 1)
    expected.insert(50, at: leafSize - 3)
    expected.insert(50, at: leafSize + 1)
    #expect(store.values() == expected)
    #expect(copy.values() == extents)
  }
}
