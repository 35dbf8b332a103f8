import ReelTesting
import Testing

@testable import Reel

/// Random batch updates (deletions, insertions, moves and reloads at once) against the window
/// the list rebuilds: survivors keep their cells, every displayed cell shows its item, display
/// callbacks stay balanced, in bounded and cyclic lists, with uniform and measured layouts.
@Suite struct BatchUpdateWindowTests {
  /// The items after `update`: the survivors remapped, each inserted item the next fresh value
  /// from `next`.
  static func items(_ items: [Int], after update: BatchUpdate, next: inout Int) throws -> [Int] {
    Self.items(items, after: try IndexChanges(oldCount: items.count, update: update), next: &next)
  }

  /// The items after `changes`, worked out already: the survivors remapped, each inserted item
  /// the next fresh value from `next`.
  static func items(_ items: [Int], after changes: IndexChanges, next: inout Int) -> [Int] {
    var result = changes.remap(items, inserted: -1)
    for i in result.indices where result[i] == -1 {
      result[i] = next
      next += 1
    }
    return result
  }

  /// A random valid update of a list of `count` items.
  static func randomUpdate(count: Int, _ rng: inout SplitMix64) -> BatchUpdate {
    var update = BatchUpdate()
    var taken = Set<Int>()
    for _ in 0..<rng.int(in: 0...3) where count > 0 {
      let index = rng.int(in: 0...(count - 1))
      if taken.insert(index).inserted { update.delete(at: index) }
    }
    for _ in 0..<rng.int(in: 0...2) where count > 0 {
      let index = rng.int(in: 0...(count - 1))
      if taken.insert(index).inserted { update.reload(at: index) }
    }
    var fromTaken = taken
    let moveCount = rng.int(in: 0...2)
    var moveSources: [Int] = []
    for _ in 0..<moveCount where count > 0 {
      let index = rng.int(in: 0...(count - 1))
      if fromTaken.insert(index).inserted { moveSources.append(index) }
    }
    let deleted = update.deletions.count + moveSources.count
    let inserts = rng.int(in: 0...3)
    let newCount = count - deleted + inserts + moveSources.count
    var destinations = Set<Int>()
    var targets: [Int] = []
    while targets.count < inserts + moveSources.count && newCount > 0 {
      let index = rng.int(in: 0...(newCount - 1))
      if destinations.insert(index).inserted { targets.append(index) }
    }
    for (k, from) in moveSources.enumerated() { update.move(from: from, to: targets[k]) }
    update.insert(at: targets.dropFirst(moveSources.count))
    return update
  }

  @Test(arguments: [Wrapping.bounded, .cyclic])
  func randomUpdatesKeepTheWindowConsistent(wrapping: Wrapping) throws {
    for seed in UInt64(1)...25 {
      var rng = SplitMix64(seed: seed)
      let measured = rng.int(in: 0...1) == 0
      let count = rng.int(in: 1...60)
      let layout: any ListLayout =
        measured
        ? VariableLayout(
          extents: (0..<count).map { _ in Double(rng.int(in: 20...90)) }, estimatedExtent: 50)
        : UniformLayout(extent: 44)
      let h = makeList(
        count: count, layout: layout, wrapping: wrapping,
        viewport: Size(width: 390, height: 300), overscan: rng.int(in: 0...3))
      var next = 1_000
      h.list.contentOffset = Double(rng.int(in: 0...2_000))
      for step in 0..<30 {
        let before = Dictionary(
          h.list.placements.map { ($0.cell.identity, ObjectIdentifier($0.cell)) },
          uniquingKeysWith: { first, _ in first })
        let update = Self.randomUpdate(count: h.source.items.count, &rng)
        let changes = try IndexChanges(oldCount: h.source.items.count, update: update)
        let items = Self.items(h.source.items, after: changes, next: &next)
        h.source.items = items
        try h.list.performBatchUpdates(update)
        let context = "seed \(seed) step \(step) \(wrapping)"
        let placements = h.list.placements
        for placement in placements {
          #expect(
            placement.cell.identity == AnyHashable(items[placement.index]),
            "\(context): index \(placement.index) shows \(String(describing: placement.cell.identity))"
          )
          let item = items[placement.index]
          let reloaded = update.reloads.contains { changes.newIndex(forOld: $0) == placement.index }
          if !reloaded, wrapping == .bounded, let cell = before[AnyHashable(item)] {
            #expect(
              cell == ObjectIdentifier(placement.cell), "\(context): item \(item) lost its cell")
          }
        }
        #expect(h.list.invariantViolations().isEmpty, "\(context)")
        #expect(h.source.violations.isEmpty, "\(context): \(h.source.violations.prefix(2))")
        #expect(h.source.displayedCellCount == h.list.cellsDisplayed, "\(context)")
        if rng.int(in: 0...2) == 0 { h.list.contentOffset += Double(rng.int(in: -300...300)) }
      }
    }
  }
}
