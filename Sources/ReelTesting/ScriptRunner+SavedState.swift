import Foundation
import Reel

/// Saved state: a `ScrollState` round-tripped through JSON restores the same placements into a
/// fresh list with the same data, keeps the anchor item by identity after the data changed, and
/// falls back to the top with the documented error for a list of another shape.
extension ScriptRunner {
  func saveRestore(_ kind: Int) {
    guard sectioned == nil, count > 0, list.viewportExtent > 0 else { return }
    if list.isMoving || list.isAnimatingUpdates || list.scrollPhase != .idle {
      list.settle(clock: clock)
    }
    let saved = list.scrollState
    let state: ScrollState
    do {
      state = try JSONDecoder().decode(ScrollState.self, from: JSONEncoder().encode(saved))
    } catch {
      record(.savedState, "ScrollState did not round-trip through JSON: \(error)")
      return
    }
    if state != saved {
      record(.savedState, "ScrollState changed through JSON: \(saved) became \(state)")
      return
    }
    guard options.listFeatures else { return }
    let items = (0..<count).map { identity(at: $0) }
    switch kind {
    case 0: restoreSame(state, items)
    case 1: restoreChanged(state, items)
    default: restoreOtherShape(state, items)
    }
  }

  /// A fresh list of the same layout (measurements forgotten: the state brings them back).
  func freshTwin(_ items: [AnyHashable?], axis: Axis? = nil) -> (
    VirtualList<RecordingCell>, TwinDataSource
  ) {
    var layout = list.layout
    if var variable = layout as? VariableLayout {
      variable.forgetMeasurements()
      layout = variable
    }
    let twin = VirtualList<RecordingCell>(
      layout: layout, axis: axis ?? list.axis, wrapping: list.wrapping, overscan: list.overscan)
    twin.register("cell") { RecordingCell() }
    let data = TwinDataSource(items)
    twin.dataSource = data
    twin.viewportSize = list.viewportSize
    if list.anchoring == .end && list.wrapping == .bounded { twin.anchoring = .end }
    twin.layoutIfNeeded()
    return (twin, data)
  }

  func restoreSame(_ state: ScrollState, _ items: [AnyHashable?]) {
    let (twin, data) = freshTwin(items)
    do {
      try twin.restoreScrollState(state)
    } catch {
      record(.savedState, "restoring into a list of the same shape threw: \(error)")
      return
    }
    let expected = framesByIndex(list.placements)
    // The fresh list builds its measured extents' sums anew, possibly in another order, so an
    // item may move by a rounding: one that started exactly at the viewport's edge can then be
    // visible in one list and not in the other, and the overscan end one item apart.
    let viewport = Rect(
      x: 0, y: 0, width: list.viewportSize.width, height: list.viewportSize.height)
    if let index = firstDifference(
      expected, framesByIndex(twin.placements), allowingOverscanTiesIn: viewport)
    {
      record(
        .savedState,
        "restored into a fresh list with the same data, item \(index) is drawn at "
          + "\(framesByIndex(twin.placements)[index] ?? []), not at \(expected[index] ?? [])")
    }
    withExtendedLifetime(data) {}
    // Restoring into the list itself changes nothing.
    do {
      try list.restoreScrollState(state)
    } catch {
      record(.savedState, "restoring a list's own state threw: \(error)")
      return
    }
    if let index = firstDifference(expected, framesByIndex(list.placements)) {
      record(
        .savedState,
        "restoring the list's own state moved item \(index) from \(expected[index] ?? []) to "
          + "\(framesByIndex(list.placements)[index] ?? [])")
    }
  }

