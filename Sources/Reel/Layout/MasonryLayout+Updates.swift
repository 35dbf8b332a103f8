extension MasonryLayout {
  /// Masonry layouts accept measured extents.
  public var supportsMeasuredExtents: Bool { true }

  /// Sets an item's measured extent and returns the change: exactly 0 when the extent is the
  /// one the item already had (measured, or the estimate).
  ///
  /// Items from `index` on are placed again, so any of them may change lane.
  ///
  /// - Complexity: O((p − index + 16) × lanes + lanes² log n) for a placed prefix of p items
  ///   (p grows to `index + 1` when `index` is past it).
  /// - Precondition: `index` is in `0..<count`; `extent` is finite and `≥ 0`; the content stays
  ///   within ``LayoutContext/maximumContentExtent``.
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    precondition(
      index >= 0 && index < count,
      "MasonryLayout.setExtent: index \(index) is out of bounds 0..<\(count)")
    precondition(
      extent.isFinite && extent >= 0,
      "MasonryLayout.setExtent: extent must be finite and ≥ 0, got \(extent)")
    let old = extentOfItem(at: index)
    if index < measured.count && measured[index] == extent { return 0 }
    if index >= measured.count {
      measured.append(contentsOf: repeatElement(.nan, count: index + 1 - measured.count))
    }
    measured[index] = extent
    placeAgain(from: index)
    return extent - old
  }

  /// The current extent of an item, without the bounds check.
  private func extentOfItem(at index: Int) -> Double {
    index < measured.count && !measured[index].isNaN ? measured[index] : estimatedExtent
  }

  /// Moves measured extents and full-span indices with their items through a batch update;
  /// inserted items are estimated and do not span. Reloaded items keep their extents.
  ///
  /// A layout that was not prepared for `changes.oldCount` items is first resized to it, as
  /// ``prepare(for:)`` would.
  ///
  /// - Complexity: O((m + k) log d + p × lanes) for m measured items, k full-span indices, d
  ///   changes and a placed prefix of p items.
  public mutating func apply(_ changes: IndexChanges) {
    if measured.count > changes.oldCount { measured.removeSubrange(changes.oldCount...) }
    var moved: [(Int, Double)] = []
    var newLength = 0
    for (old, extent) in measured.enumerated() where !extent.isNaN {
      guard let new = changes.newIndex(forOld: old) else { continue }
      moved.append((new, extent))
      newLength = max(newLength, new + 1)
    }
    var remapped = [Double](repeating: .nan, count: newLength)
    for (index, extent) in moved { remapped[index] = extent }
    measured = remapped
    var spans: [Int] = []
    for old in fullSpanIndices where old < changes.oldCount {
      if let new = changes.newIndex(forOld: old) { spans.append(new) }
    }
    // Assigning runs `fullSpanIndices`'s observer, which sorts; the count changes first so
    // that the placement below sees the new items.
    count = changes.newCount
    fullSpanIndices = spans
    placeAgain(from: 0)
  }
}
