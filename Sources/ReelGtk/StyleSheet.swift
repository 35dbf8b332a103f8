#if GTK
  import CGtk4

  /// Application-wide CSS, for backgrounds and label colours of widgets with CSS classes.
  ///
  /// ```swift
  /// StyleSheet.install(".row { background-color: #2a2d3a; color: white; }")
  /// label.addCSSClass("row")
  /// ```
  public enum StyleSheet {
    /// Adds `css` for every widget on the default display, above the theme.
    ///
    /// - Precondition: GTK is initialized (call from the application's activate handler).
    @MainActor public static func install(_ css: String) {
      guard let display = gdk_display_get_default() else {
        preconditionFailure("StyleSheet.install: no default display; call it after GTK starts")
      }
      let provider = gtk_css_provider_new()!
      gtk_css_provider_load_from_data(provider, css, -1)
      gtk_style_context_add_provider_for_display(
        display, reel_gtk_style_provider(UnsafeMutableRawPointer(provider)),
        UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
      reel_g_object_unref(UnsafeMutableRawPointer(provider))
    }
  }
#endif
