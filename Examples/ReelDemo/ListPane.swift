import Reel
import ReelTerminal

/// The million-row list under the banner: a vertical or horizontal list of rows of varying
/// size (measured on first display), or a grid of cards; bounded or cyclic. Rows can be
/// selected (several) and take keyboard focus; `d` edits the visible rows at random and the
/// edit animates (see ``RowOrder``).
final class ListPane: VirtualListDataSource {
  /// List or grid.
  enum Shape: String {
    case list
    case grid
  }

  let list: VirtualList<RowCell>
  private(set) var renderer = TerminalListRenderer(
    region: CellRect(x: 0, y: 0, width: 0, height: 0), background: Theme.dark.plain)
  private(set) var shape = Shape.list
  /// Which row shows at each index: changed by the random edits.
  private(set) var order: RowOrder
  private var unmeasured: [(index: Int, extent: Double)] = []
  /// The measured list layouts of both axes, kept while the other one shows: building one
  /// costs O(n) for the million rows (half a second in a debug build), keeping it costs 8 MB.
  private var savedLayouts: [Axis: VariableLayout] = [:]
  /// The horizontal list layout, built off the main thread at startup so that the first
  /// switch to horizontal does not freeze the screen; see ``prebuildHorizontalLayout()``.
  private var prebuilt: LayoutPrebuild?

  /// Creates the pane; `seed` seeds the random edits, `animation` is how they animate.
  init(seed: UInt64 = 1, animation: UpdateAnimation = .default) {
    list = VirtualList(
      layout: VariableLayout(estimatedExtent: Self.estimatedExtent(.vertical)), axis: .vertical,
      wrapping: .bounded)
    order = RowOrder(seed: seed)
    list.register("row", capacity: 8) { RowCell() }
    list.selectionMode = .multiple
    list.updateAnimation = animation
    list.dataSource = self
    unmeasured.reserveCapacity(64)
  }

  /// Places the list on screen.
  func setRegion(_ region: CellRect) {
    renderer.region = region
    list.viewportSize = renderer.viewportSize
    if shape == .grid { applyLayout() }
  }

  /// Starts building the horizontal list layout for the million rows on another thread; the
  /// first switch to horizontal takes it (waiting for it if it is not done yet) instead of
  /// building it then. Interactive runs call it; plain-text runs and benchmarks need not.
  func prebuildHorizontalLayout() {
    guard prebuilt == nil, savedLayouts[.horizontal] == nil else { return }
    prebuilt = LayoutPrebuild(
      estimatedExtent: Self.estimatedExtent(.horizontal), count: DemoRows.count,
      axis: .horizontal)
  }

  /// The estimated extent of a list row along an axis before it is measured.
  private static func estimatedExtent(_ axis: Axis) -> Double {
    axis == .vertical ? 2 : 24
  }

  /// Vertical ↔ horizontal.
  func toggleAxis() {
    let previous = list.axis
    list.axis = previous == .vertical ? .horizontal : .vertical
    applyLayout(previousAxis: previous)
  }

  /// Bounded ↔ cyclic.
  func toggleWrapping() {
    list.wrapping = list.wrapping == .bounded ? .cyclic : .bounded
  }

  /// List ↔ grid.
  func toggleShape() {
    shape = shape == .list ? .grid : .list
    applyLayout()
  }

  /// A layout for the current shape and axis. Lists measure their rows as they show them;
  /// grids have cards of one size, as many lanes as fit.
  private func applyLayout(previousAxis: Axis? = nil) {
    if let measured = list.layout as? VariableLayout {
      savedLayouts[previousAxis ?? list.axis] = measured
    }
    let vertical = list.axis == .vertical
    switch shape {
    case .list:
      if savedLayouts[list.axis] == nil, !vertical, let prebuilt {
        savedLayouts[.horizontal] = prebuilt.take()
        self.prebuilt = nil
      }
      // Taken out of the dictionary, so the list's copy stays unique and measuring a row does
      // not copy the million extents.
      list.layout =
        savedLayouts.removeValue(forKey: list.axis)
        ?? VariableLayout(estimatedExtent: Self.estimatedExtent(list.axis))
    case .grid:
      let region = renderer.region
      let lanes = vertical ? max(1, (region.width + 1) / 25) : max(1, (region.height + 1) / 5)
      list.layout = UniformLayout(
        extent: vertical ? 4 : 24, spacing: vertical ? 0 : 1, lanes: lanes, laneSpacing: 1)
    }
  }

