import Reel

/// Draws a `VirtualList`'s placements into a region of a ``ScreenBuffer``.
///
/// One point is one terminal cell: one column horizontally and one row vertically. Give the
/// list ``viewportSize`` as its viewport, then each frame call ``draw(_:into:cell:)-(VirtualList<Cell>,_,_)`` with a
/// closure that draws one cell into the ``CellRect`` it occupies on screen. Frame edges are
/// rounded to the nearest cell, edge by edge, so neighbouring items tile without gaps or
/// overlaps while they move by fractions of a point. Each cell's drawing is clipped to the
/// region (see ``ScreenBuffer/withClip(_:_:)``), so a row half scrolled out draws as if whole.
///
/// The region is cleared with the application's background before the cells draw, so gaps
/// between cells (spacing, insets, grid lanes) show the application's colour, not the
/// terminal's default, which on a light theme would show as white stripes.
///
/// A pinned section header (`Placement.isPinned`, see `VirtualList.pinsSectionHeaders`) comes
/// last in the placements and is drawn last, over the rows that slide under it, clipped to the
/// region like every cell, on either axis. Its cells are cleared with ``background`` first, so a
/// header that draws only its text still hides the row under it; while the next section's
/// header pushes it out, the part of it left in the region is drawn.
///
/// ```swift
/// let background = TextStyle(foreground: .white, background: TerminalColor(hex: 0x10_12_18))
/// let renderer = TerminalListRenderer(
///   region: CellRect(x: 0, y: 2, width: 80, height: 20), background: background)
/// list.viewportSize = renderer.viewportSize
/// list.tick(clock.now)
/// renderer.draw(list, into: &screen) { placement, rect, screen in
///   screen.drawText(placement.cell.title, in: rect)
/// }
/// ```
public struct TerminalListRenderer: Hashable, Sendable {
  /// Where the list's viewport is on screen.
  public var region: CellRect
  /// The style the region is cleared with before the cells draw: the application's background.
  /// `nil` draws over what is there (transparency: what the application drew before shows
  /// through the gaps), and ``TextStyle/plain`` clears to the terminal's default colours.
  public var background: TextStyle?

  /// Creates a renderer for a region of the screen.
  ///
  /// - Parameters:
  ///   - region: where the list's viewport is on screen.
  ///   - background: the application's background, which the region is cleared with; `nil`
  ///     for a transparent region. There is no default: a default would be the terminal's
  ///     colour, not the application's.
  /// - Complexity: O(1).
  public init(region: CellRect, background: TextStyle?) {
    self.region = region
    self.background = background
  }

  /// The viewport size to give the list: the region's size in points (one point per cell).
  public var viewportSize: Size {
    Size(width: Double(max(0, region.width)), height: Double(max(0, region.height)))
  }

  /// The cells a frame in viewport points covers on screen; each edge is rounded to the nearest
  /// cell boundary. The result may reach outside the region (it is not clipped).
  ///
  /// - Complexity: O(1).
  public func cellRect(for frame: Rect) -> CellRect {
    let left = Self.snap(frame.minX)
    let top = Self.snap(frame.minY)
    return CellRect(
      x: region.x + left, y: region.y + top, width: Self.snap(frame.maxX) - left,
      height: Self.snap(frame.maxY) - top)
  }

  /// The viewport point at the centre of a screen cell, for hit tests and drags.
  ///
  /// ```swift
  /// if renderer.contains(column: mouse.x, row: mouse.y) {
  ///   list.selectItem(at: renderer.point(column: mouse.x, row: mouse.y))
  /// }
  /// ```
  ///
  /// - Complexity: O(1).
  public func point(column: Int, row: Int) -> Point {
    Point(x: Double(column - region.x) + 0.5, y: Double(row - region.y) + 0.5)
  }

  /// Whether a screen cell lies inside the region.
  ///
  /// - Complexity: O(1).
  public func contains(column: Int, row: Int) -> Bool {
    column >= region.x && column < region.maxX && row >= region.y && row < region.maxY
  }

  /// Clears the region (when ``background`` is set) and draws every displayed cell of `list`
  /// that shows on screen, in window order, clipped to the region; the pinned section header,
  /// if any, last and over the rows under it. Rows of an animated update draw at their
  /// interpolated frames, and fading ones in colours mixed towards the background (see
  /// ``fade(_:opacity:in:)``).
  ///
  /// Reading the placements runs the list's layout pass if one is due.
  ///
  /// - Parameters:
  ///   - list: the list to draw; its viewport should be ``viewportSize``.
  ///   - screen: the frame being drawn.
  ///   - cell: draws one placement into the screen cells `rect` (which may reach outside the
  ///     region; drawing there is clipped away).
  /// - Complexity: O(region area) for the clear, plus the cells' drawing.
  public func draw<Cell: ReusableCell>(
    _ list: VirtualList<Cell>, into screen: inout ScreenBuffer,
    cell: (Placement<Cell>, CellRect, inout ScreenBuffer) throws -> Void
  ) rethrows {
    try draw(list.placements, into: &screen, cell: cell)
  }

  /// Clears the region (when ``background`` is set) and draws the placements that show on
  /// screen, in order, clipped to the region; a pinned header's cells are cleared with
  /// ``background`` before it draws. See ``draw(_:into:cell:)-(VirtualList<Cell>,_,_)``.
  ///
  /// - Complexity: O(region area) for the clear, plus the cells' drawing.
  public func draw<Cell: ReusableCell>(
    _ placements: Placements<Cell>, into screen: inout ScreenBuffer,
    cell: (Placement<Cell>, CellRect, inout ScreenBuffer) throws -> Void
  ) rethrows {
    if let background { screen.clear(region, style: background) }
    try screen.withClip(region) { screen in
      for placement in placements {
        let rect = cellRect(for: placement.frame)
        guard !rect.isEmpty, !rect.intersection(region).isEmpty else { continue }
        try screen.withClip(rect) { screen in
          // The rows under a pinned header do not show through what it leaves blank.
          if placement.isPinned, let background { screen.clear(rect, style: background) }
          try cell(placement, rect, &screen)
        }
        if placement.opacity < 1 { fade(rect, opacity: placement.opacity, in: &screen) }
      }
    }
  }

  /// Rounds a coordinate to the nearest whole cell (halves round up, also below zero).
  @inline(__always)
  static func snap(_ value: Double) -> Int {
    Int((value + 0.5).rounded(.down))
  }
}
