/// Items of one main-axis extent, in one or more lanes: a list or a grid.
///
/// Every lookup is O(1) and the layout stores O(1) memory, so a list of 10⁹ items lays out at
/// once. With `lanes > 1` items fill rows across the cross axis (a grid); in cyclic mode the grid
/// repeats after `lcm(count, lanes)` items.
///
/// ```swift
/// let rows = UniformLayout(extent: 44)
/// let grid = UniformLayout(extent: 120, spacing: 8, lanes: 3, laneSpacing: 8)
/// ```
///
/// Every property is validated when it is set; to turn a zero spacing into a zero extent, set the
/// spacing first (`extent + spacing` must stay `> 0`).
///
/// Supported range: `count ≤ 2⁵³` and `rows × (extent + spacing)` up to
/// ``LayoutContext/maximumContentExtent`` (2⁵³) points, where a `Double` still tells neighbouring
/// rows apart; a cyclic grid also needs `lcm(count, lanes)` to fit in an `Int`.
/// ``prepare(for:)`` stops with a precondition that names the limit beyond it.
public struct UniformLayout: ListLayout {
  /// The main-axis extent of every item, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0` with `extent + spacing > 0`.
  public var extent: Double {
    didSet {
      Self.check(extent: extent, spacing: spacing)
      strideReciprocal = 1 / stride
    }
  }
  /// Space between consecutive items (rows) along the main axis, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0` with `extent + spacing > 0`.
  public var spacing: Double {
    didSet {
      Self.check(extent: extent, spacing: spacing)
      strideReciprocal = 1 / stride
    }
  }
  /// Items per row across the cross axis, `≥ 1`.
  ///
  /// - Precondition: set only to a value `≥ 1`.
  public var lanes: Int {
    didSet { Self.check(lanes: lanes) }
  }
  /// Space between lanes across the cross axis, finite and `≥ 0`.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var laneSpacing: Double {
    didSet { Self.check(laneSpacing: laneSpacing) }
  }
  /// Padding around the content.
  public var insets: ContentInsets

  @usableFromInline internal var count = 0
  @usableFromInline internal var wrapping = Wrapping.bounded
  @usableFromInline internal var laneExtent = 0.0
  /// `1 / stride`, kept with `extent` and `spacing`: ``indices(intersecting:)`` multiplies by it
  /// instead of dividing by the stride (see `rowFloor(_:)`).
  @usableFromInline internal var strideReciprocal: Double

  /// Creates a uniform layout.
  ///
  /// - Precondition: `extent` and `spacing` are finite and `≥ 0`, `lanes ≥ 1`, and
  ///   `extent + spacing > 0`.
  public init(
    extent: Double, spacing: Double = 0, lanes: Int = 1, laneSpacing: Double = 0,
    insets: ContentInsets = .zero
  ) {
    Self.check(extent: extent, spacing: spacing)
    Self.check(lanes: lanes)
    Self.check(laneSpacing: laneSpacing)
    self.extent = extent
    self.spacing = spacing
    self.lanes = lanes
    self.laneSpacing = laneSpacing
    self.insets = insets
    strideReciprocal = 1 / (extent + spacing)
  }

  private static func check(extent: Double, spacing: Double) {
    precondition(
      extent.isFinite && extent >= 0, "UniformLayout: extent must be finite and ≥ 0, got \(extent)")
    precondition(
      spacing.isFinite && spacing >= 0,
      "UniformLayout: spacing must be finite and ≥ 0, got \(spacing)")
    precondition(
      extent + spacing > 0,
      "UniformLayout: extent + spacing must be > 0 (a row needs a length), got extent \(extent) "
        + "and spacing \(spacing)")
  }

  private static func check(lanes: Int) {
    precondition(lanes >= 1, "UniformLayout: lanes must be ≥ 1, got \(lanes)")
  }

  private static func check(laneSpacing: Double) {
    precondition(
      laneSpacing.isFinite && laneSpacing >= 0,
      "UniformLayout: lane spacing must be finite and ≥ 0, got \(laneSpacing)")
  }

  /// Distance from one row's start to the next.
  @inlinable var stride: Double { extent + spacing }

  /// The number of rows the items fill.
  @inlinable var rows: Int { lanes == 1 ? count : count == 0 ? 0 : (count - 1) / lanes + 1 }

  /// Stores the count and derives the lane width from the cross extent.
  ///
  /// - Complexity: O(1) (O(log min(count, lanes)) for a cyclic grid).
  /// - Precondition: the count is within the supported range: `count ≤ 2⁵³`, `rows × (extent +
  ///   spacing) ≤ 2⁵³` points and, for a cyclic grid, `lcm(count, lanes)` fits in an `Int`.
  public mutating func prepare(for context: LayoutContext) {
    count = context.count
    wrapping = context.wrapping
    let available = context.crossExtent - insets.crossStart - insets.crossEnd
    let lanesTotal = available - laneSpacing * Double(lanes - 1)
    laneExtent = max(0, lanesTotal / Double(lanes))
    checkRange()
  }

  private func checkRange() {
    let limit = LayoutContext.maximumContentExtent
    let span = Double(rows) * stride
    precondition(
      count <= 1 << 53 && span <= limit,
      "UniformLayout: \(count) items in rows of \(stride) points span \(span) points; the "
        + "supported range is count ≤ 2^53 and count × (extent + spacing) ≤ 2^53 = "
        + "9007199254740992 points, where a Double still tells neighbouring offsets apart")
    guard wrapping == .cyclic && lanes > 1 && count > 0 else { return }
    let (items, overflow) = (count / CyclicMath.gcd(count, lanes)).multipliedReportingOverflow(
      by: lanes)
    precondition(
      !overflow && Double(items / lanes) * stride <= limit,
      "UniformLayout: a cyclic grid repeats every lcm(count, lanes) items; lcm(\(count), "
        + "\(lanes)) is beyond the supported range (an Int, and a loop of at most 2^53 points)")
  }

  /// Leading inset, all rows with the spacing between them, trailing inset.
  @inlinable
  public var contentExtent: Double {
    let r = Double(rows)
    return insets.start + r * extent + max(0, r - 1) * spacing + insets.end
  }

  /// `lcm(count, lanes)` items per loop.
  public var period: LayoutPeriod {
    guard count > 0 else { return LayoutPeriod(items: 0, extent: 0) }
    let items = lanes == 1 ? count : CyclicMath.lcm(count, lanes)
    return LayoutPeriod(items: items, extent: Double(items / lanes) * stride)
  }

  /// - Complexity: O(1).
  @inlinable
  public func slot(at virtualIndex: Int) -> Slot {
    let row = lanes == 1 ? virtualIndex : CyclicMath.floorDiv(virtualIndex, lanes)
    let lane = virtualIndex - row * lanes
    return Slot(
      offset: insets.start + Double(row) * stride, extent: extent,
      crossOffset: insets.crossStart + Double(lane) * (laneExtent + laneSpacing),
      crossExtent: laneExtent)
  }

  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    guard count > 0 else { return 0..<0 }
    let lo = interval.lowerBound - insets.start
    let hi = interval.upperBound - insets.start
    // First row whose end is past `lo`, last row whose start is before `hi`: the rows of
    // `(lo / stride).rounded(.down)` and `(hi / stride).rounded(.up)`, by a multiplication
    // where that gives the same integers (`ceil(a / s)` is `-floor(-a / s)`, exactly), else by
    // the divisions.
    var firstRow: Int
    if let row = rowFloor(lo) {
      firstRow = row
      if lo - Double(row) * stride >= extent { firstRow &+= 1 }
    } else {
      let rowLo = (lo / stride).rounded(.down)
      firstRow = Int(saturating: rowLo)
      if lo - rowLo * stride >= extent { firstRow += 1 }
    }
    var lastRow: Int
    if let row = rowFloor(-hi) {
      lastRow = -row &- 1
    } else {
      lastRow = Int(saturating: (hi / stride).rounded(.up)) - 1
    }
    if interval.isEmpty { lastRow = firstRow - 1 }
    if wrapping == .bounded {
      if lanes == 1 {
        // The general case below with one lane: no multiplications, and `rows` is `count`.
        let first = min(max(firstRow, 0), count)
        return first..<max(first, min(lastRow + 1, count))
      }
      firstRow = max(firstRow, 0)
      lastRow = min(lastRow, rows - 1)
      let first = min(firstRow * lanes, count)
      let last = min((lastRow + 1) * lanes, count)
      return first..<max(first, last)
    }
    let first = firstRow * lanes
    return first..<max(first, (lastRow + 1) * lanes)
  }

  /// `(x / stride).rounded(.down)` as an integer, worked out by a multiplication by
  /// `strideReciprocal`, or `nil` when the multiplication cannot tell (the caller then
  /// divides).
  ///
  /// Why it is the same integer: with `u = 2⁻⁵³`, `strideReciprocal` is `1 / stride` within a
  /// relative `u`, and `q = x × strideReciprocal` is within `2u(1 + u)` of `x / stride`, which
  /// the division rounds within `u`; so below `|q| < 2³⁰` the two quotients differ by less than
  /// `2⁻⁵¹ × 2³⁰ = 2⁻²¹` (underflow adds at most `2⁻¹⁰⁷⁴`). When the distance from `q` to its
  /// nearest integer exceeds `2⁻²⁰`, no integer lies between the two quotients, nor is either
  /// one an integer, so both round down to the same integer. Adding `1.5 × 2⁵²` rounds `q` to
  /// its nearest integer `n` in the low bits of the sum, and `q − n` is exact. NaN and
  /// infinities fail the magnitude test.
  ///
  /// - Complexity: O(1): a multiplication, three additions, no division and no call.
  @inlinable @inline(__always)
  func rowFloor(_ x: Double) -> Int? {
    let q = x * strideReciprocal
    let shifted = q + 0x1.8p52
    let difference = q - (shifted - 0x1.8p52)
    guard q.magnitude < 0x1p30, difference.magnitude > 0x1p-20 else { return nil }
    let nearest = Int(bitPattern: UInt(shifted.bitPattern &- 0x4338_0000_0000_0000))
    return difference < 0 ? nearest &- 1 : nearest
  }
}
