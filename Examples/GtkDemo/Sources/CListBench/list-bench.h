// The GtkListView side of list-bench, as a GTK developer would write it in C: a lazy
// GListModel whose items (GtkStringObjects) are made on demand in get_item, a
// GtkSignalListItemFactory whose rows are wrapping labels, and the frame clock's phases timed.
#ifndef REEL_LIST_BENCH_H
#define REEL_LIST_BENCH_H

#include <gtk/gtk.h>
#include <time.h>

// MARK: Row text

/// The text of row `index`: a sentence repeated 1 to 6 times, so rows wrap to 1 to 6 lines.
static inline char *bench_row_text(guint index) {
  static const char *sentence = "the quick brown fox jumps over the lazy dog";
  guint repeats = 1 + (guint)(((guint64)index * 7919u) % 6u);
  GString *text = g_string_new(NULL);
  g_string_append_printf(text, "Row %u:", index + 1);
  for (guint i = 0; i < repeats; i++) g_string_append_printf(text, " %s", sentence);
  return g_string_free(text, FALSE);
}

// MARK: A lazy GListModel

typedef struct {
  GObject parent;
  guint count;
} BenchModel;

typedef struct {
  GObjectClass parent_class;
} BenchModelClass;

static GType bench_model_item_type(GListModel *model) { return GTK_TYPE_STRING_OBJECT; }

static guint bench_model_n_items(GListModel *model) { return ((BenchModel *)model)->count; }

/// A new item for every call (the caller owns it): nothing is stored per row.
static gpointer bench_model_get_item(GListModel *model, guint position) {
  if (position >= ((BenchModel *)model)->count) return NULL;
  char *text = bench_row_text(position);
  GtkStringObject *item = gtk_string_object_new(text);
  g_free(text);
  return item;
}

static void bench_model_list_init(GListModelInterface *iface) {
  iface->get_item_type = bench_model_item_type;
  iface->get_n_items = bench_model_n_items;
  iface->get_item = bench_model_get_item;
}

static GType bench_model_get_type(void) {
  static GType type = 0;
  if (type == 0) {
    const GTypeInfo info = {sizeof(BenchModelClass), NULL, NULL, NULL, NULL, NULL,
                            sizeof(BenchModel), 0, NULL, NULL};
    type = g_type_register_static(G_TYPE_OBJECT, "BenchModel", &info, (GTypeFlags)0);
    const GInterfaceInfo list = {(GInterfaceInitFunc)bench_model_list_init, NULL, NULL};
    g_type_add_interface_static(type, G_TYPE_LIST_MODEL, &list);
  }
  return type;
}

// MARK: The GtkListView

static void bench_setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkWidget *label = gtk_label_new("");
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_widget_set_margin_start(label, 8);
  gtk_widget_set_margin_end(label, 8);
  gtk_widget_set_margin_top(label, 8);
  gtk_widget_set_margin_bottom(label, 8);
  gtk_list_item_set_child(item, label);
}

static void bench_bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkStringObject *string = GTK_STRING_OBJECT(gtk_list_item_get_item(item));
  gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(string));
}

/// A GtkListView of `count` rows: the lazy model, no selection, the label factory.
static inline GtkWidget *bench_list_view_new(guint count) {
  BenchModel *model = g_object_new(bench_model_get_type(), NULL);
  model->count = count;
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
  g_signal_connect(factory, "setup", G_CALLBACK(bench_setup), NULL);
  g_signal_connect(factory, "bind", G_CALLBACK(bench_bind), NULL);
  GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(model));
  return gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
}

// MARK: Frame timing

/// One frame: from the start of its first phase (before-paint, update or layout) to the end of
/// after-paint, whether it painted, and the scroll adjustment after it.
typedef struct {
  gint64 start, end;          // monotonic (wall) time, µs
  gint64 cpu_start, cpu_end;  // the main thread's CPU time, µs
  gint64 process_cpu;         // the process's CPU time at the end of the frame, µs
  double value, upper, page;
  gboolean painted;
} BenchFrame;

/// The calling thread's CPU time in µs: what a frame costs without the time the thread waited
/// for a core on a busy machine.
static inline gint64 bench_cpu_time(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (gint64)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static inline gint64 bench_thread_cpu_time(void) { return bench_cpu_time(CLOCK_THREAD_CPUTIME_ID); }

typedef struct {
  BenchFrame *frames;
  guint count, capacity;
  gint64 start, cpu_start;
  gboolean painted;
  GtkAdjustment *adjustment;
} BenchClock;

/// The one clock being timed (a function-local static: Swift imports no static globals).
static inline BenchClock *bench_state(void) {
  static BenchClock state;
  return &state;
}

/// before-paint begins every cycle of the frame clock.
static void bench_cycle_start(GdkFrameClock *clock, gpointer data) {
  bench_state()->start = g_get_monotonic_time();
  bench_state()->cpu_start = bench_thread_cpu_time();
  bench_state()->painted = FALSE;
}

static void bench_phase_start(GdkFrameClock *clock, gpointer data) {
  if (bench_state()->start != 0) return;
  bench_state()->start = g_get_monotonic_time();
  bench_state()->cpu_start = bench_thread_cpu_time();
}

static void bench_paint(GdkFrameClock *clock, gpointer data) { bench_state()->painted = TRUE; }

static void bench_phase_end(GdkFrameClock *clock, gpointer data) {
  gint64 end = g_get_monotonic_time();
  if (bench_state()->count == bench_state()->capacity) {
    bench_state()->capacity = bench_state()->capacity ? bench_state()->capacity * 2 : 1024;
    bench_state()->frames = g_renew(BenchFrame, bench_state()->frames, bench_state()->capacity);
  }
  BenchFrame *frame = &bench_state()->frames[bench_state()->count++];
  gint64 cpu_end = bench_thread_cpu_time();
  frame->start = bench_state()->start ? bench_state()->start : end;
  frame->end = end;
  frame->cpu_start = bench_state()->start ? bench_state()->cpu_start : cpu_end;
  frame->cpu_end = cpu_end;
  frame->process_cpu = bench_cpu_time(CLOCK_PROCESS_CPUTIME_ID);
  GtkAdjustment *a = bench_state()->adjustment;
  frame->value = a ? gtk_adjustment_get_value(a) : 0;
  frame->upper = a ? gtk_adjustment_get_upper(a) : 0;
  frame->page = a ? gtk_adjustment_get_page_size(a) : 0;
  frame->painted = bench_state()->painted;
  bench_state()->start = 0;
  bench_state()->painted = FALSE;
}

/// Times every frame of `clock` from now on; `adjustment` is read after each.
static inline void bench_clock_attach(GdkFrameClock *clock, GtkAdjustment *adjustment) {
  bench_state()->adjustment = adjustment;
  g_signal_connect(clock, "before-paint", G_CALLBACK(bench_cycle_start), NULL);
  g_signal_connect(clock, "update", G_CALLBACK(bench_phase_start), NULL);
  g_signal_connect(clock, "layout", G_CALLBACK(bench_phase_start), NULL);
  g_signal_connect(clock, "paint", G_CALLBACK(bench_paint), NULL);
  g_signal_connect(clock, "after-paint", G_CALLBACK(bench_phase_end), NULL);
}

static inline guint bench_frame_count(void) { return bench_state()->count; }
static inline BenchFrame bench_frame(guint i) { return bench_state()->frames[i]; }

#endif
