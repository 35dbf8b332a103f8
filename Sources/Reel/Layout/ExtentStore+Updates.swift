/// Updates of ``ExtentStore``: set an extent, insert and remove items.
extension ExtentStore {
  /// Descends to the leaf holding `index`, recording the path.
  ///
  /// With `appending`, an index at the end of a node stays in its last child, so `count` itself
  /// is reachable (the end of the last leaf). Inlined into its callers: a call costs an update
  /// more than the loop's own work.
  @inlinable @inline(__always)
  mutating func descend(to index: Int, appending: Bool) -> (leaf: Int, position: Int, count: Int) {
    var node = root
    var i = index
    var leafCount = 0
    for level in 0..<height {
      let base = node &* Self.stride
      // The node's lines load together, not one per step of the search (see `prefetchNode`).
      prefetchNode(at: base)
      // The first entry whose running end is past `i`, by bisection of the running ends (the
      // last entry when none is: `appending` at the end); an index inside the items stops
      // where the linear scan by counts would.
      let e = base &+ Self.entryPosition(of: i, in: node, entryEnd: entryEnd, fill: fill)
      let before = e > base ? entryEnd[e &- 1] : 0
      i &-= before
      // The callers check the index against `count`; in a consistent tree it then lies inside
      // the entry found (debug builds check it, and the tree, after every update).
      assert(
        appending || i < entryCount[e], "ExtentStore: index \(index) is out of bounds 0..<\(count)")
      pathNode[level] = node
      pathSlot[level] = e &- base
      node = Int(entryRef[e])
      // The entry's count from the running ends the search read: the counts are another line.
      leafCount = entryEnd[e] &- before
      assert(leafCount == entryCount[e], "ExtentStore: running end and count disagree")
    }
    return (node, i, leafCount)
  }

  /// Sets the extent of an item and returns the one it replaces; the same value (compared
  /// exactly) changes nothing.
  ///
  /// - Precondition: `index` is in `0..<count`; `value` is finite and `≥ 0`.
  /// - Complexity: O(log n).
  @inlinable
  mutating func set(_ value: Double, at index: Int) -> Double {
    precondition(
      index >= 0 && index < count, "ExtentStore: index \(index) is out of bounds 0..<\(count)")
    Self.checkExtent(value)
    makeUnique()
    noteStored(value)
    prefetchLikelyExtent(of: index)
    let (leaf, i, c) = descend(to: index, appending: false)
    let slot = Int(leafSlot[leaf])
    if slot >= 0 {
      let old: Double
      if slot & Self.narrowBit != 0 {
        let position = (slot ^ Self.narrowBit) &* Self.leafCapacity &+ i
        old = Double(narrowSlab[position])
        if old == value { return old }
        if Self.fitsNarrow(value) {
          narrowSlab[position] = Float(value)
        } else {
          // Widened, the leaf keeps its values: the sums are the same.
          widen(leaf, count: c)
          wideSlab[Int(leafSlot[leaf]) &* Self.leafCapacity &+ i] = value
        }
      } else {
        let position = slot &* Self.leafCapacity &+ i
        old = wideSlab[position]
        if old == value { return old }
        wideSlab[position] = value
      }
      updateLeafSum(leaf, count: c, change: value - old)
      return old
    }
    let old = leafExtent[leaf]
    if old == value { return old }
    setInRun(value, leaf: leaf, position: i, count: c, index: index)
    return old
  }

