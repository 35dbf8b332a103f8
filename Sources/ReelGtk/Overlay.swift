#if GTK
  import CGtk4

  /// A `GtkOverlay`: a main child filling it, with overlay children on top placed by their
  /// alignment and margins.
  ///
  /// ```swift
  /// let card = Overlay(child: background.widget)
  /// icon.setAlignment(horizontal: GTK_ALIGN_END, vertical: GTK_ALIGN_START)
  /// card.addOverlay(icon)
  /// ```
  @MainActor
  public final class Overlay {
    /// The overlay widget.
    public let widget: Widget

    /// Creates an overlay whose main child is `child`.
    public init(child: Widget) {
      widget = Widget(gtk_overlay_new())
      gtk_overlay_set_child(reel_gtk_overlay(widget.raw), child.pointer)
    }

    /// Adds `child` on top of the main child and earlier overlays.
    public func addOverlay(_ child: Widget) {
      gtk_overlay_add_overlay(reel_gtk_overlay(widget.raw), child.pointer)
    }
  }

  extension Widget {
    /// Sets how the widget sits in extra space (`GTK_ALIGN_START`, `…_END`, `…_FILL`, …).
    @MainActor public func setAlignment(horizontal: GtkAlign, vertical: GtkAlign) {
      gtk_widget_set_halign(pointer, horizontal)
      gtk_widget_set_valign(pointer, vertical)
    }

    /// Sets the same margin on all four sides, in points.
    @MainActor public func setMargins(_ margin: Int) {
      gtk_widget_set_margin_top(pointer, Int32(margin))
      gtk_widget_set_margin_bottom(pointer, Int32(margin))
      gtk_widget_set_margin_start(pointer, Int32(margin))
      gtk_widget_set_margin_end(pointer, Int32(margin))
    }

    /// Sets the minimum size the widget asks for, in points (`-1` for unset).
    @MainActor public func setSizeRequest(width: Int, height: Int) {
      gtk_widget_set_size_request(pointer, Int32(width), Int32(height))
    }

    /// Whether the widget reacts to pointer input; `false` lets events reach the widget below.
    @MainActor public func setCanTarget(_ canTarget: Bool) {
      gtk_widget_set_can_target(pointer, canTarget ? 1 : 0)
    }

    /// Shows `texture` in a `GtkPicture` made by ``Texture/makePicture()``.
    ///
    /// - Precondition: the widget is a `GtkPicture` (checked by GTK).
    @MainActor public func setPictureTexture(_ texture: Texture) {
      gtk_picture_set_paintable(
        reel_gtk_picture(raw), reel_gdk_paintable(UnsafeMutableRawPointer(texture.pointer)))
    }
  }
#endif
