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

  /// The GTK 4 adapter: a ``FrameContainer`` whose children are the widgets of the cells a Reel
  /// model displays, placed where the virtualizer says, driven by GTK's frame clock and input.
  ///
  /// Every frame it ticks the model with the frame clock's time, then walks
  /// ``VirtualList/placements``: a cell shown for the first time has its widget added to the
  /// container, a shown cell's widget is moved to its frame, and the widgets of cells that left
  /// (back in their pool) are hidden, never left visible. The viewport size follows the
  /// container's allocation.
  ///
  /// Ticking stops when the model needs no frames: the tick callback is removed, and a
  /// one-shot GLib timeout is armed for the model's ``ReelGtkModel/nextDeadline`` (autoplay, a
  /// wheel settle), so an idle view costs nothing per frame. Input, a new allocation size or
  /// ``setNeedsFrames()`` start ticking again.
  ///
  /// ```swift
  /// let list = VirtualList<RowCell>(layout: UniformLayout(extent: 44))
  /// list.register("row") { RowCell() }
  /// list.dataSource = rows
  /// let view = ReelGtkView(model: list)
  /// view.onSelect = { index in print("selected item \(index)") }
  /// window.setContent(view.widget)
  /// ```
  ///
  /// - Complexity: a frame is O(displayed cells) plus the engine's layout pass.
  @MainActor
  public final class ReelGtkView<Model: ReelGtkModel> {
    /// The model: a `VirtualList` or a wrapper around one.
    public let model: Model
    /// The container holding the cells' widgets; it clips them to the viewport.
    public let container = FrameContainer()
    /// Where time comes from.
    public let clock: ReelGtkClock
    /// Called with the data index of an item that was clicked or tapped.
    public var onSelect: (@MainActor (Int) -> Void)?
    /// Called when the view starts (`true`) or stops (`false`) receiving frame-clock ticks.
    public var onTickingChange: (@MainActor (Bool) -> Void)?
    /// Points scrolled per wheel step.
    public var wheelLineHeight = 40.0
    /// A press released within this distance (points) of where it started is a click.
    public var clickSlop = 6.0

    /// The view's widget, to add to a window or another container.
    public var widget: Widget { container.widget }
    /// Frames run so far (frame-clock ticks or ``advance(to:)`` calls).
    public private(set) var frameCount = 0
    /// Whether a tick callback is registered now.
    public var isTicking: Bool { tickCallback?.isActive ?? false }
    /// Whether a timeout is armed to wake the view at the model's next deadline.
    public var isWaitingForDeadline: Bool { deadlineTimeout?.isPending ?? false }

    private var tickCallback: TickCallback?
    private var deadlineTimeout: Timeout?
    /// Every cell whose widget was ever added, by identity (bounded by the cells the list made).
    private(set) var attachedCells: [ObjectIdentifier: Model.Cell] = [:]
    /// The cells whose widgets are visible now.
    private var shown: Set<ObjectIdentifier> = []
    private var lastFrameTime: ReelInstant?
    var gesture = GestureState()

    /// Creates the view and attaches drag, scroll and click input to its widget.
    ///
    /// - Parameters:
    ///   - model: the list (or wrapper) to show; the view holds it strongly.
    ///   - clock: ``ReelGtkClock/frameClock`` for applications, ``ReelGtkClock/manual`` for headless runs.
    public init(model: Model, clock: ReelGtkClock = .frameClock) {
      self.model = model
      self.clock = clock
      // The widget outlives nothing here, but may outlive the view: capture weakly.
      container.onAllocate = { [weak self] width, height in
        guard let self else { return }
        let size = Size(width: Double(width), height: Double(height))
        if size != model.viewportSize { setNeedsFrames() }
      }
      attachInput()
      setNeedsFrames()
    }

    // MARK: Frames

    /// Runs one frame at `now`: sizes the viewport, ticks the model, places the widgets.
    ///
    /// With ``ReelGtkClock/manual`` the caller calls it once per frame; with ``ReelGtkClock/frameClock`` the
    /// view calls it from its tick callback.
    public func advance(to now: ReelInstant) {
      frameCount += 1
      lastFrameTime = now
      let (width, height) = container.allocatedSize
      let size = Size(width: Double(width), height: Double(height))
      if width > 0, height > 0, size != model.viewportSize {
        model.viewportSize = size
      }
      model.tick(now)
      place()
    }

    /// Makes sure frames come: registers the tick callback if it is not registered.
    ///
    /// Called by the view on input and on resize; call it after changing the model from outside
    /// (data reloads, programmatic scrolls, autoplay toggles).
    public func setNeedsFrames() {
      guard clock == .frameClock, !isTicking else { return }
      deadlineTimeout?.cancel()
      deadlineTimeout = nil
      tickCallback = TickCallback(on: container.widget) { [unowned self] tick in
        advance(to: ReelInstant(nanoseconds: tick.frameTimeMicroseconds * 1000))
        return keepTicking()
      }
      onTickingChange?(true)
    }

    /// After a frame: whether to keep the tick callback; when not, arms the deadline timeout.
    private func keepTicking() -> Bool {
      if model.needsFrames || gesture.isDragging { return true }
      onTickingChange?(false)
      if let deadline = model.nextDeadline {
        let delay = max(0, deadline.nanoseconds - now().nanoseconds)
        // Round up, so the woken frame is at or past the deadline.
        let milliseconds = Int((delay + 999_999) / 1_000_000)
        deadlineTimeout = Timeout(milliseconds: milliseconds) { [unowned self] in
          setNeedsFrames()
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

    /// Shows, moves and hides widgets to match the list's placements.
    private func place() {
      var seen = Set<ObjectIdentifier>(minimumCapacity: shown.count + 4)
      for placement in model.list.placements {
        let cell = placement.cell
        let id = ObjectIdentifier(cell)
        let rect = placement.frame
        let frame = WidgetFrame(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        if attachedCells[id] == nil {
          attachedCells[id] = cell
          container.add(cell.widget, frame: frame)
        } else {
          container.setFrame(frame, of: cell.widget)
          if !shown.contains(id) { cell.widget.setVisible(true) }
        }
        seen.insert(id)
      }
      for id in shown where !seen.contains(id) {
        attachedCells[id]?.widget.setVisible(false)
      }
      shown = seen
    }

    /// The number of cell widgets in the container, shown or hidden.
    public var attachedWidgetCount: Int { attachedCells.count }
    /// The number of cell widgets shown now.
    public var shownWidgetCount: Int { shown.count }
  }
#endif
