/// Pages sized from the viewport, so that the neighbours peek in at the sides.
///
/// Each item is as long as the viewport minus the side insets; consecutive items are `spacing`
/// apart. A viewport wider than `maximumItemExtent` shows several items at once, as many as fit.
/// The layout asks for snapping to items with its `alignment`, moving on once a third of the neighbour shows.
///
/// ```swift
/// // 390-point viewport: items of 358 points, 8 apart, 8-point "ears" on each side.
/// let banner = PagingLayout(insets: 16, spacing: 8)
/// ```
///
/// Every property is validated when it is set, with the rules of ``init(insets:spacing:crossInsets:maximumItemExtent:alignment:threshold:)``.
public struct PagingLayout: ListLayout {
  /// Space between the viewport's edges and the resting item, along the main axis (at most half
  /// the viewport: a shorter viewport leaves the items no extent, see ``prepare(for:)``).
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var insets: Double {
    didSet { Self.check(insets, "insets") }
  }
  /// Space between consecutive items.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var spacing: Double {
    didSet { Self.check(spacing, "spacing") }
  }
  /// Insets along the cross axis.
  ///
  /// - Precondition: set only to a finite value `≥ 0`.
  public var crossInsets: Double {
    didSet { Self.check(crossInsets, "crossInsets") }
  }
  /// The largest item extent; wider viewports show several items per page.
  ///
  /// - Precondition: set only to `nil` or a finite value `> 0`.
  public var maximumItemExtent: Double? {
    didSet { Self.check(maximumItemExtent: maximumItemExtent) }
  }
  /// How a resting item aligns in the viewport.
  public var alignment: Snapping.Alignment
  /// The fraction of the neighbour that must show to move on to it (a third by default).
  ///
  /// - Precondition: set only to a value in `0...1`.
  public var threshold: Double {
    didSet { Self.check(threshold: threshold) }
  }

  @usableFromInline internal var base = UniformLayout(extent: 1)

  /// Creates a paging layout.
  ///
  /// - Precondition: insets, spacing and cross insets are finite and `≥ 0`;
  ///   `maximumItemExtent`, when given, is finite and `> 0`; `threshold` is in `0...1`.
  public init(
    insets: Double = 0, spacing: Double = 0, crossInsets: Double = 0,
    maximumItemExtent: Double? = nil, alignment: Snapping.Alignment = .center,
    threshold: Double = 1.0 / 3
  ) {
    Self.check(insets, "insets")
    Self.check(spacing, "spacing")
    Self.check(crossInsets, "crossInsets")
    Self.check(maximumItemExtent: maximumItemExtent)
    Self.check(threshold: threshold)
    self.insets = insets
    self.spacing = spacing
    self.crossInsets = crossInsets
    self.maximumItemExtent = maximumItemExtent
    self.alignment = alignment
    self.threshold = threshold
  }

  private static func check(_ value: Double, _ name: String) {
    precondition(
      value.isFinite && value >= 0, "PagingLayout: \(name) must be finite and ≥ 0, got \(value)")
  }

  private static func check(maximumItemExtent value: Double?) {
    precondition(
      value.map { $0.isFinite && $0 > 0 } ?? true,
      "PagingLayout: maximumItemExtent must be finite and > 0 when given, got "
        + String(describing: value))
  }

  private static func check(threshold value: Double) {
    precondition(
      value >= 0 && value <= 1, "PagingLayout: threshold must be in 0...1, got \(value)")
  }

  /// Items visible at rest for a viewport extent: 1, or more when items would exceed the maximum.
  public func itemsPerPage(viewportExtent: Double) -> Int {
    let available = max(0, viewportExtent - 2 * insets)
    guard let maximum = maximumItemExtent, available > maximum else { return 1 }
    return max(1, Int(((available + spacing) / (maximum + spacing)).rounded(.up)))
  }

  /// The extent of each item for a viewport extent.
  public func itemExtent(viewportExtent: Double) -> Double {
    let perPage = Double(itemsPerPage(viewportExtent: viewportExtent))
    let available = max(0, viewportExtent - 2 * insets - (perPage - 1) * spacing)
    return available / perPage
  }

  /// Derives the item extent from the viewport.
  ///
  /// A viewport shorter than twice the insets leaves the items no extent; the insets then
  /// shrink to half the viewport each, so that the first item still rests at the start of the
  /// content and the last at its end (with the full insets neither end would be a resting
  /// offset, and a list at either end would snap away from it).
  ///
  /// - Complexity: O(1).
  public mutating func prepare(for context: LayoutContext) {
    let extent = itemExtent(viewportExtent: context.viewportExtent)
    let main = min(insets, max(0, context.viewportExtent) / 2)
    let cross = ContentInsets(
      start: main, end: main, crossStart: crossInsets, crossEnd: crossInsets)
    if base.extent != extent || base.spacing != spacing || base.insets != cross {
      // A zero extent with zero spacing would have no stride; keep a minimal positive stride.
      base = UniformLayout(
        extent: extent, spacing: extent + spacing > 0 ? spacing : 1, insets: cross)
    }
    base.prepare(for: context)
  }

  /// See ``ListLayout/contentExtent``.
  public var contentExtent: Double { base.contentExtent }
  /// See ``ListLayout/period``.
  public var period: LayoutPeriod { base.period }
  /// - Complexity: O(1).
  @inlinable public func slot(at virtualIndex: Int) -> Slot { base.slot(at: virtualIndex) }
  /// - Complexity: O(1).
  @inlinable
  public func indices(intersecting interval: Range<Double>) -> Range<Int> {
    base.indices(intersecting: interval)
  }

  /// Snaps to items with the layout's alignment and threshold.
  public var preferredSnapping: Snapping? {
    Snapping(alignment: alignment, threshold: threshold)
  }
}
