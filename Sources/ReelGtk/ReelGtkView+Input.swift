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

    /// Feeds a drag event to the model: begin, move, release with the velocity the engine
    /// estimates from the event-timed samples. A release near the start point is a click.
    ///
    /// The view's drag gesture calls it; tests call it with synthetic events.
    public func handleDrag(_ event: DragEvent) {
      switch event.phase {
      case .began:
        gesture.isDragging = true
        gesture.start = Point(x: event.startX, y: event.startY)
        gesture.clockOffset = now().nanoseconds - Int64(event.timeMilliseconds) * 1_000_000
        model.beginDrag(at: gesture.start, time: eventInstant(event.timeMilliseconds))
      case .changed:
        guard gesture.isDragging else { return }
        let point = Point(x: gesture.start.x + event.offsetX, y: gesture.start.y + event.offsetY)
        model.drag(to: point, time: eventInstant(event.timeMilliseconds))
      case .ended:
        guard gesture.isDragging else { return }
        gesture.isDragging = false
        let time = eventInstant(event.timeMilliseconds)
        let point = Point(x: gesture.start.x + event.offsetX, y: gesture.start.y + event.offsetY)
        model.drag(to: point, time: time)
        model.endDrag(at: time, velocity: nil)
        if (event.offsetX * event.offsetX + event.offsetY * event.offsetY).squareRoot()
          <= clickSlop,
          let index = model.tap(at: gesture.start)
        {
          widget.grabFocus()
          select(index)
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

    /// Feeds a key press. In a list that does not snap, the arrows along its axis, Page Up/Down,
    /// Home and End move the keyboard cursor (``cursorIndex``) and scroll it into view; in a
    /// snapping list (a banner) they move a page and the cursor follows. Enter or space selects
    /// the cursor's item.
    ///
    /// The view's key controller calls it; tests call it with synthetic events.
    ///
    /// - Returns: whether the view used the key.
    @discardableResult
    public func handleKey(_ key: KeyEvent) -> Bool {
      let list = model.list
      if ["Return", "KP_Enter", "space"].contains(key.name) {
        guard let cursor = cursorIndex ?? list.restingIndex ?? list.visibleIndices.first,
          cursor < list.numberOfItems
        else { return false }
        select(cursor)
        return true
      }
      guard let navigation = NavigationKey(gtkKeyName: key.name, axis: list.axis) else {
        return false
      }
      if list.effectiveSnapping != nil {
        // The cursor of a snapping list is its resting item (see `place()`).
        guard model.handle(navigation) else { return false }
      } else {
        guard moveCursor(navigation) else { return false }
      }
      setNeedsFrames()
      if clock == .manual { layOut() }
      return true
    }

    /// Moves the cursor of a list that does not snap and scrolls it into view (animated).
    private func moveCursor(_ key: NavigationKey) -> Bool {
      let list = model.list
      let count = list.numberOfItems
      guard count > 0 else { return false }
      let visible = list.visibleIndices
      guard let current = cursorIndex ?? visible.first else { return false }
      let page = max(1, visible.count - 1)
      let target: Int
      switch key {
      case .backward: target = current - 1
      case .forward: target = current + 1
      case .pageBackward: target = current - page
      case .pageForward: target = current + page
      case .home: target = 0
      case .end: target = count - 1
      }
      let clamped = min(max(target, 0), count - 1)
      // The first key press shows the cursor where it is; later ones move it.
      let next = cursorIndex == nil && (key == .forward || key == .backward) ? current : clamped
      cursorIndex = next
      list.scrollToItem(at: next, alignment: .nearest, animated: true)
      return true
    }

    /// Selects the item at `index`: the cursor moves there, the item shows as selected, and
    /// ``onSelect`` is called.
    public func select(_ index: Int) {
      cursorIndex = index
      selectedIndex = index
      onSelect?(index)
      if clock == .manual { layOut() } else { setNeedsFrames() }
    }
  }
#endif
