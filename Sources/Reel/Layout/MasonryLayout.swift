/// A staggered grid: items of different main-axis extents in `lanes` lanes, each item going to
/// the lane that ends first, as RecyclerView's `StaggeredGridLayoutManager` and Compose's
/// `LazyVerticalStaggeredGrid` place them.
///
/// Items are placed in index order. Item `i` goes to the lane whose last item ends first (ties go
/// to the lowest lane) and starts `spacing` after that item (at the leading inset in an empty
/// lane). Lanes share the cross extent equally, with `laneSpacing` between them; on a vertical
/// list lanes are columns, on a horizontal one they are rows.
///
/// Items listed in ``fullSpanIndices`` span every lane, like a section header in a photo grid:
/// such an item starts `spacing` after the end of the longest lane, and every lane continues
/// after it.
///
/// ```swift
/// // Three columns of photos under a full-width header; photos are measured as they appear.
/// var photos = MasonryLayout(lanes: 3, estimatedExtent: 120, spacing: 8, laneSpacing: 8)
/// photos.fullSpanIndices = [0]
/// let list = VirtualList<Tile>(layout: photos)
/// ```
///
/// **Measured extents.** Items take ``estimatedExtent`` until a frontend measures them through
/// ``VirtualList/setMeasuredExtent(_:forItemAt:)`` (which keeps the first visible item in place).
/// Measuring item `i` can move every item after it to another lane, so the layout places again
/// from `i` on. Measurements may arrive in any order: the placement is always the one that
/// placing every item in order would give.
///
/// **Cost.** The layout stores the items up to the last measured or full-span item (the *placed
/// prefix*, about 40 bytes per item); the items after it all have the estimate, and their
/// positions follow in closed form from the lanes' ends, so a list of 10⁹ estimated items takes
/// O(lanes) memory. ``slot(at:)`` is O(1) in the prefix and O(lanes² log n) after it;
/// ``indices(intersecting:)`` is O(log n + lanes²). A measurement or a batch update places the
/// prefix again from the first changed index: O(p − i) for a prefix of p items changed at `i`
/// (a list measured as it scrolls forward changes only its last items).
///
/// **Visible items.** Lanes do not advance together, so the items that intersect an interval are
/// not always consecutive: a short item in one lane can end before the interval while a taller
/// item placed earlier in another lane still reaches into it. ``indices(intersecting:)`` returns
/// the items from the first one that ends after the interval's start to the last one that starts
/// before its end: every intersecting item, plus those in between that lie in a gap of their
/// lane. The list's window holds them too (off screen). The extra items are few when items are
/// of similar size; a single item much longer than its neighbours keeps every item placed beside
/// it in the range while it is on screen. When every item has the same extent (an unmeasured
/// grid), lanes advance in rows and the range is exact.
///
/// **Cyclic mode.** The whole grid is one loop: every loop starts with level lanes, `spacing`
/// after the end of the previous loop's longest lane, so `period` is `count` items and the
/// longest lane's extent plus spacing (the leading inset shifts every loop; the trailing inset is
/// not used). Shorter lanes leave a gap at the seam.
///
/// Supported range: the content (items, spacing and insets) up to
/// ``LayoutContext/maximumContentExtent`` (2⁵³) points; ``prepare(for:)`` and
/// ``setExtent(_:forItemAt:)`` stop with a precondition that names the limit beyond it.
public struct MasonryLayout: ListLayout {
  /// The number of lanes across the cross axis, `≥ 1`.
  ///
  /// - Precondition: set only to a value `≥ 1`.
  /// - Complexity: setting it places the prefix again, O(p × lanes).
  public var lanes: Int {
    didSet {
      Self.check(lanes: lanes)
      placement = MasonryPlacement(lanes: lanes)
      updateLaneExtent()
      placeAgain(from: 0)
    }
  }
  /// The extent assumed for items that were not measured, finite and `≥ 0`. Changing it moves
  /// every item that was not measured.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var estimatedExtent: Double {
    didSet {
      Self.check(estimatedExtent, "estimated extent")
      placeAgain(from: 0)
    }
  }
  /// Space between consecutive items of a lane (and around full-span items) along the main axis,
  /// finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var spacing: Double {
    didSet {
      Self.check(spacing, "spacing")
      placeAgain(from: 0)
    }
  }
  /// Space between lanes across the cross axis, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var laneSpacing: Double {
    didSet {
      Self.check(laneSpacing, "lane spacing")
      updateLaneExtent()
    }
  }
  /// Padding around the content.
  public var insets: ContentInsets {
    didSet { updateLaneExtent() }
  }
  /// The data indices of the items that span every lane, ascending and distinct.
  ///
  /// Setting it sorts the indices and drops duplicates. Indices at or beyond the count are kept
  /// and take effect when the count reaches them. A batch update (``apply(_:)``) moves them
  /// with their items and drops the deleted ones; an inserted item spans only if it is added
  /// here afterwards.
  ///
  /// - Precondition: set only to indices `≥ 0`.
  /// - Complexity: setting it places the prefix again from the first index that changed.
  public var fullSpanIndices: [Int] {
    didSet {
      let old = oldValue
      fullSpanIndices = Self.normalized(fullSpanIndices)
      var first = 0
      while first < old.count && first < fullSpanIndices.count
        && old[first] == fullSpanIndices[first]
      {
        first += 1
      }
      let changed = min(
        first < old.count ? old[first] : Int.max,
        first < fullSpanIndices.count ? fullSpanIndices[first] : Int.max)
      if changed != Int.max { placeAgain(from: changed) }
    }
  }

  /// The number of items.
  public internal(set) var count = 0
  var wrapping = Wrapping.bounded
  /// The context's cross extent.
  var viewportCross = 0.0
  /// The cross extent inside the insets.
  var available = 0.0
  /// The cross extent of one lane.
  var laneExtent = 0.0
  /// Measured extents by index, NaN where not measured; no trailing NaN.
  var measured: [Double] = []
  /// Items placed in order, up to the last measured or full-span item.
  var placement: MasonryPlacement
  /// The items after the placed prefix.
  var tail: MasonryTail
  /// The end of the longest lane, relative to the content's start (0 without items).
  var itemsEnd = 0.0

  /// Creates a masonry layout whose items are estimated until measured.
  ///
  /// - Parameters:
  ///   - lanes: the number of lanes, `≥ 1`.
  ///   - estimatedExtent: the extent of items not yet measured.
  ///   - spacing: space between consecutive items of a lane along the main axis.
  ///   - laneSpacing: space between lanes across the cross axis.
  ///   - insets: padding around the content.
  ///   - fullSpanIndices: the items that span every lane (see ``fullSpanIndices``).
  /// - Precondition: `lanes ≥ 1`; the extent and the spacings are finite and `≥ 0`; the full-span
  ///   indices are `≥ 0`.
  /// - Complexity: O(k log k) for k full-span indices.
  public init(
    lanes: Int, estimatedExtent: Double, spacing: Double = 0, laneSpacing: Double = 0,
    insets: ContentInsets = .zero, fullSpanIndices: [Int] = []
  ) {
    Self.check(lanes: lanes)
    Self.check(estimatedExtent, "estimated extent")
    Self.check(spacing, "spacing")
    Self.check(laneSpacing, "lane spacing")
    self.lanes = lanes
    self.estimatedExtent = estimatedExtent
    self.spacing = spacing
    self.laneSpacing = laneSpacing
    self.insets = insets
    self.fullSpanIndices = Self.normalized(fullSpanIndices)
    placement = MasonryPlacement(lanes: lanes)
    tail = MasonryTail(
      next: Array(repeating: 0, count: lanes), extent: estimatedExtent,
      stride: estimatedExtent + spacing, count: 0)
  }

  private static func check(lanes: Int) {
    precondition(lanes >= 1, "MasonryLayout: lanes must be ≥ 1, got \(lanes)")
  }

  static func check(_ value: Double, _ name: String) {
    precondition(
      value.isFinite && value >= 0, "MasonryLayout: \(name) must be finite and ≥ 0, got \(value)")
  }

  private static func normalized(_ indices: [Int]) -> [Int] {
    for index in indices {
      precondition(index >= 0, "MasonryLayout: full-span indices must be ≥ 0, got \(index)")
    }
    var sorted = indices.sorted()
    var unique = 0
    for i in sorted.indices where i == 0 || sorted[i] != sorted[unique - 1] {
      sorted[unique] = sorted[i]
      unique += 1
    }
    sorted.removeSubrange(unique...)
    return sorted
  }

  /// Adopts the context: the count (measurements beyond it are dropped), the cross extent and
  /// the wrapping mode.
  ///
  /// - Complexity: O(lanes² log n) when the count is unchanged or the new items fall after the
  ///   placed prefix; otherwise O(p × lanes) to place a prefix of p items again.
  /// - Precondition: the content extent stays within ``LayoutContext/maximumContentExtent``.
  public mutating func prepare(for context: LayoutContext) {
    wrapping = context.wrapping
    viewportCross = context.crossExtent
    updateLaneExtent()
    guard context.count != count else { return }
    let first = min(count, context.count)
    count = context.count
    if measured.count > count {
      measured.removeSubrange(count...)
      trimMeasured()
    }
    placeAgain(from: first)
  }

  /// Derives the lanes' cross extent from the viewport, the insets and the lane spacing.
  private mutating func updateLaneExtent() {
    available = max(0, viewportCross - insets.crossStart - insets.crossEnd)
    laneExtent = max(0, (available - laneSpacing * Double(lanes - 1)) / Double(lanes))
  }

  /// Drops trailing NaNs from `measured`.
  mutating func trimMeasured() {
    while let last = measured.last, last.isNaN { measured.removeLast() }
  }

  /// The number of items the prefix holds: up to the last measured or full-span item.
  private var prefixCount: Int {
    let spans = MasonryPlacement.lowerBound(fullSpanIndices, count)
    let lastSpan = spans > 0 ? fullSpanIndices[spans - 1] + 1 : 0
    return min(count, max(measured.count, lastSpan))
  }

  /// Places the items again from `index` on and recomputes the tail and the content's end.
  mutating func placeAgain(from index: Int) {
    let target = prefixCount
    if index < placement.count || target != placement.count {
      placement.place(
        from: index, to: target, spacing: spacing, estimate: estimatedExtent, measured: measured,
        fullSpan: fullSpanIndices)
    }
    tail = MasonryTail(
      next: placement.frontier, extent: estimatedExtent, stride: estimatedExtent + spacing,
      count: count - target)
    let end = max(placement.maxEnds.last ?? -.infinity, tail.maximumEnd())
    itemsEnd = count == 0 ? 0 : end
    checkRange()
  }

  private func checkRange() {
    let limit = LayoutContext.maximumContentExtent
    let extent = insets.start + itemsEnd + spacing + insets.end
    precondition(
      Double(count) <= limit && extent <= limit,
      "MasonryLayout: \(count) items span \(extent) points; the supported range is a content "
        + "extent (items, spacing and insets) of at most 2^53 = 9007199254740992 points, where a "
        + "Double still tells neighbouring offsets apart")
  }

  /// Leading inset, the longest lane, trailing inset.
  ///
  /// - Complexity: O(1).
  public var contentExtent: Double { insets.start + itemsEnd + insets.end }

  /// `count` items per loop; the loop's extent is the longest lane's plus spacing.
  ///
  /// - Complexity: O(1).
  public var period: LayoutPeriod {
    count == 0
      ? LayoutPeriod(items: 0, extent: 0) : LayoutPeriod(items: count, extent: itemsEnd + spacing)
  }
}
