import Reel
import ReelTerminal

/// The contacts take the router's input through the pane, which forwards it to the list, so
/// that a click on the pinned header selects the header, not the row that has slid under it:
/// the list's own hit test takes the first placement under the point, in window order, while
/// the pinned header is drawn last, on top.
extension ContactsPane: TerminalScrollTarget {
  func beginDrag(at point: Point, time: ReelInstant) { list.beginDrag(at: point, time: time) }

  func drag(to point: Point, time: ReelInstant) { list.drag(to: point, time: time) }

  func endDrag(at time: ReelInstant, velocity: Double?) {
    list.endDrag(at: time, velocity: velocity)
  }

  func scroll(byWheel delta: Double, time: ReelInstant) {
    list.scroll(byWheel: delta, time: time)
  }

  @discardableResult func handle(_ key: NavigationKey) -> Bool { list.handle(key) }

  /// The row drawn on top at the point: the pinned header where it covers a row.
  @discardableResult func selectItem(at point: Point) -> Int? {
    list.placements.last { $0.frame.contains(point) }?.index
  }
}
