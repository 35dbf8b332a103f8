/// Everything a layout needs to know about the list it lays out.
///
/// The virtualizer hands a context to ``ListLayout/prepare(for:)`` whenever one of its values
/// changes: the item count (after a reload or batch update), the viewport size, the axis or the
/// wrapping mode.
public struct LayoutContext: Sendable, Hashable {
  /// The number of rows the list shows, `≥ 0`: its items, plus its sections' headers and
  /// footers when it has sections.
  ///
  /// Setting it makes the list flat (one section of `count` items).
  ///
  /// - Precondition: set only to a value `≥ 0`.
  public var count: Int {
    didSet {
      precondition(count >= 0, "LayoutContext: count must be ≥ 0, got \(count)")
      if let shape, shape.numberOfRows != count { self.shape = nil }
    }
  }
  /// The sections, when the list has any; `nil` for a flat list.
  @usableFromInline var shape: SectionIndex?

  /// The sections of the rows: which rows are headers, items and footers.
  ///
  /// Section-aware layouts read it to size headers and footers apart from items; other layouts
  /// treat every row alike. A list without sections is one section of ``count`` items.
  /// Setting it sets ``count`` to its number of rows.
  public var sections: SectionIndex {
    get { shape ?? SectionIndex(flat: count) }
    set {
      let rows = newValue.numberOfRows
      shape = newValue.isFlat ? nil : newValue
      count = rows
      if !newValue.isFlat { shape = newValue }
    }
  }
  /// The size of the visible area, finite and not negative.
  ///
  /// - Precondition: set only to a finite size that is not negative.
  public var viewportSize: Size {
    didSet {
      precondition(
        viewportSize.isValid,
        "LayoutContext: viewport size must be finite and ≥ 0, got \(viewportSize)")
    }
  }
  /// The scrolling axis.
  public var axis: Axis
  /// Whether the list ends or loops.
  public var wrapping: Wrapping

  /// Creates a context.
  ///
  /// - Precondition: `count ≥ 0` and `viewportSize` is finite and not negative.
  public init(count: Int, viewportSize: Size, axis: Axis, wrapping: Wrapping) {
    precondition(count >= 0, "LayoutContext: count must be ≥ 0, got \(count)")
    precondition(
      viewportSize.isValid,
      "LayoutContext: viewport size must be finite and ≥ 0, got \(viewportSize)")
    self.count = count
    self.viewportSize = viewportSize
    self.axis = axis
    self.wrapping = wrapping
  }

  /// Creates a context for a sectioned list: ``count`` is the sections' number of rows.
  ///
  /// - Precondition: `viewportSize` is finite and not negative.
  public init(sections: SectionIndex, viewportSize: Size, axis: Axis, wrapping: Wrapping) {
    self.init(
      count: sections.numberOfRows, viewportSize: viewportSize, axis: axis, wrapping: wrapping)
    if !sections.isFlat { shape = sections }
  }

  /// The largest content extent, in points, that the built-in layouts support: 2⁵³, below which
  /// a `Double` holds every integer exactly, so that items a point or more apart never share
  /// an offset. Layouts stop with a precondition naming this limit when `count` items with their
  /// extents and spacing would exceed it.
  public static let maximumContentExtent: Double = 9_007_199_254_740_992

  /// The viewport's length along the main axis.
  @inlinable public var viewportExtent: Double { axis.main(of: viewportSize) }
  /// The viewport's length along the cross axis.
  @inlinable public var crossExtent: Double { axis.cross(of: viewportSize) }
}

/// Padding around a list's content, in axis-relative terms.
///
/// `start` and `end` pad the main axis before the first and after the last item (in cyclic mode,
/// `start` shifts the whole loop and `end` is ignored); `crossStart` and `crossEnd` pad the
/// cross axis.
public struct ContentInsets: Sendable, Hashable {
  /// Space before the first item along the main axis, finite and `≥ 0`.
  public var start: Double {
    didSet { Self.check(start) }
  }
  /// Space after the last item along the main axis (bounded lists only), finite and `≥ 0`.
  public var end: Double {
    didSet { Self.check(end) }
  }
  /// Space before the items along the cross axis, finite and `≥ 0`.
  public var crossStart: Double {
    didSet { Self.check(crossStart) }
  }
  /// Space after the items along the cross axis, finite and `≥ 0`.
  public var crossEnd: Double {
    didSet { Self.check(crossEnd) }
  }

  /// Creates insets.
  ///
  /// - Precondition: every inset is finite and `≥ 0`.
  public init(start: Double = 0, end: Double = 0, crossStart: Double = 0, crossEnd: Double = 0) {
    for value in [start, end, crossStart, crossEnd] { Self.check(value) }
    self.start = start
    self.end = end
    self.crossStart = crossStart
    self.crossEnd = crossEnd
  }

  private static func check(_ value: Double) {
    precondition(
      value.isFinite && value >= 0, "ContentInsets: insets must be finite and ≥ 0, got \(value)")
  }

  /// No insets.
  public static let zero = ContentInsets()

  /// The same inset on every side.
  public static func all(_ value: Double) -> ContentInsets {
    ContentInsets(start: value, end: value, crossStart: value, crossEnd: value)
  }
}

/// Where one virtual index sits, in content coordinates along both axes.
///
/// Content coordinates start at the leading edge of the content (offset 0 is the first point of
/// the content in a bounded list). In cyclic lists slots repeat every ``LayoutPeriod``.
public struct Slot: Sendable, Hashable {
  /// Start of the item along the main axis.
  public var offset: Double
  /// Length of the item along the main axis.
  public var extent: Double
  /// Start of the item along the cross axis.
  public var crossOffset: Double
  /// Length of the item along the cross axis.
  public var crossExtent: Double

  /// Creates a slot.
  @inlinable
  public init(offset: Double, extent: Double, crossOffset: Double, crossExtent: Double) {
    self.offset = offset
    self.extent = extent
    self.crossOffset = crossOffset
    self.crossExtent = crossExtent
  }

  /// End of the item along the main axis.
  @inlinable public var end: Double { offset + extent }
}

/// How a cyclic layout repeats: every `items` virtual indices the slots shift by `extent`.
///
/// For a single-lane layout `items` is the item count; a grid with `lanes` lanes repeats after
/// `lcm(count, lanes)` indices. The virtualizer recentres cyclic offsets by whole periods, so
/// offsets stay small however long a carousel runs.
public struct LayoutPeriod: Sendable, Hashable {
  /// Virtual indices per loop, `≥ 1` when the layout has items.
  public var items: Int
  /// Main-axis length of one loop, `> 0` when the layout has items of positive size.
  public var extent: Double

  /// Creates a period.
  @inlinable
  public init(items: Int, extent: Double) {
    self.items = items
    self.extent = extent
  }
}
