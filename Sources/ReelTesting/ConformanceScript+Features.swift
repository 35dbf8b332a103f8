extension ConformanceScript {
  static func randomSnapshotOperation(_ rng: inout SplitMix64) -> ReelOperation {
    let seed = rng.int(in: 0...Int(Int32.max))
    let changes = rng.int(in: 0...3) == 0 ? rng.int(in: 0...40) : rng.int(in: 1...8)
    if rng.int(in: 0...2) == 0 {
      return .animatedSnapshot(seed: seed, changes: changes, midway: rng.int(in: 0...400))
    }
    return .snapshot(seed: seed, changes: changes)
  }

  static func randomFeatureOperation(_ rng: inout SplitMix64, _ maximumCount: Int)
    -> ReelOperation
  {
    let index = rng.int(in: 0...max(0, maximumCount))
    switch rng.int(in: 0...9) {
    case 0, 1: return .append(count: rng.int(in: 1...5))
    case 2: return .growLast(by: Double(rng.int(in: 1...120)))
    case 3: return .prepend(count: rng.int(in: 1...5))
    case 4: return .scrollUp(randomDistance(&rng))
    case 5: return .backToEnd
    case 6: return .saveRestore(kind: rng.int(in: 0...2))
    case 7, 8: return .select(at: index, byPath: rng.int(in: 0...1) == 0)
    default: return .deselect(at: index, byPath: rng.int(in: 0...1) == 0)
    }
  }
}
