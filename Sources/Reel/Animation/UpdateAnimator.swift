/// The animation state of a list's surviving and inserted cells: per cell, how far it still is
/// from its slot and since when, and how far it has faded in. Frames are content-space
/// displacements from the cell's current slot, so scrolling, recentring and measurements move
/// an animating cell with its slot.
///
/// The animator knows nothing of cells or layouts: the list captures frames before an update,
/// hands the animator each survivor's captured and new slot, and asks it for the current slot
/// and opacity of a cell when it builds placements.
@usableFromInline
struct UpdateAnimator {
  /// One cell's animation.
  @usableFromInline
  struct Track {
    /// The data index the cell showed when the animation began: a cell reused for another item
    /// does not inherit its animation.
    @usableFromInline var index: Int
    /// Where the cell started relative to its slot (from − to), in content coordinates.
    @usableFromInline var displacement: Slot
    /// When the move began; `nil` until the first tick.
    @usableFromInline var moveStart: ReelInstant?
    /// When the fade-in began, for inserted cells; `nil` when the cell does not fade.
    @usableFromInline var fadeStart: ReelInstant?
    /// Whether the cell fades in.
    @usableFromInline var fades: Bool
  }

  /// The timing.
  @usableFromInline var animation = UpdateAnimation.none
  /// The instant of the last tick: the time every progress is computed at.
  @usableFromInline var now: ReelInstant?
  /// The animating cells, by cell.
  @usableFromInline var tracks: [ObjectIdentifier: Track] = [:]

  @inlinable init() {}

  /// Whether anything animates.
  @inlinable var isAnimating: Bool { !tracks.isEmpty }

  /// The progress of an animation that began at `start` (0 before the first tick).
  @inlinable
  func progress(since start: ReelInstant?) -> Double {
    guard let start, let now else { return 0 }
    return animation.progress(elapsed: Double(now.nanoseconds &- start.nanoseconds) / 1e9)
  }

  /// A cell's current slot and opacity, and its track when it animates; its target slot when
  /// it does not.
  @inlinable
  func current(_ id: ObjectIdentifier, index: Int, slot: Slot) -> (
    slot: Slot, opacity: Double, track: Track?
  ) {
    guard let track = tracks[id], track.index == index else { return (slot, 1, nil) }
    let remaining = 1 - progress(since: track.moveStart)
    let opacity = track.fades ? progress(since: track.fadeStart) : 1
    return (slot.displaced(by: track.displacement, times: remaining), opacity, track)
  }

  /// Starts (or retargets) a cell's move from the slot it is drawn at now to its new slot.
  /// A fade-in in progress continues.
  mutating func move(
    _ id: ObjectIdentifier, index: Int, from: Slot, to: Slot, fadingIn: Bool
  ) {
    let displacement = from.difference(to)
    let previous = tracks[id]
    var fadeStart = now
    var fades = fadingIn
    if let previous, previous.fades {
      fades = true
      fadeStart = previous.fadeStart
    }
    guard !displacement.isZero || fades else {
      tracks[id] = nil
      return
    }
    tracks[id] = Track(
      index: index, displacement: displacement, moveStart: now, fadeStart: fadeStart,
      fades: fades)
  }

  /// Forgets a cell's animation.
  mutating func stop(_ id: ObjectIdentifier) { tracks[id] = nil }

  /// Advances to `now`: animations waiting for their first tick start, finished ones end.
  mutating func advance(to instant: ReelInstant) {
    now = instant
    guard !tracks.isEmpty else { return }
    var finished: [ObjectIdentifier] = []
    for (id, track) in tracks {
      if track.moveStart == nil || (track.fades && track.fadeStart == nil) {
        var started = track
        if started.moveStart == nil { started.moveStart = instant }
        if started.fades && started.fadeStart == nil { started.fadeStart = instant }
        tracks[id] = started
        continue
      }
      if progress(since: track.moveStart) >= 1
        && (!track.fades || progress(since: track.fadeStart) >= 1)
      {
        finished.append(id)
      }
    }
    for id in finished { tracks[id] = nil }
  }
}

extension Slot {
  /// `self − other`, field by field.
  @inlinable
  func difference(_ other: Slot) -> Slot {
    Slot(
      offset: offset - other.offset, extent: extent - other.extent,
      crossOffset: crossOffset - other.crossOffset, crossExtent: crossExtent - other.crossExtent)
  }

  /// `self + delta × factor`, field by field.
  @inlinable
  func displaced(by delta: Slot, times factor: Double) -> Slot {
    Slot(
      offset: offset + delta.offset * factor, extent: extent + delta.extent * factor,
      crossOffset: crossOffset + delta.crossOffset * factor,
      crossExtent: crossExtent + delta.crossExtent * factor)
  }

  /// Whether every field is zero.
  @inlinable var isZero: Bool {
    offset == 0 && extent == 0 && crossOffset == 0 && crossExtent == 0
  }
}
