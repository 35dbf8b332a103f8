/// What placements need beyond the window while a section header is pinned or an update
/// animates, worked out when the snapshot is taken: the animated window cells' placements, and
/// the departing cells' and the pinned header's.
///
/// ``Placements`` holds it behind one optional reference, so that the common frame — nothing
/// pinned, nothing animating — copies no header, animator or departing cells and tests one
/// pointer per placement. The list keeps one instance and refills it for each snapshot while no
/// earlier snapshot still holds it, so pinned and animated frames allocate nothing either. It
/// holds placements, not the animator or the departing array, so keeping it never makes the
/// next tick copy them.
@usableFromInline
final class PlacementDecorations<Cell: ReusableCell> {
  /// Drawing positions taken by window cells: the window's count, less the pinned header's row
  /// when it is in the window.
  @usableFromInline var windowCount = 0
  /// The window position of the pinned header's row, drawn last instead; `Int.max` when none.
  @usableFromInline var skipped = Int.max
  /// The window cells' placements while update animations run, in window order; empty when
  /// the window is at rest.
  @usableFromInline var animated = ContiguousArray<Placement<Cell>>()
  /// The departing cells' placements, then the pinned header's.
  @usableFromInline var trailing = ContiguousArray<Placement<Cell>>()
  /// The selection's marks for the window cells (departing cells and the pinned header are
  /// never marked).
  @usableFromInline var selection = PlacementSelection()

  @inlinable init() {}

  /// The number of placements, window cells included.
  @inlinable var count: Int { windowCount &+ trailing.count }

  /// The placement at a position in drawing order: window cells (the pinned header's row
  /// skipped), departing cells, then the pinned header.
  @inlinable
  func placement(at position: Int, in placements: Placements<Cell>) -> Placement<Cell> {
    if position >= windowCount { return trailing[position &- windowCount] }
    let window = position >= skipped ? position &+ 1 : position
    let placement = animated.isEmpty ? placements.windowPlacement(at: window) : animated[window]
    return selection.isActive ? placement.marked(by: selection) : placement
  }

  /// Empties the placements, keeping their storage.
  @inlinable
  func removeAll() {
    animated.removeAll(keepingCapacity: true)
    trailing.removeAll(keepingCapacity: true)
    windowCount = 0
    skipped = .max
    selection = PlacementSelection()
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
    let pinned = state.pinned
    let animation = placementAnimation
    if animation.animator.isAnimating {
      decorations.animated.reserveCapacity(entries.count)
      for position in entries.indices {
        decorations.animated.append(
          animation.windowPlacement(
            entries[position], virtualIndex: start &+ position, geometry: geometry))
      }
    }
    for k in animation.departing.indices {
      decorations.trailing.append(animation.departingPlacement(k, geometry: geometry))
    }
    decorations.windowCount = entries.count
    decorations.selection = placementSelection
    if pinned.mode != .none {
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
