/// Measurements in bulk: many extents set in one call, grouped per leaf.
extension ExtentStore {
  /// A measured extent for an item, as a batch records it.
  @usableFromInline
  struct Measured {
    @usableFromInline var index: Int
    @usableFromInline var extent: Double

    @inlinable
    init(index: Int, extent: Double) {
      self.index = index
      self.extent = extent
    }
  }

  /// The dense leaves a store that starts being measured gets room for at once (fewer for a
  /// short list): growing the buffer by doublings from one leaf copies it about ten times
  /// while a list's first few hundred regions are measured, and each growth copies what the
  /// store took and faults in new pages, inside a frame's measurements. 4,096 leaves (a
  /// thousand jumps into unmeasured regions, each a screen of new items, take about 1,000 of
  /// them and 3,000 leaves) are about 2.3 MB of address space and nothing resident until used.
  @usableFromInline static var measuringRoom: Int { 4096 }

  /// Gives a store whose buffer is smaller room for ``measuringRoom`` dense leaves (a list of
  /// n items: n / 16 + 4, if fewer) of either width, the leaves and nodes they need: one copy
  /// of a small buffer, the first time a list measures in bulk. Untouched room is allocated but
  /// not resident.
  @usableFromInline
  mutating func reserveMeasuringRoom() {
    let slots = min(Self.measuringRoom, count / 16 + 4)
    guard buffer.slotCapacity < slots || buffer.narrowCapacity < slots else { return }
    buffer = ExtentStoreBuffer(
      copying: buffer, nodes: slots / 4 + 8, leaves: 2 * slots + 4, slots: slots, narrow: slots,
      used: usage)
  }

  /// Sets the extents of items given in strictly increasing index order, and returns the first
  /// index whose extent changed (`Int.max` when none did). The result is the store that the same
  /// ``set(_:at:)`` calls in the same order give, extent for extent.
  ///
  /// The measurements are grouped per leaf: one descent per leaf reached and one refresh of the
  /// sums on its path per leaf changed. In a dense leaf the new extents are written in place; in
  /// a run, the measured items within a leaf's reach of one another become one dense leaf (or
  /// join a dense neighbour with room), so a frame's consecutive new items cost one split of the
  /// run, not one each. Extents equal to the stored ones (compared exactly) change nothing.
  ///
  /// - Precondition: the indices increase strictly and are in `0..<count`; every extent is
  ///   finite and `≥ 0`.
  /// - Complexity: O(m + g log n) for m measurements falling into g leaves (or leaf-sized spans
  ///   of a run) of a store of n items.
  @usableFromInline
  mutating func setSorted(_ measured: UnsafeBufferPointer<Measured>) -> Int {
    let n = measured.count
    guard n > 0 else { return .max }
    for k in 0..<n {
      let index = measured[k].index
      precondition(
        index >= 0 && index < count, "ExtentStore: index \(index) is out of bounds 0..<\(count)")
      precondition(
        k == 0 || index > measured[k &- 1].index,
        "ExtentStore: bulk indices must increase strictly, got \(measured[k &- 1].index) then "
          + "\(index)")
      Self.checkExtent(measured[k].extent)
    }
    makeUnique()
    for k in 0..<n { noteStored(measured[k].extent) }
    var firstChanged = Int.max
    var k = 0
    while k < n {
      let index = measured[k].index
      let (leaf, i, c) = descend(to: index, appending: false)
      let leafStart = index &- i
      let leafEnd = leafStart &+ c
      var end = k &+ 1
      while end < n && measured[end].index < leafEnd { end &+= 1 }
      if leafSlot[leaf] >= 0 {
        // A dense leaf: every new extent in place, then one refresh of the path.
        var changedAt = Int.max
        for m in k..<end
        where writeDense(leaf, count: c, at: measured[m].index &- leafStart, measured[m].extent) {
          if changedAt == .max { changedAt = measured[m].index }
        }
        if changedAt != .max {
          updateLeafEntry(count: c)
          firstChanged = min(firstChanged, changedAt)
        }
        k = end
        continue
      }
      // A run: measurements of its own extent change nothing.
      let extent = leafExtent[leaf]
      var first = k
      while first < end && measured[first].extent == extent { first &+= 1 }
      guard first < end else {
        k = end
        continue
      }
      // The differing measurements within a leaf's reach of the first become one span.
      let spanStart = measured[first].index
      var last = first
      var next = first &+ 1
      while next < end && measured[next].index &- spanStart < Self.leafCapacity {
        if measured[next].extent != extent { last = next }
        next &+= 1
      }
      if last == first {
        setInRun(
          measured[first].extent, leaf: leaf, position: spanStart &- leafStart, count: c,
          index: spanStart)
      } else {
        setSpanInRun(measured, first...last, leaf: leaf, runStart: leafStart, count: c)
      }
      firstChanged = min(firstChanged, spanStart)
      // Measurements between `last` and `next` hold the run's extent: they stay no-ops.
      k = next
    }
    return firstChanged
  }

  /// Writes one extent of a dense leaf of `count` extents and tells whether it changed
  /// (compared exactly), widening a narrow leaf that cannot hold it.
  @inlinable @inline(__always)
  mutating func writeDense(_ leaf: Int, count: Int, at position: Int, _ value: Double) -> Bool {
    if denseExtent(leaf, at: position) == value { return false }
    makeRoom(for: value, in: leaf, count: count)
    setDenseExtent(value, in: leaf, at: position)
    return true
  }