  func restoreChanged(_ state: ScrollState, _ items: [AnyHashable?]) {
    guard state.anchorIndex < items.count, let identity = items[state.anchorIndex] else { return }
    guard state.anchorIdentifier?.identity == identity else {
      record(
        .savedState,
        "the anchor item's identity \(identity) is not kept by ScrollState (only String and Int "
          + "identities are): after a data change the restored list shows another item there")
      return
    }
    // Three new items before the anchor, and the last item gone unless it is the anchor.
    var changed = items
    changed.insert(contentsOf: (0..<3).map { AnyHashable("saved-state-new-\($0)") }, at: 0)
    if state.anchorIndex != items.count - 1 { changed.removeLast() }
    let (twin, data) = freshTwin(changed)
    do {
      try twin.restoreScrollState(state)
    } catch {
      record(.savedState, "restoring after a data change threw: \(error)")
      return
    }
    twin.layoutIfNeeded()
    defer { withExtendedLifetime(data) {} }
    let index = state.anchorIndex + 3
    if state.isAtEnd && twin.anchoring == .end {
      if !twin.isAtEnd {
        record(.savedState, "a state saved at the end of an end-anchored list restored off the end")
      }
      return
    }
    let offset = twin.contentOffset
    let clamped =
      twin.wrapping == .bounded
      && (offset <= twin.minimumOffset + epsilon || offset >= twin.maximumOffset - epsilon)
    guard !clamped else { return }
    let layout = twin.layout
    // In a cyclic list every copy of the anchor stands for it: one a whole number of loops
    // (the layout's period) from the saved start is the anchor kept, and when the loop is
    // shorter than the viewport, the copy at the saved start itself may be outside the window.
    let loop = twin.wrapping == .cyclic ? layout.period.extent : 0
    func atSavedPosition(_ v: Int) -> Bool {
      var off = layout.slot(at: v).offset - offset - state.anchorPosition
      if loop > 0 { off -= (off / loop).rounded() * loop }
      return abs(off) <= epsilon * 10
    }
    var kept = twin.placements.contains { $0.index == index && atSavedPosition($0.virtualIndex) }
    if !kept, let first = twin.placements.map(\.virtualIndex).min() {
      // The measurements stay behind when the data changed: an anchor that started above the
      // viewport and is shorter at its estimate can end above it, at its saved start but not
      // drawn. Its copy just before the first drawn item (the same index when bounded).
      let n = twin.numberOfItems
      let v = twin.wrapping == .cyclic ? first - 1 - ((first - 1 - index) % n + n) % n : index
      kept = v < first && atSavedPosition(v) && layout.slot(at: v).end - offset <= epsilon * 10
    }
    if !kept, twin.placements.isEmpty {
      // A viewport that draws nothing — it falls in the gap between items, as a viewport
      // narrower than the spacing of pages that have no extent left does — saved the anchor
      // undrawn, where it was: the restore puts it there again, undrawn.
      kept = atSavedPosition(index)
    }
    if !kept, twin.wrapping == .bounded {
      // An anchor saved below a viewport that showed only the leading inset (no cell was
      // drawn) is restored there, below the viewport again.
      kept = atSavedPosition(index) && state.anchorPosition >= twin.viewportExtent - epsilon
    }
    if !kept, twin.wrapping == .bounded, state.anchorIndex == items.count - 1 {
      // Symmetrically, a viewport that showed only the space after the last item (the gap and
      // the trailing inset) saves that item where it is, ending at or above the top: no item
      // follows it to draw, and the restore puts it there again, above the viewport.
      kept = atSavedPosition(index) && layout.slot(at: index).end - offset <= epsilon * 10
    }
    if !kept {
      record(
        .savedState,
        "restored after 3 items were inserted before it, the anchor item \(identity) (now index "
          + "\(index)) is not at its saved position \(state.anchorPosition)")
    }
  }

  func restoreOtherShape(_ state: ScrollState, _ items: [AnyHashable?]) {
    let other: Axis = list.axis == .vertical ? .horizontal : .vertical
    let (twin, data) = freshTwin(items, axis: other)
    defer { withExtendedLifetime(data) {} }
    // Away from the top, so that falling back to it shows.
    let away = twin.wrapping == .cyclic ? twin.viewportExtent : twin.maximumOffset / 2
    twin.setContentOffset(away, animated: false)
    twin.layoutIfNeeded()
    do {
      try twin.restoreScrollState(state)
      record(
        .savedState, "a state of a \(list.axis) list restored into a \(other) one without an error")
    } catch {
      let message = "\(error)"
      if case .shapeMismatch = error, message.contains("another list shape"),
        message.contains("scrolled to its top")
      {
      } else {
        record(
          .savedState, "restoring into another list shape threw an undocumented error: \(message)")
      }
    }
    twin.layoutIfNeeded()
    let top = twin.wrapping == .bounded ? min(max(0, twin.minimumOffset), twin.maximumOffset) : 0
    if abs(twin.contentOffset - top) > epsilon {
      record(
        .savedState,
        "after a state of another shape was refused the list is at \(twin.contentOffset), not at "
          + "its top \(top)")
    }
  }

