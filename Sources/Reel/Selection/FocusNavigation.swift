/// A keyboard move of the focused item.
public enum FocusMove: Sendable, Hashable {
  /// One line back along the scrolling axis (a whole row of lanes in a grid).
  case lineBackward
  /// One line forward along the scrolling axis.
  case lineForward
  /// One lane back across the axis (the previous item).
  case laneBackward
  /// One lane forward across the axis (the next item).
  case laneForward
  /// About one viewport back.
  case pageBackward
  /// About one viewport forward.
  case pageForward
  /// The first item.
  case home
  /// The last item.
  case end

  /// The move an arrow key makes in a list, from the axis and the reading direction: Up and
  /// Down move by a line in a vertical list and by a lane in a horizontal one; Left and Right the
  /// other way round, mirrored in right-to-left lists.
  ///
  /// - Complexity: O(1).
  public static func arrow(
    _ arrow: Arrow, axis: Axis, direction: LayoutDirection
  ) -> FocusMove {
    let backward = arrow == .up || arrow == .left
    let vertical = arrow == .up || arrow == .down
    let mirrored = !vertical && direction == .rightToLeft
    let towardStart = backward != mirrored
    if vertical == (axis == .vertical) {
      return towardStart ? .lineBackward : .lineForward
    }
    return towardStart ? .laneBackward : .laneForward
  }

  /// An arrow key.
  public enum Arrow: Sendable, Hashable {
    /// Up.
    case up
    /// Down.
    case down
    /// Left.
    case left
    /// Right.
    case right
  }
}

/// Where a focus move lands, computed from the list's shape alone: rows (headers and footers
/// skipped), lanes, a page size, and whether the list loops.
///
/// ```swift
/// let navigation = FocusNavigation(sections: shape, lanes: 3, itemsPerPage: 12, cyclic: false)
/// navigation.target(from: 4, move: .lineForward)  // 7: the item below in a 3-lane grid
/// ```
public struct FocusNavigation: Sendable {
  /// The list's rows.
  public var sections: SectionIndex
  /// Items per line (1 for a plain list).
  public var lanes: Int
  /// Rows a page move covers.
  public var itemsPerPage: Int
  /// Whether moves wrap around the seam (a cyclic list).
  public var cyclic: Bool

  /// Creates the navigation for a list's shape.
  ///
  /// - Precondition: `lanes ≥ 1` and `itemsPerPage ≥ 1`.
  public init(sections: SectionIndex, lanes: Int = 1, itemsPerPage: Int = 1, cyclic: Bool = false) {
    precondition(lanes >= 1, "FocusNavigation: lanes must be ≥ 1, got \(lanes)")
    precondition(
      itemsPerPage >= 1, "FocusNavigation: itemsPerPage must be ≥ 1, got \(itemsPerPage)")
    self.sections = sections
    self.lanes = lanes
    self.itemsPerPage = itemsPerPage
    self.cyclic = cyclic
  }

  /// The row a move lands on from a row, as a *virtual* row in cyclic lists (it may leave
  /// `0..<numberOfRows` to cross the seam); `nil` when there is no item to go to (an empty
  /// list, or already at the end of a bounded one).
  ///
  /// - Complexity: O(log s) per header or footer skipped.
  public func target(from row: Int, move: FocusMove) -> Int? {
    let rows = sections.numberOfRows
    guard rows > 0, sections.numberOfItems > 0 else { return nil }
    switch move {
    case .home: return firstItem(from: 0, step: 1)
    case .end: return firstItem(from: rows - 1, step: -1)
    case .lineBackward: return step(from: row, by: -lanes)
    case .lineForward: return step(from: row, by: lanes)
    case .laneBackward: return step(from: row, by: -1)
    case .laneForward: return step(from: row, by: 1)
    case .pageBackward: return step(from: row, by: -itemsPerPage, clamping: true)
    case .pageForward: return step(from: row, by: itemsPerPage, clamping: true)
    }
  }

  private func step(from row: Int, by delta: Int, clamping: Bool = false) -> Int? {
    let rows = sections.numberOfRows
    var target = row + delta
    if !cyclic {
      if target < 0 || target >= rows {
        guard clamping else { return nil }
        target = min(max(target, 0), rows - 1)
      }
    }
    guard let found = firstItem(from: target, step: delta < 0 ? -1 : 1) else {
      // Nothing further that way: a page move stops at the last item it can reach.
      return clamping ? firstItem(from: target, step: delta < 0 ? 1 : -1) : nil
    }
    return found == row ? nil : found
  }

  /// The first item row from `row` going by `step`, skipping headers and footers.
  private func firstItem(from row: Int, step: Int) -> Int? {
    let rows = sections.numberOfRows
    var r = row
    for _ in 0..<rows {
      if !cyclic && (r < 0 || r >= rows) { return nil }
      let data = cyclic ? CyclicMath.dataIndex(r, count: rows) : r
      if sections.kind(ofRow: data) == .item { return r }
      r += step
    }
    return nil
  }
}
