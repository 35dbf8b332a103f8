#if GTK
  import CGtk4

  /// A key press, from ``KeyController``.
  public struct KeyEvent: Sendable, Equatable {
    /// The GDK key value (`GDK_KEY_Left` is 0xff51, `GDK_KEY_Right` 0xff53, …).
    public var keyval: UInt32
    /// The hardware key code.
    public var keycode: UInt32
    /// The modifier mask (`GdkModifierType` bits).
    public var modifiers: UInt32
    /// The event's timestamp in milliseconds.
    public var timeMilliseconds: UInt32

    /// Creates an event (GTK's controller does; tests create synthetic ones).
    public init(
      keyval: UInt32, keycode: UInt32 = 0, modifiers: UInt32 = 0, timeMilliseconds: UInt32 = 0
    ) {
      self.keyval = keyval
      self.keycode = keycode
      self.modifiers = modifiers
      self.timeMilliseconds = timeMilliseconds
    }

    /// A press of the key named `name` (`gdk_keyval_from_name`: "Down", "Return", "space").
    public init(named name: String, timeMilliseconds: UInt32 = 0) {
      self.init(keyval: gdk_keyval_from_name(name), timeMilliseconds: timeMilliseconds)
    }

    /// The key's name from `gdk_keyval_name` ("Left", "space", "a"), if it has one.
    public var name: String? {
      gdk_keyval_name(keyval).map { String(cString: $0) }
    }
  }

  /// A `GtkEventControllerKey` on a widget, reporting key presses.
  ///
  /// ```swift
  /// KeyController(on: window.widget) { key in
  ///   guard key.name == "Right" else { return false }
  ///   carousel.next()
  ///   return true
  /// }
  /// ```
  @MainActor
  public final class KeyController {
    /// The underlying `GtkEventControllerKey *` (owned by the widget).
    public let controller: UnsafeMutableRawPointer

    /// Adds the controller to `widget`; `handler` returns whether it handled the key.
    public init(on widget: Widget, handler: @escaping @MainActor (KeyEvent) -> Bool) {
      let key = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
      controller = key
      let box = HandlerBox(handler)
      connectSignal(key, "key-pressed", box: box, callback: keyPressedThunk)
      gtk_widget_add_controller(widget.pointer, reel_gtk_event_controller(key))
    }
  }

  private let keyPressedThunk:
    @convention(c) (
      UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType, UnsafeMutableRawPointer?
    ) -> gboolean = { controller, keyval, keycode, state, data in
      let box = HandlerBox<@MainActor (KeyEvent) -> Bool>.from(data)
      let event = KeyEvent(
        keyval: keyval, keycode: keycode, modifiers: state.rawValue,
        timeMilliseconds: currentEventTime(controller))
      return MainActor.assumeIsolated { box.handler(event) } ? 1 : 0
    }
#endif