  /// Gives the measured items `span` (at least two, within a leaf's capacity of one another) of
  /// the run at the bottom of the path their extents; the items between them keep the run's
  /// extent. The span joins a dense neighbour with room (the items between it and the span
  /// with it, as ``setInRun(_:leaf:position:count:index:)`` does for one item), or becomes a
  /// dense leaf of its own between the two parts of the run.
  @usableFromInline
  mutating func setSpanInRun(
    _ measured: UnsafeBufferPointer<Measured>, _ span: ClosedRange<Int>, leaf: Int,
    runStart: Int, count c: Int
  ) {
    regroupings &+= 1
    let spanStart = measured[span.lowerBound].index
    let length = measured[span.upperBound].index &- spanStart &+ 1
    let p = spanStart &- runStart
    let level = height &- 1
    let node = pathNode[level]
    let base = node &* Self.stride
    let s = pathSlot[level]
    let extent = leafExtent[leaf]
    if s > 0 {
      let left = Int(entryRef[base &+ s &- 1])
      let leftCount = entryCount[base &+ s &- 1]
      if leafSlot[left] >= 0 && leftCount &+ p &+ length <= Self.leafCapacity {
        // The items from the run's start through the span join the left neighbour.
        let joined = leftCount &+ p &+ length
        insertIntoDense(left, count: leftCount, extent, copies: p &+ length, at: leftCount)
        for m in span {
          _ = writeDense(
            left, count: joined, at: leftCount &+ measured[m].index &- runStart,
            measured[m].extent)
        }
        write(leafEntry(left, count: leftCount &+ p &+ length), at: base &+ s &- 1)
        shrinkRun(leaf, at: level, to: c &- p &- length, changed: s &- 1)
        return
      }
    }
    if s &+ 1 < Int(fill[node]) {
      let right = Int(entryRef[base &+ s &+ 1])
      let rightCount = entryCount[base &+ s &+ 1]
      let moved = c &- p
      if leafSlot[right] >= 0 && rightCount &+ moved <= Self.leafCapacity {
        // The items from the span through the run's end join the right neighbour.
        insertIntoDense(right, count: rightCount, extent, copies: moved, at: 0)
        for m in span {
          _ = writeDense(
            right, count: rightCount &+ moved, at: measured[m].index &- spanStart,
            measured[m].extent)
        }
        write(leafEntry(right, count: rightCount &+ moved), at: base &+ s &+ 1)
        shrinkRun(leaf, at: level, to: p, changed: s)
        return
      }
    }
    // Narrow when every extent of the span fits (the run's for the items between measured ones).
    var narrow = narrowHolds(extent)
    for m in span where narrow { narrow = narrowHolds(measured[m].extent) }
    let dense = newDenseLeaf(narrow: narrow)
    let slot = Int(leafSlot[dense])
    if slot & Self.narrowBit != 0 {
      Self.fillSpan(
        narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity, length: length, extent,
        measured, span, from: spanStart)
    } else {
      Self.fillSpan(
        wideSlab + slot &* Self.leafCapacity, length: length, extent, measured, span,
        from: spanStart)
    }
    var entries = Entries()
    if p > 0 { entries.append(leafEntry(leaf, count: p)) }
    entries.append(leafEntry(dense, count: length))
    let rest = c &- p &- length
    if rest > 0 {
      // A new leaf may grow the buffer: made before the entry is read.
      let after = p > 0 ? newLeaf(run: extent) : leaf
      entries.append(leafEntry(after, count: rest))
    } else if p == 0 {
      freeLeaf(leaf)
    }
    // A node that overflows splits: the entries it moves to a new node sum anew.
    splice(level: level, with: entries)
  }

  /// Writes the extents of a new dense leaf for a span of a run: the measured extent of each
  /// item of `span` (its index less `start`), the run's `extent` for the items between them;
  /// `length` extents in all, each written once, straight into the leaf's slot (which can hold
  /// every one of them). The same values, bit for bit, as filling the leaf with the run's extent
  /// and writing over it the measurements that differ from it.
  @inlinable @inline(__always)
  static func fillSpan<E: StoredExtent>(
    _ values: UnsafeMutablePointer<E>, length: Int, _ extent: Double,
    _ measured: UnsafeBufferPointer<Measured>, _ span: ClosedRange<Int>, from start: Int
  ) {
    let runValue = E(storing: extent)
    var m = span.lowerBound
    var j = 0
    while j < length {
      var value = runValue
      if m <= span.upperBound && measured[m].index &- start == j {
        // A measurement equal to the run's extent (compared exactly: a zero of either sign)
        // leaves the run's value, as writing it over the run's would.
        let given = measured[m].extent
        if given != extent { value = E(storing: given) }
        m &+= 1
      }
      values[j] = value
      j &+= 1
    }
  }
}

extension VariableLayout {
  /// Sets the extents of items given in strictly increasing index order in one pass over the
  /// store (see `ExtentStore.setSorted`), and returns the first index whose extent changed
  /// (`Int.max` when none did) and whether the store regrouped items.
  ///
  /// - Precondition: as for ``setExtent(_:forItemAt:)``, for every measurement; the indices
  ///   increase strictly.
  /// - Complexity: O(m + g log n) for m measurements in g leaves.
  @usableFromInline
  mutating func setMeasuredExtents(
    _ measured: UnsafeBufferPointer<ExtentStore.Measured>
  ) -> (firstChanged: Int, regrouped: Bool) {
    let regroupings = store.regroupings
    store.reserveMeasuringRoom()
    let first = store.setSorted(measured)
    if first != .max && store.total > LayoutContext.maximumContentExtent { checkRange() }
    return (first, store.regroupings != regroupings)
  }
}
