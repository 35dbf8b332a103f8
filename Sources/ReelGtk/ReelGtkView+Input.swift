#if GTK
  import CGtk4
  import Reel

  /// Per-gesture input state of a ``ReelGtkView``.
  struct GestureState {
    var isDragging = false
    var start = Point.zero
    /// Added to an event time (ns) to put it on the view's clock, fixed for one gesture so that
    /// intervals between samples are the events' own.
    var clockOffset: Int64 = 0
  }

  extension ReelGtkView {
    /// Adds the drag gesture (drags, flings and clicks), the scroll controller and the key
    /// controller to the widget.
    func attachInput() {
      let drag = DragGesture(on: widget) { [weak self] event in self?.handleDrag(event) }
      let scroll = ScrollController(on: widget) { [weak self] event in
        self?.handleScroll(event) ?? false
      }
      let keys = KeyController(on: widget) { [weak self] key in self?.handleKey(key) ?? false }
      // The widget owns the controllers; the objects only carry their pointers.
      _ = (drag, scroll, keys)
    }

    /// An event time in milliseconds on the view's clock.
    private func eventInstant(_ milliseconds: UInt32) -> ReelInstant {
      ReelInstant(nanoseconds: Int64(milliseconds) * 1_000_000 + gesture.clockOffset)
    }

    /// How far a drag event is from its start point.
    private func distance(_ event: DragEvent) -> Double {
      (event.offsetX * event.offsetX + event.offsetY * event.offsetY).squareRoot()
    }

    /// Feeds a drag event to the model: begin, move, release with the velocity the engine
    /// estimates from the event-timed samples. The pointer going down highlights the item under
    /// it; a release near the start point is a click (``click(at:toggling:)``, Ctrl toggling).
    ///
    /// The view's drag gesture calls it; tests call it with synthetic events.
    public func handleDrag(_ event: DragEvent) {
      switch event.phase {
      case .began:
        gesture.isDragging = true
        gesture.start = Point(x: event.startX, y: event.startY)
        gesture.clockOffset = now().nanoseconds - Int64(event.timeMilliseconds) * 1_000_000
        model.beginDrag(at: gesture.start, time: eventInstant(event.timeMilliseconds))
        // The item under the pointer is drawn pressed until the pointer moves away or goes up.
        model.list.highlightItem(at: gesture.start)
      case .changed:
        guard gesture.isDragging else { return }
        let point = Point(x: gesture.start.x + event.offsetX, y: gesture.start.y + event.offsetY)
        if model.list.highlightedIndex != nil, distance(event) > clickSlop {
          model.list.unhighlight()
        }
        model.drag(to: point, time: eventInstant(event.timeMilliseconds))
      case .ended:
        guard gesture.isDragging else { return }
        gesture.isDragging = false
        let time = eventInstant(event.timeMilliseconds)
        let point = Point(x: gesture.start.x + event.offsetX, y: gesture.start.y + event.offsetY)
        model.drag(to: point, time: time)
        model.endDrag(at: time, velocity: nil)
        model.list.unhighlight()
        if distance(event) <= clickSlop {
          click(at: gesture.start, toggling: event.modifiers & GDK_CONTROL_MASK.rawValue != 0)
        }
      }
      setNeedsFrames()
    }

    /// Feeds wheel steps (× ``wheelLineHeight``) or touchpad pixels along the list's axis.
    ///
    /// The view's scroll controller calls it; tests call it with synthetic events.
    ///
    /// - Returns: whether the event moved along the list's axis (handled).
    @discardableResult
    public func handleScroll(_ event: ScrollEvent) -> Bool {
      let delta: Double
      switch model.list.axis {
      case .vertical: delta = event.dy
      case .horizontal: delta = event.dx != 0 ? event.dx : event.dy
      }
      guard delta != 0 else { return false }
      model.scroll(byWheel: event.isPixelDelta ? delta : delta * wheelLineHeight, time: now())
      setNeedsFrames()
      return true
    }
  }
#endif