  /// The extent a row has along the current axis, as if measured from its content.
  private func measuredExtent(of index: Int) -> Double {
    let id = order.id(at: index)
    return Double(list.axis == .vertical ? DemoRows.lines(id) : DemoRows.columns(id))
  }

  /// Edits the visible rows at random (``RowDiff``) and applies the edit to the list as one
  /// batch update, which animates; returns the message-line text ("seed 7 · rows 1–9 · …").
  func applyRandomEdit() -> String {
    let visible = list.visibleIndices
    guard let first = visible.first else { return "Nothing to edit" }
    // The run of consecutive rows from the first (a cyclic list's window can cross its seam).
    var count = 1
    while count < visible.count && visible[count] == first + count { count += 1 }
    let seed = order.seed
    let rowCount = order.count
    let edit = order.edit(first..<first + count)
    if order.count != rowCount {
      // The kept layouts of the other axis have the old number of rows: build them again.
      savedLayouts.removeAll()
      prebuilt = nil
    }
    do {
      try list.performBatchUpdates(edit.update)
    } catch {
      preconditionFailure("ListPane.applyRandomEdit(): the list rejected the edit: \(error)")
    }
    return "Edit \(order.edits) (seed \(seed)) of rows \(first + 1)–\(first + count): "
      + edit.diff.summary
  }

  /// The list's keyboard focus moves by an arrow key; the first press focuses the row at the
  /// top.
  func moveFocus(_ arrow: FocusMove.Arrow) {
    list.moveFocus(.arrow(arrow, axis: list.axis, direction: list.direction))
  }

  /// The status line's part for the focus and the selection: "focus 3 of 1,000,000 · 2
  /// selected", or `nil` without either.
  var selectionDescription: String? {
    var parts: [String] = []
    if let focused = list.focusedIndex, let position = list.accessibilityPosition(ofItemAt: focused)
    {
      parts.append(
        "focus \(DemoRows.grouped(position.position)) of \(DemoRows.grouped(position.count))")
    }
    let selected = list.indicesForSelectedItems
    if selected.count == 1 {
      parts.append("selected \(DemoRows.title(order.id(at: selected[0])))")
    } else if selected.count > 1 {
      parts.append("\(selected.count) selected")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// Measures the rows displayed for the first time and tells the list, until the displayed
  /// rows are all measured (a few passes at most: measuring can bring new rows in).
  func measureDisplayedRows() {
    guard shape == .list else { return }
    for _ in 0..<8 {
      unmeasured.removeAll(keepingCapacity: true)
      // Cells fading out after an edit are no longer at their index: not measured.
      for placement in list.placements where !placement.isDeparting {
        let extent = measuredExtent(of: placement.index)
        let current = list.axis == .vertical ? placement.frame.height : placement.frame.width
        if current != extent { unmeasured.append((placement.index, extent)) }
      }
      if unmeasured.isEmpty { return }
      list.measure { batch in
        for (index, extent) in unmeasured { batch.setExtent(extent, forItemAt: index) }
      }
    }
  }

  /// Draws the displayed rows into the list's region, cleared with the theme's background
  /// (the gaps between grid cards show it).
  func draw(into screen: inout ScreenBuffer, theme: Theme) {
    let card = shape == .grid || list.axis == .horizontal
    renderer.background = theme.plain
    let focused = list.focusedIndex
    let selection = list.selection
    renderer.draw(list, into: &screen) { placement, rect, screen in
      // Cells leaving (deleted rows fading out) are no longer at their index: no marks.
      let marks =
        placement.isDeparting
        ? RowCell.Marks()
        : RowCell.Marks(
          selected: selection.contains(placement.index), focused: placement.index == focused)
      placement.cell.draw(in: rect, screen: &screen, card: card, theme: theme, marks: marks)
    }
  }

  /// A one-line description of the mode, for the status line.
  var modeDescription: String {
    let axis = list.axis == .vertical ? "vertical" : "horizontal"
    return "\(axis) \(list.wrapping == .bounded ? "bounded" : "cyclic") \(shape.rawValue)"
  }

  // MARK: VirtualListDataSource

  func numberOfItems(in list: VirtualList<RowCell>) -> Int { order.count }

  func virtualList(_ list: VirtualList<RowCell>, cellForItemAt index: Int) -> RowCell {
    let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
    cell.configure(index: order.id(at: index))
    return cell
  }
}
