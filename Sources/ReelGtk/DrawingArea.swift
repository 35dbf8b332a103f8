#if GTK
  import CGtk4

  /// A `GtkDrawingArea` drawn by a Swift closure with cairo.
  ///
  /// ```swift
  /// let card = DrawingArea { cr, width, height in
  ///   cairo_set_source_rgb(cr, 0.9, 0.3, 0.2)
  ///   Cairo.roundedRectangle(cr, x: 0, y: 0, width: width, height: height, radius: 16)
  ///   cairo_fill(cr)
  /// }
  /// ```
  @MainActor
  public final class DrawingArea {
    /// The drawing area widget.
    public let widget: Widget

    /// Creates a drawing area; `draw` gets the cairo context (`cairo_t *`), width and height.
    public init(draw: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) {
      widget = Widget(gtk_drawing_area_new())
      let data = Unmanaged.passRetained(HandlerBox(draw)).toOpaque()
      gtk_drawing_area_set_draw_func(
        reel_gtk_drawing_area(widget.raw), drawThunk, data,
        { data in
          guard let data else { return }
          Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    /// Asks GTK to call the draw closure again before the next frame.
    public func redraw() {
      widget.queueDraw()
    }
  }

  private let drawThunk: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
    guard let cr else { return }
    let box = HandlerBox<@MainActor (OpaquePointer, Double, Double) -> Void>.from(data)
    // Pointers are not Sendable; GTK draws on the main thread, so pass the address across.
    let address = Int(bitPattern: cr)
    MainActor.assumeIsolated {
      box.handler(OpaquePointer(bitPattern: address)!, Double(width), Double(height))
    }
  }

  /// Small cairo helpers that have no C equivalent.
  public enum Cairo {
    /// Adds a rounded rectangle path to `cr`.
    public static func roundedRectangle(
      _ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double
    ) {
      let r = min(radius, width / 2, height / 2)
      cairo_new_sub_path(cr)
      cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
      cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
      cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
      cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
      cairo_close_path(cr)
    }

    /// Sets the source colour from a 0xRRGGBB value.
    public static func setColor(_ cr: OpaquePointer, rgb: UInt32, alpha: Double = 1) {
      cairo_set_source_rgba(
        cr, Double((rgb >> 16) & 0xff) / 255, Double((rgb >> 8) & 0xff) / 255,
        Double(rgb & 0xff) / 255, alpha)
    }

    /// Draws `text` with Pango at (`x`, `y`) (the top-left of the text), in the current colour.
    ///
    /// - Parameter font: a Pango font description such as `"Sans Bold 18"`.
    public static func drawText(
      _ cr: OpaquePointer, _ text: String, x: Double, y: Double, font: String
    ) {
      guard let layout = pango_cairo_create_layout(cr) else { return }
      let description = pango_font_description_from_string(font)
      pango_layout_set_font_description(layout, description)
      pango_layout_set_text(layout, text, -1)
      cairo_move_to(cr, x, y)
      pango_cairo_show_layout(cr, layout)
      pango_font_description_free(description)
      reel_g_object_unref(UnsafeMutableRawPointer(layout))
    }
  }
#endif
