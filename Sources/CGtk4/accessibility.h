// Wrappers for the variadic gtk_accessible_update_* functions, which Swift cannot call.
#ifndef REEL_CGTK4_ACCESSIBILITY_H
#define REEL_CGTK4_ACCESSIBILITY_H

#include <gtk/gtk.h>

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

/// Not selectable: the item reports neither `selectable` nor `selected`.
static inline void reel_accessible_reset_selected(gpointer widget) {
  gtk_accessible_reset_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED);
}

/// Hidden from assistive technologies (not from the eye).
static inline void reel_accessible_set_hidden(gpointer widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline GtkAccessibleRole reel_accessible_get_role(gpointer widget) {
  return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

#endif
