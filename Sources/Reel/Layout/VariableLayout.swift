/// Items of different main-axis extents, given up front or measured as they are displayed.
///
/// Extents live in a B+-tree of extent runs with subtree sums: items that share an extent (all
/// the items still at the estimate, typically) are stored once as a run, and measured items
/// cost 8 bytes each. A list of any size with only an estimate is created and prepared in O(1)
/// time and memory; offset → index and index → offset lookups, measurements, insertions and
/// deletions are O(log n). After a frontend measures a displayed cell it calls
/// ``VirtualList/setMeasuredExtent(_:forItemAt:)``, which updates the store and keeps the first
/// visible item in place (scroll anchoring); a frame's measurements go in one
/// ``VirtualList/measure(_:)`` batch, which updates the store in one walk and anchors once.
///
/// ```swift
/// let measured = VariableLayout(estimatedExtent: 50, spacing: 1)
/// let known = VariableLayout(extents: [44, 88, 44], estimatedExtent: 44)
/// ```
///
/// Measuring an item with the extent it already has is an exact no-op (the values are compared,
/// not their difference), and the sums are recomputed from the stored extents, never adjusted by
/// differences, so they do not drift however often items are measured.
///
/// When the count grows, new items take the estimate; batch updates move measured extents with
/// their items. A count change outside a batch update keeps the extents of the first
/// `min(old, new)` indices. Changing ``estimatedExtent`` affects the items added afterwards.
///
/// Supported range: the content (every extent and spacing, `count` included) up to
/// ``LayoutContext/maximumContentExtent`` (2⁵³) points, where a `Double` still tells neighbouring
/// offsets apart; ``prepare(for:)`` and ``setExtent(_:forItemAt:)`` stop with a precondition
/// beyond it.
public struct VariableLayout: ListLayout {
  /// The extent assumed for items that were not given or measured, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var estimatedExtent: Double {
    didSet { Self.checkEstimate(estimatedExtent) }
  }
  /// Space between consecutive items along the main axis, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var spacing: Double {
    didSet { Self.checkSpacing(spacing) }
  }
  /// Padding around the content.
  public var insets: ContentInsets

  @usableFromInline internal var store: ExtentStore
  @usableFromInline internal var wrapping = Wrapping.bounded
  @usableFromInline internal var crossExtent = 0.0

  /// Creates a layout whose extents are estimated until measured.
  ///
  /// - Complexity: O(1).
  /// - Precondition: `estimatedExtent` and `spacing` are finite and `≥ 0`.
  public init(estimatedExtent: Double, spacing: Double = 0, insets: ContentInsets = .zero) {
    self.init(extents: [], estimatedExtent: estimatedExtent, spacing: spacing, insets: insets)
  }

  /// Creates a layout with known extents for the first items and the estimate for the rest.
  ///
  /// - Complexity: O(n) for n extents.
  /// - Precondition: every extent, the estimate and the spacing are finite and `≥ 0`.
  public init(
    extents: [Double], estimatedExtent: Double, spacing: Double = 0, insets: ContentInsets = .zero
  ) {
    Self.checkEstimate(estimatedExtent)
    Self.checkSpacing(spacing)
    for (index, extent) in extents.enumerated() {
      precondition(
        extent.isFinite && extent >= 0,
        "VariableLayout: extent of item \(index) must be finite and ≥ 0, got \(extent)")
    }
    self.estimatedExtent = estimatedExtent
    self.spacing = spacing
    self.insets = insets
    store = ExtentStore(extents)
  }

  private static func checkEstimate(_ value: Double) {
    precondition(
      value.isFinite && value >= 0,
      "VariableLayout: estimated extent must be finite and ≥ 0, got \(value)")
  }

  private static func checkSpacing(_ value: Double) {
    precondition(
      value.isFinite && value >= 0, "VariableLayout: spacing must be finite and ≥ 0, got \(value)")
  }

  /// The number of items.
  @inlinable public var count: Int { store.count }

  /// Adopts the context: the count (items added take the estimate, items beyond it are dropped),
  /// the cross extent and the wrapping mode. Every figure derived from ``spacing`` and
  /// ``insets`` is read fresh, so changing them takes effect at once.
  ///
  /// - Complexity: O(1) when the count is unchanged or grows; O(log n) per leaf removed when
  ///   it shrinks.
  /// - Precondition: the content extent stays within ``LayoutContext/maximumContentExtent``.
  public mutating func prepare(for context: LayoutContext) {
    wrapping = context.wrapping
    crossExtent = max(0, context.crossExtent - insets.crossStart - insets.crossEnd)
    resize(to: context.count)
    checkRange()
  }

  /// Adds estimated items at the end or drops items from the end.
  @usableFromInline
  internal mutating func resize(to newCount: Int) {
    if newCount > store.count {
      store.insert(estimatedExtent, count: newCount - store.count, at: store.count)
    } else if newCount < store.count {
      store.remove(at: newCount, count: store.count - newCount)
    }
  }

  func checkRange() {
    let limit = LayoutContext.maximumContentExtent
    precondition(
      Double(count) <= limit && periodExtent <= limit,
      "VariableLayout: \(count) items span \(periodExtent) points; the supported range is a "
        + "content extent (items and spacing) of at most 2^53 = 9007199254740992 points, where a "
        + "Double still tells neighbouring offsets apart")
  }

  /// The items and their spacing (one spacing after each item): one loop in cyclic mode.
  @inlinable
  var periodExtent: Double { store.total + Double(store.count) * spacing }

  /// Leading inset, the items with the spacing between them, trailing inset.
  public var contentExtent: Double {
    count == 0 ? insets.start + insets.end : insets.start + periodExtent - spacing + insets.end
  }

  /// `count` items per loop.
  public var period: LayoutPeriod { LayoutPeriod(items: count, extent: periodExtent) }

  /// - Complexity: O(log n).
  @inlinable
  public func slot(at virtualIndex: Int) -> Slot {
    let n = count
    var index = virtualIndex
    var base = insets.start
    if wrapping == .cyclic, n > 0, index < 0 || index >= n {
      let loop = CyclicMath.floorDiv(index, n)
      index -= loop * n
      base += Double(loop) * periodExtent
    }
    let (start, extent) = store.startAndExtent(of: index)
    return Slot(
      offset: base + (start + Double(index) * spacing), extent: extent,
      crossOffset: insets.crossStart, crossExtent: crossExtent)
  }

  /// Items whose end is at or before `x`, relative to a loop's start.
  @inlinable
  func countEnding(atOrBefore x: Double) -> Int {
    x < 0 ? 0 : store.search(x + spacing, perItem: spacing, strict: false)
  }

  /// Items whose start is before `x`, relative to a loop's start.
  @inlinable
  func countStarting(before x: Double) -> Int {
    x <= 0 ? 0 : min(count, store.search(x, perItem: spacing, strict: true) + 1)
  }

  /// - Complexity: O(log n).
  @inlinable
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    let n = count
    guard n > 0 else { return 0..<0 }
    let lo = interval.lowerBound - insets.start
    let hi = interval.upperBound - insets.start
    let period = periodExtent
    if wrapping == .bounded || period <= 0 {
      if lo >= 0 && hi > 0 {
        // Both ends in one descent of the store: the same figures as the two counts below.
        let (ended, started) = store.searchPair(
          first: lo + spacing, second: hi, perItem: spacing)
        let first = min(ended, n)
        return first..<max(first, min(n, started + 1))
      }
      let first = min(countEnding(atOrBefore: lo), n)
      let upper = countStarting(before: hi)
      return first..<max(first, upper)
    }
    let (loopLo, xLo) = reduce(lo, period: period)
    let (loopHi, xHi) = reduce(hi, period: period)
    let first = loopLo * n + countEnding(atOrBefore: xLo)
    let upper = loopHi * n + countStarting(before: xHi)
    return first..<max(first, upper)
  }

  /// Splits a position into a loop number and a position inside `0..<period`.
  @inlinable
  func reduce(_ x: Double, period: Double) -> (Int, Double) {
    var loop = Int(saturating: (x / period).rounded(.down))
    var rest = x - Double(loop) * period
    if rest >= period {
      loop += 1
      rest -= period
    }
    return (loop, max(0, rest))
  }

  /// Measured layouts accept extents.
  public var supportsMeasuredExtents: Bool { true }

  /// Sets an item's extent and returns the change: exactly 0 when the extent is the one stored.
  ///
  /// - Complexity: O(log n).
  /// - Precondition: `index` is in `0..<count`; `extent` is finite and `≥ 0`; the content stays
  ///   within ``LayoutContext/maximumContentExtent``.
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    precondition(
      index >= 0 && index < count,
      "VariableLayout.setExtent: index \(index) is out of bounds 0..<\(count)")
    precondition(
      extent.isFinite && extent >= 0,
      "VariableLayout.setExtent: extent must be finite and ≥ 0, got \(extent)")
    let old = store.set(extent, at: index)
    guard old != extent else { return 0 }
    if store.total > LayoutContext.maximumContentExtent { checkRange() }
    return extent - old
  }

  /// The current extent of a data index.
  ///
  /// - Precondition: `index` is in `0..<count`.
  /// - Complexity: O(log n).
  public func extent(ofItemAt index: Int) -> Double {
    precondition(
      index >= 0 && index < count,
      "VariableLayout.extent(ofItemAt:): index \(index) is out of bounds 0..<\(count)")
    return store.extent(at: index)
  }

  /// Moves extents with their items; inserted items take the estimate.
  ///
  /// A layout that was not prepared for `changes.oldCount` items is first resized to it, as
  /// ``prepare(for:)`` would.
  ///
  /// - Complexity: O(d log n) for d deleted, inserted and moved items.
  public mutating func apply(_ changes: IndexChanges) {
    resize(to: changes.oldCount)
    if changes.moves.isEmpty && !changes.deleted.isEmpty
      && store.removeAndInsertInOneNode(
        deleted: changes.deleted, inserting: estimatedExtent, at: changes.inserted)
    {
      return
    }
    var moved: [Int: Double] = [:]
    for move in changes.moves { moved[move.to] = store.extent(at: move.from) }
    // Deletions from the back, in runs of consecutive indices.
    ExtentStore.forEachRunFromTheBack(of: changes.deleted) { first, count in
      store.remove(at: first, count: count)
    }
    // Insertions from the front: each lands at its final index; estimated runs in one call.
    var position = 0
    let inserted = changes.inserted
    while position < inserted.count {
      let index = inserted[position]
      if let extent = moved[index] {
        store.insert(extent, count: 1, at: index)
        position += 1
        continue
      }
      var next = position + 1
      while next < inserted.count && inserted[next] == inserted[next - 1] + 1
        && moved[inserted[next]] == nil
      {
        next += 1
      }
      store.insert(estimatedExtent, count: next - position, at: index)
      position = next
    }
  }
}

