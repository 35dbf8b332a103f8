extension UpdateAnimator {
  /// Writes the placements of the window's cells, in window order, with their animations and
  /// selection marks to `resolved` (uninitialized room for as many as `entries`), and returns
  /// how many it wrote: the position `skipped` (a pinned header's row) is left out.
  /// `start` is the window's first virtual index: the track found for each window position is
  /// kept as a hint for the next call, where the same cells are mostly at the same virtual
  /// indices, so that a cell's track is usually found without a search.
  ///
  /// - Complexity: O(w) for w window cells when the hints hold, O(w log k) at worst for k
  ///   animating cells; no allocation once the arrays have the capacity.
  @inlinable
  mutating func resolveWindow<Cell: ReusableCell>(
    _ entries: UnsafeBufferPointer<WindowEntry<Cell>>, start: Int, skipped: Int,
    geometry: PlacementGeometry, selection: PlacementSelection,
    into resolved: UnsafeMutablePointer<ResolvedPlacement<Cell>>
  ) -> Int {
    // The arrays are taken out while they are read through their addresses, so that the walk
    // needs no access to `self` (and retains nothing); they are put back below.
    var cells = ContiguousArray<ObjectIdentifier>()
    var tracks = ContiguousArray<Track>()
    var hints = ContiguousArray<Int>()
    var found = ContiguousArray<Int>()
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
    swap(&hints, &self.hints)
    swap(&found, &spareHints)
    // Every position of `found` is written below: only the count changes.
    let count = entries.count
    if found.count > count {
      found.removeLast(found.count &- count)
    } else if found.count < count {
      found.append(contentsOf: repeatElement(-1, count: count &- found.count))
    }
    let shift = start &- hintStart
    // Before the first tick every progress is 0.
    let ticked = now != nil
    var curve = curve(at: now ?? ReelInstant(nanoseconds: 0))
    var written = 0
    cells.withUnsafeBufferPointer { cells in
      tracks.withUnsafeBufferPointer { tracks in
        hints.withUnsafeBufferPointer { hints in
          found.withUnsafeMutableBufferPointer { found in
            let cellBase = cells.baseAddress.unsafelyUnwrapped
            let trackBase = tracks.baseAddress.unsafelyUnwrapped
            let hintBase = hints.baseAddress.unsafelyUnwrapped
            let foundBase = found.baseAddress.unsafelyUnwrapped
            let entryBase = entries.baseAddress.unsafelyUnwrapped
            let cellCount = UInt(bitPattern: cells.count)
            let hintCount = UInt(bitPattern: hints.count)
            // An update starts its tracks at one instant: the last progress looked up serves
            // the next cell without a search of the memo.
            var lastStart = Int64.min
            var lastProgress = 0.0
            for position in 0..<count {
              let entry = entryBase + position
              let id = ObjectIdentifier(entry.pointee.cell)
              let old = UInt(bitPattern: position &+ shift)
              var lo = old < hintCount ? hintBase[Int(bitPattern: old)] : -1
              if UInt(bitPattern: lo) >= cellCount || cellBase[lo] != id {
                lo = Self.position(of: id, in: cells) ?? -1
              }
              foundBase[position] = lo
              guard position != skipped else { continue }
              var animation = WindowAnimation.rest
              if lo >= 0 {
                let track = trackBase + lo
                if track.pointee.index == entry.pointee.index {
                  let (moveProgress, fadeProgress) = Self.progress(
                    of: track, ticked: ticked, curve: &curve, lastStart: &lastStart,
                    lastProgress: &lastProgress)
                  animation = WindowAnimation(
                    displacement: track.pointee.displacement, moveProgress: moveProgress,
                    fadeProgress: fadeProgress, kind: track.pointee.fades ? .appear : .move)
                }
              }
              (resolved + written).initialize(
                to: ResolvedPlacement(
                  entry: entry, virtualIndex: start &+ position, geometry: geometry,
                  animation: animation, selection: selection))
              written &+= 1
            }
          }
        }
      }
    }
    // `found` becomes the hints of the next call and the old hints its spare buffer.
    swap(&cells, &self.cells)
    swap(&tracks, &self.tracks)
    swap(&found, &self.hints)
    swap(&hints, &spareHints)
    hintStart = start
    memo = curve.memo
    return written
  }

  /// A track's move and fade-in progress at the curve's instant (0 before the first tick; the
  /// fade 1 when the cell does not fade). `lastStart` and `lastProgress` remember the last move
  /// start looked up: an update starts its tracks at one instant.
  @inlinable @inline(__always)
  static func progress(
    of track: UnsafePointer<Track>, ticked: Bool, curve: inout MemoizedCurve,
    lastStart: inout Int64, lastProgress: inout Double
  ) -> (move: Double, fade: Double) {
    let moveProgress = Self.moveProgress(
      of: track, ticked: ticked, curve: &curve, lastStart: &lastStart,
      lastProgress: &lastProgress)
    var fadeProgress = 1.0
    if track.pointee.fades {
      fadeProgress = 0
      if ticked, let fadeStart = track.pointee.fadeStart {
        fadeProgress = curve.progress(since: fadeStart)
      }
    }
    return (moveProgress, fadeProgress)
  }

  /// A track's move progress at the curve's instant (0 before the first tick), remembering the
  /// last move start looked up in `lastStart` and `lastProgress`.
  @inlinable @inline(__always)
  static func moveProgress(
    of track: UnsafePointer<Track>, ticked: Bool, curve: inout MemoizedCurve,
    lastStart: inout Int64, lastProgress: inout Double
  ) -> Double {
    guard ticked, let moveStart = track.pointee.moveStart else { return 0 }
    if moveStart.nanoseconds != lastStart {
      lastStart = moveStart.nanoseconds
      lastProgress = curve.progress(since: moveStart)
    }
    return lastProgress
  }
}
