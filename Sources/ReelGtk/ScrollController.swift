#if GTK
  import CGtk4

  /// One scroll event: wheel steps or touchpad deltas, with GTK's sign (positive `dy` scrolls
  /// down).
  public struct ScrollEvent: Sendable, Equatable {
    /// The horizontal delta.
    public var dx: Double
    /// The vertical delta.
    public var dy: Double
    /// The event's timestamp in milliseconds.
    public var timeMilliseconds: UInt32
    /// Whether the deltas are in surface pixels (touchpads) rather than wheel steps.
    public var isPixelDelta = false

    /// Creates an event (GTK's controller does; tests create synthetic ones).
    public init(dx: Double, dy: Double, timeMilliseconds: UInt32, isPixelDelta: Bool = false) {
      self.dx = dx
      self.dy = dy
      self.timeMilliseconds = timeMilliseconds
      self.isPixelDelta = isPixelDelta
    }
  }

  /// A `GtkEventControllerScroll` on a widget, for both axes.
  ///
  /// ```swift
  /// ScrollController(on: list.widget) { event in
  ///   offset += event.dy * 40
  ///   return true  // handled: do not propagate
  /// }
  /// ```
  @MainActor
  public final class ScrollController {
    /// The underlying `GtkEventControllerScroll *` (owned by the widget).
    public let controller: UnsafeMutableRawPointer

    /// Adds the controller to `widget`; `handler` returns whether it handled the event.
    ///
    /// - Parameter kinetic: whether GTK should continue touchpad swipes with kinetic events.
    public init(
      on widget: Widget, kinetic: Bool = false,
      handler: @escaping @MainActor (ScrollEvent) -> Bool
    ) {
      var flags = GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
      if kinetic { flags |= GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue }
      let scroll = UnsafeMutableRawPointer(
        gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: flags))!)
      controller = scroll
      let box = HandlerBox(handler)
      connectSignal(scroll, "scroll", box: box, callback: scrollThunk)
      gtk_widget_add_controller(widget.pointer, reel_gtk_event_controller(scroll))
    }
  }

  private let scrollThunk:
    @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean =
      { controller, dx, dy, data in
        let box = HandlerBox<@MainActor (ScrollEvent) -> Bool>.from(data)
        var event = ScrollEvent(dx: dx, dy: dy, timeMilliseconds: currentEventTime(controller))
        if let controller {
          let scroll = OpaquePointer(controller)
          event.isPixelDelta =
            gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_SURFACE
        }
        return MainActor.assumeIsolated { box.handler(event) } ? 1 : 0
      }
#endif
