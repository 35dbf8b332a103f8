/// The arena of ``ExtentStore``: allocation, sums, splicing entries with splits, building.
extension ExtentStore {
  /// One child of an internal node: its item count, extent sum and node or leaf number.
  @usableFromInline
  struct Entry {
    @usableFromInline var count: Int
    @usableFromInline var sum: Double
    @usableFromInline var ref: Int

    @inlinable
    init(count: Int, sum: Double, ref: Int) {
      self.count = count
      self.sum = sum
      self.ref = ref
    }
  }

  /// Up to three entries, without allocating.
  @usableFromInline
  struct Entries {
    @usableFromInline var first = Entry(count: 0, sum: 0, ref: 0)
    @usableFromInline var second = Entry(count: 0, sum: 0, ref: 0)
    @usableFromInline var third = Entry(count: 0, sum: 0, ref: 0)
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable
    mutating func append(_ entry: Entry) {
      switch count {
      case 0: first = entry
      case 1: second = entry
      default: third = entry
      }
      count += 1
    }

    @inlinable
    subscript(position: Int) -> Entry {
      switch position {
      case 0: return first
      case 1: return second
      default: return third
      }
    }
  }

  // MARK: Allocation

  @usableFromInline
  mutating func newNode() -> Int {
    if let node = freeNodes.popLast() { return Int(node) }
    let node = fill.count
    fill.append(0)
    entryCount.append(contentsOf: repeatElement(0, count: Self.stride))
    entrySum.append(contentsOf: repeatElement(0, count: Self.stride))
    entryRef.append(contentsOf: repeatElement(0, count: Self.stride))
    return node
  }

  @usableFromInline
  mutating func freeNode(_ node: Int) {
    fill[node] = 0
    freeNodes.append(Int32(node))
  }

  @usableFromInline
  mutating func newLeaf(run extent: Double) -> Int {
    if let leaf = freeLeaves.popLast() {
      leafExtent[Int(leaf)] = extent
      leafSlot[Int(leaf)] = -1
      return Int(leaf)
    }
    leafExtent.append(extent)
    leafSlot.append(-1)
    return leafExtent.count - 1
  }

  /// A dense leaf with an empty slot of the slab.
  @usableFromInline
  mutating func newDenseLeaf() -> Int {
    let leaf = newLeaf(run: 0)
    if let slot = freeSlots.popLast() {
      leafSlot[leaf] = slot
    } else {
      leafSlot[leaf] = Int32(slab.count / Self.leafCapacity)
      slab.append(contentsOf: repeatElement(0, count: Self.leafCapacity))
    }
    return leaf
  }

  @usableFromInline
  mutating func freeLeaf(_ leaf: Int) {
    let slot = leafSlot[leaf]
    if slot >= 0 { freeSlots.append(slot) }
    leafSlot[leaf] = -1
    freeLeaves.append(Int32(leaf))
  }

  // MARK: Sums

  /// The sum of `count` extents from a slab position, in a fixed order (four interleaved sums).
  @inlinable
  func slabSum(from start: Int, count: Int) -> Double {
    entrySumOrSlabSum(slab, from: start, count: count)
  }

  @inlinable
  func entrySumOrSlabSum(_ values: ContiguousArray<Double>, from start: Int, count: Int) -> Double {
    var (a, b, c, d) = (0.0, 0.0, 0.0, 0.0)
    var i = start
    let end = start &+ count
    while i &+ 4 <= end {
      a += values[i]
      b += values[i &+ 1]
      c += values[i &+ 2]
      d += values[i &+ 3]
      i &+= 4
    }
    while i < end {
      a += values[i]
      i &+= 1
    }
    return (a + b) + (c + d)
  }

  /// The entry describing a leaf of `count` items.
  @inlinable
  func leafEntry(_ leaf: Int, count: Int) -> Entry {
    let slot = Int(leafSlot[leaf])
    let sum =
      slot < 0
      ? Self.runSum(count, leafExtent[leaf])
      : slabSum(from: slot &* Self.leafCapacity, count: count)
    return Entry(count: count, sum: sum, ref: leaf)
  }

  /// The entry describing an internal node: the sum of its entries' counts and sums.
  @inlinable
  func nodeEntry(_ node: Int) -> Entry {
    let base = node &* Self.stride
    let f = Int(fill[node])
    var items = 0
    for e in base..<(base &+ f) { items &+= entryCount[e] }
    return Entry(count: items, sum: entrySumOrSlabSum(entrySum, from: base, count: f), ref: node)
  }

  /// Writes an entry at a position of the arrays.
  @inlinable
  mutating func write(_ entry: Entry, at position: Int) {
    entryCount[position] = entry.count
    entrySum[position] = entry.sum
    entryRef[position] = Int32(entry.ref)
  }

  /// After the node at path level `level` changed, refreshes its entry in every ancestor, then
  /// `count` and `total` (the running, left-to-right sum of the root's entries).
  @inlinable
  mutating func propagate(fromLevel level: Int) {
    var l = level
    while l > 0 {
      let entry = nodeEntry(pathNode[l])
      l &-= 1
      let e = pathNode[l] &* Self.stride &+ pathSlot[l]
      entryCount[e] = entry.count
      entrySum[e] = entry.sum
    }
    let base = root &* Self.stride
    var items = 0
    var sum = 0.0
    for e in base..<(base &+ Int(fill[root])) {
      items &+= entryCount[e]
      sum += entrySum[e]
    }
    count = items
    total = sum
  }

