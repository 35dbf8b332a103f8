#if GTK
  import CGtk4

  /// The widget a ``ReelGtkView`` wraps around one cell's widget: it carries the item's
  /// accessible role, position in set, selected state, and the CSS classes `cursor` and
  /// `selected`, so a cell's own widget needs none of that.
  ///
  /// The host holds one reference to itself and one to the cell's widget; ``destroy()``
  /// unparents both and drops them, so a cell released by a full pool takes its widgets with it.
  @MainActor
  final class CellHost<Cell: GtkCell> {
    /// The cell, held weakly: the list owns it. `nil` once the pool released it.
    weak var cell: Cell?
    /// The host widget, a child of the view's container.
    let widget: Widget
    /// The cell's widget, a child of ``widget``.
    let content: Widget
    /// The data index the accessible position was last set for.
    private var announcedIndex: Int?
    private var announcedCount: Int?
    private var isCursor = false
    private var isSelected = false
    /// What the content was last measured for, to measure only when it changes.
    var measuredFor: (index: Int, crossExtent: Double)?

    /// Wraps `cell`'s widget in a new host with `role`.
    ///
    /// - Precondition: the cell's widget has no parent (a widget shows one cell).
    init(cell: Cell, role: GtkAccessibleRole) {
      self.cell = cell
      content = cell.widget
      precondition(
        gtk_widget_get_parent(content.pointer) == nil,
        "ReelGtkView: a cell's widget already has a parent; each cell needs its own widget")
      widget = Widget(reel_viewport_new(role))
      _ = reel_g_object_ref_sink(widget.raw)
      _ = reel_g_object_ref_sink(content.raw)
      gtk_widget_set_layout_manager(widget.pointer, gtk_bin_layout_new())
      widget.addCSSClass("reel-item")
      gtk_widget_set_parent(content.pointer, widget.pointer)
    }

    /// Updates the accessible position (1-based) and set size when they changed.
    func setPosition(index: Int, count: Int) {
      guard index != announcedIndex || count != announcedCount else { return }
      announcedIndex = index
      announcedCount = count
      reel_accessible_set_position(widget.raw, Int32(index + 1), Int32(count))
      if let label = cell?.accessibleLabel {
        reel_accessible_set_label(widget.raw, label)
      }
    }

    /// Shows the host as the keyboard cursor (focus ring) or not.
    func setCursor(_ cursor: Bool) {
      guard cursor != isCursor else { return }
      isCursor = cursor
      if cursor { widget.addCSSClass("cursor") } else { widget.removeCSSClass("cursor") }
    }

    /// Shows the host as selected, for the eye (CSS `selected`) and assistive technologies.
    func setSelected(_ selected: Bool) {
      guard selected != isSelected else { return }
      isSelected = selected
      if selected { widget.addCSSClass("selected") } else { widget.removeCSSClass("selected") }
      reel_accessible_set_selected(widget.raw, selected ? 1 : 0)
    }

    /// Measures the content along `orientation` for `forSize` across it: the natural size.
    func measure(_ orientation: GtkOrientation, forSize: Double) -> Double {
      var natural: Int32 = 0
      gtk_widget_measure(
        widget.pointer, orientation, Int32(forSize.rounded(.down)), nil, &natural, nil, nil)
      return Double(natural)
    }

    /// Unparents the host from `container` and drops the host's references: the widgets go
    /// unless someone else holds them.
    func destroy(in container: FrameContainer) {
      if container.frame(of: widget) != nil { container.remove(widget) }
      gtk_widget_unparent(content.pointer)
      reel_g_object_unref(content.raw)
      reel_g_object_unref(widget.raw)
    }
  }
#endif
