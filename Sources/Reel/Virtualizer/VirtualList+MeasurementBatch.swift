/// The measured extents recorded in one ``VirtualList/measure(_:)`` call, applied together when
/// its closure returns.
///
/// A batch only records: nothing changes in the list until the closure returns, so the closure
/// may read ``VirtualList/placements`` and measure cells freely. When an item is recorded more
/// than once, the last extent recorded for it wins.
///
/// ```swift
/// list.measure { batch in
///   batch.setExtent(88, forItemAt: 3)
///   batch.setExtent(44, forItemAt: 4)
/// }
/// ```
///
/// - Complexity: ``setExtent(_:forItemAt:)`` is amortized O(1); the list reuses a batch's
///   storage, so a frame's batch does not allocate once it has grown to a frame's measurements.
public struct MeasurementBatch {
  /// The measurements, in the order they were recorded.
  @usableFromInline var measured: ContiguousArray<ExtentStore.Measured> = []
  /// The list's number of items when the batch started: the bound for recorded indices.
  @usableFromInline var itemCount: Int

  @inlinable
  init(itemCount: Int) { self.itemCount = itemCount }

  /// The number of measurements recorded (an item recorded twice counts twice).
  public var count: Int { measured.count }

  /// Whether nothing was recorded.
  @inlinable public var isEmpty: Bool { measured.isEmpty }

  /// Records the measured main-axis extent of an item, applied when the batch's closure returns.
  /// A later measurement of the same item replaces this one.
  ///
  /// - Precondition: `index` is in `0..<numberOfItems` (the list's count when
  ///   ``VirtualList/measure(_:)`` was called), and `extent` is finite and `≥ 0`.
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) {
    precondition(
      index >= 0 && index < itemCount,
      "MeasurementBatch.setExtent(_:forItemAt:): index \(index) is out of bounds 0..<\(itemCount)")
    precondition(
      extent.isFinite && extent >= 0,
      "MeasurementBatch.setExtent(_:forItemAt:): extent must be finite and ≥ 0, got \(extent)")
    measured.append(ExtentStore.Measured(index: index, extent: extent))
  }

  /// Empties the batch, keeping its storage for the next one.
  @inlinable
  mutating func reset(itemCount: Int) {
    if !measured.isEmpty { measured.removeAll(keepingCapacity: true) }
    self.itemCount = itemCount
  }

  /// Orders the measurements by index, keeping only the last one recorded for each item, and
  /// checks that every index is below `count` (the list may have changed while the batch was
  /// recorded).
  @usableFromInline
  mutating func normalize(count: Int) {
    let n = measured.count
    var sorted = true
    var previous = Int.min
    for k in 0..<n {
      let index = measured[k].index
      precondition(
        index >= 0 && index < count,
        "VirtualList.measure(_:): index \(index) is out of bounds 0..<\(count) (the list changed "
          + "while the batch was recorded)")
      if index <= previous { sorted = false }
      previous = index
    }
    guard !sorted else { return }
    // By index, then by the order recorded: the last of each index is the one kept.
    var order = Array(0..<n)
    order.sort {
      measured[$0].index != measured[$1].index ? measured[$0].index < measured[$1].index : $0 < $1
    }
    var kept = ContiguousArray<ExtentStore.Measured>()
    kept.reserveCapacity(measured.capacity)
    for (position, k) in order.enumerated()
    where position + 1 == n || measured[order[position + 1]].index != measured[k].index {
      kept.append(measured[k])
    }
    measured = kept
  }
}

