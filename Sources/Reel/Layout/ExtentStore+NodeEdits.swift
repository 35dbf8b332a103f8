/// A batch update's edits inside one bottom node of ``ExtentStore``, in one descent.
extension ExtentStore {
  /// Removes the items at `deleted` (ascending old indices), then inserts an item of `extent`
  /// at each of `inserted` (ascending new indices), in one descent and one refresh of the
  /// path, when every index lies inside the leaves of one bottom node, and no leaf loses all
  /// its items, no dense leaf overflows and no run is given another extent (a batch update
  /// near the viewport). The result is the one that ``remove(at:count:)`` per run of
  /// deletions from the back, then ``insert(_:count:at:)`` per run of insertions from the
  /// front, give, regroupings counted alike; `false`, with no item changed, when the indices
  /// do not fit in one node so.
  ///
  /// - Precondition: `deleted` is not empty; its indices are in `0..<count`; `extent` is
  ///   finite and `≥ 0`.
  /// - Complexity: O(log n + f + c) for a node of f entries and c items in the leaves edited.
  @usableFromInline
  mutating func removeAndInsertInOneNode(
    deleted: [Int], inserting extent: Double, at inserted: [Int]
  ) -> Bool {
    guard let firstDeleted = deleted.first, let lastDeleted = deleted.last else { return false }
    precondition(
      firstDeleted >= 0 && lastDeleted < count,
      "ExtentStore: cannot remove items \(firstDeleted)...\(lastDeleted) of \(count)")
    if !inserted.isEmpty { Self.checkExtent(extent) }
    // The path is recorded in the buffer: unique before the descent, as the fallback's is.
    makeUnique()
    // The first item an edit reaches is at or after the lowest index given (an insertion's new
    // index is at most its place among the old items).
    let lowest = min(firstDeleted, inserted.first ?? firstDeleted)
    let (_, p, _) = descend(to: lowest, appending: false)
    let level = height &- 1
    let first = pathNode[level] &* Self.stride &+ pathSlot[level]
    let start = lowest &- p
    guard
      editsFitInOneLeaf(at: first, start: start, deleted: deleted, inserted: inserted)
        || editLeaves(
          from: first, start: start, deleted: deleted, inserting: extent, at: inserted,
          applying: false)
    else { return false }
    Self.forEachRunFromTheBack(of: deleted) { _, _ in regroupings &+= 1 }
    if !inserted.isEmpty { noteStored(extent) }
    editLeaves(
      from: first, start: start, deleted: deleted, inserting: extent, at: inserted,
      applying: true)
    propagate(fromLevel: level, from: pathSlot[level])
    collapseRoot()
    return true
  }

  /// Whether every edit of ``removeAndInsertInOneNode(deleted:inserting:at:)`` lies in the
  /// dense leaf of entry `first`, whose first item is `start`, and fits there: the leaf keeps
  /// an item, has room for the insertions, and each insertion's new index lies inside its
  /// items (not at their end, which is the next leaf's). The common case, told without the
  /// walk of ``editLeaves(from:start:deleted:inserting:at:applying:)``; `false` leaves the
  /// question to that walk.
  ///
  /// - Complexity: O(i) for i insertions.
  @inlinable @inline(__always)
  func editsFitInOneLeaf(at first: Int, start: Int, deleted: [Int], inserted: [Int]) -> Bool {
    let c = entryCount[first]
    let kept = c &- deleted.count
    guard leafSlot[Int(entryRef[first])] >= 0, deleted[deleted.count &- 1] &- start < c, kept > 0,
      kept &+ inserted.count <= Self.leafCapacity
    else { return false }
    for (j, index) in inserted.enumerated() where index < start || index &- start >= kept &+ j {
      return false
    }
    return true
  }

  /// ``removeAndInsertInOneNode(deleted:inserting:at:)``'s walk of the leaves from entry
  /// `first` of a bottom node, whose first item is `start`: each leaf takes the deletions
  /// among its old items, then the runs of insertions whose new index lies inside its items,
  /// as `remove` and `insert` would give them to it. Without `applying` it only tells whether
  /// every edit fits (see there); with it, it makes them, and writes each edited leaf's entry
  /// (its node's running figures and the ancestors are the caller's to refresh).
  ///
  /// - Complexity: O(f + c) for f entries walked and c items in the leaves edited.
  @inlinable @inline(__always)
  @discardableResult
  mutating func editLeaves(
    from first: Int, start: Int, deleted: [Int], inserting extent: Double, at inserted: [Int],
    applying: Bool
  ) -> Bool {
    let end = (first / Self.stride) &* Self.stride &+ Int(fill[first / Self.stride])
    var e = first
    // The first item of entry `e` before the edits, and after them.
    var oldStart = start
    var newStart = start
    var d = 0
    var k = 0
    while d < deleted.count || k < inserted.count {
      guard e < end else { return false }
      let leaf = Int(entryRef[e])
      let dense = leafSlot[leaf] >= 0
      let c = entryCount[e]
      let firstDeleted = d
      while d < deleted.count && deleted[d] < oldStart &+ c { d &+= 1 }
      var leafCount = c &- (d &- firstDeleted)
      // A leaf that loses all its items is freed.
      guard leafCount > 0 else { return false }
      if applying && d > firstDeleted && dense {
        removeDense(leaf, count: c, deleting: deleted, firstDeleted..<d, start: oldStart)
      }
      // Runs of insertions inside the leaf's items (an index at their end is the next leaf's).
      while k < inserted.count && inserted[k] < newStart &+ leafCount {
        var next = k &+ 1
        while next < inserted.count && inserted[next] == inserted[next &- 1] &+ 1 { next &+= 1 }
        let copies = next &- k
        // A dense leaf that overflows splits; a run of another extent is cut up.
        guard dense ? leafCount &+ copies <= Self.leafCapacity : leafExtent[leaf] == extent
        else { return false }
        if applying && dense {
          insertIntoDense(
            leaf, count: leafCount, extent, copies: copies, at: inserted[k] &- newStart)
        }
        leafCount &+= copies
        k = next
      }
      if applying && (leafCount != c || d > firstDeleted) {
        write(leafEntry(leaf, count: leafCount), at: e)
      }
      oldStart &+= c
      newStart &+= leafCount
      e &+= 1
    }
    return true
  }
}
