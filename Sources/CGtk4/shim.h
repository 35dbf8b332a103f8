// Shims for the parts of GTK 4 that Swift cannot import: function-like macros (G_CALLBACK,
// g_signal_connect, the GTK_WINDOW()-style checked casts) and a few constants.
#ifndef REEL_CGTK4_SHIM_H
#define REEL_CGTK4_SHIM_H

#include <gtk/gtk.h>

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
static inline gboolean reel_is_gtk_label(gpointer p) { return GTK_IS_LABEL(p); }
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


// MARK: Adjustments

static inline GtkAdjustment *reel_gtk_adjustment(gpointer p) { return GTK_ADJUSTMENT(p); }
static inline GtkScrolledWindow *reel_gtk_scrolled_window(gpointer p) {
  return GTK_SCROLLED_WINDOW(p);
}
static inline GtkBox *reel_gtk_box(gpointer p) { return GTK_BOX(p); }

#include "viewport.h"
#include "accessibility.h"

// MARK: stdio

/// Line-buffers standard output (Swift 6 cannot touch the `stdout` global safely).
static inline void reel_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }

#endif
