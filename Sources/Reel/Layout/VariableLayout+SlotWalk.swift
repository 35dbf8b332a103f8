extension VariableLayout {
  /// Calls `body` with the slots of the consecutive virtual indices `range`, in order: the
  /// same slots as ``slot(at:)``, at one tree descent per leaf of the store instead of one per
  /// item (see ``SlotWalker/forEachSlot(in:_:)``).
  ///
  /// - Precondition: every index of `range` is valid for ``slot(at:)``.
  /// - Complexity: O(k + (k / 32 + 1) log n) for k slots.
  @inlinable @inline(__always)
  func forEachSlot(in range: Range<Int>, _ body: (Slot) -> Void) {
    // The layout is borrowed for the call: its store lives, unchanged, through the walk.
    slotWalker.forEachSlot(in: range, body)
  }

  /// What a walk of the layout's slots reads, taken out of it once: the figures and the
  /// store's ``ExtentStore/Walker``, all plain values. The list reads it before it opens its
  /// window's storage, whose writes the compiler cannot tell apart from the layout's memory:
  /// walking the layout itself there made it copy the layout, retaining its store's buffer.
  /// Valid while the layout it was read from lives and is not changed.
  @usableFromInline
  struct SlotWalker {
    @usableFromInline let store: ExtentStore.Walker
    @usableFromInline let wrapping: Wrapping
    @usableFromInline let start: Double
    @usableFromInline let spacing: Double
    @usableFromInline let periodExtent: Double
    @usableFromInline let crossOffset: Double
    @usableFromInline let crossExtent: Double

    @inlinable
    init(_ layout: VariableLayout) {
      store = layout.store.walker
      wrapping = layout.wrapping
      start = layout.insets.start
      spacing = layout.spacing
      periodExtent = layout.periodExtent
      crossOffset = layout.insets.crossStart
      crossExtent = layout.crossExtent
    }

    /// Calls `body` with the slots of the consecutive virtual indices `range`, in order: the
    /// same slots as ``VariableLayout/slot(at:)``, at one tree descent per leaf of the store
    /// instead of one per item (the list refreshes its window's slots this way after
    /// measurements).
    ///
    /// - Precondition: every index of `range` is valid for ``VariableLayout/slot(at:)``.
    /// - Complexity: O(k + (k / 32 + 1) log n) for k slots.
    @inlinable @inline(__always)
    func forEachSlot(in range: Range<Int>, _ body: (Slot) -> Void) {
      let n = store.count
      var v = range.lowerBound
      while v < range.upperBound {
        var index = v
        var base = start
        if wrapping == .cyclic, n > 0, index < 0 || index >= n {
          let loop = CyclicMath.floorDiv(index, n)
          index -= loop * n
          base += Double(loop) * periodExtent
        }
        let upper = wrapping == .cyclic ? min(n, index + (range.upperBound - v)) : range.upperBound
        precondition(
          index < upper, "VariableLayout: slot index \(v) is out of bounds 0..<\(n)")
        let spacing = spacing
        let crossOffset = crossOffset
        let crossExtent = crossExtent
        if spacing == 0 {
          // `start + Double(i) * 0` is `start` (a sum from +0 is never -0): the same offsets.
          store.forEachStartAndExtent(in: index..<upper) { _, start, extent in
            body(
              Slot(
                offset: base + start, extent: extent, crossOffset: crossOffset,
                crossExtent: crossExtent))
          }
        } else {
          store.forEachStartAndExtent(in: index..<upper) { i, start, extent in
            body(
              Slot(
                offset: base + (start + Double(i) * spacing), extent: extent,
                crossOffset: crossOffset, crossExtent: crossExtent))
          }
        }
        v += upper - index
      }
    }
  }

  /// The layout's slot walker (see ``SlotWalker``).
  ///
  /// - Complexity: O(1).
  @inlinable
  var slotWalker: SlotWalker { SlotWalker(self) }
}
