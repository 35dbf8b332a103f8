#if GTK
  import CGtk4

  /// Runs jobs on GTK's main loop. Swift's main-actor queue is not drained while GLib's loop
  /// runs, so completions from other threads (image loads) come back through `g_idle_add`.
  ///
  /// ```swift
  /// let binding = ImageBinding<PixelImage>(deliver: MainLoop.deliver)
  /// ```
  public enum MainLoop {
    /// Schedules `job` to run once on the main loop's thread, at idle priority.
    public static let deliver: @Sendable (_ job: @escaping @Sendable () -> Void) -> Void = { job in
      let box = Unmanaged.passRetained(JobBox(job)).toOpaque()
      g_idle_add_full(
        G_PRIORITY_DEFAULT_IDLE,
        { data in
          Unmanaged<JobBox>.fromOpaque(data!).takeRetainedValue().job()
          return reel_source_remove()
        }, box, nil)
    }
  }

  /// A job on its way to the main loop.
  private final class JobBox: Sendable {
    let job: @Sendable () -> Void

    init(_ job: @escaping @Sendable () -> Void) {
      self.job = job
    }
  }
#endif
