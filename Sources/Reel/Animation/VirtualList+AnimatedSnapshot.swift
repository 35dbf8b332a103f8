import Foundation

extension VirtualList {
  /// Fills the snapshot's animated entries (see ``AnimatedEntries``) for the window and the
  /// departing cells, and makes the snapshot animated. Returns `false`, leaving the snapshot
  /// not animated, when the placements refer to more start instants than a ``ProgressTable``
  /// holds: the caller resolves them instead.
  ///
  /// At the same generation of the animator's tracks, the motion of a window entry that still
  /// shows the same cell, item and slot as at the last refill is kept (moved with the window when
  /// it scrolled): only its drawn slot is worked out again, from the table's progress, which is
  /// refreshed once per start instant. When nothing but time changed since the last refill, that
  /// is all, and the caller asks ``redrawSteadySnapshot(_:)`` for it before coming here (a
  /// refill's setup costs more than that frame). Otherwise, whether every kept motion holds is
  /// asked of the whole window at once: not at all when the window's version says it has not
  /// changed, else by comparing its entries as bytes with those the motions were last worked out
  /// or checked for (``AnimatedEntries/sources``); only when something differs is each entry
  /// checked. The others, and the departing cells, are worked out from the animator's tracks.
  /// Last, the steady frame's redraw list is made again and every placement that moves, kept or
  /// worked out, is drawn from it (``AnimatedEntries/redrawListed(_:)``) as a steady frame
  /// draws it.
  ///
  /// - Complexity: O(w + d + k) for w window entries whose motions are kept, d departing cells
  ///   and k start instants; O(log t) more per motion worked out, for t tracks. No allocation
  ///   once the storage has the capacity.
  @inlinable
  func animateSnapshot(_ snapshot: PlacementSnapshot<Cell>) -> Bool {
    // The held cells are the departing cells while those are the ones of the last animated
    // refill. Holding others may release cells, whose `deinit` is user code: before any access
    // is open.
    if !snapshot.isAnimated || snapshot.animated.departingVersion != state.departingVersion {
      holdDepartingCells(in: snapshot)
    }
    snapshot.emptyResolvedPlacements()
    let start = state.windowStart
    let windowCount = state.window.count
    let generation = state.animator.generation
    let departingCount = state.departing.count
    // The motions and the table's entries hold while the tracks are the same and time does
    // not go back.
    let instant = state.animator.now?.nanoseconds ?? .min
    let keeps =
      snapshot.isAnimated && snapshot.animated.generation == generation
      && snapshot.animated.instant <= instant
    let kept = keeps ? snapshot.animated.windowCount : 0
    let shift = keeps ? start &- snapshot.animated.windowStart : 0
    // The window's entries are, byte for byte, those the kept motions were last drawn for
    // while the window has not changed nor moved.
    let windowHolds =
      keeps && shift == 0 && kept == windowCount
      && snapshot.animated.windowVersion == state.windowVersion
    // The departing cells' motions, after the window's, hold while the departing cells are the
    // same; they follow the window's count.
    let keepsDeparting =
      keeps && snapshot.animated.count == kept &+ departingCount
      && snapshot.animated.departingVersion == state.departingVersion
    snapshot.animated.reserve(windowCount &+ departingCount, keeping: kept &+ departingCount)
    if snapshot.animated.table == nil { snapshot.animated.table = ProgressTable() }
    var table = snapshot.animated.table.unsafelyUnwrapped
    if !keeps { table.removeAll() }
    let ticked = state.animator.now != nil
    var curve = state.animator.curve(at: state.animator.now ?? ReelInstant(nanoseconds: 0))
    table.refresh(ticked: ticked, curve: &curve)
    let out = snapshot.animated.entries.unsafelyUnwrapped
    let motions = snapshot.animated.motions.unsafelyUnwrapped
    let sources = snapshot.animated.sources.unsafelyUnwrapped
    // The kept motions still in the window (at `from..<to`), moved to their new positions, all
    // below `windowCount`; and the kept departing motions, moved from `kept` to `windowCount`.
    // Those go first unless their new place holds window motions still to move; then the
    // window's go first, to places below `to`, which is at most `kept`.
    let from = Swift.max(0, shift)
    let to = Swift.min(kept, windowCount &+ shift)
    let movesDeparting = keepsDeparting && kept != windowCount && departingCount > 0
    let departingFirst = from >= to || to <= windowCount
    if movesDeparting && departingFirst {
      snapshot.animated.move(
        kept..<(kept &+ departingCount), by: windowCount &- kept, withSources: false)
    }
    var reusable = 0..<0
    if from < to {
      if shift != 0 { snapshot.animated.move(from..<to, by: -shift) }
      reusable = (from &- shift)..<(to &- shift)
    }
    if movesDeparting && !departingFirst {
      snapshot.animated.move(
        kept..<(kept &+ departingCount), by: windowCount &- kept, withSources: false)
    }
    // The arrays are taken out while they are read through their addresses, so that the walks
    // need no access to `state`; they are put back below. No user code runs in between.
    var window = ContiguousArray<WindowEntry<Cell>>()
    swap(&window, &state.window)
    // Which kept motions no longer hold; then those to work out: before the kept ones, the
    // stale span (working out a motion that held gives it again), and after them.
    let stale = window.withUnsafeBufferPointer { window in
      Self.staleKeptMotions(
        of: window, reusable: reusable, knownToHold: windowHolds, copies: out,
        motions: motions, sources: sources)
    }
    let spans =
      reusable.isEmpty
      ? (0..<windowCount, 0..<0, 0..<0)
      : (0..<reusable.lowerBound, stale, reusable.upperBound..<windowCount)
    var filled = true
    if !spans.0.isEmpty || !spans.1.isEmpty || !spans.2.isEmpty {
      var cells = ContiguousArray<ObjectIdentifier>()
      var tracks = ContiguousArray<UpdateAnimator.Track>()
      swap(&cells, &state.animator.cells)
      swap(&tracks, &state.animator.tracks)
      filled = window.withUnsafeBufferPointer { window in
        cells.withUnsafeBufferPointer { cells in
          tracks.withUnsafeBufferPointer { tracks in
            Self.workOutMotions(
              of: window, in: spans, start: start, cells: cells,
              tracks: tracks, table: &table, ticked: ticked, curve: &curve, into: out,
              motions: motions, sources: sources)
          }
        }
      }
      swap(&cells, &state.animator.cells)
      swap(&tracks, &state.animator.tracks)
    }
    swap(&window, &state.window)
    var departed = true
    if !keepsDeparting && filled && departingCount > 0 {
      departed = state.departing.withUnsafeBufferPointer { departing in
        Self.fillDeparting(
          departing, table: &table, ticked: ticked, curve: &curve, into: out + windowCount,
          motions: motions + windowCount)
      }
    }
    snapshot.animated.table = table
    state.animator.memo = curve.memo
    guard filled && departed else {
      snapshot.isAnimated = false
      snapshot.noteReadMode()
      return false
    }
    snapshot.animated.count = windowCount &+ departingCount
    snapshot.animated.windowCount = windowCount
    snapshot.animated.windowStart = start
    snapshot.animated.generation = generation
    snapshot.animated.departingVersion = state.departingVersion
    snapshot.animated.windowVersion = state.windowVersion
    snapshot.animated.instant = instant
    // Every placement that moves is drawn at the table's progress from the list, as a steady
    // frame draws it: the kept ones, and the ones worked out above, whose copies are at their
    // motions' `base` (a moving motion draws the offset or the whole slot, never nothing).
    snapshot.animated.listRedraws()
    snapshot.animated.redrawListed(UnsafePointer(table.factors))
    snapshot.isAnimated = true
    snapshot.noteReadMode()
    return true
  }

