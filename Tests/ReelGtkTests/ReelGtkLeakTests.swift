#if GTK
  import CGtk4
  import Reel
  import ReelGtk
  import Testing

  /// Widgets and cells do not outlive the view, released cells take their widgets with them,
  /// and scrolling through 10⁵ rows keeps the widget count bounded. CI also runs this suite
  /// under AddressSanitizer, whose leak check then covers Reel's own allocations.
  @MainActor @Suite(.serialized) struct ReelGtkLeakTests {
    init() { startGtk() }

    static let texts = [
      "Ada Lovelace", "Grace Hopper, rear admiral and compiler pioneer", "Alan Kay",
    ]

    @Test func scrollingThroughAHundredThousandRowsKeepsWidgetsBoundedAndFreesThemAll() {
      let aliveBefore = LiveObjects.alive
      let cellsBefore = LiveObjects.cellsDeinitialized
      var created = 0
      do {
        let (list, source) = makeLabelList(count: 100_000, texts: Self.texts, capacity: 4)
        let view = ReelGtkView(model: list, clock: .manual)
        defer { release(own(view)) }
        allocate(view.widget, width: 320, height: 600)
        var frame: Int64 = 0
        var largestHostCount = 0
        view.advance(to: .zero)
        while list.contentOffset < list.maximumOffset {
          frame += 1
          list.contentOffset = min(list.contentOffset + 1_200, list.maximumOffset)
          view.advance(to: ReelInstant(nanoseconds: frame * 16_666_667))
          largestHostCount = max(largestHostCount, view.attachedWidgetCount)
        }
        #expect(list.placements.last?.index == 99_999)
        #expect(view.conformanceViolations().isEmpty)
        // Widgets alive: bounded by the cells the list keeps, not by the rows scrolled past.
        #expect(largestHostCount <= list.largestWindowCount + list.poolCapacity)
        #expect(LiveObjects.alive - aliveBefore == list.cellsCreated - list.cellsReleased)
        // Jumps of two viewports replace the whole window each frame: pools overflow and cells are
        // released by the thousand, each taking its widget with it.
        created = list.cellsCreated
        #expect(list.cellsReleased > 1_000)
        withExtendedLifetime(source) {}
      }
      // The view, the list and every cell are gone, and their widgets with them.
      #expect(LiveObjects.alive == aliveBefore)
      #expect(LiveObjects.cellsDeinitialized - cellsBefore == created)
    }

    @Test func cellsReleasedByAFullPoolTakeTheirWidgetsWithThem() {
      let (list, source) = makeLabelList(count: 1_000, texts: Self.texts, capacity: 2)
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 320, height: 800)
      view.advance(to: .zero)
      let displayed = list.cellsDisplayed
      let aliveBefore = LiveObjects.alive
      // A short viewport: most displayed cells go back to a pool of 2; the rest are released.
      allocate(view.widget, width: 320, height: 60)
      view.advance(to: ReelInstant(nanoseconds: 16_666_667))
      let released = list.cellsReleased
      #expect(released > 0)
      #expect(released == displayed - list.cellsDisplayed - list.cellsPooled)
      #expect(aliveBefore - LiveObjects.alive == released)
      #expect(view.attachedWidgetCount == list.cellsDisplayed + list.cellsPooled)
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func disposingOfTheWidgetStopsTickingAndReleasesTheView() {
      // On the frame clock the view registers a tick callback on its widget. The widget owns
      // the view: when GTK disposes of the widget (a closed window), the view removes its tick
      // callback, destroys its hosts and is released.
      let (list, source) = makeLabelList(count: 10, texts: Self.texts)
      let aliveBefore = LiveObjects.alive
      weak var weakView: ReelGtkView<VirtualList<LabelCell>>?
      do {
        let view = ReelGtkView(model: list)
        weakView = view
        let widget = own(view)
        allocate(widget, width: 200, height: 200)
        #expect(view.isTicking)
        #expect(view.attachedWidgetCount > 0)
        #expect(LiveObjects.alive > aliveBefore)
        release(widget)
        #expect(view.isWidgetGone)
        #expect(!view.isTicking)
        #expect(view.attachedWidgetCount == 0)
      }
      #expect(weakView == nil)
      // The cells live on in the list; their widgets are gone with the view's.
      #expect(LiveObjects.alive == aliveBefore)
      // Run the main loop a little: a tick callback left behind would call into a freed view.
      for _ in 0..<10 { g_main_context_iteration(nil, 0) }
      withExtendedLifetime(source) {}
    }
  }
#endif