  /// Frames by data index.
  func framesByIndex<C>(_ placements: Placements<C>) -> [Int: [Rect]] {
    var frames: [Int: [Rect]] = [:]
    for p in placements where !p.isPinned && !p.isDeparting {
      frames[p.index, default: []].append(p.frame)
    }
    return frames
  }

  /// The first data index drawn differently, if any. With a viewport, an item drawn in only
  /// one of the two, outside the viewport, is not a difference when some item of either starts
  /// or ends within the tolerance of the viewport's edge: that tie decides by a rounding
  /// whether the item beside it is visible, and so where the overscan ends.
  func firstDifference(
    _ a: [Int: [Rect]], _ b: [Int: [Rect]], allowingOverscanTiesIn viewport: Rect? = nil
  ) -> Int? {
    let tolerance = epsilon * 10
    func same(_ x: [Rect], _ y: [Rect]) -> Bool {
      guard x.count == y.count else { return false }
      return zip(x.sorted(by: drawnBefore), y.sorted(by: drawnBefore)).allSatisfy {
        abs($0.minX - $1.minX) <= tolerance && abs($0.minY - $1.minY) <= tolerance
          && abs($0.width - $1.width) <= tolerance && abs($0.height - $1.height) <= tolerance
      }
    }
    func outside(_ frame: Rect, _ viewport: Rect) -> Bool {
      frame.maxX <= viewport.minX + tolerance || frame.minX >= viewport.maxX - tolerance
        || frame.maxY <= viewport.minY + tolerance || frame.minY >= viewport.maxY - tolerance
    }
    func atAnEdge(_ frame: Rect, _ viewport: Rect) -> Bool {
      [frame.minX, frame.maxX].contains {
        abs($0 - viewport.minX) <= tolerance || abs($0 - viewport.maxX) <= tolerance
      }
        || [frame.minY, frame.maxY].contains {
          abs($0 - viewport.minY) <= tolerance || abs($0 - viewport.maxY) <= tolerance
        }
    }
    // Whether an item of either list is at the viewport's edge: looked for once, at the first
    // difference that the allowance could excuse.
    lazy var tie =
      viewport.map { viewport in
        a.values.joined().contains { atAnEdge($0, viewport) }
          || b.values.joined().contains { atAnEdge($0, viewport) }
      } ?? false
    return Set(a.keys).union(b.keys).sorted().first { index in
      let x = a[index] ?? []
      let y = b[index] ?? []
      if same(x, y) { return false }
      guard let viewport, x.isEmpty || y.isEmpty, tie else { return true }
      return !(x + y).allSatisfy { outside($0, viewport) }
    }
  }
}

/// Orders frames top to bottom, then left to right.
func drawnBefore(_ a: Rect, _ b: Rect) -> Bool { (a.minY, a.minX) < (b.minY, b.minX) }

/// The data of a list, by identity, for the fresh lists the saved-state checks restore into.
final class TwinDataSource: VirtualListDataSource {
  let items: [AnyHashable?]
  let indexOf: [AnyHashable: Int]

  init(_ items: [AnyHashable?]) {
    self.items = items
    var index: [AnyHashable: Int] = [:]
    for (i, item) in items.enumerated() { if let item, index[item] == nil { index[item] = i } }
    indexOf = index
  }

  func numberOfItems(in list: VirtualList<RecordingCell>) -> Int { items.count }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt index: Int) -> RecordingCell {
    list.dequeueReusableCell(withReuseIdentifier: "cell", for: index)
  }

  func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt index: Int)
    -> AnyHashable?
  { items[index] }

  func virtualList(
    _ list: VirtualList<RecordingCell>, indexForItemWithIdentifier identifier: AnyHashable
  ) -> Int? { indexOf[identifier] }
}
