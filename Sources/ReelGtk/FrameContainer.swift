#if GTK
  import CGtk4

  /// A container that places each child at an explicit frame, the way a virtualizer positions
  /// cells.
  ///
  /// It is a `ReelViewport` (a `GtkWidget` subclass implementing `GtkScrollable`, defined in
  /// `CGtk4`) laid out by a `GtkCustomLayout`: frames live in
  /// a Swift dictionary, and moving or resizing children only queues a new allocation of this
  /// container (`gtk_widget_queue_allocate`), never a re-measure of the window, so many children
  /// can move in one frame for the price of one layout pass.
  ///
  /// ```swift
  /// let container = FrameContainer()
  /// container.add(card, frame: WidgetFrame(x: 40, y: 20, width: 220, height: 150))
  /// container.setFrame(WidgetFrame(x: 60, y: 20, width: 220, height: 150), of: card)
  /// ```
  ///
  /// - Complexity: ``setFrame(_:of:)`` is O(1); a layout pass is O(children).
  @MainActor
  public final class FrameContainer {
    /// The container widget; add it to a window or to another container.
    public let widget: Widget
    private var frames: [UnsafeMutablePointer<GtkWidget>: WidgetFrame] = [:]

    /// The size the container asks for (its natural size); its minimum size is zero.
    public var naturalSize: (width: Int, height: Int) = (0, 0) {
      didSet { gtk_widget_queue_resize(widget.pointer) }
    }

    /// Called at the start of every layout pass with the container's allocated width and height,
    /// before the children are placed: frames set from here apply in this same pass.
    ///
    /// Children may be added, removed, shown or hidden from here, as `GtkListView` does in its
    /// allocation: the pass then measures and allocates the visible children there are after
    /// the callback.
    public var onAllocate: (@MainActor (_ width: Int, _ height: Int) -> Void)?

    /// The size of the last allocation, `(0, 0)` before the first.
    public private(set) var allocatedSize: (width: Int, height: Int) = (0, 0)

    private var isAllocating = false

    /// Called when an adjustment's value changes (a scrollbar was dragged) or when a scrolled
    /// window hands the container new adjustments.
    public var onAdjustmentChange: (@MainActor (AdjustmentChange) -> Void)?

    /// Creates an empty container that clips its children to its bounds.
    ///
    /// The container implements `GtkScrollable`: inside a `GtkScrolledWindow` it gets the
    /// window's adjustments (see ``adjustment(_:)``) instead of being wrapped in a viewport.
    ///
    /// - Parameter accessibleRole: the role assistive technologies see (GTK fixes it at
    ///   construction).
    public init(accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GENERIC) {
      widget = Widget(reel_viewport_new(accessibleRole))
      let layout = gtk_custom_layout_new(nil, frameContainerMeasure, frameContainerAllocate)
      gtk_widget_set_layout_manager(widget.pointer, layout)
      widget.setClipsChildren(true)
      // The widget keeps `self` alive; nothing in `self` retains the widget, so no cycle. The
      // handler's unretained pointer is cleared when the widget is disposed, before `self` goes.
      let retained = Unmanaged.passRetained(self).toOpaque()
      g_object_set_data_full(
        reel_g_object(widget.raw), frameContainerKey, retained,
        { data in
          guard let data else { return }
          Unmanaged<AnyObject>.fromOpaque(data).release()
        })
      reel_viewport_set_handler(widget.pointer, frameContainerAdjustmentThunk, retained)
    }

    /// The adjustment a scrolled window gave for `orientation`, or one of the container's own
    /// (created on first use) when it is not in a scrolled window.
    public func adjustment(_ orientation: GtkOrientation) -> UnsafeMutablePointer<GtkAdjustment> {
      reel_viewport_ensure_adjustments(widget.pointer)
      return reel_viewport_get_adjustment(
        widget.pointer, orientation == GTK_ORIENTATION_VERTICAL ? 1 : 0)!
    }

    /// The container owning `widget`'s layout, if `widget` is a ``FrameContainer``'s widget.
    nonisolated static func from(_ widget: UnsafeMutablePointer<GtkWidget>?) -> FrameContainer? {
      guard let widget, let data = g_object_get_data(reel_g_object(widget), frameContainerKey)
      else { return nil }
      return Unmanaged<FrameContainer>.fromOpaque(data).takeUnretainedValue()
    }

    /// The number of children.
    public var count: Int { frames.count }

    /// Adds `child` on top of the existing children, at `frame`.
    ///
    /// - Precondition: `child` has no parent.
    public func add(_ child: Widget, frame: WidgetFrame) {
      precondition(
        gtk_widget_get_parent(child.pointer) == nil,
        "FrameContainer.add: the child already has a parent; remove it from there first")
      frames[child.pointer] = frame
      gtk_widget_set_parent(child.pointer, widget.pointer)
    }

    /// Moves or resizes `child`; does nothing when the frame is unchanged.
    ///
    /// - Precondition: `child` was added to this container.
    public func setFrame(_ frame: WidgetFrame, of child: Widget) {
      guard let old = frames[child.pointer] else {
        preconditionFailure("FrameContainer.setFrame: the widget is not a child of this container")
      }
      guard old != frame else { return }
      frames[child.pointer] = frame
      // During this container's own allocation the new frame is used right away.
      if !isAllocating { gtk_widget_queue_allocate(widget.pointer) }
    }

    /// The frame `child` was given, or `nil` when it is not a child.
    public func frame(of child: Widget) -> WidgetFrame? {
      frames[child.pointer]
    }

    /// Removes `child` (GTK drops it unless the caller holds a reference).
    ///
    /// - Precondition: `child` was added to this container.
    public func remove(_ child: Widget) {
      precondition(
        frames.removeValue(forKey: child.pointer) != nil,
        "FrameContainer.remove: the widget is not a child of this container")
      gtk_widget_unparent(child.pointer)
    }

    /// Places every child at its frame; called by GTK's layout pass.
    fileprivate func allocateChildren(width: Int32, height: Int32) {
      isAllocating = true
      defer { isAllocating = false }
      allocatedSize = (Int(width), Int(height))
      onAllocate?(Int(width), Int(height))
      var child = gtk_widget_get_first_child(widget.pointer)
      while let current = child {
        child = gtk_widget_get_next_sibling(current)
        guard gtk_widget_should_layout(current) != 0 else { continue }
        let frame = frames[current] ?? .zero
        let aligned = frame.pixelAligned
        // GTK requires a measure before an allocation, and warns below the minimum size.
        var minWidth: Int32 = 0
        gtk_widget_measure(current, GTK_ORIENTATION_HORIZONTAL, -1, &minWidth, nil, nil, nil)
        let width = max(aligned.width, minWidth)
        var minHeight: Int32 = 0
        gtk_widget_measure(current, GTK_ORIENTATION_VERTICAL, width, &minHeight, nil, nil, nil)
        var allocation = GtkAllocation(
          x: aligned.x, y: aligned.y, width: width, height: max(aligned.height, minHeight))
        gtk_widget_size_allocate(current, &allocation, -1)
      }
    }
  }

  /// What changed on a ``FrameContainer``'s adjustments.
  public enum AdjustmentChange: Sendable, Equatable {
    /// The user (or a program) moved the adjustment for this orientation.
    case value(GtkOrientation)
    /// A scrolled window replaced the adjustments.
    case replaced
  }

  private let frameContainerKey = "reel-frame-container"

  private let frameContainerAdjustmentThunk: ReelViewportHandler = { data, change in
    guard let data else { return }
    let container = Unmanaged<FrameContainer>.fromOpaque(data).takeUnretainedValue()
    let event: AdjustmentChange =
      switch change {
      case REEL_VIEWPORT_HVALUE: .value(GTK_ORIENTATION_HORIZONTAL)
      case REEL_VIEWPORT_VVALUE: .value(GTK_ORIENTATION_VERTICAL)
      default: .replaced
      }
    MainActor.assumeIsolated { container.onAdjustmentChange?(event) }
  }

  private let frameContainerMeasure: GtkCustomMeasureFunc = {
    widget, orientation, _, minimum, natural, _, _ in
    minimum?.pointee = 0
    natural?.pointee = 0
    guard let container = FrameContainer.from(widget) else { return }
    let size = MainActor.assumeIsolated { () -> Int32 in
      let size = container.naturalSize
      return Int32(orientation == GTK_ORIENTATION_HORIZONTAL ? size.width : size.height)
    }
    natural?.pointee = size
  }

  private let frameContainerAllocate: GtkCustomAllocateFunc = { widget, width, height, _ in
    guard let container = FrameContainer.from(widget) else { return }
    MainActor.assumeIsolated { container.allocateChildren(width: width, height: height) }
  }
#endif
