/// Reading a whole ``ExtentStore`` back, its memory, and its structural invariants (for tests).
extension ExtentStore {
  /// All extents in order.
  ///
  /// - Complexity: O(n).
  func values() -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    func visit(_ node: Int, depth: Int) {
      let base = node * Self.stride
      for e in base..<(base + Int(fill[node])) {
        let ref = Int(entryRef[e])
        guard depth == height - 1 else {
          visit(ref, depth: depth + 1)
          continue
        }
        if leafSlot[ref] < 0 {
          result.append(contentsOf: repeatElement(leafExtent[ref], count: entryCount[e]))
        } else {
          for j in 0..<entryCount[e] { result.append(denseExtent(ref, at: j)) }
        }
      }
    }
    visit(root, depth: 0)
    return result
  }

  /// The bytes the leaf holding an item spends on each extent: 0 in a run, 4 in a narrow dense
  /// leaf, 8 in a wide one.
  ///
  /// - Precondition: `index` is in `0..<count`.
  func bytesPerExtent(at index: Int) -> Int {
    let slot = leafSlot(holding: index)
    return slot < 0 ? 0 : slot & Self.narrowBit != 0 ? 4 : 8
  }

  /// The slot of the leaf holding an item, as ``leafSlot`` holds it (-1 for a run).
  ///
  /// - Precondition: `index` is in `0..<count`.
  func leafSlot(holding index: Int) -> Int {
    precondition(index >= 0 && index < count, "ExtentStore: index \(index) is out of bounds")
    var node = root
    var i = index
    for _ in 0..<height {
      let base = node * Self.stride
      let e = base + Self.entryPosition(of: i, in: node, entryEnd: entryEnd, fill: fill)
      if e > base { i -= entryEnd[e - 1] }
      node = Int(entryRef[e])
    }
    return Int(leafSlot[node])
  }

  /// The bytes the store has allocated (capacities, not counts).
  var allocatedBytes: Int {
    buffer.allocatedBytes + (freeNodes.capacity + freeLeaves.capacity + freeSlots.capacity) * 4
  }

  /// The bytes the store uses (counts, not capacities): what resident memory grows by.
  var usedBytes: Int {
    nodeCount * (Self.stride * 36 + 4) + leafCount * 12 + slotCount * Self.leafCapacity * 8
      + Int(narrowCount) * Self.leafCapacity * 4
      + (freeNodes.count + freeLeaves.count + freeSlots.count) * 4
  }

  /// The number of dense leaves (those that store one extent per item).
  var denseLeafCount: Int { wideLeafCount + narrowLeafCount }

  /// The number of wide dense leaves (a `Double` per item).
  var wideLeafCount: Int { slotCount - freeSlots.count }

  /// The number of narrow dense leaves (a `Float` per item).
  var narrowLeafCount: Int {
    var free = 0
    var slot = narrowFree
    while slot >= 0 {
      free += 1
      slot = nextFreeNarrow(after: Int(slot))
    }
    return Int(narrowCount) - free
  }

  /// Broken structural invariants, empty when the store is sound: every entry's count and sum
  /// equal its child's (sums recomputed exactly, in the store's order), nodes hold 1...fanout
  /// entries (the root may be empty), dense leaves 1...leafCapacity items, and `count` and
  /// `total` match the root.
  func invariantViolations() -> [String] {
    var problems: [String] = []
    func check(_ node: Int, depth: Int) {
      let base = node * Self.stride
      let entries = Int(fill[node])
      if entries > Self.fanout || (entries == 0 && node != root) {
        problems.append("node \(node) at depth \(depth) has \(entries) entries")
      }
      var items = 0
      var sum = 0.0
      for e in base..<(base + entries) {
        if entryBefore[e] != sum || entryEnd[e] != items + entryCount[e] {
          problems.append("entry \(e): running figures \(entryEnd[e]), \(entryBefore[e]) are stale")
        }
        items += entryCount[e]
        sum += entrySum[e]
        let ref = Int(entryRef[e])
        let expected: Entry
        if depth == height - 1 {
          let slot = Int(leafSlot[ref])
          let dense = slot >= 0
          if entryCount[e] < 1 || (dense && entryCount[e] > Self.leafCapacity) {
            problems.append("leaf \(ref) holds \(entryCount[e]) items")
          }
          if dense
            && (slot & Self.narrowBit != 0
              ? slot ^ Self.narrowBit >= Int(narrowCount) : slot >= slotCount)
          {
            problems.append(
              "leaf \(ref) has slot \(slot), beyond its slab's \(slotCount), \(narrowCount)")
          }
          expected = leafEntry(ref, count: entryCount[e])
        } else {
          check(ref, depth: depth + 1)
          expected = nodeEntry(ref)
        }
        if expected.count != entryCount[e] || expected.sum != entrySum[e] {
          problems.append(
            "entry \(e) says \(entryCount[e]) items, sum \(entrySum[e]); child has "
              + "\(expected.count), \(expected.sum)")
        }
      }
    }
    check(root, depth: 0)
    let base = root * Self.stride
    let entries = base..<(base + Int(fill[root]))
    let items = entries.reduce(0) { $0 + entryCount[$1] }
    let sum = entries.reduce(0.0) { $0 + entrySum[$1] }
    if items != count || sum != total {
      problems.append("count \(count), total \(total); the root holds \(items), \(sum)")
    }
    return problems
  }
}
