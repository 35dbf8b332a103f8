#if GTK
  import CGtk4

  /// A top-level `GtkApplicationWindow` with a single content widget.
  ///
  /// ```swift
  /// let window = Window(application: app, title: "Reel", width: 800, height: 600)
  /// window.setContent(container.widget)
  /// window.present()
  /// ```
  @MainActor
  public final class Window {
    /// The window as a widget.
    public let widget: Widget

    /// Creates a window of the given default content size, owned by `application`.
    public init(application: Application, title: String, width: Int, height: Int) {
      widget = Widget(gtk_application_window_new(application.pointer))
      gtk_window_set_title(gtkWindow, title)
      gtk_window_set_default_size(gtkWindow, Int32(width), Int32(height))
    }

    /// The underlying `GtkWindow *`.
    public var gtkWindow: UnsafeMutablePointer<GtkWindow> { reel_gtk_window(widget.raw) }

    /// The content widget, if one was set.
    public private(set) var content: Widget?

    /// Makes `child` the window's content, filling it.
    public func setContent(_ child: Widget) {
      content = child
      gtk_window_set_child(gtkWindow, child.pointer)
    }

    /// Whether the user may resize the window.
    public func setResizable(_ resizable: Bool) {
      gtk_window_set_resizable(gtkWindow, resizable ? 1 : 0)
    }

    /// Shows the window and brings it to the front.
    public func present() {
      gtk_window_present(gtkWindow)
    }

    /// Closes the window (the application quits when its last window closes).
    public func close() {
      gtk_window_close(gtkWindow)
    }

    /// The window's GSK renderer, available once the window is realized (after ``present()``).
    public var renderer: OpaquePointer? {
      gtk_native_get_renderer(reel_gtk_native(widget.raw))
    }
  }
#endif
