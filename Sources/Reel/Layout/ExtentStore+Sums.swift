extension ExtentStore {
  /// ``propagate(fromLevel:from:)`` after a change of sums only (every count is as it was):
  /// the same running sums, recomputed in the same order, without rewriting the counts.
  @inlinable
  mutating func propagateSums(fromLevel level: Int, from first: Int) {
    var l = level
    var from = first
    while l > 0 {
      let sum = refreshNodeSums(pathNode[l], from: from)
      l &-= 1
      from = pathSlot[l]
      entrySum[pathNode[l] &* Self.stride &+ from] = sum
    }
    total = refreshNodeSums(root, from: from)
  }

  /// ``refreshNode(_:from:)``'s running sums alone, for a change that moved no item: returns
  /// the node's sum.
  @inlinable
  mutating func refreshNodeSums(_ node: Int, from first: Int) -> Double {
    let base = node &* Self.stride
    let end = base &+ Int(fill[node])
    let start = base &+ min(first, Int(fill[node]))
    var sum = 0.0
    if start > base { sum = entryBefore[start &- 1] + entrySum[start &- 1] }
    for e in start..<end {
      entryBefore[e] = sum
      sum += entrySum[e]
    }
    return sum
  }
}
