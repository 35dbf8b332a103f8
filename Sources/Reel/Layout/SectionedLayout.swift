/// Sections laid out as lists or grids, with headers and footers, section insets and spacing,
/// and measured extents: the layout of a sectioned list, in the manner of UICollectionView's
/// compositional list and grid sections.
///
/// The layout reads ``LayoutContext/sections`` in ``prepare(for:)`` and places every row of
/// every section, one section after the other along the main axis:
///
/// - the section's **header** row (when sections have headers), spanning the list's cross extent
///   (inside the list's ``insets``), with ``headerExtent``;
/// - the ``sectionInsets``' `start`, then the section's **items** in ``lanes`` lanes: a list
///   with one lane, a grid with more, whose first line starts after the header. Lines are
///   ``itemSpacing`` apart, lanes ``laneSpacing`` apart; every item of a line gets the line's
///   extent, the largest current extent of its items (an item not measured yet counts with the
///   estimate of ``itemExtent``). The section insets' `crossStart` and `crossEnd` narrow the
///   items only: as in UIKit, section content insets apply to items, not to headers and footers;
/// - the section insets' `end`, then the section's **footer** row (when sections have footers),
///   spanning the cross extent like the header;
/// - ``sectionSpacing`` before the next section.
///
/// Every section takes its insets and spacing, even one without rows. The list's ``insets``
/// pad the whole content. A flat context (no sections) is one section, so the layout lays out
/// any list as a plain list or grid; an empty flat list has no section at all.
///
/// ```swift
/// let contacts = SectionedLayout(
///   itemExtent: .estimated(44), headerExtent: .fixed(28), itemSpacing: 1,
///   sectionInsets: ContentInsets(start: 4, end: 12), sectionSpacing: 8)
/// let photos = SectionedLayout(
///   itemExtent: .fixed(120), headerExtent: .estimated(40), lanes: 3, itemSpacing: 4,
///   laneSpacing: 4)
/// ```
///
/// Measured rows (``setExtent(_:forItemAt:)``, with the row index) are stored per kind in
/// B+-trees of extent runs: unmeasured rows cost nothing, so a list of uniform sections with
/// nothing measured takes O(1) memory whatever its size (10⁶ sections of 10³ items included),
/// and each measured row costs O(log n) time and about 8 bytes. Every query is O(log n).
///
/// In cyclic mode the whole content repeats: every section with its spacing, the last one
/// included, forms one loop of ``LayoutContext/count`` rows; the list's `start` inset shifts the
/// loop and its `end` inset is ignored.
///
/// Rows keep their measured extents through batch updates (``apply(_:)``, in rows), as in
/// ``VariableLayout``. A shape change outside a batch update keeps the extents of the first
/// `min(old, new)` headers, of the first `min(old, new)` items counted across sections, and of
/// the first `min(old, new)` footers.
///
/// Positions are sums of a section's start and offsets inside it; with whole-number (or
/// otherwise exactly representable) extents every figure is exact, and otherwise a row that
/// touches an interval's edge by less than a rounding error may be counted on either side.
///
/// Supported range: the content (every extent, inset and spacing) up to
/// ``LayoutContext/maximumContentExtent`` (2⁵³) points; ``prepare(for:)`` and
/// ``setExtent(_:forItemAt:)`` stop with a precondition beyond it.
public struct SectionedLayout: ListLayout {
  /// The extent of items: fixed, or estimated and measured. Finite and `≥ 0`.
  public let itemExtent: RowExtent
  /// The extent of section headers: fixed, or estimated and measured. Finite and `≥ 0`.
  public let headerExtent: RowExtent
  /// The extent of section footers: fixed, or estimated and measured. Finite and `≥ 0`.
  public let footerExtent: RowExtent
  /// Items per grid line across the cross axis, `≥ 1`: 1 for a list.
  public let lanes: Int
  /// Space between consecutive lines of items in a section, finite and `≥ 0`.
  public let itemSpacing: Double
  /// Space between lanes across the cross axis, finite and `≥ 0`.
  public let laneSpacing: Double
  /// Padding around each section's items: `start` after the header, `end` before the footer,
  /// `crossStart` and `crossEnd` beside the items (headers and footers are not narrowed).
  public let sectionInsets: ContentInsets
  /// Space between consecutive sections (and after the last one, in cyclic mode), finite and
  /// `≥ 0`.
  public let sectionSpacing: Double
  /// Padding around the whole content.
  public let insets: ContentInsets

  /// The shape the layout was prepared for.
  @usableFromInline var shape = SectionIndex(flat: 0)
  /// Sections laid out: the shape's, except 0 for an empty flat list.
  @usableFromInline var sectionCount = 0
  @usableFromInline var wrapping = Wrapping.bounded
  /// The cross extent inside the list's insets: that of headers and footers.
  @usableFromInline var fullCrossExtent = 0.0
  /// The cross extent of one lane.
  @usableFromInline var laneExtent = 0.0
  /// Header extents by section; empty when sections have no headers.
  @usableFromInline var headers = ExtentStore(count: 0, extent: 0)
  /// Footer extents by section; empty when sections have no footers.
  @usableFromInline var footers = ExtentStore(count: 0, extent: 0)
  /// Line extents, lines of every section in order. With one lane, the items' extents.
  @usableFromInline var lines = ExtentStore(count: 0, extent: 0)
  /// With several lanes, item extents by flat item index; empty with one lane.
  @usableFromInline var items = ExtentStore(count: 0, extent: 0)
  /// With several lanes, 1 for every item whose extent differs from the estimate, else 0.
  @usableFromInline var itemsOffEstimate = ExtentStore(count: 0, extent: 0)
  /// Lines per section.
  @usableFromInline var lineCounts = ExtentStore(count: 0, extent: 0)
  /// Per section: header, lines with the spacing between them, footer (insets and section
  /// spacing are added per section by ``perSection``).
  @usableFromInline var sectionExtents = ExtentStore(count: 0, extent: 0)
  /// Rows a batch update inserted, waiting for the new shape in ``prepare(for:)``.
  @usableFromInline var pending: PendingInsertions?