  /// Redraws an animated snapshot in place when every motion it holds still holds: the window
  /// has not changed nor moved, the departing cells are the same, the animator's tracks are
  /// the same and time has not gone back since the last refill. Only the table's progress and
  /// the drawn slots change, each redrawn from the list the last refill made
  /// (``AnimatedEntries/redrawListed(_:)``); returns `false`, changing nothing, when something
  /// else did.
  ///
  /// The frames of an animation with nothing else going on are all of this kind.
  ///
  /// - Complexity: O(n + k) for n placements that move and k start instants.
  @inlinable
  func redrawSteadySnapshot(_ snapshot: PlacementSnapshot<Cell>) -> Bool {
    guard snapshot.isAnimated, !snapshot.isResolved, let now = state.animator.now,
      snapshot.animated.instant <= now.nanoseconds,
      snapshot.animated.generation == state.animator.generation,
      snapshot.animated.windowVersion == state.windowVersion,
      snapshot.animated.windowStart == state.windowStart,
      snapshot.animated.departingVersion == state.departingVersion
    else { return false }
    let table = snapshot.animated.table.unsafelyUnwrapped
    var curve = state.animator.curve(at: now)
    table.refresh(ticked: true, curve: &curve)
    state.animator.memo = curve.memo
    snapshot.animated.redrawListed(UnsafePointer(table.factors))
    snapshot.animated.instant = now.nanoseconds
    snapshot.noteReadMode()
    return true
  }