  /// Gives one item of a run its own extent: the run shrinks into a neighbouring dense leaf
  /// with room, or splits around a new dense leaf.
  @usableFromInline
  mutating func setInRun(_ value: Double, leaf: Int, position i: Int, count c: Int, index: Int) {
    regroupings &+= 1
    let level = height - 1
    let node = pathNode[level]
    let base = node * Self.stride
    let s = pathSlot[level]
    let extent = leafExtent[leaf]
    // A dense neighbour with room absorbs the items between it and this one (estimates
    // included), so that measured neighbourhoods stay in full leaves.
    if s > 0 {
      let left = Int(entryRef[base + s - 1])
      let leftCount = entryCount[base + s - 1]
      if leafSlot[left] >= 0 && leftCount + i + 1 <= Self.leafCapacity {
        if i > 0 { makeRoom(for: extent, in: left, count: leftCount) }
        makeRoom(for: value, in: left, count: leftCount)
        for j in 0..<i { setDenseExtent(extent, in: left, at: leftCount + j) }
        setDenseExtent(value, in: left, at: leftCount + i)
        write(leafEntry(left, count: leftCount + i + 1), at: base + s - 1)
        shrinkRun(leaf, at: level, to: c - i - 1, changed: s - 1)
        return
      }
    }
    if s + 1 < Int(fill[node]) {
      let right = Int(entryRef[base + s + 1])
      let rightCount = entryCount[base + s + 1]
      let moved = c - i
      if leafSlot[right] >= 0 && rightCount + moved <= Self.leafCapacity {
        makeRoom(for: value, in: right, count: rightCount)
        if moved > 1 { makeRoom(for: extent, in: right, count: rightCount) }
        shiftDense(right, range: 0..<rightCount, by: moved)
        setDenseExtent(value, in: right, at: 0)
        for j in 1..<moved { setDenseExtent(extent, in: right, at: j) }
        write(leafEntry(right, count: rightCount + moved), at: base + s + 1)
        shrinkRun(leaf, at: level, to: i, changed: s)
        return
      }
    }
    if c == 1 {
      leafExtent[leaf] = value
      updateLeafEntry(count: 1)
      return
    }
    let dense = newDenseLeaf(narrow: narrowHolds(value))
    setDenseExtent(value, in: dense, at: 0)
    var entries = Entries()
    if i > 0 { entries.append(leafEntry(leaf, count: i)) }
    entries.append(leafEntry(dense, count: 1))
    if i < c - 1 {
      let rest = i > 0 ? newLeaf(run: extent) : leaf
      entries.append(leafEntry(rest, count: c - 1 - i))
    }
    // A node that overflows splits: the entries it moves to a new node sum anew.
    splice(level: level, with: entries)
  }

  /// Gives the run at the bottom of the path a new count, removing it when 0; the entries of
  /// its node from position `changed` on were rewritten by the caller.
  @usableFromInline
  mutating func shrinkRun(_ leaf: Int, at level: Int, to newCount: Int, changed: Int) {
    if newCount > 0 {
      write(leafEntry(leaf, count: newCount), at: pathNode[level] * Self.stride + pathSlot[level])
      propagate(fromLevel: level, from: min(changed, pathSlot[level]))
    } else {
      freeLeaf(leaf)
      splice(level: level, with: Entries(), changed: changed)
    }
  }

