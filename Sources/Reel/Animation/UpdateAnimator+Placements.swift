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
    // Every position is written below: only the count changes.
    let count = entries.count
    if spareHints.count > count {
      spareHints.removeLast(spareHints.count &- count)
    } else if spareHints.count < count {
      spareHints.append(contentsOf: repeatElement(-1, count: count &- spareHints.count))
    }
    let shift = start &- hintStart
    // Before the first tick every progress is 0, as ``progress(since:)`` gives.
    let ticked = now != nil
    var curve = MemoizedCurve(
      animation: animation, now: now ?? ReelInstant(nanoseconds: 0), memo: memo)
    var written = 0
    cells.withUnsafeBufferPointer { cells in
      tracks.withUnsafeBufferPointer { tracks in
        hints.withUnsafeBufferPointer { hints in
          spareHints.withUnsafeMutableBufferPointer { found in
            for position in 0..<count {
              let entry = entries.baseAddress.unsafelyUnwrapped + position
              let id = ObjectIdentifier(entry.pointee.cell)
              let old = position &+ shift
              var lo = old >= 0 && old < hints.count ? hints[old] : -1
              if lo < 0 || lo >= cells.count || cells[lo] != id {
                lo = Self.position(of: id, in: cells) ?? -1
              }
              found[position] = lo
              guard position != skipped else { continue }
              var animation = WindowAnimation.rest
              if lo >= 0 {
                let track = tracks.baseAddress.unsafelyUnwrapped + lo
                if track.pointee.index == entry.pointee.index {
                  var moveProgress = 0.0
                  var fadeProgress = 1.0
                  if ticked, let moveStart = track.pointee.moveStart {
                    moveProgress = curve.progress(since: moveStart)
                  }
                  if track.pointee.fades {
                    fadeProgress = 0
                    if ticked, let fadeStart = track.pointee.fadeStart {
                      fadeProgress = curve.progress(since: fadeStart)
                    }
                  }
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
    swap(&hints, &spareHints)
    hintStart = start
    memo = curve.memo
    return written
  }
}
