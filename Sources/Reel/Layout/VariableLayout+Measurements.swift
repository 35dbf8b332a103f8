/// The measured extents of a ``VariableLayout`` as runs of equal extents: a compact, `Codable`
/// copy that an app saves with a ``ScrollState`` and gives back after a restart, so that the
/// items need not be measured again.
///
/// Items still at the estimate form one run, so a list of a million items with a few hundred
/// measured is a few hundred runs.
public struct MeasuredExtents: Codable, Sendable, Hashable {
  /// `count` consecutive items of one extent.
  public struct Run: Codable, Sendable, Hashable {
    /// The extent of every item of the run, finite and `≥ 0`.
    public var extent: Double
    /// The number of items, `≥ 1`.
    public var count: Int

    /// Creates a run.
    public init(extent: Double, count: Int) {
      self.extent = extent
      self.count = count
    }
  }

  /// The runs, in item order.
  public var runs: [Run]

  /// The number of items the runs cover.
  public var count: Int { runs.reduce(0) { $0 + $1.count } }

  /// Creates extents from runs.
  public init(runs: [Run]) { self.runs = runs }
}

extension VariableLayout {
  /// Every item's current extent, as runs of equal extents.
  ///
  /// ```swift
  /// if let measured = list.layout as? VariableLayout {
  ///   save(measured.measuredExtents)
  /// }
  /// ```
  ///
  /// - Complexity: O(n) for n items.
  public var measuredExtents: MeasuredExtents {
    var runs: [MeasuredExtents.Run] = []
    guard count > 0 else { return MeasuredExtents(runs: runs) }
    store.forEachStartAndExtent(in: 0..<count) { _, _, extent in
      if let last = runs.last, last.extent == extent {
        runs[runs.count - 1].count += 1
      } else {
        runs.append(MeasuredExtents.Run(extent: extent, count: 1))
      }
    }
    return MeasuredExtents(runs: runs)
  }

  /// Replaces every item's extent with saved ones, for the same items.
  ///
  /// - Precondition: the runs cover exactly ``count`` items, each run has a count `≥ 1` and an
  ///   extent finite and `≥ 0`.
  /// - Complexity: O(r log n) for r runs over n items, at most O(n); the store keeps long runs
  ///   compact.
  public mutating func restoreMeasurements(_ extents: MeasuredExtents) {
    for run in extents.runs {
      precondition(
        run.count >= 1 && run.extent.isFinite && run.extent >= 0,
        "VariableLayout.restoreMeasurements: a run needs a count ≥ 1 and a finite extent ≥ 0, "
          + "got \(run.count) × \(run.extent)")
    }
    precondition(
      extents.count == count,
      "VariableLayout.restoreMeasurements: the saved extents cover \(extents.count) items but "
        + "the layout has \(count)")
    if extents.runs.count > count / ExtentStore.leafCapacity {
      // Mostly short runs: one linear build from the values.
      store = ExtentStore(
        Array(extents.runs.lazy.flatMap { repeatElement($0.extent, count: $0.count) }))
    } else {
      // Long runs (a few items measured): one insertion per run, without expanding them.
      var rebuilt = ExtentStore(count: 0, extent: estimatedExtent)
      for run in extents.runs { rebuilt.insert(run.extent, count: run.count, at: rebuilt.count) }
      store = rebuilt
    }
  }

  /// Whether every item's extent equals the saved one at its position: what
  /// `measuredExtents == extents` answers when the runs are split alike, without building the
  /// layout's runs, and item by item, so that runs split differently compare equal too.
  ///
  /// - Complexity: O(n) for n items; no allocation.
  func hasExtents(_ extents: MeasuredExtents) -> Bool {
    // Runs that break the contract are not equal: ``restoreMeasurements(_:)`` reports them.
    guard extents.runs.allSatisfy({ $0.count >= 1 }), extents.count == count else { return false }
    var same = true
    var run = 0
    var left = 0
    let runs = extents.runs
    store.forEachStartAndExtent(in: 0..<count) { _, _, extent in
      guard same else { return }
      while left == 0 {
        left = runs[run].count
        run += 1
      }
      same = extent == runs[run - 1].extent
      left -= 1
    }
    return same
  }

  /// Forgets every measured or given extent: all items take ``estimatedExtent`` again, to be
  /// measured anew (after a font change, for instance). The count, spacing and insets stay.
  ///
  /// A list keeps its anchor item in place through ``VirtualList/invalidateMeasurements()``,
  /// which calls this.
  ///
  /// - Complexity: O(1) time and memory.
  public mutating func forgetMeasurements() {
    store = ExtentStore(count: count, extent: estimatedExtent)
  }
}
