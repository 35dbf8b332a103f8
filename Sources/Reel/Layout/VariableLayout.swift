/// Items of different main-axis extents, given up front or measured as they are displayed.
///
/// Extents live in a Fenwick tree: one `Double` (8 bytes) per item, O(log n) per offset→index
/// lookup, per slot and per size change. Items that have not been measured use the estimate.
/// After a frontend measures a displayed cell it calls
/// ``VirtualList/setMeasuredExtent(_:forItemAt:)``, which updates the tree and keeps the first
/// visible item in place (scroll anchoring).
///
/// ```swift
/// let measured = VariableLayout(estimatedExtent: 50, spacing: 1)
/// let known = VariableLayout(extents: [44, 88, 44], estimatedExtent: 44)
/// ```
///
/// When the count grows, new items take the estimate; batch updates move measured extents with
/// their items. A count change outside a batch update keeps the extents of the first
/// `min(old, new)` indices.
public struct VariableLayout: ListLayout {
  /// The extent assumed for items that were not given or measured.
  public var estimatedExtent: Double
  /// Space between consecutive items along the main axis.
  public var spacing: Double
  /// Padding around the content.
  public var insets: ContentInsets

  @usableFromInline internal var initial: [Double]
  @usableFromInline internal var tree = FenwickTree([])
  @usableFromInline internal var wrapping = Wrapping.bounded
  @usableFromInline internal var crossExtent = 0.0
  @usableFromInline internal var periodExtent = 0.0
  @usableFromInline internal var prepared = false

  /// Creates a layout whose extents are estimated until measured.
  ///
  /// - Precondition: `estimatedExtent` and `spacing` are finite and `≥ 0`.
  public init(estimatedExtent: Double, spacing: Double = 0, insets: ContentInsets = .zero) {
    self.init(extents: [], estimatedExtent: estimatedExtent, spacing: spacing, insets: insets)
  }

  /// Creates a layout with known extents for the first items and the estimate for the rest.
  ///
  /// - Complexity: O(n) when first prepared.
  /// - Precondition: every extent, the estimate and the spacing are finite and `≥ 0`.
  public init(
    extents: [Double], estimatedExtent: Double, spacing: Double = 0, insets: ContentInsets = .zero
  ) {
    precondition(
      estimatedExtent.isFinite && estimatedExtent >= 0,
      "VariableLayout: estimated extent must be finite and ≥ 0, got \(estimatedExtent)")
    precondition(
      spacing.isFinite && spacing >= 0,
      "VariableLayout: spacing must be finite and ≥ 0, got \(spacing)")
    for (index, extent) in extents.enumerated() {
      precondition(
        extent.isFinite && extent >= 0,
        "VariableLayout: extent of item \(index) must be finite and ≥ 0, got \(extent)")
    }
    self.estimatedExtent = estimatedExtent
    self.spacing = spacing
    self.insets = insets
    self.initial = extents
  }

  /// The number of items.
  @inlinable public var count: Int { tree.count }

  /// Resizes the extent storage when the count changed.
  ///
  /// - Complexity: O(n) when the count changes, O(1) otherwise.
  public mutating func prepare(for context: LayoutContext) {
    wrapping = context.wrapping
    crossExtent = max(0, context.crossExtent - insets.crossStart - insets.crossEnd)
    guard !prepared || context.count != tree.count else { return }
    var values = prepared ? tree.values() : initial
    if !prepared { initial = [] }
    prepared = true
    if values.count > context.count {
      values.removeLast(values.count - context.count)
    } else if values.count < context.count {
      values.append(contentsOf: repeatElement(estimatedExtent, count: context.count - values.count))
    }
    rebuild(values)
  }

  @usableFromInline
  internal mutating func rebuild(_ values: [Double]) {
    tree = FenwickTree(values)
    refreshPeriod()
  }

  @usableFromInline
  internal mutating func refreshPeriod() {
    periodExtent = tree.prefix(tree.count) + Double(tree.count) * spacing
  }

  /// Leading inset, the items with the spacing between them, trailing inset.
  public var contentExtent: Double {
    count == 0 ? insets.start + insets.end : insets.start + periodExtent - spacing + insets.end
  }

  /// `count` items per loop.
  public var period: LayoutPeriod { LayoutPeriod(items: count, extent: periodExtent) }

  /// The start of a data index relative to the start of its loop.
  @inlinable
  func start(of index: Int) -> Double { tree.prefix(index) + Double(index) * spacing }

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
    return Slot(
      offset: base + start(of: index), extent: tree.value(at: index),
      crossOffset: insets.crossStart, crossExtent: crossExtent)
  }

  /// Items whose end is at or before `x`, relative to a loop's start.
  @inlinable
  func countEnding(atOrBefore x: Double) -> Int {
    x < 0 ? 0 : tree.search(x + spacing, perElement: spacing, strict: false)
  }

  /// Items whose start is before `x`, relative to a loop's start.
  @inlinable
  func countStarting(before x: Double) -> Int {
    x <= 0 ? 0 : min(count, tree.search(x, perElement: spacing, strict: true) + 1)
  }

  /// - Complexity: O(log n).
  @inlinable
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    let n = count
    guard n > 0 else { return 0..<0 }
    let lo = interval.lowerBound - insets.start
    let hi = interval.upperBound - insets.start
    if wrapping == .bounded || periodExtent <= 0 {
      let first = min(countEnding(atOrBefore: lo), n)
      let upper = countStarting(before: hi)
      return first..<max(first, upper)
    }
    let (loopLo, xLo) = reduce(lo)
    let (loopHi, xHi) = reduce(hi)
    let first = loopLo * n + countEnding(atOrBefore: xLo)
    let upper = loopHi * n + countStarting(before: xHi)
    return first..<max(first, upper)
  }

  /// Splits a position into a loop number and a position inside `0..<periodExtent`.
  @inlinable
  func reduce(_ x: Double) -> (Int, Double) {
    var loop = Int(saturating: (x / periodExtent).rounded(.down))
    var rest = x - Double(loop) * periodExtent
    if rest >= periodExtent {
      loop += 1
      rest -= periodExtent
    }
    return (loop, max(0, rest))
  }

  /// Measured layouts accept extents.
  public var supportsMeasuredExtents: Bool { true }

  /// Sets an item's extent and returns the change.
  ///
  /// - Complexity: O(log n).
  /// - Precondition: `index` is in `0..<count`; `extent` is finite and `≥ 0`.
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double {
    precondition(
      index >= 0 && index < count,
      "VariableLayout.setExtent: index \(index) is out of bounds 0..<\(count)")
    precondition(
      extent.isFinite && extent >= 0,
      "VariableLayout.setExtent: extent must be finite and ≥ 0, got \(extent)")
    let delta = extent - tree.value(at: index)
    if delta != 0 {
      tree.add(delta, at: index)
      refreshPeriod()
    }
    return delta
  }

  /// The current extent of a data index.
  ///
  /// - Complexity: O(log n).
  public func extent(ofItemAt index: Int) -> Double { tree.value(at: index) }

  /// Moves extents with their items; inserted items take the estimate.
  ///
  /// - Complexity: O(n).
  public mutating func apply(_ changes: IndexChanges) {
    guard prepared else { return }
    rebuild(changes.remap(tree.values(), inserted: estimatedExtent))
  }
}
