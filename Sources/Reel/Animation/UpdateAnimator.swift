/// The item animator: where each window cell travels and fades after an animated batch update.
///
/// It keeps one track per animating cell, keyed by the cell's identity: where the cell started
/// relative to its slot and when its move and its fade-in began. Every progress is the update
/// animation's curve evaluated at the last tick (``advance(to:)``), so frame rate never changes
/// a path. It holds no cells and calls nobody: the list asks it how a cell is drawn
/// (``animation(of:index:)``) and tells it when cells start, stop or leave.
@usableFromInline
struct UpdateAnimator {
  /// One animating cell: where it started relative to its slot and since when it moves and
  /// fades in.
  @usableFromInline
  struct Track {
    /// The cell this track animates.
    @usableFromInline var id: ObjectIdentifier
    /// The item the cell showed when the track started: a cell rebound to another item since
    /// (by a reload) no longer animates.
    @usableFromInline var index: Int
    /// Where the cell started relative to its slot (from − to), in content coordinates.
    @usableFromInline var displacement: Slot
    /// When the move started; `nil` until the first tick after it was asked for.
    @usableFromInline var moveStart: ReelInstant?
    /// When the fade-in started; `nil` until the first tick after it was asked for.
    @usableFromInline var fadeStart: ReelInstant?
    /// Whether the cell fades in.
    @usableFromInline var fades: Bool
    /// The move's progress at the last tick.
    @usableFromInline var moveProgress = 0.0
    /// The fade-in's progress at the last tick (1 when the cell does not fade in).
    @usableFromInline var fadeProgress = 1.0
  }

  /// How updates animate.
  @usableFromInline var animation = UpdateAnimation.none
  /// The instant of the last tick; `nil` before the first.
  @usableFromInline var now: ReelInstant?
  /// The tracks, ascending by cell identity.
  @usableFromInline var tracks: ContiguousArray<Track> = []

  @inlinable init() {}

  /// Whether any cell of the window animates.
  @inlinable var isAnimating: Bool { !tracks.isEmpty }

  /// The curve's progress at the last tick for an animation that started at `start`: 0 before
  /// the first tick or while `start` is not set, 1 once it ended.
  @usableFromInline
  func progress(since start: ReelInstant?) -> Double {
    guard let start, let now else { return 0 }
    return animation.progress(elapsed: Double(now.nanoseconds &- start.nanoseconds) / 1e9)
  }

  /// Whether an animation that started at `start` has ended at the last tick.
  @usableFromInline
  func hasEnded(since start: ReelInstant?) -> Bool {
    guard let start, let now else { return false }
    return animation.hasEnded(elapsed: Double(now.nanoseconds &- start.nanoseconds) / 1e9)
  }

  /// The position of `id`'s track, or where it would be inserted.
  ///
  /// - Complexity: O(log k) for k tracks.
  @usableFromInline
  func lowerBound(of id: ObjectIdentifier) -> Int {
    var low = 0
    var high = tracks.count
    while low < high {
      let middle = (low &+ high) >> 1
      if tracks[middle].id < id { low = middle &+ 1 } else { high = middle }
    }
    return low
  }

  /// The position of `id`'s track, if it has one.
  ///
  /// - Complexity: O(log k) for k tracks.
  @usableFromInline
  func position(of id: ObjectIdentifier) -> Int? {
    let position = lowerBound(of: id)
    return position < tracks.count && tracks[position].id == id ? position : nil
  }

  /// How the cell `id`, showing item `index`, is drawn at the last tick.
  ///
  /// - Complexity: O(log k) for k tracks.
  @usableFromInline
  func animation(of id: ObjectIdentifier, index: Int) -> WindowAnimation {
    guard let position = position(of: id), tracks[position].index == index else { return .rest }
    let track = tracks[position]
    return WindowAnimation(
      displacement: track.displacement, moveProgress: track.moveProgress,
      fadeProgress: track.fadeProgress, kind: track.fades ? .appear : .move)
  }

