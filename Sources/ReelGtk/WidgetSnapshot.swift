#if GTK
  import CGtk4

  /// Renders a widget, as it was last laid out, into a texture without a screen grab.
  ///
  /// The widget is snapshotted through a `GtkWidgetPaintable` into a render node, which the
  /// window's own GSK renderer turns into a texture (`gsk_renderer_render_texture`).
  /// Headless, run under Xvfb with `GSK_RENDERER=cairo` for reproducible pixels.
  ///
  /// ```swift
  /// try WidgetSnapshot.render(window.content!, in: window).savePNG(to: "out.png")
  /// ```
  public enum WidgetSnapshot {
    /// Renders `widget` at its allocated size.
    ///
    /// - Precondition: `widget` is inside `window`, which has been presented and laid out.
    @MainActor public static func render(_ widget: Widget, in window: Window) throws -> Texture {
      let width = widget.width
      let height = widget.height
      guard width > 0, height > 0 else {
        throw GtkError("cannot snapshot a widget of size \(width)x\(height); is it laid out?")
      }
      guard let renderer = window.renderer else {
        throw GtkError("the window has no renderer; is it realized?")
      }
      let paintable = gtk_widget_paintable_new(widget.pointer)!
      defer { reel_g_object_unref(UnsafeMutableRawPointer(paintable)) }
      let snapshot = gtk_snapshot_new()
      gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
      guard let node = gtk_snapshot_free_to_node(snapshot) else {
        throw GtkError("the widget drew nothing")
      }
      defer { gsk_render_node_unref(node) }
      var viewport = graphene_rect_t(
        origin: graphene_point_t(x: 0, y: 0),
        size: graphene_size_t(width: Float(width), height: Float(height)))
      guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
        throw GtkError("the renderer produced no texture")
      }
      return Texture(adopting: texture)
    }
  }
#endif
