import Reel

extension Banner {
  /// Whether the user can move the banner: it has at least two items.
  public var isScrollEnabled: Bool { list.numberOfItems >= 2 }

  /// A finger or pointer went down: any motion stops and the banner follows it. Autoplay pauses
  /// until the banner has settled again, then waits a full interval.
  ///
  /// Ignored when the banner has fewer than two items.
  public func beginDrag(at point: Point, time: ReelInstant) {
    guard isScrollEnabled else { return }
    userInteracted()
    lastTime = time
    list.beginDrag(at: point, time: time)
  }

  /// The pointer moved during a drag.
  public func drag(to point: Point, time: ReelInstant) {
    lastTime = time
    list.drag(to: point, time: time)
  }

  /// The pointer was lifted: the banner flings and comes to rest on an item, at most one item
  /// away from where the drag began (paging).
  ///
  /// - Parameters:
  ///   - time: when the pointer was lifted, on the frame clock.
  ///   - velocity: the release velocity in content points per second; `nil` estimates it from
  ///     the drag.
  public func endDrag(at time: ReelInstant, velocity: Double? = nil) {
    lastTime = time
    list.endDrag(at: time, velocity: velocity)
  }

  /// Wheel or trackpad input; the banner settles on an item once it pauses.
  ///
  /// Ignored when the banner has fewer than two items.
  public func scroll(byWheel delta: Double, time: ReelInstant) {
    guard isScrollEnabled else { return }
    userInteracted()
    lastTime = time
    list.scroll(byWheel: delta, time: time)
  }

  /// A tap or click at a point in viewport coordinates: selects the item under it and calls
  /// ``onSelect`` (and the list delegate's `didSelectItemAt`) with its data index, which is
  /// right also at the seam of a cyclic banner.
  ///
  /// - Returns: the selected data index, or `nil` when no item is under the point.
  /// - Complexity: O(w) for w displayed cells.
  @discardableResult
  public func tap(at point: Point) -> Int? {
    guard let index = list.selectItem(at: point) else { return nil }
    onSelect?(index)
    return index
  }

  /// Handles a banner key: one item back or forward (animated unless motion is reduced), or
  /// toggles autoplay. Returns whether the key did something.
  @discardableResult
  public func handle(_ key: BannerKey) -> Bool {
    switch key {
    case .previous: return step(by: -1, animated: reducedMotion.animates)
    case .next: return step(by: 1, animated: reducedMotion.animates)
    case .togglePlayback:
      guard autoplay.isEnabled else { return false }
      togglePlayback()
      return true
    }
  }

  /// Handles a list navigation key: backward and forward move one item, page keys move by the
  /// items visible at once, home and end go to the first and last items.
  @discardableResult
  public func handle(_ key: NavigationKey) -> Bool {
    let count = list.numberOfItems
    guard count >= 2 else { return false }
    let perPage = max(1, list.visibleIndices.count - 1)
    switch key {
    case .backward: return handle(BannerKey.previous)
    case .forward: return handle(BannerKey.next)
    case .pageBackward: return step(by: -perPage, animated: reducedMotion.animates)
    case .pageForward: return step(by: perPage, animated: reducedMotion.animates)
    case .home, .end:
      scrollToPage(key == .home ? 0 : count - 1, animated: true)
      return true
    }
  }
}
