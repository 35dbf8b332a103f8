// GdkPixbuf decoding with a bound on the memory a loader may take, and encoding, for
// ReelPixbuf's PixbufDecoder.
#ifndef REEL_CGDKPIXBUF_PIXBUF_H
#define REEL_CGDKPIXBUF_PIXBUF_H

#include <gdk-pixbuf/gdk-pixbuf.h>

#include <math.h>
#include <string.h>

/// What the size-prepared handler needs and what it found.
typedef struct {
  int max_width, max_height;  // the box the image is scaled to fit
  double budget;              // the most bytes the loader may take for the image's pixels
  gboolean baseline_jpeg;     // a baseline JPEG: libjpeg decodes it at 1/2, 1/4 or 1/8 size
  int width, height;          // the image's size, from its header
  double bytes;               // what decoding it would take
  gboolean rejected;          // over the budget: the loader was told to stop
} ReelPixbufFit;

/// Whether `data` is a baseline (sequential DCT) JPEG, which libjpeg can decode scaled down. A
/// progressive or other JPEG keeps every coefficient of the full-size image while it decodes.
static inline gboolean reel_jpeg_is_baseline(const guint8 *data, gsize length) {
  if (length < 4 || data[0] != 0xFF || data[1] != 0xD8) return FALSE;
  gsize i = 2;
  while (i + 4 <= length) {
    if (data[i] != 0xFF) return FALSE;
    guint8 marker = data[i + 1];
    if (marker == 0xFF) { i += 1; continue; }
    if (marker == 0xC0 || marker == 0xC1) return TRUE;
    if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
      return FALSE;  // progressive, lossless or arithmetic-coded
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) { i += 2; continue; }
    i += 2 + ((gsize)data[i + 2] << 8 | data[i + 3]);
  }
  return FALSE;
}

/// The bytes a loader takes to decode a width × height image for a target of
/// target_width × target_height: a baseline JPEG at the scale libjpeg picks (as GdkPixbuf's
/// JPEG loader does: the smallest of 1/2, 1/4, 1/8 still at least the target), 4 bytes a pixel;
/// any other JPEG its full-size coefficients (2 bytes × up to 3 components) and pixels; any
/// other format its full-size pixels (4 bytes each, the loader's own buffer before it scales).
static inline double reel_pixbuf_decoding_bytes(const ReelPixbufFit *fit, gboolean is_jpeg,
                                                int target_width, int target_height) {
  double w = fit->width, h = fit->height;
  if (is_jpeg && fit->baseline_jpeg) {
    int denominator = 1;
    for (int d = 2; d <= 8; d *= 2) {
      if (ceil(w / d) < target_width || ceil(h / d) < target_height) break;
      denominator = d;
    }
    return ceil(w / denominator) * ceil(h / denominator) * 4;
  }
  return is_jpeg ? w * h * 10 : w * h * 4;
}

static void reel_pixbuf_size_prepared(GdkPixbufLoader *loader, int width, int height,
                                      gpointer data) {
  ReelPixbufFit *fit = (ReelPixbufFit *)data;
  fit->width = width;
  fit->height = height;
  int w = width, h = height;
  if (width > fit->max_width || height > fit->max_height) {
    double scale = fmin((double)fit->max_width / width, (double)fit->max_height / height);
    w = (int)(width * scale + 0.5);
    h = (int)(height * scale + 0.5);
    if (w < 1) w = 1;
    if (h < 1) h = 1;
  }
  GdkPixbufFormat *format = gdk_pixbuf_loader_get_format(loader);
  gchar *name = format ? gdk_pixbuf_format_get_name(format) : NULL;
  gboolean is_jpeg = name && strcmp(name, "jpeg") == 0;
  g_free(name);
  fit->bytes = reel_pixbuf_decoding_bytes(fit, is_jpeg, w, h);
  if (width <= 0 || height <= 0 || fit->bytes > fit->budget) {
    // A zero size tells the loader to stop before it allocates anything.
    fit->rejected = TRUE;
    gdk_pixbuf_loader_set_size(loader, 0, 0);
  } else if (w != width || h != height) {
    gdk_pixbuf_loader_set_size(loader, w, h);
  }
}

/// Decodes `data` with the system's GdkPixbuf loaders (PNG, JPEG, GIF, …), scaled at load to
/// fit max_width × max_height (aspect kept; never enlarged), refusing before it allocates an
/// image whose decoding would take more than `budget` bytes (`fit->rejected` is then set).
/// Returns a new pixbuf with an alpha channel, or NULL with `*error` set.
static inline GdkPixbuf *reel_pixbuf_decode(const guint8 *data, gsize length, ReelPixbufFit *fit,
                                            GError **error) {
  fit->baseline_jpeg = reel_jpeg_is_baseline(data, length);
  GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
  g_signal_connect(loader, "size-prepared", G_CALLBACK(reel_pixbuf_size_prepared), fit);
  gboolean written = gdk_pixbuf_loader_write(loader, data, length, error);
  gboolean closed = gdk_pixbuf_loader_close(loader, written ? error : NULL);
  GdkPixbuf *result = NULL;
  if (written && closed && !fit->rejected) {
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
