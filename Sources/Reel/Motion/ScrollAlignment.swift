/// Where an item should sit in the viewport after ``VirtualList/scrollToItem(at:alignment:animated:)-(Int,_,_)``.
public enum ScrollAlignment: Sendable, Hashable {
  /// The item's start at the viewport's start.
  case start
  /// The item's centre at the viewport's centre.
  case center
  /// The item's end at the viewport's end.
  case end
  /// The least movement that shows the whole item; none when it is already fully visible.
  case nearest
  /// The list's resting alignment: its snapping alignment when it snaps, else `nearest`.
  case resting
}