extension VirtualList {
  /// Records many measured main-axis extents (for measuring layouts such as
  /// ``VariableLayout``) and applies them together when `body` returns, keeping the first
  /// visible item in place: the final geometry is the one the same measurements give made one
  /// by one with ``setMeasuredExtent(_:forItemAt:)``, for one anchoring instead of one each.
  /// (One exception: one by one, a measurement that shrinks the content under the offset
  /// clamps it to the new end, and the measurements after it anchor from there; a batch
  /// anchors once and clamps once, after all its measurements.)
  ///
  /// A frontend measures the cells placed for the first time in a frame in one batch, as a
  /// UIKit layout invalidates them in one context:
  ///
  /// ```swift
  /// list.measure { batch in
  ///   for placement in list.placements where needsMeasuring(placement.index) {
  ///     batch.setExtent(height(of: placement.cell), forItemAt: placement.index)
  ///   }
  /// }
  /// list.layoutIfNeeded()
  /// ```
  ///
  /// Nothing changes in the list while `body` runs. Then the measurements are applied in index
  /// order, the last one recorded for an item winning; a variable layout takes them in one walk
  /// of its store (one descent and one update of the sums per leaf they fall into). Measurements
  /// of items above the first visible item move the offset by what they add, a drag in
  /// progress or a motion in flight moves with the content, and a list following its end stays
  /// at its end, as with single measurements. Extents equal to the stored ones change nothing:
  /// a batch of them leaves the list as it was (no pass is needed). The window's frames are
  /// refreshed by the next pass, once. When `body` throws, nothing is applied and the error
  /// is rethrown.
  ///
  /// - Parameter body: Records the measurements in the batch it is given.
  /// - Precondition: the layout measures (``ListLayout/supportsMeasuredExtents``); every index
  ///   is in `0..<numberOfItems` and every extent finite and `≥ 0` (checked as they are
  ///   recorded, and the indices again when `body` returns, should it have changed the list);
  ///   the call is not made from inside a data source or delegate callback.
  /// - Complexity: O(m log m) for m measurements (O(m) when they are recorded in increasing
  ///   index order, as placements are in a bounded list) plus, with a ``VariableLayout``,
  ///   O(g log n) for the g leaves of its store that they touch, and one anchoring, O(log n);
  ///   with another layout, m calls of its ``ListLayout/setExtent(_:forItemAt:)``. The next
  ///   pass adds O(w) for w displayed cells, once.
  @inlinable
  public func measure(_ body: (inout MeasurementBatch) throws -> Void) rethrows {
    guardNotInCallback("measure(_:)")
    if state.needsReload || state.needsPrepare { layoutIfNeeded() }
    precondition(
      state.layoutIsVariable || currentLayout.supportsMeasuredExtents,
      "measure(_:) needs a layout that measures, such as VariableLayout; "
        + "\(type(of: currentLayout)) does not")
    // Measurements given one at a time before this batch come first.
    applyPendingMeasurements()
    // The storage of the previous batch, moved out so that appending does not copy it.
    var batch = MeasurementBatch(itemCount: 0)
    swap(&batch, &measurementScratch)
    // Left empty by the last batch.
    batch.itemCount = state.count
    defer {
      batch.reset(itemCount: 0)
      swap(&batch, &measurementScratch)
    }
    try body(&batch)
    applyMeasurements(&batch)
  }

  /// Applies a recorded batch: the layout updated once, the anchor restored once.
  @inlinable
  func applyMeasurements(_ batch: inout MeasurementBatch) {
    guard !batch.isEmpty else { return }
    // `body` may have changed the list: the contracts are checked again.
    guardNotInCallback("measure(_:)")
    if state.needsReload || state.needsPrepare { layoutIfNeeded() }
    precondition(
      state.layoutIsVariable || currentLayout.supportsMeasuredExtents,
      "measure(_:) needs a layout that measures, such as VariableLayout; "
        + "\(type(of: currentLayout)) does not")
    batch.normalize(count: state.count)
    // A list following its end keeps the end in place instead of the first visible item.
    let gap = state.anchoring == .end ? endGap : nil
    // The anchor single measurements share: captured anew when the offset moved since.
    if gap == nil, state.measurementAnchor == nil || state.offset != state.measurementAnchorOffset {
      captureMeasurementAnchor()
    }
    // A variable layout (Reel's own code) takes the batch in place, in one walk of its store;
    // any other is moved out for the calls, which may be user code.
    let change: (firstChanged: Int, regrouped: Bool)
    if state.layoutIsVariable,
      let changed = batch.measured.withUnsafeBufferPointer({ measured in
        // In place on the layout's storage (through `layout`, the access would copy the
        // layout's box and then the store's buffer): the figures the setter keeps are kept here.
        state.layoutStorage.mutatingIfVariable {
          ($0.setMeasuredExtents(measured), $0.contentExtent)
        }
      })
    {
      change = changed.0
      state.variableContentExtent = changed.1
      state.layoutGeneration &+= 1
    } else {
      var layout = takeLayout()
      var first = Int.max
      for measurement in batch.measured {
        let index = measurement.index
        if layout.setExtent(measurement.extent, forItemAt: index) != 0 && first == .max {
          first = index
        }
      }
      state.layout = layout
      change = (first, true)
    }
    guard change.firstChanged != .max else { return }
    markSlotsStale(from: change.firstChanged, regrouped: change.regrouped)
    if let gap {
      pinMeasuredListToEnd(gap: gap)
      return
    } else if let anchor = state.measurementAnchor {
      // The anchor's slot is looked up once for the batch.
      keepMeasurementAnchor(at: anchorSlotOffset(anchor.virtualIndex), position: anchor.position)
    }
    measurementDidChangeLayout()
  }

  /// The offset of a virtual index's slot: from the window when its slot there is current,
  /// else read from a variable layout in place (a copy of the existential retains and releases
  /// its store), else asked of the layout.
  @inlinable
  func anchorSlotOffset(_ virtualIndex: Int) -> Double {
    if let slot = currentWindowSlot(virtualIndex) { return slot.offset }
    if state.layoutIsVariable,
      let offset = VariableLayout.borrowing(
        state.layoutStorage, { $0.pointee.slot(at: virtualIndex).offset })
    {
      return offset
    }
    return currentLayout.slot(at: virtualIndex).offset
  }

}
