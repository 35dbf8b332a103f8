/// What ``ScrollMotion`` sees of the content it moves: the scrollable range, the viewport, and
/// where items rest. Offsets and indices are virtual (cyclic content repeats them per loop).
///
/// A ``VirtualList`` implements it from its prepared layout; tests implement it with a strip of
/// equal items. Motion never sees the list's window, cells or delegate.
protocol ScrollGeometry {
  /// Whether the content ends (bounded) rather than loops.
  var isBounded: Bool { get }
  /// The number of items (one loop in cyclic content).
  var itemCount: Int { get }
  /// The smallest resting offset (`-infinity` for cyclic content).
  var minimumOffset: Double { get }
  /// The largest resting offset (`+infinity` for cyclic content).
  var maximumOffset: Double { get }
  /// The viewport's length along the main axis.
  var viewportExtent: Double { get }
  /// Where flings come to rest, if the content snaps.
  var snapping: Snapping? { get }

  /// Where snapping content rests for a projected offset and a direction (positive toward later
  /// items, negative toward earlier ones, 0 for the nearest), at most
  /// `snapping.maximumItemsPerFling` items from `startItem`; `nil` when it does not snap or has
  /// no items.
  func snapTarget(projected: Double, direction: Double, startItem: Int?)
    -> (offset: Double, virtualIndex: Int)?

  /// The offset at which a virtual index sits with an alignment, clamped to the scrollable range;
  /// `.nearest` (and `.resting` without snapping) moves least from `base`.
  func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, base: Double)
    -> Double

  /// The main-axis extent of the item at an offset (the step of an arrow key), if there is one.
  func lineExtent(at offset: Double) -> Double?

  /// The point of the content at an offset, as the item there (the next one in spacing, the
  /// nearest one past either end) and the distance from its start; `nil` without items.
  func contentPoint(at offset: Double) -> ContentPoint?

  /// The offset of a point of the content (not clamped); `nil` when it is not known.
  func offset(of point: ContentPoint) -> Double?
}

/// A point of the content that stays put when items before it change extent: an item's virtual
/// index and a distance from its start (negative before it).
struct ContentPoint: Equatable {
  var virtualIndex: Int
  var distance: Double
}

extension ScrollGeometry {
  /// No item positions: `nil`.
  func contentPoint(at offset: Double) -> ContentPoint? { nil }

  /// No item positions: `nil`.
  func offset(of point: ContentPoint) -> Double? { nil }

  /// An offset brought into the scrollable range (unchanged in cyclic content).
  func clamp(_ value: Double) -> Double {
    isBounded ? min(max(value, minimumOffset), maximumOffset) : value
  }

  /// A virtual index brought into `0..<itemCount` in bounded content (unchanged in cyclic
  /// content); `nil` when there are no items.
  func clampedIndex(_ virtualIndex: Int) -> Int? {
    guard itemCount > 0 else { return nil }
    return isBounded ? min(max(virtualIndex, 0), itemCount - 1) : virtualIndex
  }

  /// Whether an offset lies outside the scrollable range (never for cyclic content).
  func isOutside(_ offset: Double) -> Bool {
    isBounded && (offset < minimumOffset || offset > maximumOffset)
  }
}

/// The scrollable range alone: a geometry without items, for the re-aims that ask no more of
/// the content (a motion in flight headed for no item, in content that does not snap: see
/// ``ScrollMotion/reaimNeedsOnlyTheRange``), so that the list need not copy its layout for them.
struct ScrollRange: ScrollGeometry {
  var isBounded: Bool
  /// The largest resting offset (`+infinity` for cyclic content).
  var maximumOffset: Double
  var viewportExtent: Double

  /// No items: a range knows none.
  var itemCount: Int { 0 }
  /// 0 in bounded content, `-infinity` in cyclic content.
  var minimumOffset: Double { isBounded ? 0 : -.infinity }
  /// No snapping: a range stands in only for content that does not snap.
  var snapping: Snapping? { nil }

  func snapTarget(projected: Double, direction: Double, startItem: Int?)
    -> (offset: Double, virtualIndex: Int)?
  { nil }

  /// `base`, clamped: a range knows no item positions.
  func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, base: Double)
    -> Double
  { clamp(base) }

  func lineExtent(at offset: Double) -> Double? { nil }
}