extension VariableLayout {
  /// `layout` as a variable layout when it is one, without the runtime's general dynamic cast
  /// (`as?` walks the runtime's conformance tables; the list asks on every batch update): the
  /// dynamic type is compared, then the value copied out of the opened layout.
  @inlinable
  static func unwrapping(_ layout: any ListLayout) -> VariableLayout? {
    borrowing(layout) { $0.pointee }
  }

  /// Calls `body` with `layout` borrowed in place as a variable layout when it is one, and
  /// returns its result; `nil` for other layouts. Unlike ``unwrapping(_:)`` nothing is copied
  /// (a copy of the layout retains and releases each of its store's arrays): the list's
  /// per-frame paths read the store this way.
  ///
  /// The type is told on the opened layout: its static type is the value's type (a
  /// `VariableLayout` is a struct), so the runtime's `type(of:)` on the existential, a call into
  /// the runtime, is not needed.
  @inlinable
  static func borrowing<R>(
    _ layout: any ListLayout, _ body: (UnsafePointer<VariableLayout>) -> R
  ) -> R? {
    borrowingIfVariable(layout, body)
  }

  /// ``borrowing(_:_:)`` on the opened layout: `nil` unless its type is `VariableLayout`.
  @inlinable
  static func borrowingIfVariable<L: ListLayout, R>(
    _ layout: L, _ body: (UnsafePointer<VariableLayout>) -> R
  ) -> R? {
    guard L.self == VariableLayout.self else { return nil }
    return borrowingOpened(layout, body)
  }

