#if GTK
  import CGtk4

  /// A `GtkApplication`: runs the GLib main loop and calls back once it is ready for windows.
  ///
  /// ```swift
  /// let app = Application(id: "org.reel.GtkDemo")
  /// let status = app.run { app in
  ///   let window = Window(application: app, title: "Reel", width: 800, height: 600)
  ///   window.present()
  /// }
  /// ```
  @MainActor
  public final class Application {
    /// The underlying `GtkApplication *`.
    public let pointer: UnsafeMutablePointer<GtkApplication>
    private var exitCode: Int32 = 0

    /// Creates a non-unique application (several demo instances may run at once).
    public init(id: String) {
      pointer = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)
    }

    /// Runs the main loop until the last window closes or ``quit(exitCode:)`` is called.
    ///
    /// The process arguments are not passed to GTK: the caller parses its own options.
    ///
    /// - Returns: the exit status: the one given to ``quit(exitCode:)`` when non-zero.
    public func run(onActivate: @escaping @MainActor (Application) -> Void) -> Int32 {
      let box = HandlerBox<@MainActor () -> Void> { [unowned self] in onActivate(self) }
      let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, data in
        let box = HandlerBox<@MainActor () -> Void>.from(data)
        MainActor.assumeIsolated { box.handler() }
      }
      connectSignal(UnsafeMutableRawPointer(pointer), "activate", box: box, callback: activate)
      let status = g_application_run(reel_g_application(pointer), 0, nil)
      return exitCode != 0 ? exitCode : status
    }

    /// Stops the main loop; ``run(onActivate:)`` then returns `exitCode` (when non-zero).
    public func quit(exitCode: Int32 = 0) {
      self.exitCode = exitCode
      g_application_quit(reel_g_application(pointer))
    }

    isolated deinit {
      reel_g_object_unref(pointer)
    }
  }
#endif
