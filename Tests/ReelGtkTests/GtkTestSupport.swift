#if GTK
  import CGtk4
  import Reel
  import ReelGtk
  import Testing

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Starts GTK once for the test process; the tests run under Xvfb (`xvfb-run`).
  ///
  /// When no display opens, the message says what the process was given: `DISPLAY`, whether
  /// that display's socket exists, and whether the `XAUTHORITY` file `xvfb-run` wrote exists.
  @MainActor
  func startGtk() {
    let started = gtk_init_check() != 0
    precondition(
      started, "ReelGtkTests need a display: run them under xvfb-run (\(displayReport()))")
  }

  /// What the process was given to reach an X display, for a failure message.
  func displayReport() -> String {
    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
    func exists(_ path: String) -> String { access(path, F_OK) == 0 ? "exists" : "is missing" }
    guard let display = variable("DISPLAY"), !display.isEmpty else { return "DISPLAY is not set" }
    // ":99" and ":99.0" are display 99, whose socket is /tmp/.X11-unix/X99.
    let number = display.drop { $0 != ":" }.dropFirst().prefix { $0.isNumber }
    let socket = "/tmp/.X11-unix/X\(number)"
    var report = "DISPLAY=\(display), \(socket) \(exists(socket))"
    if let authority = variable("XAUTHORITY") {
      report += ", XAUTHORITY \(authority) \(exists(authority))"
    }
    return report
  }

  /// Takes a view's widget the way a window would (its floating reference): the widget owns
  /// the view, so the view lives until ``release(_:)``.
  @MainActor
  func own<Model: ReelGtkModel>(_ view: ReelGtkView<Model>) -> Widget {
    _ = reel_g_object_ref_sink(view.widget.raw)
    return view.widget
  }

  /// Drops the reference ``own(_:)`` took: GTK disposes of the widget, and the view with it.
  @MainActor
  func release(_ widget: Widget) {
    reel_g_object_unref(widget.raw)
  }

  /// Lays out an unrooted widget at a size, the way a parent would: measure, then allocate.
  @MainActor
  func allocate(_ widget: Widget, width: Int, height: Int) {
    var minimum: Int32 = 0
    gtk_widget_measure(widget.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    gtk_widget_measure(
      widget.pointer, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, nil, nil, nil)
    var allocation = GtkAllocation(x: 0, y: 0, width: Int32(width), height: Int32(height))
    gtk_widget_size_allocate(widget.pointer, &allocation, -1)
  }

  /// A row: a wrapping label, one widget per cell.
  @MainActor
  final class LabelCell: GtkCell {
    let widget: Widget

    init() {
      widget = Widget.label("")
      let label = reel_gtk_label(widget.raw)
      gtk_label_set_wrap(label, 1)
      gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_NONE)
      gtk_label_set_natural_wrap_mode(label, GTK_NATURAL_WRAP_WORD)
      LiveObjects.track(widget)
    }

    var accessibleLabel: String? { "row" }

    deinit { LiveObjects.cellDidDeinit() }
  }

  /// Items whose text is `words[index % words.count]` repeated, so some rows wrap.
  final class TextSource: VirtualListDataSource {
    let count: Int
    let texts: [String]

    init(count: Int, texts: [String]) {
      self.count = count
      self.texts = texts
    }

    func numberOfItems(in list: VirtualList<LabelCell>) -> Int { count }

    func virtualList(_ list: VirtualList<LabelCell>, cellForItemAt index: Int) -> LabelCell {
      let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
      let text = texts[index % texts.count]
      MainActor.assumeIsolated { cell.widget.setLabelText(text) }
      return cell
    }
  }

  /// A vertical list of `count` label rows with estimated extents of 20 points.
  @MainActor
  func makeLabelList(count: Int, texts: [String], capacity: Int = 4) -> (
    VirtualList<LabelCell>, TextSource
  ) {
    let list = VirtualList<LabelCell>(layout: VariableLayout(estimatedExtent: 20, spacing: 2))
    list.register("row", capacity: capacity) { MainActor.assumeIsolated { LabelCell() } }
    let source = TextSource(count: count, texts: texts)
    list.dataSource = source
    return (list, source)
  }
#endif
