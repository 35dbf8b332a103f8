#if GTK
  import CGtk4

  /// A `GtkScrolledWindow` around a scrollable widget such as a ``ReelGtkView``'s: GTK's own
  /// scrollbars (overlay scrollbars where the theme uses them) driven by the view's adjustment.
  ///
  /// ```swift
  /// let scrolled = ScrolledWindow(child: view.widget)
  /// window.setContent(scrolled.widget)
  /// ```
  @MainActor
  public final class ScrolledWindow {
    /// The scrolled window widget.
    public let widget: Widget

    /// Wraps `child`, which must implement `GtkScrollable` (a ``FrameContainer`` does); the
    /// scrollbar along `orientation` shows when the content is longer than the view, the other
    /// one never.
    ///
    /// - Precondition: `child` has no parent.
    public init(child: Widget, orientation: GtkOrientation = GTK_ORIENTATION_VERTICAL) {
      precondition(
        gtk_widget_get_parent(child.pointer) == nil,
        "ScrolledWindow: the child already has a parent; remove it from there first")
      widget = Widget(gtk_scrolled_window_new())
      let scrolled = reel_gtk_scrolled_window(widget.raw)
      let vertical = orientation == GTK_ORIENTATION_VERTICAL
      gtk_scrolled_window_set_policy(
        scrolled, vertical ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC,
        vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER)
      gtk_scrolled_window_set_child(scrolled, child.pointer)
      // Named by direction rather than GTK's type name ("Vertical scroll bar").
      for (bar, name) in [
        (gtk_scrolled_window_get_vscrollbar(scrolled), "Vertical"),
        (gtk_scrolled_window_get_hscrollbar(scrolled), "Horizontal"),
      ] {
        if let bar { reel_accessible_set_label(UnsafeMutableRawPointer(bar), name) }
      }
    }

    /// Whether the scrollbars overlay the content and show only while scrolling (GTK's
    /// default) or always take their own space.
    public func setOverlayScrolling(_ overlay: Bool) {
      gtk_scrolled_window_set_overlay_scrolling(
        reel_gtk_scrolled_window(widget.raw), overlay ? 1 : 0)
    }
  }
#endif
