// ReelViewport: the GtkWidget subclass (implementing GtkScrollable) behind FrameContainer,
// written in C because GObject subclassing needs class and instance structs.
#ifndef REEL_CGTK4_VIEWPORT_H
#define REEL_CGTK4_VIEWPORT_H

#include <gtk/gtk.h>

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

#endif
