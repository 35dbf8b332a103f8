import Reel

/// Something the terminal's pointer and keys can move: a `VirtualList`, or a client
/// built on one such as a banner carousel.
///
/// ``TerminalInputRouter`` drives targets through this protocol, in viewport points and with
/// timestamps from the frame clock. `VirtualList` conforms; conform your own client by
/// forwarding to its list.
///
/// ```swift
/// extension Carousel: TerminalScrollTarget {
///   func beginDrag(at point: Point, time: ReelInstant) { list.beginDrag(at: point, time: time) }
///   // …
/// }
/// ```
public protocol TerminalScrollTarget: AnyObject {
  /// A pointer went down at a viewport point.
  func beginDrag(at point: Point, time: ReelInstant)
  /// The pointer moved while held.
  func drag(to point: Point, time: ReelInstant)
  /// The pointer was released; `velocity` `nil` lets the target estimate the fling.
  func endDrag(at time: ReelInstant, velocity: Double?)
  /// A wheel notch moved the content by `delta` points towards later items.
  func scroll(byWheel delta: Double, time: ReelInstant)
  /// A navigation key; returns whether the target moved.
  @discardableResult func handle(_ key: NavigationKey) -> Bool
  /// A click (press and release without dragging) at a viewport point; returns the selected
  /// data index, or `nil` when nothing is there.
  @discardableResult func selectItem(at point: Point) -> Int?
}
