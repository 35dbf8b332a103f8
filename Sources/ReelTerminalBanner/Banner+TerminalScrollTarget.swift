// ReelTerminalBanner: the glue between ReelBanner and ReelTerminal, so that a terminal list
// alone does not pull in the banner and its image pipeline.
import Reel
import ReelBanner
import ReelTerminal

/// A banner is driven by `TerminalInputRouter` like a list, but through the banner's own
/// input methods, so that autoplay knows about drags, wheel notches and keys: it pauses while
/// the pointer is held and waits a full interval after the banner settles.
///
/// A click selects the card under the pointer with `Banner.tap(at:)`, which also calls the
/// banner's `onSelect`; the router reports it as `TerminalRoutedInput.selected(_:index:)`.
///
/// ```swift
/// let banner = Banner<Card>(layout: PagingLayout(insets: 2, spacing: 1))
/// banner.viewportSize = renderer.viewportSize
/// banner.onSelect = { page in open(page) }
/// let id = router.add(banner, region: renderer.region)
/// ```
extension Banner: TerminalScrollTarget {
  /// Selects the card under a viewport point through `tap(at:)` (which calls `onSelect`).
  ///
  /// - Returns: the card's data index, or `nil` when no card is under the point.
  /// - Complexity: O(w) for w displayed cells.
  @discardableResult
  public func selectItem(at point: Point) -> Int? {
    tap(at: point)
  }
}
