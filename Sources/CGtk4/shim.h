// Shims for the parts of GTK 4 that Swift cannot import: function-like macros (G_CALLBACK,
// g_signal_connect, the GTK_WINDOW()-style checked casts) and a few constants.
#ifndef REEL_CGTK4_SHIM_H
#define REEL_CGTK4_SHIM_H

#include <gtk/gtk.h>
#include <math.h>

// MARK: Signals

/// g_signal_connect_data() with the callback passed as an untyped pointer, so Swift can hand
/// over any `@convention(c)` function; `destroy` releases `data` when the handler goes away.
static inline gulong reel_signal_connect(gpointer instance, const char *signal, void *callback,
                                         gpointer data, GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, G_CALLBACK(callback), data, destroy,
                               (GConnectFlags)0);
}

static inline void reel_signal_disconnect(gpointer instance, gulong handler_id) {
  g_signal_handler_disconnect(instance, handler_id);
}

// MARK: Checked casts (the GTK_X() macros)

static inline GObject *reel_g_object(gpointer p) { return G_OBJECT(p); }
static inline GApplication *reel_g_application(gpointer p) { return G_APPLICATION(p); }
static inline GtkWidget *reel_gtk_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *reel_gtk_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkFixed *reel_gtk_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkLabel *reel_gtk_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkOverlay *reel_gtk_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkPicture *reel_gtk_picture(gpointer p) { return GTK_PICTURE(p); }
static inline GtkDrawingArea *reel_gtk_drawing_area(gpointer p) { return GTK_DRAWING_AREA(p); }
static inline GtkNative *reel_gtk_native(gpointer p) { return GTK_NATIVE(p); }
static inline GtkGesture *reel_gtk_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureDrag *reel_gtk_gesture_drag(gpointer p) { return GTK_GESTURE_DRAG(p); }
static inline GtkGestureSingle *reel_gtk_gesture_single(gpointer p) {
  return GTK_GESTURE_SINGLE(p);
}
static inline GtkEventController *reel_gtk_event_controller(gpointer p) {
  return GTK_EVENT_CONTROLLER(p);
}
static inline GdkPaintable *reel_gdk_paintable(gpointer p) { return GDK_PAINTABLE(p); }
static inline GdkTexture *reel_gdk_texture(gpointer p) { return GDK_TEXTURE(p); }
static inline GtkStyleProvider *reel_gtk_style_provider(gpointer p) {
  return GTK_STYLE_PROVIDER(p);
}

// MARK: Reference counting

static inline void reel_g_object_unref(gpointer p) { g_object_unref(p); }
static inline gpointer reel_g_object_ref(gpointer p) { return g_object_ref(p); }
static inline gpointer reel_g_object_ref_sink(gpointer p) { return g_object_ref_sink(p); }

// MARK: Constants that are macros or enum values Swift imports awkwardly

static inline gboolean reel_source_continue(void) { return G_SOURCE_CONTINUE; }
static inline gboolean reel_source_remove(void) { return G_SOURCE_REMOVE; }
static inline guint reel_gdk_button_primary(void) { return GDK_BUTTON_PRIMARY; }
static inline guint reel_gdk_current_time(void) { return GDK_CURRENT_TIME; }


// MARK: ReelViewport, the widget behind FrameContainer

/// What changed, for ReelViewportHandler.
typedef enum {
  REEL_VIEWPORT_HVALUE = 0,       ///< the horizontal adjustment's value changed
  REEL_VIEWPORT_VVALUE = 1,       ///< the vertical adjustment's value changed
  REEL_VIEWPORT_ADJUSTMENTS = 2,  ///< an adjustment was replaced (for example by a scrolled window)
} ReelViewportChange;

typedef void (*ReelViewportHandler)(gpointer data, ReelViewportChange change);

/// A GtkWidget subclass that implements GtkScrollable, so a GtkScrolledWindow hands it
/// adjustments (its scrollbars) instead of wrapping it in a GtkViewport. Children are laid out
/// by whatever layout manager is set on it; it unparents them when disposed.
typedef struct {
  GtkWidget parent_instance;
  GtkAdjustment *adjustments[2];
  GtkScrollablePolicy policies[2];
  ReelViewportHandler handler;
  gpointer handler_data;
} ReelViewport;

typedef struct {
  GtkWidgetClass parent_class;
} ReelViewportClass;

enum { REEL_VIEWPORT_PROP_0, REEL_VIEWPORT_PROP_HADJ, REEL_VIEWPORT_PROP_VADJ,
       REEL_VIEWPORT_PROP_HPOLICY, REEL_VIEWPORT_PROP_VPOLICY };

