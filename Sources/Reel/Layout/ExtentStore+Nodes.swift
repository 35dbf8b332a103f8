/// The arena of ``ExtentStore``: allocation, entries and their sums, splicing entries with splits.
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

  /// Copies a shared buffer before the first write, so that copies of the store stay apart.
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&buffer) { copyBuffer() }
  }

  /// ``makeUnique()``'s copy, out of line: the callers' hot paths (an update of one extent)
  /// keep their registers for themselves.
  @usableFromInline @inline(never)
  mutating func copyBuffer() {
    buffer = ExtentStoreBuffer(
      copying: buffer, nodes: 0, leaves: 0, slots: 0, narrow: 0, used: usage)
  }

  @usableFromInline
  mutating func newNode() -> Int {
    if let node = freeNodes.popLast() { return Int(node) }
    if nodeCount == buffer.nodeCapacity {
      buffer = ExtentStoreBuffer(
        copying: buffer, nodes: nodeCount * 2, leaves: 0, slots: 0, narrow: 0, used: usage)
    }
    let node = nodeCount
    nodeCount += 1
    fill[node] = 0
    return node
  }

  @usableFromInline
  mutating func freeNode(_ node: Int) {
    fill[node] = 0
    freeNodes.append(Int32(node))
  }

  @usableFromInline
  mutating func newLeaf(run extent: Double) -> Int {
    var leaf: Int
    if let free = freeLeaves.popLast() {
      leaf = Int(free)
    } else {
      if leafCount == buffer.leafCapacity {
        buffer = ExtentStoreBuffer(
          copying: buffer, nodes: 0, leaves: leafCount * 2, slots: 0, narrow: 0, used: usage)
      }
      leaf = leafCount
      leafCount += 1
    }
    leafExtent[leaf] = extent
    leafSlot[leaf] = -1
    return leaf
  }

  /// A dense leaf with an empty slot: narrow (its extents `Float`s) or wide.
  @usableFromInline
  mutating func newDenseLeaf(narrow: Bool) -> Int {
    let leaf = newLeaf(run: 0)
    // The slot first: taking it may move the buffer, and with it `leafSlot`.
    let slot = narrow ? newNarrowSlot() | Self.narrowBit : newWideSlot()
    leafSlot[leaf] = Int32(slot)
    return leaf
  }

  @usableFromInline
  mutating func newWideSlot() -> Int {
    if let slot = freeSlots.popLast() { return Int(slot) }
    precondition(slotCount < Self.narrowBit, "ExtentStore: more than 2³⁰ wide dense leaves")
    if slotCount == buffer.slotCapacity {
      buffer = ExtentStoreBuffer(
        copying: buffer, nodes: 0, leaves: 0, slots: slotCount * 2, narrow: 0, used: usage)
    }
    slotCount += 1
    return slotCount - 1
  }

  @usableFromInline
  mutating func newNarrowSlot() -> Int {
    if narrowFree >= 0 {
      let slot = Int(narrowFree)
      narrowFree = nextFreeNarrow(after: slot)
      return slot
    }
    precondition(
      Int(narrowCount) < Self.narrowBit, "ExtentStore: more than 2³⁰ narrow dense leaves")
    if Int(narrowCount) == buffer.narrowCapacity {
      buffer = ExtentStoreBuffer(
        copying: buffer, nodes: 0, leaves: 0, slots: 0, narrow: Int(narrowCount) * 2, used: usage)
    }
    narrowCount += 1
    return Int(narrowCount) - 1
  }

  /// Returns a dense leaf's slot to its slab's free list.
  @usableFromInline
  mutating func freeSlot(_ slot: Int) {
    if slot & Self.narrowBit != 0 {
      let free = slot ^ Self.narrowBit
      UnsafeMutableRawPointer(narrowSlab + free &* Self.leafCapacity).storeBytes(
        of: narrowFree, as: Int32.self)
      narrowFree = Int32(free)
    } else {
      freeSlots.append(Int32(slot))
    }
  }

  @usableFromInline
  mutating func freeLeaf(_ leaf: Int) {
    let slot = Int(leafSlot[leaf])
    if slot >= 0 { freeSlot(slot) }
    leafSlot[leaf] = -1
    freeLeaves.append(Int32(leaf))
  }

  /// The free narrow slot after `slot` in the list of free ones (-1 at its end).
  @usableFromInline
  func nextFreeNarrow(after slot: Int) -> Int32 {
    UnsafeRawPointer(narrowSlab + slot &* Self.leafCapacity).load(as: Int32.self)
  }

  // MARK: Sums

  /// The sum of the first `count` extents of a dense leaf's slot, in a fixed order (four
  /// interleaved sums of the extents as `Double`s, whatever the leaf's width).
  @inlinable
  func denseSum(slot: Int, count: Int) -> Double {
    if slot & Self.narrowBit != 0 {
      return Self.interleavedSum(
        narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, count: count)
    }
    return Self.interleavedSum(wideSlab + slot &* Self.leafCapacity, count: count)
  }

  /// The sum of `count` extents, in a fixed order: four interleaved sums (lane k of a vector
  /// adds the extents at positions k, k + 4, k + 8, …, in order; the rest goes to lane 0), then
  /// `(a + b) + (c + d)`. The same additions as four scalar sums, two vector additions per four
  /// extents.
  @inlinable @inline(__always)
  static func interleavedSum<E: StoredExtent>(_ values: UnsafeMutablePointer<E>, count: Int)
    -> Double
  {
    var lanes = SIMD4<Double>()
    var i = 0
    while i &+ 4 <= count {
      lanes += E.four(at: values + i)
      i &+= 4
    }
    var a = lanes[0]
    while i < count {
      a += values[i].extentValue
      i &+= 1
    }
    return (a + lanes[1]) + (lanes[2] + lanes[3])
  }

  /// The entry describing a leaf of `count` items.
  @inlinable
  func leafEntry(_ leaf: Int, count: Int) -> Entry {
    let slot = Int(leafSlot[leaf])
    let sum =
      slot < 0
      ? Self.runSum(count, leafExtent[leaf])
      : denseSum(slot: slot, count: count)
    return Entry(count: count, sum: sum, ref: leaf)
  }

  /// The entry describing an internal node: its entries' counts and sums added left to right.
  @inlinable
  func nodeEntry(_ node: Int) -> Entry {
    let base = node &* Self.stride
    var items = 0
    var sum = 0.0
    for e in base..<(base &+ Int(fill[node])) {
      items &+= entryCount[e]
      sum += entrySum[e]
    }
    return Entry(count: items, sum: sum, ref: node)
  }

  /// Recomputes a node's running counts and sums after its entries from position `first` on
  /// changed (all of them by default); returns its entry.
  ///
  /// The entries before `first` keep their running values, and the running sum resumes from
  /// them exactly as the full loop would (the same additions in the same order), so a partial
  /// refresh gives the values of a full one: an append or a change near a node's end costs a few
  /// entries, not the node.
  @inlinable
  mutating func refreshNode(_ node: Int, from first: Int = 0) -> Entry {
    let base = node &* Self.stride
    var items = 0
    var sum = 0.0
    let start = base &+ min(first, Int(fill[node]))
    if start > base {
      items = entryEnd[start &- 1]
      sum = entryBefore[start &- 1] + entrySum[start &- 1]
    }
    for e in start..<(base &+ Int(fill[node])) {
      entryBefore[e] = sum
      items &+= entryCount[e]
      sum += entrySum[e]
      entryEnd[e] = items
    }
    return Entry(count: items, sum: sum, ref: node)
  }

  /// Writes an entry at a position of the arrays.
  @inlinable
  mutating func write(_ entry: Entry, at position: Int) {
    entryCount[position] = entry.count
    entrySum[position] = entry.sum
    entryRef[position] = Int32(entry.ref)
  }

  /// After the node at path level `level` changed from its entry `first` on (all of it by
  /// default), refreshes its entry in every ancestor, then `count` and `total` (the running,
  /// left-to-right sum of the root's entries). Above `level` only the entries on the path
  /// changed, so each ancestor is refreshed from its path entry on.
  @inlinable
  mutating func propagate(fromLevel level: Int, from first: Int = 0) {
    var l = level
    var from = first
    while l > 0 {
      let entry = refreshNode(pathNode[l], from: from)
      l &-= 1
      from = pathSlot[l]
      let e = pathNode[l] &* Self.stride &+ from
      entryCount[e] = entry.count
      entrySum[e] = entry.sum
    }
    let entry = refreshNode(root, from: from)
    count = entry.count
    total = entry.sum
  }

  /// Sets the entry of the leaf at the bottom of the path, then refreshes the ancestors.
  @inlinable
  mutating func updateLeafEntry(count leafCount: Int) {
    let level = height &- 1
    let e = pathNode[level] &* Self.stride &+ pathSlot[level]
    let entry = leafEntry(Int(entryRef[e]), count: leafCount)
    if entryCount[e] == leafCount {
      // An extent changed, not a count: only the sums on the path move.
      entrySum[e] = entry.sum
      propagateSums(fromLevel: level, from: pathSlot[level])
      return
    }
    entryCount[e] = entry.count
    entrySum[e] = entry.sum
    propagate(fromLevel: level, from: pathSlot[level])
  }

  /// Sets the sum of `leaf`, the dense leaf at the bottom of the path, after one of its
  /// extents changed by `delta` (its count, `leafCount`, did not), then the sums of its
  /// ancestors: ``updateLeafEntry(count:)`` without reading the counts.
  ///
  /// When every sum is exact (``exactSumsAfter(change:)``), the sums on the path and the
  /// running sums after it move by exactly `delta`: they are shifted, the same values bit for
  /// bit as recomputed ones, without reading the leaf's other extents or the entries' sums
  /// after the path, and with no chain of additions from one level to the next.
  @inlinable
  mutating func updateLeafSum(_ leaf: Int, count leafCount: Int, change delta: Double) {
    let level = height &- 1
    let e = pathNode[level] &* Self.stride &+ pathSlot[level]
    assert(entryCount[e] == leafCount, "ExtentStore: a leaf's sum updated with another count")
    if exactSumsAfter(change: delta) {
      shiftPathSums(by: delta)
      return
    }
    entrySum[e] = leafEntry(leaf, count: leafCount).sum
    propagateSums(fromLevel: level, from: pathSlot[level])
  }

  /// Whether every sum the store holds is exact before and after a change of the total by
  /// `delta`: every extent it ever held is a whole number of sixty-fourths
  /// (``extentsAreSixtyFourths``) and the total is below 2^46 before and after. Every sum of
  /// extents (in any order, a run's product included) is then a multiple of 2^-6 below 2^52, so
  /// a `Double` holds it exactly: recomputing a sum and adding the change to it give the same
  /// bits.
  @inlinable @inline(__always)
  func exactSumsAfter(change delta: Double) -> Bool {
    let limit = 0x1p46
    return extentsAreSixtyFourths && total < limit && total + delta < limit
  }

  /// Adds `delta`, the exact change of one extent under the path (see
  /// ``exactSumsAfter(change:)``), to the sum of each entry on the path, to the running sums of
  /// the entries after it in each path node, and to the total: the values a refresh computes.
  @inlinable
  mutating func shiftPathSums(by delta: Double) {
    for level in 0..<height {
      let node = pathNode[level]
      let base = node &* Self.stride
      let e = base &+ pathSlot[level]
      entrySum[e] += delta
      for later in (e &+ 1)..<(base &+ Int(fill[node])) { entryBefore[later] += delta }
    }
    total += delta
  }

  // MARK: Splicing

  /// Replaces the entry at path level `level` with `entries` (none to remove it), splitting
  /// nodes that overflow and removing nodes that empty, up to the root.
  @usableFromInline
  ///
  /// Entries of the first node before position `changed` that the caller rewrote (a neighbour
  /// that absorbed items) are refreshed too.
  mutating func splice(level startLevel: Int, with replacement: Entries, changed: Int = .max) {
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
        propagate(fromLevel: level, from: level == startLevel ? min(slot, changed) : slot)
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
      entries.append(refreshNode(node))
      entries.append(refreshNode(right))
      if level == 0 {
        let newRoot = newNode()
        let rootBase = newRoot &* Self.stride
        write(entries[0], at: rootBase)
        write(entries[1], at: rootBase &+ 1)
        fill[newRoot] = 2
        root = newRoot
        height &+= 1
        precondition(height < ExtentStoreBuffer.maximumHeight, "ExtentStore: tree too deep")
        propagate(fromLevel: 0)
        return
      }
      level &-= 1
    }
  }

  @inlinable
  mutating func moveEntry(from source: Int, to target: Int) {
    entryEnd[target] = entryEnd[source]
    entryBefore[target] = entryBefore[source]
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
    }
  }
}
