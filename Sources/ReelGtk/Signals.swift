#if GTK
  import CGtk4

  /// Releases a handler box retained by ``connectSignal(_:_:box:callback:)`` when GLib drops the
  /// closure (the instance was finalized or the handler was disconnected).
  private let releaseHandlerBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
  }

  /// Connects `callback` (a `@convention(c)` function) to `signal` on `instance`, passing `box`
  /// retained as the user data until GLib drops the handler.
  ///
  /// - Returns: the handler id, for `g_signal_handler_disconnect`.
  @MainActor
  @discardableResult
  func connectSignal<Box: AnyObject, Callback>(
    _ instance: UnsafeMutableRawPointer,
    _ signal: String,
    box: Box,
    callback: Callback
  ) -> UInt {
    precondition(
      MemoryLayout<Callback>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
      "connectSignal needs a @convention(c) function, not a Swift closure"
    )
    let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
    let function = unsafeBitCast(callback, to: UnsafeMutableRawPointer.self)
    return UInt(reel_signal_connect(instance, signal, function, data, releaseHandlerBox))
  }

  /// A retained Swift closure passed to GTK as signal user data.
  @MainActor
  final class HandlerBox<Handler> {
    let handler: Handler

    init(_ handler: Handler) {
      self.handler = handler
    }

    /// The box behind a `gpointer` that ``connectSignal(_:_:box:callback:)`` passed to GTK.
    nonisolated static func from(_ data: UnsafeMutableRawPointer?) -> HandlerBox<Handler> {
      Unmanaged<HandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
    }
  }
#endif

#if GTK
  extension Widget {
    /// Calls `handler` each time the widget emits `signal`, a signal whose handlers take no
    /// arguments besides the instance ("clicked" on a `GtkButton`, "toggled", "activate").
    ///
    /// ```swift
    /// button.connect("clicked") { banner.togglePlayback() }
    /// ```
    ///
    /// - Precondition: `signal` exists on the widget's class (GLib warns otherwise).
    @MainActor public func connect(_ signal: String, handler: @escaping @MainActor () -> Void) {
      connectSignal(raw, signal, box: HandlerBox(handler), callback: plainSignalThunk)
    }
  }

  private let plainSignalThunk:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
      -> Void = { _, data in
        let box = HandlerBox<@MainActor () -> Void>.from(data)
        MainActor.assumeIsolated { box.handler() }
      }
#endif
