/// What placements need beyond the window while a section header is pinned or an update
/// animates, worked out when the snapshot is taken: the window cells' animations, the departing
/// cells with their progress, and the pinned header's placement.
///
/// ``Placements`` holds it behind one optional reference, so that the common frame — nothing
/// pinned, nothing animating — copies no header, animator or departing cells and tests one
/// pointer per placement. The list keeps one instance and refills it for each snapshot while no
/// earlier snapshot still holds it, so pinned and animated frames allocate nothing either.
/// Animated placements are built when they are read, from plain values worked out here: it
/// holds no part of the animator, and it shares the departing cells' array with the list only
/// until the list changes it (``VirtualList/unshareDeparting()``), so keeping it never makes a
/// tick copy them.
///
/// Its properties are read on every placement of a snapshot, so they are not checked for
/// exclusivity at run time (a check costs more than building the placement). That is sound
/// because accesses to them never overlap: the list writes them only while no snapshot holds
/// the instance, and the only user code that can run then — the `deinit` of a cell whose last
/// reference was here — runs with no access to them open (the arrays holding cells are emptied
/// in locals).
@usableFromInline
final class PlacementDecorations<Cell: ReusableCell> {
  /// Drawing positions taken by window cells: the window's count, less the pinned header's row
  /// when it is in the window.
  @exclusivity(unchecked) @usableFromInline var windowCount = 0
  /// The window position of the pinned header's row, drawn last instead; `Int.max` when none.
  @exclusivity(unchecked) @usableFromInline var skipped = Int.max
  /// The window cells' animations while update animations run, in window order; empty when the
  /// window is at rest. A placement is built from its entry and its animation when it is read.
  @exclusivity(unchecked) @usableFromInline var animated = ContiguousArray<WindowAnimation>()
  /// The departing cells, drawn after the window's, and the progress of each.
  @exclusivity(unchecked) @usableFromInline var departing = ContiguousArray<DepartingCell<Cell>>()
  @exclusivity(unchecked) @usableFromInline var departingProgress = ContiguousArray<Double>()
  /// The pinned header's placement, drawn last.
  @exclusivity(unchecked) @usableFromInline var trailing = ContiguousArray<Placement<Cell>>()
  /// The selection's marks for the window cells (departing cells and the pinned header are
  /// never marked).
  @exclusivity(unchecked) @usableFromInline var selection = PlacementSelection()

  @inlinable init() {}

  /// The number of placements, window cells included.
  @inlinable var count: Int { windowCount &+ departingProgress.count &+ trailing.count }

  /// The placement at a position in drawing order: window cells (the pinned header's row
  /// skipped), departing cells, then the pinned header.
  @inlinable
  func placement(at position: Int, in placements: Placements<Cell>) -> Placement<Cell> {
    if position >= windowCount {
      let k = position &- windowCount
      guard k < departingProgress.count else { return trailing[k &- departingProgress.count] }
      let progress = departingProgress[k]
      // Field by field through the element's address: the element itself is not copied.
      return departing.withUnsafeBufferPointer { departing in
        let cell = departing.baseAddress.unsafelyUnwrapped + k
        return DepartingCell.placement(
          virtualIndex: cell.pointee.virtualIndex, index: cell.pointee.entry.index,
          cell: cell.pointee.entry.cell, kind: cell.pointee.entry.kind,
          from: cell.pointee.entry.slot, to: cell.pointee.to, fades: cell.pointee.fades,
          progress: progress, geometry: placements.geometry)
      }
    }
    let window = position >= skipped ? position &+ 1 : position
    let placement =
      animated.isEmpty
      ? placements.windowPlacement(at: window)
      : placements.animatedPlacement(at: window, animated[window])
    return selection.isActive ? placement.marked(by: selection) : placement
  }

  /// Empties the placements, keeping their storage (the window cells' animations are rewritten
  /// in place by the refill). The arrays holding cells are emptied in locals: a cell released
  /// there may run its `deinit` (user code) with no access open.
  @inlinable
  func removeAll() {
    if !departing.isEmpty {
      var held = ContiguousArray<DepartingCell<Cell>>()
      swap(&held, &departing)
      withExtendedLifetime(held) {}
    }
    departingProgress.removeAll(keepingCapacity: true)
    if !trailing.isEmpty {
      var held = ContiguousArray<Placement<Cell>>()
      swap(&held, &trailing)
      held.removeAll(keepingCapacity: true)
      swap(&held, &trailing)
    }
    windowCount = 0
    skipped = .max
    selection = PlacementSelection()
  }
}