static void reel_viewport_value_changed(GtkAdjustment *adjustment, gpointer data) {
  ReelViewport *self = (ReelViewport *)data;
  if (!self->handler) return;
  self->handler(self->handler_data, adjustment == self->adjustments[0] ? REEL_VIEWPORT_HVALUE
                                                                       : REEL_VIEWPORT_VVALUE);
}

static void reel_viewport_set_adjustment(ReelViewport *self, int i, GtkAdjustment *adjustment) {
  if (adjustment && adjustment == self->adjustments[i]) return;
  if (self->adjustments[i]) {
    g_signal_handlers_disconnect_by_data(self->adjustments[i], self);
    g_object_unref(self->adjustments[i]);
  }
  if (!adjustment) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
  self->adjustments[i] = g_object_ref_sink(adjustment);
  g_signal_connect(adjustment, "value-changed", G_CALLBACK(reel_viewport_value_changed), self);
  g_object_notify(G_OBJECT(self), i == 0 ? "hadjustment" : "vadjustment");
  if (self->handler) self->handler(self->handler_data, REEL_VIEWPORT_ADJUSTMENTS);
}

static void reel_viewport_set_property(GObject *object, guint id, const GValue *value,
                                       GParamSpec *pspec) {
  ReelViewport *self = (ReelViewport *)object;
  switch (id) {
  case REEL_VIEWPORT_PROP_HADJ:
  case REEL_VIEWPORT_PROP_VADJ:
    reel_viewport_set_adjustment(self, id == REEL_VIEWPORT_PROP_VADJ,
                                 (GtkAdjustment *)g_value_get_object(value));
    break;
  case REEL_VIEWPORT_PROP_HPOLICY:
  case REEL_VIEWPORT_PROP_VPOLICY:
    self->policies[id == REEL_VIEWPORT_PROP_VPOLICY] = (GtkScrollablePolicy)g_value_get_enum(value);
    gtk_widget_queue_resize(GTK_WIDGET(self));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void reel_viewport_get_property(GObject *object, guint id, GValue *value,
                                       GParamSpec *pspec) {
  ReelViewport *self = (ReelViewport *)object;
  switch (id) {
  case REEL_VIEWPORT_PROP_HADJ: g_value_set_object(value, self->adjustments[0]); break;
  case REEL_VIEWPORT_PROP_VADJ: g_value_set_object(value, self->adjustments[1]); break;
  case REEL_VIEWPORT_PROP_HPOLICY: g_value_set_enum(value, self->policies[0]); break;
  case REEL_VIEWPORT_PROP_VPOLICY: g_value_set_enum(value, self->policies[1]); break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static gpointer reel_viewport_parent_class = NULL;

static void reel_viewport_dispose(GObject *object) {
  ReelViewport *self = (ReelViewport *)object;
  GtkWidget *child;
  self->handler = NULL;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
    gtk_widget_unparent(child);
  for (int i = 0; i < 2; i++) {
    if (self->adjustments[i]) {
      g_signal_handlers_disconnect_by_data(self->adjustments[i], self);
      g_clear_object(&self->adjustments[i]);
    }
  }
  G_OBJECT_CLASS(reel_viewport_parent_class)->dispose(object);
}

static void reel_viewport_class_init(gpointer klass, gpointer data) {
  (void)data;
  reel_viewport_parent_class = g_type_class_peek_parent(klass);
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->set_property = reel_viewport_set_property;
  object_class->get_property = reel_viewport_get_property;
  object_class->dispose = reel_viewport_dispose;
  g_object_class_override_property(object_class, REEL_VIEWPORT_PROP_HADJ, "hadjustment");
  g_object_class_override_property(object_class, REEL_VIEWPORT_PROP_VADJ, "vadjustment");
  g_object_class_override_property(object_class, REEL_VIEWPORT_PROP_HPOLICY, "hscroll-policy");
  g_object_class_override_property(object_class, REEL_VIEWPORT_PROP_VPOLICY, "vscroll-policy");
  gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "reelviewport");
}

static void reel_viewport_init(GTypeInstance *instance, gpointer klass) {
  (void)klass;
  ReelViewport *self = (ReelViewport *)instance;
  self->policies[0] = self->policies[1] = GTK_SCROLL_MINIMUM;
}

/// The ReelViewport type, registered on first use (also when another module registered it).
static inline GType reel_viewport_get_type(void) {
  GType type = g_type_from_name("ReelViewport");
  if (type) return type;
  const GTypeInfo info = {sizeof(ReelViewportClass), NULL, NULL, reel_viewport_class_init, NULL,
                          NULL, sizeof(ReelViewport), 0, reel_viewport_init, NULL};
  type = g_type_register_static(GTK_TYPE_WIDGET, "ReelViewport", &info, (GTypeFlags)0);
  const GInterfaceInfo scrollable = {NULL, NULL, NULL};
  g_type_add_interface_static(type, GTK_TYPE_SCROLLABLE, &scrollable);
  return type;
}

/// A new ReelViewport with an accessible role (which GTK lets one set only at construction).
static inline GtkWidget *reel_viewport_new(GtkAccessibleRole role) {
  return GTK_WIDGET(g_object_new(reel_viewport_get_type(), "accessible-role", role, NULL));
}

/// Sets the function told about adjustment changes; `data` is not retained.
static inline void reel_viewport_set_handler(GtkWidget *widget, ReelViewportHandler handler,
                                             gpointer data) {
  ReelViewport *self = (ReelViewport *)widget;
  self->handler = handler;
  self->handler_data = data;
}

/// The horizontal (0) or vertical (1) adjustment, or NULL before one is set.
static inline GtkAdjustment *reel_viewport_get_adjustment(GtkWidget *widget, int vertical) {
  return ((ReelViewport *)widget)->adjustments[vertical ? 1 : 0];
}

/// Creates both adjustments when none was given, so a viewport outside a scrolled window
/// still has something to configure.
static inline void reel_viewport_ensure_adjustments(GtkWidget *widget) {
  ReelViewport *self = (ReelViewport *)widget;
  for (int i = 0; i < 2; i++)
    if (!self->adjustments[i]) reel_viewport_set_adjustment(self, i, NULL);
}

// MARK: Accessibility (the update functions are variadic)

static inline void reel_accessible_set_label(gpointer widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void reel_accessible_set_description(gpointer widget, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                 text, -1);
}

static inline void reel_accessible_set_role_description(gpointer widget, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_ROLE_DESCRIPTION,
                                 text, -1);
}

static inline void reel_accessible_set_position(gpointer widget, int position, int size) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_POS_IN_SET,
                                 position, GTK_ACCESSIBLE_RELATION_SET_SIZE, size, -1);
}

