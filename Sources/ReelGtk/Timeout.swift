#if GTK
  import CGtk4

  /// A one-shot GLib timeout (`g_timeout_add_full`) that calls a closure on the main loop.
  ///
  /// ```swift
  /// let wake = Timeout(milliseconds: 2000) { view.setNeedsFrames() }
  /// wake.cancel()  // if it is no longer wanted
  /// ```
  @MainActor
  public final class Timeout {
    private var id: UInt32 = 0
    private let state: HandlerBox<TimeoutState>

    /// Schedules `handler` to run once, after at least `milliseconds`.
    public init(milliseconds: Int, handler: @escaping @MainActor () -> Void) {
      state = HandlerBox(TimeoutState(handler: handler))
      let data = Unmanaged.passRetained(state).toOpaque()
      id = g_timeout_add_full(
        G_PRIORITY_DEFAULT, UInt32(max(0, milliseconds)), timeoutThunk, data,
        { data in
          guard let data else { return }
          let box = Unmanaged<HandlerBox<TimeoutState>>.fromOpaque(data)
          MainActor.assumeIsolated { box.takeUnretainedValue().handler.fired = true }
          box.release()
        })
    }

    /// Whether the timeout is still waiting to fire.
    public var isPending: Bool { id != 0 && !state.handler.fired }

    /// Cancels the timeout; harmless when it already fired or was cancelled.
    public func cancel() {
      guard isPending else { return }
      g_source_remove(id)
      state.handler.fired = true
      id = 0
    }
  }

  /// The handler and whether it ran, shared with the C thunk.
  @MainActor
  final class TimeoutState {
    let handler: @MainActor () -> Void
    var fired = false

    init(handler: @escaping @MainActor () -> Void) {
      self.handler = handler
    }
  }

  private let timeoutThunk: GSourceFunc = { data in
    let box = HandlerBox<TimeoutState>.from(data)
    MainActor.assumeIsolated {
      box.handler.fired = true
      box.handler.handler()
    }
    return reel_source_remove()
  }
#endif