extension Placements {
  /// The placement of the window cell at a window position while update animations run: its
  /// slot displaced by what remains of its move, its fade-in as the opacity.
  @inlinable
  func animatedPlacement(at position: Int, _ animation: WindowAnimation) -> Placement<Cell> {
    guard animation.kind != .rest else { return windowPlacement(at: position) }
    precondition(
      position >= 0 && position < entries.count,
      "Placements: position \(position) is out of range 0..<\(entries.count)")
    // Field by field through the element's address, as `windowPlacement(at:)` does.
    return entries.withUnsafeBufferPointer { buffer in
      let entry = buffer.baseAddress.unsafelyUnwrapped + position
      let slot = entry.pointee.slot
      let appears = animation.kind == .appear
      let transition = PlacementTransition(
        kind: appears ? .appear : .move,
        from: geometry.frame(of: slot.displaced(by: animation.displacement, times: 1)),
        to: geometry.frame(of: slot),
        progress: appears ? animation.fadeProgress : animation.moveProgress)
      return Placement(
        virtualIndex: firstVirtualIndex &+ position, index: entry.pointee.index,
        cell: entry.pointee.cell,
        frame: geometry.frame(
          of: slot.displaced(by: animation.displacement, times: 1 - animation.moveProgress)),
        kind: entry.pointee.kind, opacity: animation.fadeProgress, transition: transition)
    }
  }
}

extension VirtualList {
  /// The decorations of a snapshot: `nil` when nothing is pinned, nothing animates and
  /// nothing is selected or highlighted (a test of five trivial fields), else the list's
  /// instance, refilled.
  @inlinable
  func placementDecorations() -> PlacementDecorations<Cell>? {
    if state.pinned.mode == .none && state.departing.isEmpty && !state.animator.isAnimating
      && !hasPlacementMarks
    {
      if state.decorations != nil { dropDecorations() }
      return nil
    }
    return refilledDecorations()
  }

  /// Forgets the list's instance, outside any access to the state (it may hold the last
  /// reference to a cell, whose `deinit` is user code).
  @usableFromInline
  func dropDecorations() {
    let decorations = state.decorations
    state.decorations = nil
    withExtendedLifetime(decorations) {}
  }

  /// The list's instance filled for the current window: reused while no snapshot holds it.
  @inlinable
  func refilledDecorations() -> PlacementDecorations<Cell> {
    if !isKnownUniquelyReferenced(&state.decorations) {
      let held = state.decorations
      state.decorations = PlacementDecorations()
      withExtendedLifetime(held) {}
    }
    let decorations = state.decorations.unsafelyUnwrapped
    decorations.removeAll()
    let entries = state.window
    let start = state.windowStart
    let geometry = self.geometry
    if state.animator.isAnimating {
      entries.withUnsafeBufferPointer { entries in
        state.animator.windowAnimations(of: entries, start: start, into: &decorations.animated)
      }
    } else if !decorations.animated.isEmpty {
      decorations.animated.removeAll(keepingCapacity: true)
    }
    if !state.departing.isEmpty {
      // Shared with the list until it changes them (`unshareDeparting()`).
      decorations.departing = state.departing
      for k in state.departing.indices {
        decorations.departingProgress.append(
          state.animator.progress(since: state.departing[k].start))
      }
    }
    decorations.windowCount = entries.count
    decorations.selection = placementSelection
    if state.pinned.mode != .none {
      let pinned = state.pinned
      let entry = pinned.mode == .outside ? pinned.entry! : entries[pinned.virtualIndex &- start]
      decorations.trailing.append(
        Placement(
          virtualIndex: pinned.virtualIndex, index: entry.index, cell: entry.cell,
          frame: geometry.frame(of: pinned.slot), kind: entry.kind, isPinned: true))
      if pinned.mode == .inWindow {
        decorations.windowCount -= 1
        decorations.skipped = pinned.virtualIndex &- start
      }
    }
    return decorations
  }
}

/// The pinned section header of a list: none, a window entry shown at its pinned slot, or a cell
/// of its own when its row is outside the window.
@usableFromInline
struct PinnedHeader<Cell: ReusableCell> {
  @usableFromInline
  enum Mode: UInt8 {
    case none
    case inWindow
    case outside
  }
  @usableFromInline var mode = Mode.none
  /// The header's virtual row.
  @usableFromInline var virtualIndex = 0
  /// Where it is drawn, in content coordinates.
  @usableFromInline var slot = Slot(offset: 0, extent: 0, crossOffset: 0, crossExtent: 0)
  /// The header's own cell while its row is outside the window.
  @usableFromInline var entry: WindowEntry<Cell>?

  @inlinable init() {}
}
