/// What a page indicator (the dots under a banner) shows. Frontends draw it.
///
/// ```swift
/// let indicator = banner.indicator
/// if !indicator.isHidden {
///   for page in 0..<indicator.count {
///     drawDot(page, emphasis: indicator.emphasis(ofPage: page))  // 1 for the current dot
///   }
/// }
/// ```
public struct PageIndicator: Sendable, Hashable {
  /// The number of pages (one per item).
  public var count: Int
  /// The current page: the data index of the centred item, `0` when empty.
  public var current: Int
  /// The continuous position, in `0..<count`: `2.25` is a quarter of the way from page 2 to
  /// page 3. In a cyclic banner it wraps, so `4.5` of 5 pages is half-way from the last page
  /// back to the first.
  public var progress: Double
  /// Whether the banner loops, which makes ``progress`` wrap from the last page to the first.
  public var wraps: Bool

  /// Creates an indicator state.
  public init(count: Int, current: Int, progress: Double, wraps: Bool = true) {
    self.count = count
    self.current = current
    self.progress = progress
    self.wraps = wraps
  }

  /// Hidden when there is nothing to page through: zero or one page.
  public var isHidden: Bool { count <= 1 }

  /// How strongly to draw a dot, in `0...1`: 1 for the page at ``progress``, falling linearly
  /// to 0 one page away, so that dots cross-fade as the banner moves.
  ///
  /// - Complexity: O(1).
  public func emphasis(ofPage page: Int) -> Double {
    guard count > 0 else { return 0 }
    var distance = abs(progress - Double(page))
    if wraps { distance = min(distance, Double(count) - distance) }
    return max(0, 1 - distance)
  }
}