  /// Creates a sectioned layout.
  ///
  /// - Precondition: every extent, spacing and inset is finite and `≥ 0`; `lanes ≥ 1`.
  /// - Complexity: O(1).
  public init(
    itemExtent: RowExtent, headerExtent: RowExtent = .fixed(0),
    footerExtent: RowExtent = .fixed(0), lanes: Int = 1, itemSpacing: Double = 0,
    laneSpacing: Double = 0, sectionInsets: ContentInsets = .zero, sectionSpacing: Double = 0,
    insets: ContentInsets = .zero
  ) {
    Self.check(itemExtent.value, "item extent")
    Self.check(headerExtent.value, "header extent")
    Self.check(footerExtent.value, "footer extent")
    precondition(lanes >= 1, "SectionedLayout: lanes must be ≥ 1, got \(lanes)")
    Self.check(itemSpacing, "item spacing")
    Self.check(laneSpacing, "lane spacing")
    Self.check(sectionSpacing, "section spacing")
    self.itemExtent = itemExtent
    self.headerExtent = headerExtent
    self.footerExtent = footerExtent
    self.lanes = lanes
    self.itemSpacing = itemSpacing
    self.laneSpacing = laneSpacing
    self.sectionInsets = sectionInsets
    self.sectionSpacing = sectionSpacing
    self.insets = insets
  }

  private static func check(_ value: Double, _ name: String) {
    precondition(
      value.isFinite && value >= 0, "SectionedLayout: \(name) must be finite and ≥ 0, got \(value)")
  }

  /// The sections the layout was last prepared for.
  public var sections: SectionIndex { shape }

  /// Adopts the context: its sections (rows a batch update inserted take their kind's
  /// estimate; outside a batch update each kind keeps its first extents), cross extent and
  /// wrapping mode.
  ///
  /// - Complexity: O(1) when the sections are unchanged (the same index) or uniform with
  ///   nothing measured; O((s + m) log n) otherwise, for s sections and m measured rows, plus
  ///   O(d log n) for the d rows a pending batch update inserted.
  /// - Precondition: the content extent stays within ``LayoutContext/maximumContentExtent``.
  public mutating func prepare(for context: LayoutContext) {
    wrapping = context.wrapping
    fullCrossExtent = max(0, context.crossExtent - insets.crossStart - insets.crossEnd)
    let itemsCross =
      fullCrossExtent - sectionInsets.crossStart - sectionInsets.crossEnd
      - laneSpacing * Double(lanes - 1)
    laneExtent = max(0, itemsCross / Double(lanes))
    let newShape = context.sections
    if let pending {
      self.pending = nil
      insertRows(pending, in: newShape)
    } else if Self.sameShape(shape, newShape) {
      return
    }
    shape = newShape
    sectionCount = newShape.isFlat && newShape.numberOfItems == 0 ? 0 : newShape.numberOfSections
    resizeKinds()
    rebuildDerived()
    checkRange()
  }

  /// Whether two indices describe the same sections, in O(1) in the common cases (the same
  /// stored counts, or uniform sections).
  static func sameShape(_ a: SectionIndex, _ b: SectionIndex) -> Bool {
    guard a.numberOfItems == b.numberOfItems, a.numberOfSections == b.numberOfSections,
      a.hasHeaders == b.hasHeaders, a.hasFooters == b.hasFooters
    else { return false }
    switch (a.counts, b.counts) {
    case (nil, nil): return true
    case (let x?, let y?):
      // A store's buffer is copied before any write while shared: one buffer, one content.
      if x.buffer === y.buffer && x.root == y.root && x.count == y.count { return true }
      if let u = x.uniformExtent, let v = y.uniformExtent { return u == v }
      return a == b
    default:
      // A flat list and one section alike differ here: an empty section takes its insets.
      return false
    }
  }

  func checkRange() {
    let limit = LayoutContext.maximumContentExtent
    precondition(
      periodExtent <= limit,
      "SectionedLayout: \(shape.numberOfRows) rows span \(periodExtent) points; the supported "
        + "range is a content extent (rows, insets and spacing) of at most 2^53 = "
        + "9007199254740992 points, where a Double still tells neighbouring offsets apart")
  }

  // MARK: Extents

  /// Insets and spacing every section takes besides its rows.
  @inlinable var perSection: Double {
    sectionSpacing + sectionInsets.start + sectionInsets.end
  }

  /// Every section with its insets and the spacing after it: one loop in cyclic mode.
  @inlinable var periodExtent: Double {
    sectionExtents.total + Double(sectionCount) * perSection
  }

  /// Leading inset, the sections with the spacing between them, trailing inset.
  public var contentExtent: Double {
    let sections = sectionCount == 0 ? 0 : periodExtent - sectionSpacing
    return insets.start + sections + insets.end
  }

  /// Every row once per loop: `count` rows, the whole content.
  public var period: LayoutPeriod {
    LayoutPeriod(items: shape.numberOfRows, extent: periodExtent)
  }

  /// Measured layouts accept extents (rows whose kind is ``RowExtent/fixed(_:)`` ignore them).
  public var supportsMeasuredExtents: Bool { true }
}
