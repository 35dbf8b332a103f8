import CReelSupport

/// The animation state of a list's surviving and inserted cells: per cell, how far it still is
/// from its slot and since when, and how far it has faded in. Frames are content-space
/// displacements from the cell's current slot, so scrolling, recentring and measurements move
/// an animating cell with its slot.
///
/// The animator knows nothing of cells or layouts: the list captures frames before an update,
/// hands the animator each survivor's captured and new slot, and asks it for the current slot
/// and opacity of a cell when it builds placements.
///
/// Per frame it costs no allocation and no hashing: the tracks are an array sorted by cell, found
/// by binary search (or by the position found at the last frame). A track keeps only its start
/// instants: its progress is read from the curve at the last tick's instant, evaluated once per
/// distinct start instant, and a tick looks at every track only when one may have ended.
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

    @inlinable
    init(
      index: Int, displacement: Slot, moveStart: ReelInstant?, fadeStart: ReelInstant?,
      fades: Bool
    ) {
      self.index = index
      self.displacement = displacement
      self.moveStart = moveStart
      self.fadeStart = fadeStart
      self.fades = fades
    }

    /// The instant whose animation ends last of the move's and the fade's: the track ends when
    /// the animation since then has ended (progress never decreases with elapsed time).
    @inlinable var endingStart: ReelInstant? {
      guard fades, let fadeStart, let moveStart else { return moveStart }
      return fadeStart.nanoseconds > moveStart.nanoseconds ? fadeStart : moveStart
    }
  }

  /// The timing.
  @usableFromInline var animation = UpdateAnimation.none {
    didSet {
      memo = ProgressMemo()
      springOmega = MemoizedCurve.springOmega(of: animation)
      endingDelay = Self.endingDelay(of: animation)
    }
  }
  /// The spring's `ω` (``UpdateAnimation/springOmega(response:)``), NaN for other timings:
  /// worked out when the timing is set, so that no tick divides for it.
  @usableFromInline var springOmega = Double.nan
  /// For a spring, the least time in nanoseconds after which its animation has ended, as
  /// ``hasEnded(since:)`` reads it: a tick compares the time elapsed with it, with no division.
  /// `nil` for other timings.
  @usableFromInline var endingDelay: Int64?
  /// The instant of the last tick: the time every progress is computed at.
  @usableFromInline var now: ReelInstant?
  /// The animating cells, ascending by cell.
  @usableFromInline var cells: ContiguousArray<ObjectIdentifier> = []
  /// The animating cells' tracks, in the order of `cells`.
  @usableFromInline var tracks: ContiguousArray<Track> = []
  /// The progress at `now` of the last few start instants.
  @usableFromInline var memo = ProgressMemo()
  /// Whether a departing cell waits for its first tick to start.
  @usableFromInline var departureWaiting = false
  /// The earliest start of the departing cells that have started: until its animation ends,
  /// no departing cell retires, so a tick need not look at them.
  @usableFromInline var earliestDeparture: ReelInstant?
  /// Whether a track was started or retargeted since the last tick looked at every track: it
  /// may wait for its first tick, and `earliestEnding` does not count it.
  @usableFromInline var tracksChanged = false
  /// A lower bound of the tracks' ``Track/endingStart``: until the animation since then ends,
  /// no track ends, so a tick need not look at them.
  @usableFromInline var earliestEnding: ReelInstant?
  /// The track position found for each window position at the last
  /// ``resolveWindow(_:start:skipped:geometry:selection:into:)`` (-1: none), and the window's
  /// first virtual index then; a position may be stale, so a hint is checked before it is used.
  @usableFromInline var hints = ContiguousArray<Int>()
  @usableFromInline var hintStart = 0
  /// The other buffer of `hints`, written while `hints` is read.
  @usableFromInline var spareHints = ContiguousArray<Int>()
  /// Changes whenever a track is added, changed or removed: what a placement took from the
  /// tracks at one generation holds while the generation is the same.
  @usableFromInline var generation: UInt = 0

  @inlinable init() {}

  /// Whether anything animates.
  @inlinable var isAnimating: Bool { !cells.isEmpty }

  /// Whether the animation that began at `start` has ended at the last tick: the same answer
  /// as its progress (``MemoizedCurve/progress(since:)``) being 1, without evaluating a spring's
  /// curve (and without taking a place in the memo that the placements' progress needs).
  /// A spring's answer is one comparison with ``endingDelay``; the memo is looked at only for
  /// the other timings, whose test may evaluate their curve.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func hasEnded(since start: ReelInstant?) -> Bool {
    guard let start, let now else { return false }
    let elapsed = now.nanoseconds &- start.nanoseconds
    if let endingDelay { return elapsed >= endingDelay }
    if let known = memo.progress(since: start) { return known >= 1 }
    return Self.hasEnded(animation, elapsed: elapsed)
  }

  /// Whether `animation` has ended `elapsed` nanoseconds after it began: the test that
  /// ``endingDelay`` stands for.
  @inlinable
  static func hasEnded(_ animation: UpdateAnimation, elapsed: Int64) -> Bool {
    animation.hasEnded(elapsed: Double(elapsed) / 1e9)
  }

  /// The least time in nanoseconds after which a spring has ended (``hasEnded(_:elapsed:)``);
  /// `nil` for other timings, or a response too long to count in nanoseconds.
  ///
  /// The test holds from some time on and never before it (the phase `ω × n / 1e9` never
  /// decreases as `n` grows), so the delay is exact: it starts from the spring's settling time
  /// and steps to the first nanosecond at which the test holds (a step or two: the estimate is
  /// the same product in another order).
  ///
  /// - Complexity: O(1) but for responses of years, where it steps through the nanoseconds one
  ///   double apart.
  @usableFromInline
  static func endingDelay(of animation: UpdateAnimation) -> Int64? {
    guard case .spring = animation else { return nil }
    let seconds = animation.duration
    guard seconds > 0, seconds < 1e9 else { return nil }
    var delay = Int64((seconds * 1e9).rounded(.up))
    while delay > 1 && hasEnded(animation, elapsed: delay &- 1) { delay &-= 1 }
    while !hasEnded(animation, elapsed: delay) { delay &+= 1 }
    return delay
  }

  /// The curve sampled at `now`, with the memo of the last tick's progress.
  @inlinable
  func curve(at now: ReelInstant) -> MemoizedCurve {
    MemoizedCurve(animation: animation, springOmega: springOmega, now: now, memo: memo)
  }

  /// The position of a cell's track, or `nil`.
  @inlinable
  func position(of id: ObjectIdentifier) -> Int? {
    cells.withUnsafeBufferPointer { Self.position(of: id, in: $0) }
  }

  /// The position of `id` in `cells` (sorted ascending), or `nil`.
  ///
  /// - Complexity: O(log k) for k cells.
  @inlinable
  static func position(
    of id: ObjectIdentifier, in cells: UnsafeBufferPointer<ObjectIdentifier>
  ) -> Int? {
    let lower = lowerBound(of: id, in: cells)
    return lower < cells.count && cells[lower] == id ? lower : nil
  }

  /// The first position in `cells` (sorted ascending) whose identifier is not below `id`:
  /// where `id` is, or where it would go.
  ///
  /// Cells are ordered by address, so which half holds `id` is a coin toss at every step: a
  /// search that branched on it mispredicted about half its steps, which cost more than the
  /// steps themselves. Each step here halves the span with a conditional move instead
  /// (`reel_value_if_below`, a C helper), and the number of steps depends on the count alone.
  ///
  /// - Complexity: O(log k) for k cells.
  @inlinable @inline(__always)
  static func lowerBound(
    of id: ObjectIdentifier, in cells: UnsafeBufferPointer<ObjectIdentifier>
  ) -> Int {
    guard let first = cells.baseAddress, !cells.isEmpty else { return 0 }
    let key = UInt(bitPattern: id)
    // `id`'s place is in `base...base + length`: the cells before `base` are below it and
    // those from `base + length` on are not.
    var base = first
    var length = cells.count
    while length > 1 {
      let half = length >> 1
      // The cell before the upper half is below `id`: so is the whole lower half.
      base += reel_value_if_below(UInt(bitPattern: base[half &- 1]), key, half)
      length &-= half
    }
    return (base - first) &+ reel_value_if_below(UInt(bitPattern: base[0]), key, 1)
  }

  /// Starts (or retargets) a cell's move from the slot it is drawn at now to its new slot.
  /// A fade-in in progress continues.
  ///
  /// - Complexity: O(log k) for k animating cells to retarget one, O(k) to start one.
  @inlinable
  mutating func move(
    _ id: ObjectIdentifier, index: Int, from: Slot, to: Slot, fadingIn: Bool
  ) {
    let displacement = from.difference(to)
    var track = Track(
      index: index, displacement: displacement, moveStart: now, fadeStart: now, fades: fadingIn)
    // Where the cell's track is, or where it goes: the first cell not below it.
    let insertion = cells.withUnsafeBufferPointer { Self.lowerBound(of: id, in: $0) }
    let existing: Int? = insertion < cells.count && cells[insertion] == id ? insertion : nil
    if let existing, tracks[existing].fades {
      track.fades = true
      track.fadeStart = tracks[existing].fadeStart
    }
    guard !displacement.isZero || track.fades else {
      if let existing { remove(at: existing) }
      return
    }
    tracksChanged = true
    generation &+= 1
    if let existing {
      tracks[existing] = track
      return
    }
    cells.insert(id, at: insertion)
    tracks.insert(track, at: insertion)
  }

  /// Forgets a cell's animation.
  @usableFromInline
  mutating func stop(_ id: ObjectIdentifier) {
    if let position = position(of: id) { remove(at: position) }
  }

  /// Records that a cell started departing at `start` (`nil`: at the next tick).
  @usableFromInline
  mutating func noteDeparture(start: ReelInstant?) {
    guard let start else {
      departureWaiting = true
      return
    }
    if let earliest = earliestDeparture, earliest.nanoseconds <= start.nanoseconds { return }
    earliestDeparture = start
  }

  /// Whether a tick must look at the departing cells: one waits to start or may have ended.
  @inlinable
  func departuresNeedCheck() -> Bool {
    guard !departureWaiting, let earliest = earliestDeparture else { return true }
    return hasEnded(since: earliest)
  }

  /// Forgets every animation.
  mutating func stopAll() {
    departureWaiting = false
    earliestDeparture = nil
    tracksChanged = false
    earliestEnding = nil
    generation &+= 1
    cells.removeAll(keepingCapacity: true)
    tracks.removeAll(keepingCapacity: true)
  }

  @usableFromInline
  mutating func remove(at position: Int) {
    generation &+= 1
    cells.remove(at: position)
    tracks.remove(at: position)
  }

  /// Advances to `now`: animations waiting for their first tick start and finished ones end.
  /// Progress is not stored: it is read at `now` from the start instants. No allocation.
  ///
  /// - Complexity: O(1) while no track may have ended and none changed since the last tick
  ///   that looked at them; else O(k) for k animating cells, with the curve evaluated once per
  ///   distinct start instant.
  @usableFromInline
  mutating func advance(to instant: ReelInstant) {
    // What had settled at the last tick has settled at a later one (not at an earlier one).
    var settledBefore = Int64.min
    if let now, instant.nanoseconds >= now.nanoseconds { settledBefore = memo.settledBefore }
    now = instant
    memo = ProgressMemo()
    memo.settledBefore = settledBefore
    guard !cells.isEmpty else { return }
    // Progress never decreases with elapsed time, so while the animation since the earliest
    // ending start runs, every track runs.
    if !tracksChanged, let earliest = earliestEnding, !hasEnded(since: earliest) {
      return
    }
    tracksChanged = false
    // Tracks start and end below.
    generation &+= 1
    // The arrays are taken out while they are walked through their addresses, so that the
    // walk needs no access to `self`; they are put back, uniquely referenced, below.
    var cells = ContiguousArray<ObjectIdentifier>()
    var tracks = ContiguousArray<Track>()
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
    var curve = curve(at: instant)
    var kept = 0
    var earliest = Int64.max
    cells.withUnsafeMutableBufferPointer { cells in
      tracks.withUnsafeMutableBufferPointer { tracks in
        for position in tracks.indices {
          let track = tracks.baseAddress.unsafelyUnwrapped + position
          let moveStart = track.pointee.moveStart ?? instant
          let moveProgress = curve.progress(since: moveStart)
          var fadeProgress = 1.0
          var fadeStart = track.pointee.fadeStart
          if track.pointee.fades {
            if fadeStart == nil { fadeStart = instant }
            fadeProgress = curve.progress(since: fadeStart.unsafelyUnwrapped)
          }
          if moveProgress >= 1 && fadeProgress >= 1 { continue }
          if kept != position {
            cells[kept] = cells[position]
            tracks[kept] = track.pointee
          }
          let keptTrack = tracks.baseAddress.unsafelyUnwrapped + kept
          keptTrack.pointee.moveStart = moveStart
          keptTrack.pointee.fadeStart = fadeStart
          earliest = min(earliest, keptTrack.pointee.endingStart.unsafelyUnwrapped.nanoseconds)
          kept += 1
        }
      }
    }
    cells.removeLast(cells.count - kept)
    tracks.removeLast(tracks.count - kept)
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
    memo = curve.memo
    earliestEnding = kept > 0 ? ReelInstant(nanoseconds: earliest) : nil
  }
}
