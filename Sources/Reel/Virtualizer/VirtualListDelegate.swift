/// Hears what a list does: cells appearing and leaving, selection, and scrolling.
///
/// Every method is optional. The list holds its delegate weakly. Display callbacks come during
/// a layout pass: do not reload or update the list from inside them (the list stops with a
/// message if you do); scrolling callbacks come after the pass, where anything is allowed.
public protocol VirtualListDelegate<Cell>: AnyObject {
  /// The frontend's cell type.
  associatedtype Cell: ReusableCell

  /// A cell is about to be displayed for a data index.
  func virtualList(_ list: VirtualList<Cell>, willDisplay cell: Cell, forItemAt index: Int)
  /// A cell left the displayed window; it goes back to its pool.
  func virtualList(_ list: VirtualList<Cell>, didEndDisplaying cell: Cell, forItemAt index: Int)
  /// The item at a data index was selected, by a tap or ``VirtualList/selectItem(at:)-(Point)``.
  func virtualList(_ list: VirtualList<Cell>, didSelectItemAt index: Int)
  /// The content offset changed.
  func virtualListDidScroll(_ list: VirtualList<Cell>)
  /// The user started dragging.
  func virtualListWillBeginDragging(_ list: VirtualList<Cell>)
  /// The user lifted the finger; `targetOffset` is where the motion will rest and may be changed.
  func virtualList(
    _ list: VirtualList<Cell>, willEndDraggingWithVelocity velocity: Double,
    targetOffset: inout Double)
  /// A fling or a snap came to rest.
  func virtualListDidEndDecelerating(_ list: VirtualList<Cell>)
  /// A programmatic animated scroll came to rest.
  func virtualListDidEndScrollingAnimation(_ list: VirtualList<Cell>)
}

extension VirtualListDelegate {
  /// Does nothing.
  public func virtualList(_ list: VirtualList<Cell>, willDisplay cell: Cell, forItemAt index: Int) {
  }
  /// Does nothing.
  public func virtualList(
    _ list: VirtualList<Cell>, didEndDisplaying cell: Cell, forItemAt index: Int
  ) {}
  /// Does nothing.
  public func virtualList(_ list: VirtualList<Cell>, didSelectItemAt index: Int) {}
  /// Does nothing.
  public func virtualListDidScroll(_ list: VirtualList<Cell>) {}
  /// Does nothing.
  public func virtualListWillBeginDragging(_ list: VirtualList<Cell>) {}
  /// Does nothing.
  public func virtualList(
    _ list: VirtualList<Cell>, willEndDraggingWithVelocity velocity: Double,
    targetOffset: inout Double
  ) {}
  /// Does nothing.
  public func virtualListDidEndDecelerating(_ list: VirtualList<Cell>) {}
  /// Does nothing.
  public func virtualListDidEndScrollingAnimation(_ list: VirtualList<Cell>) {}
}
