#if GTK
  import CGtk4

  /// The style every ``ReelGtkView`` gets without any CSS from the app: selected, hovered and
  /// pressed items and the keyboard cursor, in the theme's own colours, so a list looks like a
  /// GTK list in light and dark themes.
  ///
  /// It uses the named colours GTK's default theme defines (`@theme_selected_bg_color`,
  /// `@theme_selected_fg_color`, `@theme_fg_color`), so it follows the theme and its dark
  /// variant (`GTK_THEME=Adwaita:dark`). It is installed once per display, at
  /// `GTK_STYLE_PROVIDER_PRIORITY_THEME`: any app style sheet (``StyleSheet/install(_:)``,
  /// priority `APPLICATION`) overrides it. The selectors an app restyles:
  ///
  /// ```css
  /// .reel-view > .reel-item:selected { background-color: …; color: …; }  /* selected items */
  /// .reel-view > .reel-item:hover { … }                                  /* under the pointer */
  /// .reel-view > .reel-item.highlighted { … }                            /* pressed */
  /// .reel-view:focus > .reel-item.cursor { outline: …; }                 /* keyboard cursor */
  /// ```
  ///
  /// The cursor shows whenever the view has the keyboard focus (a click gives it), so the
  /// arrows move something the user can see.
  public enum DefaultStyle {
    /// The style sheet, in GTK CSS.
    public static let css = """
      .reel-view > .reel-item { transition: background-color 150ms ease-out; }
      .reel-view > .reel-item:hover { background-color: alpha(@theme_fg_color, 0.05); }
      .reel-view > .reel-item.highlighted { background-color: alpha(@theme_fg_color, 0.1); }
      .reel-view > .reel-item:selected {
        background-color: @theme_selected_bg_color; color: @theme_selected_fg_color; }
      .reel-view > .reel-item:selected:hover {
        background-color: mix(@theme_selected_bg_color, @theme_fg_color, 0.06); }
      .reel-view > .reel-item:selected.highlighted {
        background-color: mix(@theme_selected_bg_color, @theme_fg_color, 0.12); }
      .reel-view > .reel-item.cursor { outline: 0 solid transparent; outline-offset: -2px; }
      .reel-view:focus > .reel-item.cursor {
        outline: 2px solid alpha(mix(@theme_selected_bg_color, @theme_fg_color, 0.3), 0.9);
        outline-offset: -2px; }
      .reel-view:focus > .reel-item.cursor:selected {
        outline-color: alpha(@theme_selected_fg_color, 0.8); }
      """

    /// The key under which a display keeps its provider, so it is installed once.
    private static let key = "reel-gtk-default-style"

    /// Installs the style for `widget`'s display, once per display.
    @MainActor static func install(for widget: Widget) {
      guard let display = gtk_widget_get_display(widget.pointer) else { return }
      let object = reel_g_object(UnsafeMutableRawPointer(display))
      guard g_object_get_data(object, key) == nil else { return }
      let provider = gtk_css_provider_new()!
      gtk_css_provider_load_from_data(provider, css, -1)
      gtk_style_context_add_provider_for_display(
        display, reel_gtk_style_provider(UnsafeMutableRawPointer(provider)),
        UInt32(GTK_STYLE_PROVIDER_PRIORITY_THEME))
      // The display keeps the provider (and its mark) for its life.
      g_object_set_data_full(
        object, key, UnsafeMutableRawPointer(provider), { reel_g_object_unref($0) })
    }
  }
#endif
