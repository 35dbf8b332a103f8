import Reel
import ReelTerminal

extension ListPane {
  /// The keys of the list's focus and selection: the arrows along the list's axis move the
  /// focus (the first press focuses the row at the top; PgUp, PgDn, Home and End then move it
  /// too, through the list's own key handling); with a row focused, Space and Enter select or
  /// deselect it and Esc drops the focus. Returns whether the key was one of them: without a
  /// focused row, Space and Enter are the banner's.
  func handleFocusKey(_ key: Key) -> Bool {
    let vertical = list.axis == .vertical
    switch key {
    case .up where vertical: moveFocus(.up)
    case .down where vertical: moveFocus(.down)
    case .left where !vertical: moveFocus(.left)
    case .right where !vertical: moveFocus(.right)
    case .character(" ") where list.focusedIndex != nil, .enter where list.focusedIndex != nil:
      list.activateFocusedItem()
    case .escape where list.focusedIndex != nil: list.focusedIndex = nil
    default: return false
    }
    return true
  }

  /// What a clicked row shows on the message line.
  func describe(_ index: Int) -> String {
    let id = order.id(at: index)
    let state =
      list.selectionMode == .none
      ? "Opened" : list.isItemSelected(at: index) ? "Selected" : "Deselected"
    return "\(state) \(DemoRows.title(id)) — \(DemoRows.subtitle(id))"
  }
}