static inline void reel_accessible_set_selected(gpointer widget, gboolean selected) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected,
                              -1);
}

static inline GtkAccessibleRole reel_accessible_get_role(gpointer widget) {
  return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

// MARK: Adjustments

static inline GtkAdjustment *reel_gtk_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkScrolledWindow *reel_gtk_scrolled_window(gpointer p) {
  return GTK_SCROLLED_WINDOW(p);
}
static inline GtkBox *reel_gtk_box(gpointer p) { return GTK_BOX(p); }

// MARK: GdkPixbuf

static void reel_pixbuf_size_prepared(GdkPixbufLoader *loader, int width, int height,
                                      gpointer data) {
  const int *fit = (const int *)data;  // {max width, max height}
  if (width <= fit[0] && height <= fit[1]) return;
  double scale = fmin((double)fit[0] / width, (double)fit[1] / height);
  int w = (int)(width * scale + 0.5), h = (int)(height * scale + 0.5);
  gdk_pixbuf_loader_set_size(loader, w < 1 ? 1 : w, h < 1 ? 1 : h);
}

/// Decodes `data` with the system's GdkPixbuf loaders (PNG, JPEG, …), scaled at load to fit
/// max_width × max_height (aspect kept; never enlarged). Returns a new pixbuf with an alpha
/// channel, or NULL with `*error` set.
static inline GdkPixbuf *reel_pixbuf_decode(const guint8 *data, gsize length, int max_width,
                                            int max_height, GError **error) {
  int fit[2] = {max_width, max_height};
  GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
  g_signal_connect(loader, "size-prepared", G_CALLBACK(reel_pixbuf_size_prepared), fit);
  gboolean written = gdk_pixbuf_loader_write(loader, data, length, error);
  gboolean closed = gdk_pixbuf_loader_close(loader, written ? error : NULL);
  GdkPixbuf *result = NULL;
  if (written && closed) {
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    if (pixbuf) result = gdk_pixbuf_add_alpha(pixbuf, FALSE, 0, 0, 0);
  }
  if (!result && error && !*error)
    g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "no image");
  g_object_unref(loader);
  return result;
}

/// Encodes a pixbuf as `type` ("png", "jpeg") into a new buffer (g_free it).
static inline gboolean reel_pixbuf_encode(GdkPixbuf *pixbuf, const char *type, gchar **buffer,
                                          gsize *size, GError **error) {
  return gdk_pixbuf_save_to_bufferv(pixbuf, buffer, size, type, NULL, NULL, error);
}

// MARK: stdio

/// Line-buffers standard output (Swift 6 cannot touch the `stdout` global safely).
static inline void reel_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

#endif
