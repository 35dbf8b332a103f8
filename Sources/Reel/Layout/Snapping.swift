/// Where a list comes to rest after a fling or a drag: on an item, aligned to the viewport.
///
/// Like UICollectionViewLayout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`,
/// snapping turns the projected resting offset into the offset of an item. The one-third rule
/// is built in: the list moves on to the neighbour once `threshold` of it (a third by default)
/// would show, in the direction of the motion.
///
/// ```swift
/// list.snapping = Snapping(alignment: .center, threshold: 1.0 / 3, maximumItemsPerFling: 1)
/// ```
public struct Snapping: Sendable, Hashable {
  /// Which edge or centre of an item lines up with the viewport at rest.
  public enum Alignment: Sendable, Hashable {
    /// The item's start sits `inset` points after the viewport's start.
    case start(inset: Double)
    /// The item's centre sits at the viewport's centre.
    case center
    /// The item's end sits `inset` points before the viewport's end.
    case end(inset: Double)
  }

  /// The alignment at rest.
  public var alignment: Alignment
  /// How much of the neighbour, as a fraction of the distance to it in `0...1`, must be
  /// projected into view before the list moves on to it.
  public var threshold: Double
  /// At most this many items per fling, counted from the item at rest when the drag began;
  /// `nil` for no limit.
  public var maximumItemsPerFling: Int?

  /// Creates a snapping rule.
  ///
  /// - Precondition: `threshold` is in `0...1`; `maximumItemsPerFling`, when given, is `≥ 1`.
  public init(
    alignment: Alignment = .center, threshold: Double = 1.0 / 3, maximumItemsPerFling: Int? = nil
  ) {
    precondition(
      threshold >= 0 && threshold <= 1, "Snapping: threshold must be in 0...1, got \(threshold)")
    precondition(
      (maximumItemsPerFling ?? 1) >= 1,
      "Snapping: maximumItemsPerFling must be ≥ 1, got \(String(describing: maximumItemsPerFling))")
    self.alignment = alignment
    self.threshold = threshold
    self.maximumItemsPerFling = maximumItemsPerFling
  }

  /// The content offset at which a slot rests with this alignment.
  @inlinable
  public func restingOffset(for slot: Slot, viewportExtent: Double) -> Double {
    switch alignment {
    case .start(let inset): return slot.offset - inset
    case .center: return slot.offset + slot.extent / 2 - viewportExtent / 2
    case .end(let inset): return slot.end - viewportExtent + inset
    }
  }

  /// The point of the viewport, relative to its start, that lines up with the resting item.
  @inlinable
  public func anchor(viewportExtent: Double) -> Double {
    switch alignment {
    case .start(let inset): return inset
    case .center: return viewportExtent / 2
    case .end(let inset): return viewportExtent - inset
    }
  }
}