  /// Checks the motions kept for the window's entries at `reusable`: each holds while its
  /// window entry still shows the same cell, item and slot. Returns the span of those that no
  /// longer hold, whose motions are to be worked out again (empty when all hold). With
  /// `knownToHold`, the caller knows the window's entries are, byte for byte, the `sources`,
  /// and they are not compared. Draws nothing (the caller draws every motion from the redraw
  /// list afterwards) and reads plain values only: no user code runs.
  ///
  /// - Complexity: O(`reusable.count`); one comparison of memory when every motion holds.
  @inlinable @inline(__always)
  static func staleKeptMotions(
    of window: UnsafeBufferPointer<WindowEntry<Cell>>, reusable: Range<Int>, knownToHold: Bool,
    copies: UnsafeMutablePointer<WindowEntry<Cell>>, motions: UnsafeMutablePointer<EntryMotion>,
    sources: UnsafeMutablePointer<WindowEntry<Cell>>
  ) -> Range<Int> {
    guard !reusable.isEmpty, !knownToHold else { return 0..<0 }
    let entries = window.baseAddress.unsafelyUnwrapped
    let stride = MemoryLayout<WindowEntry<Cell>>.stride
    // The window's entries are, byte for byte, those the motions were found to hold for.
    if memcmp(
      entries + reusable.lowerBound, sources + reusable.lowerBound, reusable.count &* stride)
      == 0
    {
      return 0..<0
    }
    // A window motion's `base` is the entry's slot it was worked out for.
    var firstStale = Int.max
    var lastStale = -1
    for position in reusable
    where !Self.holds(motions + position, of: copies + position, for: entries + position) {
      firstStale = Swift.min(firstStale, position)
      lastStale = position
    }
    // What held (or is worked out next) is the window's entry now.
    UnsafeMutableRawPointer(sources + reusable.lowerBound).copyMemory(
      from: entries + reusable.lowerBound, byteCount: reusable.count &* stride)
    return firstStale <= lastStale ? firstStale..<lastStale &+ 1 : 0..<0
  }

  /// Works out the animated entries and motions of the window's entries at `spans` from the
  /// animator's tracks; `false` when the table is full. Reads plain values only: no user code
  /// runs.
  ///
  /// - Complexity: O(n log t) for n entries in the spans and t tracks.
  @inlinable
  static func workOutMotions(
    of window: UnsafeBufferPointer<WindowEntry<Cell>>,
    in spans: (Range<Int>, Range<Int>, Range<Int>), start: Int,
    cells: UnsafeBufferPointer<ObjectIdentifier>,
    tracks: UnsafeBufferPointer<UpdateAnimator.Track>, table: inout ProgressTable, ticked: Bool,
    curve: inout MemoizedCurve, into out: UnsafeMutablePointer<WindowEntry<Cell>>,
    motions: UnsafeMutablePointer<EntryMotion>, sources: UnsafeMutablePointer<WindowEntry<Cell>>
  ) -> Bool {
    let entries = window.baseAddress.unsafelyUnwrapped
    for span in 0..<3 {
      let positions = span == 0 ? spans.0 : span == 1 ? spans.1 : spans.2
      for position in positions {
        guard
          Self.workOutMotion(
            of: entries + position, virtualIndex: start &+ position, cells: cells,
            tracks: tracks, table: &table, ticked: ticked, curve: &curve, into: out + position,
            motion: motions + position)
        else { return false }
        UnsafeMutableRawPointer(sources + position).copyMemory(
          from: entries + position, byteCount: MemoryLayout<WindowEntry<Cell>>.stride)
      }
    }
    return true
  }

