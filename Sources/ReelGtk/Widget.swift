#if GTK
  import CGtk4

  /// A borrowed reference to a `GtkWidget`; GTK's widget tree owns it, not this value.
  ///
  /// ```swift
  /// let label = Widget.label("Row 1")
  /// container.add(label, frame: WidgetFrame(x: 0, y: 0, width: 200, height: 40))
  /// ```
  public struct Widget: Hashable {
    /// The underlying `GtkWidget *`.
    public let pointer: UnsafeMutablePointer<GtkWidget>

    /// Wraps a widget pointer.
    public init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
      self.pointer = pointer
    }

    /// Wraps any `GtkWidget` subclass pointer; checked by GTK's type system at run time.
    public init(casting pointer: UnsafeMutableRawPointer) {
      self.pointer = reel_gtk_widget(pointer)
    }

    /// The pointer as an untyped `gpointer`, for the `reel_*` cast shims.
    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The allocated width, in points.
    @MainActor public var width: Int { Int(gtk_widget_get_width(pointer)) }

    /// The allocated height, in points.
    @MainActor public var height: Int { Int(gtk_widget_get_height(pointer)) }

    /// Adds a CSS class, for styles installed with ``StyleSheet``.
    @MainActor public func addCSSClass(_ name: String) {
      gtk_widget_add_css_class(pointer, name)
    }

    /// Removes a CSS class.
    @MainActor public func removeCSSClass(_ name: String) {
      gtk_widget_remove_css_class(pointer, name)
    }

    /// Clips the children to this widget's bounds (`GTK_OVERFLOW_HIDDEN`) or not.
    @MainActor public func setClipsChildren(_ clips: Bool) {
      gtk_widget_set_overflow(pointer, clips ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE)
    }

    /// Whether the widget can take keyboard focus.
    @MainActor public func setFocusable(_ focusable: Bool) {
      gtk_widget_set_focusable(pointer, focusable ? 1 : 0)
    }

    /// Gives the widget keyboard focus.
    @MainActor public func grabFocus() {
      _ = gtk_widget_grab_focus(pointer)
    }

    /// Shows or hides the widget.
    @MainActor public func setVisible(_ visible: Bool) {
      gtk_widget_set_visible(pointer, visible ? 1 : 0)
    }

    /// Names the widget for assistive technologies (`GTK_ACCESSIBLE_PROPERTY_LABEL`): an
    /// image by what it shows, a button by what it does.
    @MainActor public func setAccessibleLabel(_ label: String) {
      reel_accessible_set_label(raw, label)
    }

    /// Hides the widget (and what it contains) from assistive technologies, for decoration
    /// that repeats what the text around it says; it stays drawn.
    @MainActor public func setHiddenFromAccessibility(_ hidden: Bool) {
      reel_accessible_set_hidden(raw, hidden ? 1 : 0)
    }

    /// Schedules a redraw (for drawing areas whose state changed).
    @MainActor public func queueDraw() {
      gtk_widget_queue_draw(pointer)
    }
  }

  extension Widget {
    /// A new `GtkLabel` showing `text`, left-aligned and ellipsized so its minimum width is small.
    @MainActor public static func label(_ text: String) -> Widget {
      let label = gtk_label_new(text)!
      let gtkLabel = reel_gtk_label(label)
      gtk_label_set_xalign(gtkLabel, 0)
      gtk_label_set_ellipsize(gtkLabel, PANGO_ELLIPSIZE_END)
      return Widget(label)
    }

    /// Replaces a label's text.
    ///
    /// - Precondition: the widget is a `GtkLabel` (checked by GTK).
    @MainActor public func setLabelText(_ text: String) {
      gtk_label_set_text(reel_gtk_label(raw), text)
    }
  }
#endif