  /// Starts (or restarts) the cell `id` travelling from `from` to `to`, fading in when
  /// `fadingIn`. A cell that was fading in keeps fading from where it is; a cell with nowhere
  /// to go and nothing to fade stops animating.
  ///
  /// - Complexity: O(k) for k tracks.
  @usableFromInline
  mutating func move(
    _ id: ObjectIdentifier, index: Int, from: Slot, to: Slot, fadingIn: Bool
  ) {
    // A new move starts at the next tick: the last one may be long past when the list idled.
    var track = Track(
      id: id, index: index, displacement: from.difference(to), moveStart: nil, fadeStart: nil,
      fades: fadingIn)
    let insertion = lowerBound(of: id)
    let exists = insertion < tracks.count && tracks[insertion].id == id
    if exists, tracks[insertion].fades {
      track.fades = true
      track.fadeStart = tracks[insertion].fadeStart
      track.fadeProgress = tracks[insertion].fadeProgress
    } else if fadingIn {
      track.fadeProgress = 0
    }
    switch (track.displacement.isZero && !track.fades, exists) {
    case (true, true): tracks.remove(at: insertion)
    case (true, false): break
    case (false, true): tracks[insertion] = track
    case (false, false): tracks.insert(track, at: insertion)
    }
  }

  /// Stops animating the cell `id`: it is drawn at its slot.
  ///
  /// - Complexity: O(k) for k tracks.
  @usableFromInline
  mutating func stop(_ id: ObjectIdentifier) {
    if let position = position(of: id) { tracks.remove(at: position) }
  }

  /// Stops every animation at once.
  @usableFromInline
  mutating func stopAll() {
    tracks.removeAll(keepingCapacity: true)
  }

  /// Moves the animations to `instant`: tracks that waited for a tick start now, each track's
  /// progress is evaluated at `instant`, and those whose move and fade both ended are dropped.
  ///
  /// - Complexity: O(k) for k tracks; the curve is evaluated once per distinct start in a row
  ///   (the tracks of one update share their start).
  @usableFromInline
  mutating func advance(to instant: ReelInstant) {
    now = instant
    guard !tracks.isEmpty else { return }
    var last: (start: ReelInstant, progress: Double)?
    func progress(since start: ReelInstant) -> Double {
      if let last, last.start == start { return last.progress }
      let value = self.progress(since: start)
      last = (start, value)
      return value
    }
    var kept = 0
    for position in tracks.indices {
      var track = tracks[position]
      let moveStart = track.moveStart ?? instant
      track.moveStart = moveStart
      track.moveProgress = progress(since: moveStart)
      if track.fades {
        let fadeStart = track.fadeStart ?? instant
        track.fadeStart = fadeStart
        track.fadeProgress = progress(since: fadeStart)
      }
      if track.moveProgress >= 1 && track.fadeProgress >= 1 { continue }
      tracks[kept] = track
      kept &+= 1
    }
    tracks.removeLast(tracks.count &- kept)
  }
}

/// A window cell's animation as a placement reads it.
@usableFromInline
struct WindowAnimation {
  /// What the cell does.
  @usableFromInline
  enum Kind: UInt8 {
    /// At its slot.
    case rest
    /// Travelling to its slot.
    case move
    /// Fading in (and possibly travelling).
    case appear
  }

  /// Where the cell started relative to its slot (from − to), in content coordinates.
  @usableFromInline var displacement: Slot
  /// The move's progress at the last tick.
  @usableFromInline var moveProgress: Double
  /// The fade-in's progress at the last tick: the opacity (1 when the cell does not fade).
  @usableFromInline var fadeProgress: Double
  @usableFromInline var kind: Kind

  @inlinable
  init(displacement: Slot, moveProgress: Double, fadeProgress: Double, kind: Kind) {
    self.displacement = displacement
    self.moveProgress = moveProgress
    self.fadeProgress = fadeProgress
    self.kind = kind
  }

  /// A cell at rest.
  @inlinable static var rest: WindowAnimation {
    WindowAnimation(
      displacement: Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0), moveProgress: 1,
      fadeProgress: 1, kind: .rest)
  }
}

extension Slot {
  /// The slot minus `other`, coordinate by coordinate.
  @inlinable
  func difference(_ other: Slot) -> Slot {
    Slot(
      offset: offset - other.offset, extent: extent - other.extent,
      crossOffset: crossOffset - other.crossOffset, crossExtent: crossExtent - other.crossExtent)
  }

  /// The slot plus `delta` times `factor`, coordinate by coordinate.
  @inlinable
  func displaced(by delta: Slot, times factor: Double) -> Slot {
    Slot(
      offset: offset + delta.offset * factor, extent: extent + delta.extent * factor,
      crossOffset: crossOffset + delta.crossOffset * factor,
      crossExtent: crossExtent + delta.crossExtent * factor)
  }

  /// Whether every coordinate is 0.
  @inlinable var isZero: Bool {
    offset == 0 && extent == 0 && crossOffset == 0 && crossExtent == 0
  }
}