  /// Sets the entry of the leaf at the bottom of the path, then refreshes the ancestors.
  @inlinable
  mutating func updateLeafEntry(count leafCount: Int) {
    let level = height &- 1
    let e = pathNode[level] &* Self.stride &+ pathSlot[level]
    let entry = leafEntry(Int(entryRef[e]), count: leafCount)
    entryCount[e] = entry.count
    entrySum[e] = entry.sum
    propagate(fromLevel: level)
  }

  // MARK: Splicing

  /// Replaces the entry at path level `level` with `entries` (none to remove it), splitting
  /// nodes that overflow and removing nodes that empty, up to the root.
  @usableFromInline
  mutating func splice(level startLevel: Int, with replacement: Entries) {
    var level = startLevel
    var entries = replacement
    while true {
      let node = pathNode[level]
      let base = node &* Self.stride
      let slot = pathSlot[level]
      let oldFill = Int(fill[node])
      let newFill = oldFill &- 1 &+ entries.count
      let tail = (slot &+ 1)..<oldFill
      if entries.count > 1 {
        for p in tail.reversed() { moveEntry(from: base &+ p, to: base &+ p &+ entries.count &- 1) }
      } else if entries.count == 0 {
        for p in tail { moveEntry(from: base &+ p, to: base &+ p &- 1) }
      }
      for j in 0..<entries.count { write(entries[j], at: base &+ slot &+ j) }
      fill[node] = Int32(newFill)
      if newFill == 0 && level > 0 {
        freeNode(node)
        level &-= 1
        entries = Entries()
        continue
      }
      if newFill <= Self.fanout {
        propagate(fromLevel: level)
        return
      }
      // Split: the upper half moves to a new node; when the new entries end the node (items
      // appended in order), they alone move, so that sequential growth leaves full nodes.
      let right = newNode()
      let rightBase = right &* Self.stride
      let half = slot &+ entries.count == newFill ? max(1, slot) : newFill / 2
      for p in half..<newFill { moveEntry(from: base &+ p, to: rightBase &+ p &- half) }
      fill[node] = Int32(half)
      fill[right] = Int32(newFill &- half)
      entries = Entries()
      entries.append(nodeEntry(node))
      entries.append(nodeEntry(right))
      if level == 0 {
        let newRoot = newNode()
        let rootBase = newRoot &* Self.stride
        write(entries[0], at: rootBase)
        write(entries[1], at: rootBase &+ 1)
        fill[newRoot] = 2
        root = newRoot
        height &+= 1
        pathNode.append(0)
        pathSlot.append(0)
        propagate(fromLevel: 0)
        return
      }
      level &-= 1
    }
  }

  @inlinable
  mutating func moveEntry(from source: Int, to target: Int) {
    entryCount[target] = entryCount[source]
    entrySum[target] = entrySum[source]
    entryRef[target] = entryRef[source]
  }

  /// Removes root levels with a single child, after removals.
  @usableFromInline
  mutating func collapseRoot() {
    while height > 1 && fill[root] == 1 {
      let child = Int(entryRef[root &* Self.stride])
      freeNode(root)
      root = child
      height &-= 1
      pathNode.removeLast()
      pathSlot.removeLast()
    }
  }

  // MARK: Building

  /// The entries of one level while building.
  @usableFromInline
  struct Builder {
    @usableFromInline var entries: [Entry] = []
    @usableFromInline init() {}
  }

  /// Adds a chunk of extents as a leaf: a run when they are equal (merged into a preceding run
  /// of the same extent), dense otherwise.
  @usableFromInline
  mutating func appendLeaf(_ chunk: [Double], to builder: inout Builder) {
    if chunk.allSatisfy({ $0 == chunk[0] }) {
      if let last = builder.entries.last, leafSlot[last.ref] < 0, leafExtent[last.ref] == chunk[0] {
        builder.entries[builder.entries.count - 1] = leafEntry(
          last.ref, count: last.count + chunk.count)
        return
      }
      let leaf = newLeaf(run: chunk[0])
      builder.entries.append(leafEntry(leaf, count: chunk.count))
      return
    }
    let leaf = newDenseLeaf()
    let base = Int(leafSlot[leaf]) * Self.leafCapacity
    for (j, value) in chunk.enumerated() { slab[base + j] = value }
    builder.entries.append(leafEntry(leaf, count: chunk.count))
  }

  /// Builds the levels above the leaves, fanout entries per node, and sets the root.
  @usableFromInline
  mutating func build(from leaves: Builder) {
    var level = leaves.entries
    var levels = 1
    while level.count > Self.fanout {
      var parents: [Entry] = []
      parents.reserveCapacity(level.count / Self.fanout + 1)
      var start = 0
      while start < level.count {
        let end = min(start + Self.fanout, level.count)
        let node = newNode()
        for j in start..<end { write(level[j], at: node * Self.stride + j - start) }
        fill[node] = Int32(end - start)
        parents.append(nodeEntry(node))
        start = end
      }
      level = parents
      levels += 1
    }
    for (j, entry) in level.enumerated() { write(entry, at: root * Self.stride + j) }
    fill[root] = Int32(level.count)
    height = levels
    pathNode = ContiguousArray(repeating: 0, count: levels)
    pathSlot = ContiguousArray(repeating: 0, count: levels)
    propagate(fromLevel: 0)
  }
}
