/// A list's content as its motion sees it: read from the prepared layout and the list's
/// settings, never from the window, the cells or the delegate.
///
/// Built for the length of one motion call (it holds the list without retaining it), so a tick
/// that only follows a curve never touches the layout.
struct ListScrollGeometry<Cell: ReusableCell>: ScrollGeometry {
  unowned(unsafe) let list: VirtualList<Cell>

  var isBounded: Bool { list.wrapping == .bounded }
  var itemCount: Int { list.count }
  var minimumOffset: Double { list.minimumOffset }
  var maximumOffset: Double { list.maximumOffset }
  var viewportExtent: Double { list.viewportExtent }
  var snapping: Snapping? { list.effectiveSnapping }

  /// The layout and figures the snapping and alignment math works in (the layout is copied out
  /// of the list's state, so its methods run outside any access to it).
  var track: ScrollTrack {
    ScrollTrack(
      layout: list.layoutStorage, count: list.count, wrapping: list.wrapping,
      viewportExtent: list.viewportExtent)
  }

  func snapTarget(projected: Double, direction: Double, startItem: Int?)
    -> (offset: Double, virtualIndex: Int)?
  {
    guard let snapping else { return nil }
    return snapping.target(
      projected: projected, direction: direction, startItem: startItem, in: track)
  }

  func targetOffset(forVirtualIndex virtualIndex: Int, alignment: ScrollAlignment, base: Double)
    -> Double
  {
    alignment.offset(ofVirtualIndex: virtualIndex, in: track, base: base, snapping: snapping)
  }

  func lineExtent(at offset: Double) -> Double? {
    let track = track
    guard track.count > 0 else { return nil }
    // The item under the offset, or the next one when the offset falls in spacing.
    let v = track.layout.indices(intersecting: offset..<offset.nextUp).lowerBound
    guard track.wrapping == .cyclic || (v >= 0 && v < track.count) else { return nil }
    return track.layout.slot(at: v).extent
  }
}
