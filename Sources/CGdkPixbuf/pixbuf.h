// GdkPixbuf decoding scaled at load (a size-prepared handler) and encoding, for PixbufDecoder.
#ifndef REEL_CGTK4_PIXBUF_H
#define REEL_CGTK4_PIXBUF_H

#include <gtk/gtk.h>

#include <math.h>

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

#endif
