extension MasonryLayout {
  /// Every item's current extent as runs of equal extents (items not measured at
  /// ``estimatedExtent``): the copy a ``ScrollState`` saves, as for a ``VariableLayout``.
  ///
  /// ```swift
  /// if let grid = list.layout as? MasonryLayout { save(grid.measuredExtents) }
  /// ```
  ///
  /// - Complexity: O(m) for the m items up to the last one measured.
  public var measuredExtents: MeasuredExtents {
    var runs: [MeasuredExtents.Run] = []
    func add(_ extent: Double, count: Int) {
      guard count > 0 else { return }
      if let last = runs.last, last.extent == extent {
        runs[runs.count - 1].count += count
      } else {
        runs.append(MeasuredExtents.Run(extent: extent, count: count))
      }
    }
    let known = min(measured.count, count)
    for index in 0..<known {
      add(measured[index].isNaN ? estimatedExtent : measured[index], count: 1)
    }
    add(estimatedExtent, count: count - known)
    return MeasuredExtents(runs: runs)
  }

  /// Replaces every item's extent with saved ones, for the same items; items saved at
  /// ``estimatedExtent`` count as not measured.
  ///
  /// - Precondition: the runs cover exactly ``count`` items, each run has a count `≥ 1` and an
  ///   extent finite and `≥ 0`.
  /// - Complexity: O(m × lanes) for the m items up to the last one saved at another extent than
  ///   the estimate.
  public mutating func restoreMeasurements(_ extents: MeasuredExtents) {
    for run in extents.runs {
      precondition(
        run.count >= 1 && run.extent.isFinite && run.extent >= 0,
        "MasonryLayout.restoreMeasurements: a run needs a count ≥ 1 and a finite extent ≥ 0, "
          + "got \(run.count) × \(run.extent)")
    }
    precondition(
      extents.count == count,
      "MasonryLayout.restoreMeasurements: the saved extents cover \(extents.count) items but "
        + "the layout has \(count)")
    var restored: [Double] = []
    var pending = 0  // items at the estimate not yet written: written only when more follow
    for run in extents.runs {
      if run.extent == estimatedExtent {
        pending += run.count
        continue
      }
      restored.append(contentsOf: repeatElement(.nan, count: pending))
      pending = 0
      restored.append(contentsOf: repeatElement(run.extent, count: run.count))
    }
    measured = restored
    placeAgain(from: 0)
  }
}
