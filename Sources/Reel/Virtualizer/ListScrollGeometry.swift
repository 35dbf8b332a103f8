/// A list's content as its motion sees it: a copy of the prepared layout with the list's count,
/// wrapping, viewport extent and effective snapping — never the window, the cells or the
/// delegate.
///
/// Built for the length of one motion call. Not generic over the list's cell type, so building
/// it looks up no metadata; the layout's methods run on the copy, outside any access to the
/// list's state.
struct ListScrollGeometry: ScrollGeometry {
  /// The layout and the figures the snapping and alignment math works in.
  var track: ScrollTrack
  var snapping: Snapping?

  var isBounded: Bool { track.wrapping == .bounded }
  var itemCount: Int { track.count }
  var minimumOffset: Double { track.minimumOffset }
  var maximumOffset: Double { track.maximumOffset }
  var viewportExtent: Double { track.viewportExtent }

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
    guard track.count > 0 else { return nil }
    // The item under the offset, or the next one when the offset falls in spacing.
    let v = track.layout.indices(intersecting: offset..<offset.nextUp).lowerBound
    guard track.wrapping == .cyclic || (v >= 0 && v < track.count) else { return nil }
    return track.layout.slot(at: v).extent
  }

  func contentPoint(at offset: Double) -> ContentPoint? {
    guard track.count > 0 else { return nil }
    var v = track.layout.indices(intersecting: offset..<offset.nextUp).lowerBound
    if track.wrapping == .bounded { v = min(max(v, 0), track.count - 1) }
    return ContentPoint(virtualIndex: v, distance: offset - track.layout.slot(at: v).offset)
  }

  func offset(of point: ContentPoint) -> Double? {
    guard track.count > 0 else { return nil }
    var v = point.virtualIndex
    if track.wrapping == .bounded { v = min(max(v, 0), track.count - 1) }
    return track.layout.slot(at: v).offset + point.distance
  }
}