  /// Inserts `count` items of one extent before `index` (at the end when `index == count`).
  ///
  /// - Precondition: `index` is in `0...count`, `count ≥ 0`, `extent` is finite and `≥ 0`.
  /// - Complexity: O(log n).
  @usableFromInline
  mutating func insert(_ extent: Double, count k: Int, at index: Int) {
    precondition(
      index >= 0 && index <= count, "ExtentStore: insertion index \(index) is outside 0...\(count)")
    precondition(k >= 0, "ExtentStore: cannot insert \(k) items")
    Self.checkExtent(extent)
    guard k > 0 else { return }
    guard count > 0 else {
      let regrouped = regroupings &+ 1
      let narrow = allowsNarrowLeaves
      self = ExtentStore(count: k, extent: extent)
      regroupings = regrouped
      allowsNarrowLeaves = narrow
      return
    }
    makeUnique()
    noteStored(extent)
    let (leaf, p, c) = descend(to: index, appending: true)
    let level = height - 1
    let base = pathNode[level] * Self.stride
    let s = pathSlot[level]
    let slot = Int(leafSlot[leaf])
    if slot < 0 {
      if leafExtent[leaf] == extent {
        updateLeafEntry(count: c + k)
        return
      }
      regroupings &+= 1
      // Grow a neighbouring run of the same extent when the position is at its edge.
      let neighbour = p == 0 ? s - 1 : p == c ? s + 1 : -1
      if neighbour >= 0 && neighbour < Int(fill[pathNode[level]]) {
        let other = Int(entryRef[base + neighbour])
        if leafSlot[other] < 0 && leafExtent[other] == extent {
          write(leafEntry(other, count: entryCount[base + neighbour] + k), at: base + neighbour)
          propagate(fromLevel: level, from: neighbour)
          return
        }
      }
      var entries = Entries()
      if p > 0 { entries.append(leafEntry(leaf, count: p)) }
      let inserted = newLeaf(run: extent)
      entries.append(leafEntry(inserted, count: k))
      if p < c {
        let rest = p > 0 ? newLeaf(run: leafExtent[leaf]) : leaf
        entries.append(leafEntry(rest, count: c - p))
      }
      splice(level: level, with: entries)
      return
    }
    if c + k <= Self.leafCapacity {
      insertIntoDense(leaf, count: c, extent, copies: k, at: p)
      updateLeafEntry(count: c + k)
      return
    }
    regroupings &+= 1
    var entries = Entries()
    if k <= Self.leafCapacity / 2 {
      // Split the full leaf in halves and insert into the half that holds the position.
      let half = c / 2
      let right = copyDense(leaf, range: half..<c)
      if p <= half {
        insertIntoDense(leaf, count: half, extent, copies: k, at: p)
        entries.append(leafEntry(leaf, count: half + k))
        entries.append(leafEntry(right, count: c - half))
      } else {
        insertIntoDense(right, count: c - half, extent, copies: k, at: p - half)
        entries.append(leafEntry(leaf, count: half))
        entries.append(leafEntry(right, count: c - half + k))
      }
    } else {
      // Many items: a run between the two parts of the dense leaf.
      if p > 0 { entries.append(leafEntry(leaf, count: p)) }
      let inserted = newLeaf(run: extent)
      entries.append(leafEntry(inserted, count: k))
      if p < c {
        var rest = leaf
        if p > 0 { rest = copyDense(leaf, range: p..<c) }
        entries.append(leafEntry(rest, count: c - p))
      }
    }
    splice(level: level, with: entries)
  }

  /// Opens `copies` positions at `position` of a dense leaf holding `count` extents and writes
  /// `extent` into them (widening the leaf if it is narrow and `extent` does not fit).
  @usableFromInline
  mutating func insertIntoDense(
    _ leaf: Int, count: Int, _ extent: Double, copies: Int, at position: Int
  ) {
    makeRoom(for: extent, in: leaf, count: count)
    shiftDense(leaf, range: position..<count, by: copies)
    for j in 0..<copies { setDenseExtent(extent, in: leaf, at: position + j) }
  }

  /// Calls `body` with each run of consecutive indices in `sorted` (ascending), from the last
  /// run to the first: the run's first index and its length. Removing the runs in that order
  /// leaves the indices of the runs still to remove as they were.
  ///
  /// - Complexity: O(n) for n indices.
  @inlinable
  static func forEachRunFromTheBack(
    of sorted: [Int], _ body: (_ first: Int, _ count: Int) -> Void
  ) {
    var end = sorted.count
    while end > 0 {
      var first = end &- 1
      while first > 0 && sorted[first &- 1] == sorted[first] &- 1 { first &-= 1 }
      body(sorted[first], end &- first)
      end = first
    }
  }

  /// Removes `count` items starting at `index`.
  ///
  /// - Precondition: `index ≥ 0`, `count ≥ 0` and `index + count ≤ self.count`.
  /// - Complexity: O(log n) per leaf the range touches.
  @usableFromInline
  mutating func remove(at index: Int, count k: Int) {
    precondition(
      index >= 0 && k >= 0 && index <= count - k,
      "ExtentStore: cannot remove \(k) items at \(index) of \(count)")
    makeUnique()
    regroupings &+= 1
    var remaining = k
    while remaining > 0 {
      let (leaf, p, c) = descend(to: index, appending: false)
      let take = min(remaining, c - p)
      remaining -= take
      if take == c {
        freeLeaf(leaf)
        splice(level: height - 1, with: Entries())
        continue
      }
      if leafSlot[leaf] >= 0 { shiftDense(leaf, range: (p + take)..<c, by: -take) }
      updateLeafEntry(count: c - take)
    }
    collapseRoot()
  }
}
