/// The arena of ``ExtentStore``: allocation, entries, splicing entries with splits (the
/// entries' sums are kept up to date in `ExtentStore+Sums.swift`).
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
