#if GTK
  import CGtk4
  import Reel

  /// Where a ``ReelGtkView``'s time comes from.
  public enum ReelGtkClock: Sendable {
    /// GTK's frame clock (`gdk_frame_clock_get_frame_time`), ticking only while needed.
    case frameClock
    /// The caller calls ``ReelGtkView/advance(to:)`` every frame with its own time
    /// (deterministic headless rendering); the view never registers a tick callback.
    case manual
  }

  /// The GTK 4 list and carousel widget: a ``FrameContainer`` whose children host the widgets of
  /// the cells a Reel model displays, placed where the virtualizer says, driven by GTK's frame
  /// clock and input.
  ///
  /// Every frame it ticks the model with the frame clock's time (GTK's update phase), then, in
  /// the container's allocation (GTK's layout phase of the same frame), walks
  /// ``VirtualList/placements``: a cell shown for the first time gets a host widget (its
  /// accessible list item), a shown cell's host is moved to its frame, the hosts of cells that
  /// went back to their pool are hidden, and those of cells the pool released are destroyed.
  /// With a measuring layout (`VariableLayout`) each newly shown row is measured with
  /// `gtk_widget_measure` (height for width) and its true extent fed to the list, anchored. A new
  /// size is laid out in that same allocation, so a resize shows the right layout at once, and
  /// so is a moved scroll adjustment (a dragged scrollbar, kinetic scrolling, a program setting
  /// its value): the frame that moved it shows the content there. A frame lays out once.
  ///
  /// The widget implements `GtkScrollable`: put it in a `GtkScrolledWindow` (``ScrolledWindow``)
  /// and the scrollbar follows the content and scrolls it when dragged. It is focusable, handles
  /// its own keys (the list's focused item moved with the arrows, Page Up/Down, Home and End;
  /// Enter or space selects), and exposes roles, positions and selection to assistive
  /// technologies.
  ///
  /// It draws what the list says: each cell's widget gets its placement's opacity (inserted
  /// items fade in, deleted ones fade out and stay drawn until their animation ends), the
  /// pinned section header is drawn above the rows sliding under it, and items show the list's
  /// selection (`:selected`), the pressed item (`:active`) and the focused item (`cursor`),
  /// styled in the theme's colours with no CSS from the app (``DefaultStyle``; an app style
  /// sheet overrides it). A click selects through the list's selection model
  /// (``VirtualList/selectionMode``; Ctrl-click toggles in a multiple-selection list) and gives
  /// the view the keyboard focus, so the cursor shows where the user clicked.
  ///
  /// A list shows selection with no setup, as `GtkListBox` (whose selection mode starts at
  /// single) and a `GtkListView` over a `GtkSingleSelection` do: when the view is created over
  /// a list that does not snap and whose ``VirtualList/selectionMode`` is still
  /// ``SelectionMode/none`` (the engine's default), it sets ``SelectionMode/single``. A mode the
  /// app set before stays; to show no selection, set ``SelectionMode/none`` after creating the
  /// view. Nothing is selected until the user clicks or presses Enter or space (no
  /// `autoselect`). A snapping list (a carousel, a `Banner`) keeps its mode: taps choose a card.
  ///
  /// Ticking stops when the model needs no frames: the tick callback is removed, and a
  /// one-shot GLib timeout is armed for the model's ``ReelGtkModel/nextDeadline`` (autoplay, a
  /// wheel settle), so an idle view costs nothing per frame. Input, a new allocation size or
  /// ``setNeedsFrames()`` start ticking again.
  ///
  /// The widget owns the view: an app keeps the widget in its window and needs no reference
  /// to the view. When GTK disposes of the widget the view removes its tick callback and timeout
  /// and destroys its cells' widgets; a view kept after that does nothing.
  ///
  /// ```swift
  /// let list = VirtualList<RowCell>(layout: VariableLayout(estimatedExtent: 48))
  /// list.register("row") { RowCell() }
  /// list.dataSource = rows
  /// let view = ReelGtkView(model: list)  // single selection, as GtkListBox
  /// view.onSelect = { index in print("selected item \(index)") }
  /// window.setContent(ScrolledWindow(child: view.widget).widget)
  /// ```
  ///
  /// - Complexity: a frame is O(displayed cells) plus the engine's layout pass.
  @MainActor
  public final class ReelGtkView<Model: ReelGtkModel> {
    /// The model: a `VirtualList` or a wrapper around one.
    public let model: Model
    /// The container holding the cells' host widgets; it clips them to the viewport.
    public let container: FrameContainer
    /// Where time comes from.
    public let clock: ReelGtkClock
    /// Called with the data index of an item that was clicked, tapped or activated by a key.
    public var onSelect: (@MainActor (Int) -> Void)?
    /// Called when the view starts (`true`) or stops (`false`) receiving frame-clock ticks.
    public var onTickingChange: (@MainActor (Bool) -> Void)?
    /// Points scrolled per wheel step.
    public var wheelLineHeight = 40.0
    /// A press released within this distance (points) of where it started is a click.
    public var clickSlop = 6.0

    /// The view's widget, to add to a window, a scrolled window or another container.
    public var widget: Widget { container.widget }
    /// Frames run so far (frame-clock ticks or ``advance(to:)`` calls).
    public private(set) var frameCount = 0
    /// Whether a tick callback is registered now.
    public var isTicking: Bool { tickCallback?.isActive ?? false }
    /// Whether a timeout is armed to wake the view at the model's next deadline.
    public var isWaitingForDeadline: Bool { deadlineTimeout?.isPending ?? false }
    /// Whether assistive technologies were told the list is multi-selectable (`nil`: not yet).
    var accessibleMultiSelectable: Bool?

    private var tickCallback: TickCallback?
    private var deadlineTimeout: Timeout?
    /// The host of every cell whose widget was added and not yet destroyed, by cell identity
    /// (bounded by the cells the list keeps: its window plus its pools).
    var hosts: [ObjectIdentifier: CellHost<Model.Cell>] = [:]
    /// The cells whose hosts are visible now.
    var shown: Set<ObjectIdentifier> = []
    /// `list.cellsReleased` at the last sweep for released cells.
    var releasedAtLastSweep = 0
    private var lastFrameTime: ReelInstant?
    /// Whether the container's next allocation lays out (a frame-clock tick or a moved
    /// adjustment asked for it). A hidden view is not allocated: it lays out when shown again.
    private var layoutIsDue = false
    var gesture = GestureState()
    /// The last values given to the scroll adjustment, and whether the view is giving them.
    var adjustmentState = AdjustmentState()

    /// Creates the view and attaches drag, scroll, key and click input to its widget.
    ///
    /// A list that does not snap and has no selection mode yet gets ``SelectionMode/single``
    /// (set ``VirtualList/selectionMode`` after this call to change it).
    ///
    /// - Parameters:
    ///   - model: the list (or wrapper) to show; the view holds it strongly.
    ///   - clock: ``ReelGtkClock/frameClock`` for applications, ``ReelGtkClock/manual`` for
    ///     headless runs.
    public init(model: Model, clock: ReelGtkClock = .frameClock) {
      self.model = model
      self.clock = clock
      let list = model.list
      if list.selectionMode == .none, list.effectiveSnapping == nil { list.selectionMode = .single }
      let roles = Model.accessibleRoles
      container = FrameContainer(accessibleRole: roles.view)
      // The widget owns the view, as a GTK widget owns its state: keep the widget (put it in a
      // window) and the view lives; when GTK disposes of the widget, the view lets go of
      // everything (`widgetWillGo()`), then the widget's data releases it.
      let view = Unmanaged.passRetained(self).toOpaque()
      g_object_set_data_full(
        reel_g_object(container.widget.raw), "reel-gtk-view", view,
        { data in
          guard let data else { return }
          Unmanaged<AnyObject>.fromOpaque(data).release()
        })
      g_object_weak_ref(reel_g_object(container.widget.raw), viewWidgetDisposed, view)
      if let description = roles.viewDescription {
        reel_accessible_set_role_description(container.widget.raw, description)
      }
      reel_accessible_set_label(container.widget.raw, roles.defaultViewLabel)
      container.widget.addCSSClass("reel-view")
      DefaultStyle.install(for: container.widget)
      container.widget.setFocusable(true)
      // The widget may outlive the view: every closure captures it weakly.
      container.onAllocate = { [weak self] width, height in
        self?.didAllocate(width: width, height: height)
      }
      container.onAdjustmentChange = { [weak self] change in
        self?.adjustmentDidChange(change)
      }
      model.setAnnouncer { [weak container] text in
        MainActor.assumeIsolated {
          guard let container else { return }
          reel_accessible_set_description(container.widget.raw, text)
        }
      }
      attachInput()
      setNeedsFrames()
    }

    /// Whether GTK disposed of the widget; the view then does nothing more.
    public private(set) var isWidgetGone = false

    /// The widget is being disposed of: removes the tick callback and the deadline timeout and
    /// destroys every host (and with them the cells' widgets).
    func widgetWillGo() {
      isWidgetGone = true
      tickCallback?.remove()
      tickCallback = nil
      deadlineTimeout?.cancel()
      deadlineTimeout = nil
      for host in hosts.values { host.destroy(in: container) }
      hosts.removeAll()
      shown.removeAll()
    }

    isolated deinit {
      deadlineTimeout?.cancel()
    }

    // MARK: Frames

    /// Runs one frame at `now`: ticks the model, then measures new rows and places the widgets.
    ///
    /// With ``ReelGtkClock/manual`` the caller calls it once per frame and it lays out before it
    /// returns. With ``ReelGtkClock/frameClock`` the view calls it from its tick callback, in
    /// GTK's update phase, and it queues the container's allocation, where the view lays out in
    /// the layout phase of the same frame.
    public func advance(to now: ReelInstant) {
      guard !isWidgetGone else { return }
      frameCount += 1
      lastFrameTime = now
      applyAllocatedSize()
      model.tick(now)
      layOutNowOrInTheAllocation()
    }

    /// With a manual clock, lays out now; with the frame clock, in the container's next
    /// allocation (the layout phase of the current frame), once however often it is asked.
    func layOutNowOrInTheAllocation() {
      guard clock == .frameClock else { return layOut() }
      layoutIsDue = true
      gtk_widget_queue_allocate(container.widget.pointer)
    }

    /// An allocation (GTK's layout phase): lays out when the size changed or a layout is due,
    /// so the frame being drawn shows the new size, the new scroll position and the tick's
    /// motion.
    private func didAllocate(width: Int, height: Int) {
      guard !isWidgetGone, width > 0, height > 0 else { return }
      let size = Size(width: Double(width), height: Double(height))
      let resized = size != model.viewportSize
      if resized { model.viewportSize = size }
      guard resized || layoutIsDue else { return }
      layOut()
      if resized || model.needsFrames { setNeedsFrames() }
    }

    /// Gives the model the container's allocated size, when there is one and it changed.
    private func applyAllocatedSize() {
      let (width, height) = container.allocatedSize
      let size = Size(width: Double(width), height: Double(height))
      if width > 0, height > 0, size != model.viewportSize {
        model.viewportSize = size
      }
    }

    /// Measures, places and syncs the scrollbar: the part of a frame after the tick.
    func layOut() {
      layoutIsDue = false
      place()
      syncAdjustment()
    }

    /// Makes sure frames come: registers the tick callback if it is not registered. The
    /// callback then ticks the model every frame for as long as it needs frames: motion, and an
    /// animated update's moves and fades (``VirtualList/updateAnimation``).
    ///
    /// Called by the view on input and on resize; call it after changing the model from outside
    /// (data reloads, batch updates, programmatic scrolls, selection, autoplay toggles).
    public func setNeedsFrames() {
      guard clock == .frameClock, !isTicking, !isWidgetGone else { return }
      deadlineTimeout?.cancel()
      deadlineTimeout = nil
      tickCallback = TickCallback(on: container.widget) { [weak self] tick in
        guard let self else { return false }
        advance(to: ReelInstant(nanoseconds: tick.frameTimeMicroseconds * 1000))
        return keepTicking()
      }
      onTickingChange?(true)
    }

    /// After a frame: whether to keep the tick callback; when not, arms the deadline timeout.
    private func keepTicking() -> Bool {
      if model.needsFrames || gesture.isDragging { return true }
      // The last frame lays out here rather than in the allocation, so the view is told it
      // stopped with its widgets and adjustment where it rests.
      if layoutIsDue { layOut() }
      if model.needsFrames { return true }
      onTickingChange?(false)
      if let deadline = model.nextDeadline {
        let delay = max(0, deadline.nanoseconds - now().nanoseconds)
        // Round up, so the woken frame is at or past the deadline.
        let milliseconds = Int((delay + 999_999) / 1_000_000)
        deadlineTimeout = Timeout(milliseconds: milliseconds) { [weak self] in
          self?.setNeedsFrames()
        }
      }
      return false
    }

    /// The current time on the view's clock: the monotonic clock GTK's frame clock uses, or the
    /// last manual frame's time.
    func now() -> ReelInstant {
      switch clock {
      case .frameClock: ReelInstant(nanoseconds: Int64(g_get_monotonic_time()) * 1000)
      case .manual: lastFrameTime ?? .zero
      }
    }

    /// Names the view for assistive technologies ("Contacts", "Featured"); until then it is
    /// named by its roles' ``AccessibleRoles/defaultViewLabel`` ("List", "Carousel").
    public func setAccessibleLabel(_ label: String) {
      reel_accessible_set_label(container.widget.raw, label)
    }

    /// The number of cell widgets in the container, shown or hidden.
    public var attachedWidgetCount: Int { hosts.count }
    /// The number of cell widgets shown now.
    public var shownWidgetCount: Int { shown.count }
  }
  /// GTK is disposing of a view's widget (a weak-reference notification, before finalization).
  private let viewWidgetDisposed: GWeakNotify = { data, _ in
    guard let data else { return }
    // Pointers are not Sendable; GTK disposes on the main thread, so pass the address across.
    let address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
      let pointer = UnsafeMutableRawPointer(bitPattern: address)!
      let view = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
      (view as? any WidgetOwner)?.widgetWillGo()
    }
  }

  /// The view's side of `viewWidgetDisposed`, without its generic parameter.
  @MainActor
  protocol WidgetOwner: AnyObject {
    func widgetWillGo()
  }

  extension ReelGtkView: WidgetOwner {}
#endif
