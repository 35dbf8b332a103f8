#if GTK
  import CGtk4

  /// One tick of a widget's frame clock.
  public struct FrameTick: Sendable {
    /// The frame clock's time for this frame, in microseconds (`gdk_frame_clock_get_frame_time`,
    /// monotonic, the same for everything drawn in this frame).
    public var frameTimeMicroseconds: Int64
    /// The frame clock's frame counter.
    public var frameCounter: Int64
  }

  /// A `gtk_widget_add_tick_callback` registration: calls `handler` once per frame while the
  /// widget is mapped, until the handler returns `false` or ``remove()`` is called.
  ///
  /// ```swift
  /// let tick = TickCallback(on: window.widget) { tick in
  ///   engine.advance(toMicroseconds: tick.frameTimeMicroseconds)
  ///   return true  // keep ticking
  /// }
  /// ```
  @MainActor
  public final class TickCallback {
    private let widget: Widget
    private var id: UInt32
    private let state: HandlerBox<TickState>

    /// Registers `handler` on `widget`'s frame clock.
    public init(on widget: Widget, handler: @escaping @MainActor (FrameTick) -> Bool) {
      self.widget = widget
      state = HandlerBox(TickState(handler: handler))
      let data = Unmanaged.passRetained(state).toOpaque()
      // GTK drops the callback itself when the widget goes: the destroy notify marks it
      // finished, so a later `remove()` does not touch the widget.
      id = gtk_widget_add_tick_callback(
        widget.pointer, tickThunk, data,
        { data in
          guard let data else { return }
          let box = Unmanaged<HandlerBox<TickState>>.fromOpaque(data)
          MainActor.assumeIsolated { box.takeUnretainedValue().handler.finished = true }
          box.release()
        })
    }

    /// Whether the callback is still registered.
    public var isActive: Bool { id != 0 && !state.handler.finished }

    /// Unregisters the callback; harmless when already removed or finished.
    public func remove() {
      guard isActive else { return }
      gtk_widget_remove_tick_callback(widget.pointer, id)
      state.handler.finished = true
      id = 0
    }
  }

  /// The handler and whether it has ended, shared with the C thunk.
  @MainActor
  final class TickState {
    let handler: @MainActor (FrameTick) -> Bool
    var finished = false

    init(handler: @escaping @MainActor (FrameTick) -> Bool) {
      self.handler = handler
    }
  }

  private let tickThunk: GtkTickCallback = { _, clock, data in
    let box = HandlerBox<TickState>.from(data)
    let tick = FrameTick(
      frameTimeMicroseconds: Int64(gdk_frame_clock_get_frame_time(clock)),
      frameCounter: Int64(gdk_frame_clock_get_frame_counter(clock)))
    let keepGoing = MainActor.assumeIsolated { () -> Bool in
      let keep = box.handler.handler(tick)
      if !keep { box.handler.finished = true }
      return keep
    }
    return keepGoing ? reel_source_continue() : reel_source_remove()
  }
#endif
