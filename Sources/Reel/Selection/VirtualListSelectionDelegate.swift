/// A delegate that can allow or veto selection changes the user makes, and hears deselections.
///
/// Adopt it instead of ``VirtualListDelegate`` (it refines it); every method is optional. The
/// list asks it for taps (``VirtualList/selectItem(at:)-(Point)``) and keyboard activation
/// (``VirtualList/activateFocusedItem()``); programmatic calls such as
/// ``VirtualList/selectItem(at:)-(Int)`` change the selection without asking, as UIKit's do.
///
/// ```swift
/// extension Inbox: VirtualListSelectionDelegate {
///   func virtualList(_ list: VirtualList<Row>, shouldSelectItemAt index: Int) -> Bool {
///     !messages[index].isLocked
///   }
/// }
/// ```
public protocol VirtualListSelectionDelegate<Cell>: VirtualListDelegate {
  /// Whether the user may select the item at a data index (default `true`).
  func virtualList(_ list: VirtualList<Cell>, shouldSelectItemAt index: Int) -> Bool
  /// Whether the user may deselect the item at a data index (default `true`).
  func virtualList(_ list: VirtualList<Cell>, shouldDeselectItemAt index: Int) -> Bool
  /// The user deselected the item at a data index (or selecting another replaced it).
  func virtualList(_ list: VirtualList<Cell>, didDeselectItemAt index: Int)
  /// Whether a pointer going down on the item may highlight it (default `true`).
  func virtualList(_ list: VirtualList<Cell>, shouldHighlightItemAt index: Int) -> Bool
}

extension VirtualListSelectionDelegate {
  /// Allows it.
  public func virtualList(_ list: VirtualList<Cell>, shouldSelectItemAt index: Int) -> Bool {
    true
  }
  /// Allows it.
  public func virtualList(_ list: VirtualList<Cell>, shouldDeselectItemAt index: Int) -> Bool {
    true
  }
  /// Does nothing.
  public func virtualList(_ list: VirtualList<Cell>, didDeselectItemAt index: Int) {}
  /// Allows it.
  public func virtualList(_ list: VirtualList<Cell>, shouldHighlightItemAt index: Int) -> Bool {
    true
  }
}
