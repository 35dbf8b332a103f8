/// Building an ``ExtentStore`` from its leaves, level by level.
extension ExtentStore {
  /// The entries of one level while building.
  @usableFromInline
  struct Builder {
    @usableFromInline var entries: [Entry] = []
    @usableFromInline init() {}
  }

  /// Adds a chunk of extents (at least one) as a leaf: a run when they are equal (merged into a
  /// preceding run of the same extent), dense otherwise, narrow when a `Float` holds them all.
  ///
  /// - Precondition: every extent is finite and `≥ 0`.
  @usableFromInline
  mutating func appendLeaf(_ chunk: UnsafeBufferPointer<Double>, to builder: inout Builder) {
    let first = chunk[0]
    var equal = true
    for value in chunk {
      Self.checkExtent(value)
      equal = equal && value == first
    }
    if equal {
      if let last = builder.entries.last, leafSlot[last.ref] < 0, leafExtent[last.ref] == first {
        builder.entries[builder.entries.count - 1] = leafEntry(
          last.ref, count: last.count + chunk.count)
        return
      }
      let leaf = newLeaf(run: first)
      builder.entries.append(leafEntry(leaf, count: chunk.count))
      return
    }
    let narrow = allowsNarrowLeaves && Self.allFitNarrow(chunk)
    let leaf = newDenseLeaf(narrow: narrow)
    let slot = Int(leafSlot[leaf])
    if narrow {
      let values = narrowSlab + (slot ^ Self.narrowBit) &* Self.leafCapacity
      for j in chunk.indices { values[j] = Float(chunk[j]) }
    } else {
      let values = wideSlab + slot &* Self.leafCapacity
      for j in chunk.indices { values[j] = chunk[j] }
    }
    builder.entries.append(leafEntry(leaf, count: chunk.count))
  }

  /// Builds the levels above the leaves, one entry short of the fanout per node, and sets the
  /// root. The room left is for the first split of a child: built leaves are full, so the first
  /// insertion into one splits it, and a full parent would split too, and its parent, up to the
  /// root (several node allocations and copies per insertion into a built list).
  @usableFromInline
  mutating func build(from leaves: Builder) {
    var level = leaves.entries
    var levels = 1
    let width = Self.fanout - 1
    while level.count > Self.fanout {
      var parents: [Entry] = []
      parents.reserveCapacity(level.count / width + 1)
      var start = 0
      while start < level.count {
        let end = min(start + width, level.count)
        let node = newNode()
        for j in start..<end { write(level[j], at: node * Self.stride + j - start) }
        fill[node] = Int32(end - start)
        parents.append(refreshNode(node))
        start = end
      }
      level = parents
      levels += 1
    }
    for (j, entry) in level.enumerated() { write(entry, at: root * Self.stride + j) }
    fill[root] = Int32(level.count)
    height = levels
    propagate(fromLevel: 0)
  }
}
