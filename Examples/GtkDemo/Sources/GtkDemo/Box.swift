import CGtk4
import ReelGtk

/// A `GtkBox`: children in a row or a column.
@MainActor
struct Box {
  let widget: Widget

  init(_ orientation: GtkOrientation, spacing: Int = 0, _ children: [Widget] = []) {
    widget = Widget(gtk_box_new(orientation, Int32(spacing)))
    for child in children { append(child) }
  }

  func append(_ child: Widget) {
    gtk_box_append(reel_gtk_box(widget.raw), child.pointer)
  }
}

extension Widget {
  /// A label that wraps at word boundaries instead of ellipsizing.
  @MainActor static func wrappingLabel(_ text: String, cssClass: String) -> Widget {
    let label = Widget.label(text)
    gtk_label_set_wrap(reel_gtk_label(label.raw), 1)
    gtk_label_set_ellipsize(reel_gtk_label(label.raw), PANGO_ELLIPSIZE_NONE)
    gtk_label_set_natural_wrap_mode(reel_gtk_label(label.raw), GTK_NATURAL_WRAP_WORD)
    label.addCSSClass(cssClass)
    return label
  }

  @MainActor func setExpands(horizontally: Bool, vertically: Bool) {
    gtk_widget_set_hexpand(pointer, horizontally ? 1 : 0)
    gtk_widget_set_vexpand(pointer, vertically ? 1 : 0)
  }
}
