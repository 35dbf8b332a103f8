#if GTK
  import CGtk4

  /// One event of a drag, from ``DragGesture``.
  public struct DragEvent: Sendable, Equatable {
    /// Where the drag is in its life.
    public enum Phase: Sendable, Equatable {
      /// The pointer went down and may start a drag.
      case began
      /// The pointer moved.
      case changed
      /// The pointer was released (or the gesture was cancelled).
      case ended
    }

    /// The phase of this event.
    public var phase: Phase
    /// Where the drag started, in the widget's coordinates.
    public var startX: Double
    /// Where the drag started, in the widget's coordinates.
    public var startY: Double
    /// The offset from the start point (zero for ``Phase/began``).
    public var offsetX: Double
    /// The offset from the start point (zero for ``Phase/began``).
    public var offsetY: Double
    /// The event's timestamp in milliseconds (`gtk_event_controller_get_current_event_time`),
    /// for velocity estimation.
    public var timeMilliseconds: UInt32
    /// The modifier keys held (`GdkModifierType` bits: `GDK_CONTROL_MASK`, `GDK_SHIFT_MASK`).
    public var modifiers: UInt32

    /// Creates an event (GTK's gesture does; tests create synthetic ones).
    public init(
      phase: Phase, startX: Double, startY: Double, offsetX: Double = 0, offsetY: Double = 0,
      timeMilliseconds: UInt32, modifiers: UInt32 = 0
    ) {
      self.modifiers = modifiers
      self.phase = phase
      self.startX = startX
      self.startY = startY
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.timeMilliseconds = timeMilliseconds
    }
  }

  /// A `GtkGestureDrag` on a widget, reporting begin, update and end with timestamps.
  ///
  /// ```swift
  /// DragGesture(on: carousel.widget) { event in
  ///   if event.phase == .changed { offset = base + event.offsetX }
  /// }
  /// ```
  @MainActor
  public final class DragGesture {
    /// The underlying `GtkGestureDrag *` (owned by the widget).
    public let controller: UnsafeMutableRawPointer

    /// Adds a primary-button drag gesture to `widget`; the widget owns it from then on.
    public init(on widget: Widget, handler: @escaping @MainActor (DragEvent) -> Void) {
      let gesture = UnsafeMutableRawPointer(gtk_gesture_drag_new()!)
      controller = gesture
      gtk_gesture_single_set_button(reel_gtk_gesture_single(gesture), reel_gdk_button_primary())
      let box = HandlerBox(DragState(handler: handler))
      connectSignal(gesture, "drag-begin", box: box, callback: dragBeginThunk)
      connectSignal(gesture, "drag-update", box: box, callback: dragUpdateThunk)
      connectSignal(gesture, "drag-end", box: box, callback: dragEndThunk)
      gtk_widget_add_controller(widget.pointer, reel_gtk_event_controller(gesture))
    }
  }

  /// The handler plus the start point, which GTK reports only at the beginning.
  @MainActor
  final class DragState {
    let handler: @MainActor (DragEvent) -> Void
    var startX = 0.0
    var startY = 0.0

    init(handler: @escaping @MainActor (DragEvent) -> Void) {
      self.handler = handler
    }

    func send(
      _ phase: DragEvent.Phase, _ dx: Double, _ dy: Double, _ time: UInt32, _ modifiers: UInt32
    ) {
      handler(
        DragEvent(
          phase: phase, startX: startX, startY: startY, offsetX: dx, offsetY: dy,
          timeMilliseconds: time, modifiers: modifiers))
    }
  }

  /// The current event's time for a controller.
  func currentEventTime(_ controller: UnsafeMutableRawPointer?) -> UInt32 {
    guard let controller else { return 0 }
    return gtk_event_controller_get_current_event_time(reel_gtk_event_controller(controller))
  }

  /// The modifier keys held during a controller's current event.
  func currentEventModifiers(_ controller: UnsafeMutableRawPointer?) -> UInt32 {
    guard let controller else { return 0 }
    return gtk_event_controller_get_current_event_state(reel_gtk_event_controller(controller))
      .rawValue
  }

  private typealias DragThunk =
    @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void

  private let dragBeginThunk: DragThunk = { gesture, x, y, data in
    let box = HandlerBox<DragState>.from(data)
    let time = currentEventTime(gesture)
    let modifiers = currentEventModifiers(gesture)
    MainActor.assumeIsolated {
      box.handler.startX = x
      box.handler.startY = y
      box.handler.send(.began, 0, 0, time, modifiers)
    }
  }

  private let dragUpdateThunk: DragThunk = { gesture, dx, dy, data in
    let box = HandlerBox<DragState>.from(data)
    let time = currentEventTime(gesture)
    let modifiers = currentEventModifiers(gesture)
    MainActor.assumeIsolated { box.handler.send(.changed, dx, dy, time, modifiers) }
  }

  private let dragEndThunk: DragThunk = { gesture, dx, dy, data in
    let box = HandlerBox<DragState>.from(data)
    let time = currentEventTime(gesture)
    let modifiers = currentEventModifiers(gesture)
    MainActor.assumeIsolated { box.handler.send(.ended, dx, dy, time, modifiers) }
  }
#endif
