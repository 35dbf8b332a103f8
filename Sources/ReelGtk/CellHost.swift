#if GTK
  import CGtk4

  /// The widget a ``ReelGtkView`` wraps around one cell's widget: it carries the item's
  /// accessible role, position in set and selected state, its opacity, and the state a theme
  /// draws: `GTK_STATE_FLAG_SELECTED` (`:selected`) and the CSS class `selected` for a selected
  /// item, `GTK_STATE_FLAG_ACTIVE` (`:active`) and `highlighted` under a pressed pointer, and the
  /// CSS classes `cursor` (the focused item) and `pinned` (the pinned section header). A cell's
  /// own widget needs none of that.
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
    /// The accessible position last set (1-based position, set size), if any.
    private var announcedPosition: (position: Int, count: Int)?
    /// The accessible name last set.
    private var accessibleLabel: String?
    /// The selected state last set; `nil`: not selectable.
    private var announcedSelection: Bool??
    private var isHiddenFromAccessibility = false
    private var isCursor = false
    private(set) var isSelected = false
    private(set) var isHighlighted = false
    private var isPinned = false
    /// The opacity last given to the widget.
    private(set) var opacity = 1.0
    /// What the content was last measured for, to measure only when it changes.
    var measuredFor: (index: Int, crossExtent: Double)?
    /// The data index the accessible name was last read for.
    var labelledIndex: Int?

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
    func setPosition(_ position: Int, of count: Int) {
      if let last = announcedPosition, last == (position, count) { return }
      announcedPosition = (position, count)
      reel_accessible_set_position(widget.raw, Int32(position), Int32(count))
    }

    /// Names the item for assistive technologies when `label` differs from the last name.
    func setAccessibleLabel(_ label: String) {
      guard label != accessibleLabel else { return }
      accessibleLabel = label
      reel_accessible_set_label(widget.raw, label)
    }

    /// The name an item gets when its cell gives none: the text of the first label in the
    /// cell's widget tree (depth first), or an empty string.
    ///
    /// - Complexity: O(widgets in the cell).
    func firstLabelText() -> String {
      var stack = [content.pointer]
      while let widget = stack.popLast() {
        if reel_is_gtk_label(widget) != 0 {
          let text = String(cString: gtk_label_get_text(reel_gtk_label(widget)))
          if !text.isEmpty { return text }
        }
        var child = gtk_widget_get_last_child(widget)
        while let current = child {
          stack.append(current)
          child = gtk_widget_get_prev_sibling(current)
        }
      }
      return ""
    }

    /// Shows the host as the keyboard cursor (focus ring) or not.
    func setCursor(_ cursor: Bool) {
      guard cursor != isCursor else { return }
      isCursor = cursor
      setClass("cursor", cursor)
    }

    /// Shows the host as selected or not, for the eye (`:selected`, CSS `selected`) and
    /// assistive technologies; `nil`: the item cannot be selected (a list whose selection mode
    /// is none, a header), so it reports neither `selectable` nor `selected`.
    func setSelected(_ selected: Bool?) {
      guard selected != announcedSelection else { return }
      announcedSelection = selected
      isSelected = selected == true
      setFlag(GTK_STATE_FLAG_SELECTED, isSelected)
      setClass("selected", isSelected)
      if let selected {
        reel_accessible_set_selected(widget.raw, selected ? 1 : 0)
      } else {
        reel_accessible_reset_selected(widget.raw)
      }
    }

    /// Hides the host from assistive technologies (a cyclic list's second copy of an item),
    /// or shows it to them again; it stays drawn.
    func setHiddenFromAccessibility(_ hidden: Bool) {
      guard hidden != isHiddenFromAccessibility else { return }
      isHiddenFromAccessibility = hidden
      reel_accessible_set_hidden(widget.raw, hidden ? 1 : 0)
    }

    /// Shows the host as pressed (`:active`, CSS `highlighted`): a pointer is down on it.
    func setHighlighted(_ highlighted: Bool) {
      guard highlighted != isHighlighted else { return }
      isHighlighted = highlighted
      setFlag(GTK_STATE_FLAG_ACTIVE, highlighted)
      setClass("highlighted", highlighted)
    }

    /// Marks the host as the pinned section header (CSS `pinned`), drawn above the rows.
    func setPinned(_ pinned: Bool) {
      guard pinned != isPinned else { return }
      isPinned = pinned
      setClass("pinned", pinned)
    }

    /// Draws the host (and the cell's widget in it) with `opacity`, in `0...1`.
    func setOpacity(_ opacity: Double) {
      guard opacity != self.opacity else { return }
      self.opacity = opacity
      gtk_widget_set_opacity(widget.pointer, opacity)
    }

    private func setClass(_ name: String, _ on: Bool) {
      if on { widget.addCSSClass(name) } else { widget.removeCSSClass(name) }
    }

    private func setFlag(_ flag: GtkStateFlags, _ on: Bool) {
      if on {
        gtk_widget_set_state_flags(widget.pointer, flag, 0)
      } else {
        gtk_widget_unset_state_flags(widget.pointer, flag)
      }
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
