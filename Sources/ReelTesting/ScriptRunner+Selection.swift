import Reel

/// Selection: items selected and deselected by data index or item path stay selected by
/// identity through reloads, batch updates and snapshots.
extension ScriptRunner {
  func select(_ raw: Int, byPath: Bool, selecting: Bool) {
    guard count > 0 else { return }
    if list.selectionMode != .multiple {
      list.selectionMode = .multiple
      expectedSelection = Set(list.indicesForSelectedItems.compactMap { identity(at: $0) })
    }
    let index: Int
    let path: ItemPath
    if sectioned != nil {
      guard let found = itemPath(raw) else { return }
      path = found
      index = shape.row(of: path)
    } else {
      index = raw.magnitudeModulo(count)
      path = ItemPath(item: index, section: 0)
    }
    let was = list.isItemSelected(at: index)
    let changed: Bool
    switch (selecting, byPath) {
    case (true, true): changed = list.selectItem(at: path)
    case (true, false): changed = list.selectItem(at: index)
    case (false, true): changed = list.deselectItem(at: path)
    case (false, false): changed = list.deselectItem(at: index)
    }
    let now = list.isItemSelected(at: index)
    let call =
      "\(selecting ? "selectItem" : "deselectItem")(at: \(byPath ? "\(path)" : "\(index)"))"
    if now != selecting || changed != (was != selecting) {
      record(
        .selection,
        "\(call) on an item that was \(was ? "" : "not ")selected returned \(changed) and left it "
          + "\(now ? "" : "not ")selected")
    }
    guard let id = identity(at: index) else {
      expectedSelection = nil  // without identities, selection follows indices only
      return
    }
    if selecting {
      expectedSelection?.insert(id)
    } else {
      expectedSelection?.remove(id)
    }
  }

  /// A tap in multiple selection toggles the item.
  func noteTapSelection(_ index: Int) {
    guard expectedSelection != nil, let id = identity(at: index) else { return }
    if list.isItemSelected(at: index) {
      expectedSelection?.insert(id)
    } else {
      expectedSelection?.remove(id)
    }
  }

  /// The selected items are the ones selected, by identity, less those no longer in the data.
  func checkSelection() {
    guard let expected = expectedSelection else { return }
    var present = Set<AnyHashable>()
    for i in 0..<count { if let id = identity(at: i) { present.insert(id) } }
    let kept = expected.intersection(present)
    expectedSelection = kept
    let actual = Set(list.indicesForSelectedItems.compactMap { identity(at: $0) })
    guard actual != kept else { return }
    let lost = kept.subtracting(actual).map { "\($0)" }.sorted().prefix(5)
    let extra = actual.subtracting(kept).map { "\($0)" }.sorted().prefix(5)
    record(
      .selection,
      "the selection lost \(lost.isEmpty ? "nothing" : lost.joined(separator: ", ")) and gained "
        + "\(extra.isEmpty ? "nothing" : extra.joined(separator: ", ")): selected items must stay "
        + "selected by identity through reloads, batch updates and snapshots")
  }
}
