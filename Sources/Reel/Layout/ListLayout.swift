/// A pure description of where items go, along one main axis.
///
/// A layout is a value: it can be created, prepared and queried alone, without cells, time or a
/// frontend, which makes it easy to test. The virtualizer owns one and calls
/// ``prepare(for:)`` whenever the count, viewport, axis or wrapping changes, then asks it which
/// virtual indices intersect the visible interval and where each of them sits.
///
/// Built-in layouts: ``UniformLayout`` (equal extents, lanes for grids, O(1) for any count),
/// ``VariableLayout`` (extents given up front or measured, a B+-tree of extent runs, O(log n)) and
/// ``PagingLayout`` (items sized from the viewport so that neighbours peek in).
///
/// Write your own by conforming a struct; run `ReelTesting`'s layout conformance check on it.
///
/// ```swift
/// struct Alternating: ListLayout {
///   var context = LayoutContext(count: 0, viewportSize: .zero, axis: .vertical, wrapping: .bounded)
///   mutating func prepare(for context: LayoutContext) { self.context = context }
///   // … slots of 40 and 80 points in turn …
/// }
/// ```
///
/// Contract (checked by `ReelTesting.LayoutConformance`):
/// - slots advance along the main axis with the index and do not overlap;
/// - ``indices(intersecting:)`` returns exactly the indices whose slots intersect the interval
///   (in bounded mode clamped to `0..<count`);
/// - in cyclic mode `slot(at: v + period.items)` equals `slot(at: v)` shifted by
///   `period.extent`.
public protocol ListLayout: Sendable {
  /// Recomputes the layout for a new count, viewport, axis or wrapping mode.
  ///
  /// - Complexity: may be O(n) when the count changes; must be cheap when only the viewport's
  ///   cross extent changes.
  mutating func prepare(for context: LayoutContext)

  /// The main-axis length of the content of a bounded list, insets included.
  var contentExtent: Double { get }

  /// How the layout repeats in cyclic mode.
  var period: LayoutPeriod { get }

  /// The slot of a virtual index (any integer in cyclic mode, `0..<count` when bounded).
  func slot(at virtualIndex: Int) -> Slot

  /// The virtual indices whose slots intersect the half-open main-axis interval.
  ///
  /// When the interval falls into a gap the result is an empty range whose bound is the index
  /// of the next item. In bounded mode the result is clamped to `0..<count`.
  func indices(intersecting interval: Range<Double>) -> Range<Int>

  /// The snapping a layout asks for when the list has none of its own (paging layouts do).
  var preferredSnapping: Snapping? { get }

  /// Whether ``setExtent(_:forItemAt:)`` changes sizes (measured layouts).
  var supportsMeasuredExtents: Bool { get }

  /// Sets the measured main-axis extent of a data index and returns how much it changed.
  ///
  /// Layouts that do not measure return `0` and ignore the call.
  mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double

  /// Moves per-item state (such as measured extents) through a batch update.
  ///
  /// Called before ``prepare(for:)`` with the new count. Layouts without per-item state ignore it.
  mutating func apply(_ changes: IndexChanges)
}

extension ListLayout {
  /// No preferred snapping.
  public var preferredSnapping: Snapping? { nil }

  /// Layouts do not measure unless they say so.
  public var supportsMeasuredExtents: Bool { false }

  /// Ignores the call and reports no change.
  public mutating func setExtent(_ extent: Double, forItemAt index: Int) -> Double { 0 }

  /// Ignores the changes.
  public mutating func apply(_ changes: IndexChanges) {}
}
