#if GTK
  import CGtk4

  /// A press of the primary button, from ``ClickGesture``.
  public struct ClickEvent: Sendable, Equatable {
    /// 1 for a single press, 2 for a double press, and so on.
    public var pressCount: Int
    /// Where, in the widget's coordinates.
    public var x: Double
    /// Where, in the widget's coordinates.
    public var y: Double
    /// The event's timestamp in milliseconds.
    public var timeMilliseconds: UInt32
  }

  /// A `GtkGestureClick` on a widget, reporting presses with their position.
  ///
  /// ```swift
  /// ClickGesture(on: list.widget) { click in select(rowAt: click.y) }
  /// ```
  @MainActor
  public final class ClickGesture {
    /// The underlying `GtkGestureClick *` (owned by the widget).
    public let controller: UnsafeMutableRawPointer

    /// Adds the gesture to `widget`.
    public init(on widget: Widget, handler: @escaping @MainActor (ClickEvent) -> Void) {
      let click = UnsafeMutableRawPointer(gtk_gesture_click_new()!)
      controller = click
      gtk_gesture_single_set_button(reel_gtk_gesture_single(click), reel_gdk_button_primary())
      let box = HandlerBox(handler)
      connectSignal(click, "pressed", box: box, callback: pressedThunk)
      gtk_widget_add_controller(widget.pointer, reel_gtk_event_controller(click))
    }
  }

  private let pressedThunk:
    @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) ->
      Void = { controller, count, x, y, data in
        let box = HandlerBox<@MainActor (ClickEvent) -> Void>.from(data)
        let event = ClickEvent(
          pressCount: Int(count), x: x, y: y, timeMilliseconds: currentEventTime(controller))
        MainActor.assumeIsolated { box.handler(event) }
      }
#endif
