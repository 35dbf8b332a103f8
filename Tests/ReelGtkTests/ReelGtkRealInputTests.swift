#if GTK
  import CGtk4
  import Reel
  import ReelGtk
  import Testing

  /// The view in a real window under Xvfb on GTK's frame clock: real clicks and keys from
  /// xdotool select and move the focus, and the frame clock drives animated updates.
  @MainActor @Suite(.serialized) struct ReelGtkRealInputTests {
    init() { startGtk() }

    func host(of index: Int, in list: VirtualList<LabelCell>) -> UnsafeMutablePointer<GtkWidget>? {
      list.placements.first { $0.index == index && !$0.isDeparting }.flatMap {
        gtk_widget_get_parent($0.cell.widget.pointer)
      }
    }

    func isDrawnSelected(_ index: Int, in list: VirtualList<LabelCell>) -> Bool {
      guard let host = host(of: index, in: list) else { return false }
      let flags = gtk_widget_get_state_flags(host).rawValue
      return flags & GTK_STATE_FLAG_SELECTED.rawValue != 0
        && gtk_widget_has_css_class(host, "selected") != 0
    }

    @Test func realClicksSelectTheRowUnderThePointerAndKeysMoveTheFocusIntoView() throws {
      let (list, source) = makeLabelList(count: 200, texts: ["Ada", "Grace", "Alan"])
      list.selectionMode = .multiple
      let view = ReelGtkView(model: list)
      let window = RealWindow(title: "reel-gtk-input", child: view.widget, width: 240, height: 300)
      defer { window.close() }
      try #require(window.waitUntilShown(), "the window did not appear on the X server")
      try #require(pump { !list.placements.isEmpty && !view.isTicking })

      let row = list.placements.first { $0.index == 3 }!.frame
      window.click(x: row.midX, y: row.midY)
      #expect(pump { list.indicesForSelectedItems == [3] && isDrawnSelected(3, in: list) })
      #expect(list.focusedIndex == 3)
      #expect(gtk_widget_has_focus(view.widget.pointer) != 0)

      let other = list.placements.first { $0.index == 6 }!.frame
      window.click(x: other.midX, y: other.midY, control: true)
      #expect(pump { list.indicesForSelectedItems == [3, 6] && isDrawnSelected(6, in: list) })
      #expect(isDrawnSelected(3, in: list))

      // End moves the focus to the last row and scrolls it into view on the frame clock.
      window.key("End")
      #expect(pump { list.focusedIndex == 199 && !view.isTicking })
      #expect(list.visibleIndices.contains(199))
      #expect(gtk_widget_has_css_class(host(of: 199, in: list), "cursor") != 0)
      window.key("Up", "Up", "space")
      #expect(pump { list.indicesForSelectedItems == [197] && isDrawnSelected(197, in: list) })
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func aScrollPositionSetInAFrameIsDrawnInThatFrame() throws {
      let (list, source) = makeLabelList(count: 2_000, texts: ["Ada", "Grace", "Alan"])
      let view = ReelGtkView(model: list)
      let scrolled = ScrolledWindow(child: view.widget)
      let window = RealWindow(
        title: "reel-gtk-scroll", child: scrolled.widget, width: 240, height: 300)
      defer { window.close() }
      try #require(window.waitUntilShown(), "the window did not appear on the X server")
      try #require(pump { !list.placements.isEmpty && !view.isTicking })
      let adjustment = view.adjustment
      let clock = try #require(gtk_widget_get_frame_clock(window.window))
      // As kinetic scrolling does: a tick callback moves the adjustment in the update phase of
      // ten frames. After each of those frames has painted, the rows' widgets are allocated
      // where the list places them at the new value.
      let frames = FrameChecks(list: list, adjustment: adjustment)
      let script = TickCallback(on: Widget(window.window)) { [frames] _ in
        if frames.moved.count == 10 { return false }
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 150)
        frames.moved.append(gtk_adjustment_get_value(adjustment))
        return true
      }
      let handler = reel_signal_connect(
        UnsafeMutableRawPointer(clock), "after-paint",
        unsafeBitCast(afterPaint, to: UnsafeMutableRawPointer.self),
        Unmanaged.passUnretained(frames).toOpaque(), nil)
      defer { reel_signal_disconnect(UnsafeMutableRawPointer(clock), handler) }
      #expect(pump { frames.checked.count == 10 })
      #expect(frames.checked == Array(repeating: true, count: 10), "\(frames.moved)")
      #expect(list.contentOffset > 1_000)
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime((source, script)) {}
    }

    @Test func theFrameClockDrivesAnAnimatedInsertThroughItsFade() throws {
      let list = VirtualList<LabelCell>(layout: UniformLayout(extent: 30))
      list.register("row") { MainActor.assumeIsolated { LabelCell() } }
      let source = GrowingSource(count: 30)
      list.dataSource = source
      list.updateAnimation = .timed(duration: 0.4)
      let view = ReelGtkView(model: list)
      let window = RealWindow(title: "reel-gtk-fade", child: view.widget, width: 240, height: 300)
      defer { window.close() }
      try #require(window.waitUntilShown(), "the window did not appear on the X server")
      try #require(pump { !list.placements.isEmpty && !view.isTicking })

      source.count += 1
      try list.performBatchUpdates { $0.insert(at: 1) }
      view.setNeedsFrames()
      let frames = view.frameCount
      var opacities: [Double] = []
      let finished = pump {
        if let inserted = list.placements.first(where: { $0.index == 1 }),
          let host = gtk_widget_get_parent(inserted.cell.widget.pointer)
        {
          opacities.append(gtk_widget_get_opacity(host))
        }
        return !list.isAnimatingUpdates && !view.isTicking
      }
      #expect(finished)
      #expect(view.frameCount - frames >= 3)  // several frame-clock ticks, not one jump
      #expect(opacities.contains { $0 > 0 && $0 < 1 }, "opacities seen: \(Set(opacities))")
      #expect(opacities.last == 1)
      #expect(view.conformanceViolations().isEmpty)
    }

    @Test func thePinnedHeaderIsWhatThePointerFindsOverARowUnderIt() throws {
      let list = VirtualList<LabelCell>(
        layout: SectionedLayout(itemExtent: .fixed(30), headerExtent: .fixed(24)))
      let source = SectionSource(sections: 4, itemsPerSection: 12)
      source.rows = list.register(LabelCell.self) { MainActor.assumeIsolated { LabelCell() } }
      source.headers = list.register(LabelCell.self, forSupplementaryOfKind: .header) {
        MainActor.assumeIsolated { LabelCell() }
      }
      list.dataSource = source
      list.pinsSectionHeaders = true
      let view = ReelGtkView(model: list)
      let window = RealWindow(title: "reel-gtk-pinned", child: view.widget, width: 240, height: 300)
      defer { window.close() }
      try #require(window.waitUntilShown(), "the window did not appear on the X server")
      list.contentOffset = 24 + 12 * 30 + 24 + 45
      view.setNeedsFrames()
      try #require(pump { list.placements.last?.isPinned == true && !view.isTicking })
      let pinned = list.placements.last!
      let pinnedHost = gtk_widget_get_parent(pinned.cell.widget.pointer)
      let under = list.placements.first { !$0.isPinned && $0.frame.intersects(pinned.frame) }
      try #require(under != nil)
      // GTK picks the topmost widget at a point: over the overlap, the pinned header's.
      let x = pinned.frame.midX
      let y = (max(pinned.frame.minY, under!.frame.minY) + pinned.frame.maxY) / 2
      let picked = gtk_widget_pick(view.widget.pointer, x, y, GTK_PICK_DEFAULT)
      #expect(picked == pinnedHost || gtk_widget_is_ancestor(picked, pinnedHost) != 0)
      withExtendedLifetime(source) {}
    }
  }

  /// Frames in which a test moved the scroll adjustment, and whether each drew the rows where
  /// the list places them at the new value.
  @MainActor final class FrameChecks {
    let list: VirtualList<LabelCell>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The adjustment values set, one per frame.
    var moved: [Double] = []
    /// Whether each of those frames drew the rows where the list places them.
    var checked: [Bool] = []

    init(list: VirtualList<LabelCell>, adjustment: UnsafeMutablePointer<GtkAdjustment>) {
      self.list = list
      self.adjustment = adjustment
    }

    /// After a frame painted: whether every placed row's widget is allocated at its frame and
    /// the adjustment is at the list's offset.
    func check() {
      guard checked.count < moved.count else { return }
      checked.append(
        gtk_adjustment_get_value(adjustment) == list.contentOffset
          && list.placements.allSatisfy { placement in
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(
              gtk_widget_get_parent(placement.cell.widget.pointer), &allocation)
            return abs(Double(allocation.y) - placement.frame.minY) <= 1
          })
    }
  }

  /// The frame clock's after-paint: runs the test's check.
  private let afterPaint: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
    _, data in
    let address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
      let frames = Unmanaged<FrameChecks>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
      frames.takeUnretainedValue().check()
    }
  }
#endif