  /// ``borrowing(_:_:)`` on the opened layout, whose type is `VariableLayout` (checked by the
  /// caller). The pointer is valid during `body` only.
  @inlinable
  static func borrowingOpened<L: ListLayout, R>(
    _ layout: L, _ body: (UnsafePointer<VariableLayout>) -> R
  ) -> R {
    precondition(L.self == VariableLayout.self, "VariableLayout.borrowing: \(L.self) given")
    return withUnsafePointer(to: layout) { pointer in
      body(UnsafeRawPointer(pointer).assumingMemoryBound(to: VariableLayout.self))
    }
  }

  /// The store's count of regrouping updates (see `ExtentStore.regroupings`) when `layout` is
  /// a variable layout: equal before and after an update, the items before the update kept
  /// their slots exactly.
  @inlinable
  static func regroupings(of layout: any ListLayout) -> Int? {
    borrowing(layout) { $0.pointee.store.regroupings }
  }
}

extension ListLayout {
  /// Calls `body` with the layout as a variable layout, read in place, when it is one, and
  /// returns its result; `nil` for other layouts. Called on the list's stored layout, it reads
  /// the existential's storage without copying it (a copy retains and releases its box), and
  /// without making it unique. Only Reel's own code runs in `body`.
  @inlinable
  func readingIfVariable<R>(_ body: (UnsafePointer<VariableLayout>) -> R) -> R? {
    guard Self.self == VariableLayout.self else { return nil }
    return withUnsafePointer(to: self) { pointer in
      body(UnsafeRawPointer(pointer).assumingMemoryBound(to: VariableLayout.self))
    }
  }

  /// Calls `body` with the layout as a variable layout, mutated in place, when it is one, and
  /// returns its result; `nil` for other layouts. Called on the list's stored layout, it spares
  /// the move out and back of ``VirtualList/takeLayout()`` (two existential copies and a box
  /// per call). Only Reel's own code runs in `body`: a `VariableLayout` is never user code.
  @inlinable
  mutating func mutatingIfVariable<R>(_ body: (inout VariableLayout) -> R) -> R? {
    guard Self.self == VariableLayout.self else { return nil }
    return withUnsafeMutablePointer(to: &self) { pointer in
      body(&UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: VariableLayout.self).pointee)
    }
  }
}