  /// Writes a window entry's animated entry (a copy of the entry, at its slot, which is the
  /// motion's `base`) and its motion from the animator's tracks; `false` when the table is full.
  /// The caller draws it (``AnimatedEntries/redrawListed(_:)``).
  @inlinable @inline(__always)
  static func workOutMotion(
    of entry: UnsafePointer<WindowEntry<Cell>>, virtualIndex: Int,
    cells: UnsafeBufferPointer<ObjectIdentifier>,
    tracks: UnsafeBufferPointer<UpdateAnimator.Track>, table: inout ProgressTable, ticked: Bool,
    curve: inout MemoizedCurve, into copy: UnsafeMutablePointer<WindowEntry<Cell>>,
    motion: UnsafeMutablePointer<EntryMotion>
  ) -> Bool {
    UnsafeMutableRawPointer(copy).copyMemory(
      from: entry, byteCount: MemoryLayout<WindowEntry<Cell>>.stride)
    let slot = entry.pointee.slot
    // The cell by its address, without retaining it.
    let id = UnsafeRawPointer(entry).load(as: ObjectIdentifier.self)
    guard let found = UpdateAnimator.position(of: id, in: cells),
      tracks[found].index == entry.pointee.index
    else {
      motion.initialize(to: EntryMotion(restingAt: slot, virtualIndex: virtualIndex))
      return true
    }
    let track = tracks[found]
    guard let moveSlot = table.entry(since: track.moveStart, ticked: ticked, curve: &curve),
      let fadeSlot = track.fades
        ? table.entry(since: track.fadeStart, ticked: ticked, curve: &curve)
        : ProgressTable.zero
    else { return false }
    motion.initialize(
      to: EntryMotion(
        movingTo: slot, displacement: track.displacement, moveSlot: moveSlot,
        fades: track.fades, fadeSlot: fadeSlot, virtualIndex: virtualIndex))
    return true
  }

  /// Writes the departing cells' animated entries (copies of their entries, at the slots they
  /// leave from, which are their motions' `base`) and motions; `false` when the table is full.
  /// The caller draws them (``AnimatedEntries/redrawListed(_:)``).
  @inlinable
  static func fillDeparting(
    _ departing: UnsafeBufferPointer<DepartingCell<Cell>>, table: inout ProgressTable,
    ticked: Bool, curve: inout MemoizedCurve, into out: UnsafeMutablePointer<WindowEntry<Cell>>,
    motions: UnsafeMutablePointer<EntryMotion>
  ) -> Bool {
    for i in 0..<departing.count {
      let cell = departing.baseAddress.unsafelyUnwrapped + i
      guard let slot = table.entry(since: cell.pointee.start, ticked: ticked, curve: &curve)
      else { return false }
      (motions + i).initialize(
        to: EntryMotion(
          departingFrom: cell.pointee.entry.slot, to: cell.pointee.to, fades: cell.pointee.fades,
          progressSlot: slot, virtualIndex: cell.pointee.virtualIndex))
      // The entry in place, as bytes: a copy of it would retain its cell.
      UnsafeMutableRawPointer(out + i).copyMemory(
        from: DepartingCell<Cell>.entryAddress(in: UnsafeRawPointer(cell), at: 0),
        byteCount: MemoryLayout<WindowEntry<Cell>>.stride)
    }
    return true
  }

  /// Whether a kept motion still holds for a window entry: its animated entry shows the same
  /// cell and item, and the motion was worked out for the entry's slot (bit for bit, so `-0`
  /// and `+0` differ). The cells are compared by address, without retaining the copy's; the
  /// words are compared together, with one branch.
  @inlinable @inline(__always)
  static func holds(
    _ motion: UnsafePointer<EntryMotion>, of copy: UnsafePointer<WindowEntry<Cell>>,
    for entry: UnsafePointer<WindowEntry<Cell>>
  ) -> Bool {
    let copied = UnsafeRawPointer(copy)
    let shown = UnsafeRawPointer(entry)
    let base = motion.pointee.base
    let slot = entry.pointee.slot
    let cellAndItem =
      (copied.load(as: UInt.self) ^ shown.load(as: UInt.self))
      | (copy.pointee.index ^ entry.pointee.index).magnitude
    let slots =
      (base.offset.bitPattern ^ slot.offset.bitPattern)
      | (base.extent.bitPattern ^ slot.extent.bitPattern)
      | (base.crossOffset.bitPattern ^ slot.crossOffset.bitPattern)
      | (base.crossExtent.bitPattern ^ slot.crossExtent.bitPattern)
    return cellAndItem | UInt(slots) == 0
  }
}
