#if GTK
  import CGtk4
  import Reel
  import ReelBanner
  import ReelGtk
  import Testing

  /// Clicks, presses and keys through the view's input handlers on a manual clock, checked
  /// against the list's selection model and the host widgets' state flags and CSS classes.
  @MainActor @Suite(.serialized) struct ReelGtkViewSelectionTests {
    init() { startGtk() }

    /// The host widget of the displayed item at `index`.
    func host(of index: Int, in list: VirtualList<LabelCell>) -> UnsafeMutablePointer<GtkWidget>? {
      list.placements.first { $0.index == index && !$0.isDeparting }.flatMap {
        gtk_widget_get_parent($0.cell.widget.pointer)
      }
    }

    func flags(of index: Int, in list: VirtualList<LabelCell>) -> UInt32 {
      gtk_widget_get_state_flags(host(of: index, in: list)).rawValue
    }

    /// The items the hosts show as selected, through `:selected` and the `selected` class.
    func drawnSelected(in list: VirtualList<LabelCell>) -> [Int] {
      list.placements.filter { placement in
        let host = gtk_widget_get_parent(placement.cell.widget.pointer)
        let flag = gtk_widget_get_state_flags(host).rawValue & GTK_STATE_FLAG_SELECTED.rawValue
        let css = gtk_widget_has_css_class(host, "selected") != 0
        #expect((flag != 0) == css, "item \(placement.index): flag and class disagree")
        return flag != 0
      }.map(\.index).sorted()
    }

    /// A view of `count` one-line rows, laid out at 200×300 and run for one frame.
    func makeView(count: Int = 200) -> (
      ReelGtkView<VirtualList<LabelCell>>, VirtualList<LabelCell>, TextSource
    ) {
      let (list, source) = makeLabelList(count: count, texts: ["Ada", "Grace", "Alan"])
      let view = ReelGtkView(model: list, clock: .manual)
      _ = own(view)
      allocate(view.widget, width: 200, height: 300)
      view.advance(to: .zero)
      return (view, list, source)
    }

    /// A press and release without motion at the centre of item `index`.
    func click(
      _ index: Int, in view: ReelGtkView<VirtualList<LabelCell>>, control: Bool = false
    ) {
      let frame = view.model.placements.first { $0.index == index }!.frame
      let modifiers = control ? GDK_CONTROL_MASK.rawValue : 0
      view.handleDrag(
        DragEvent(
          phase: .began, startX: frame.midX, startY: frame.midY, timeMilliseconds: 1,
          modifiers: modifiers))
      view.handleDrag(
        DragEvent(
          phase: .ended, startX: frame.midX, startY: frame.midY, timeMilliseconds: 2,
          modifiers: modifiers))
    }

    @Test func aClickSelectsTheRowUnderItAndCtrlClickTogglesInMultipleMode() {
      let (view, list, source) = makeView()
      defer { release(view.widget) }
      list.selectionMode = .multiple
      var told: [Int] = []
      view.onSelect = { told.append($0) }
      click(2, in: view)
      #expect(list.indicesForSelectedItems == [2])
      #expect(list.focusedIndex == 2)
      #expect(drawnSelected(in: list) == [2])
      #expect(gtk_widget_has_css_class(host(of: 2, in: list), "cursor") != 0)
      // A plain click selects only the clicked row, as in GTK's list views.
      click(4, in: view)
      #expect(list.indicesForSelectedItems == [4])
      #expect(drawnSelected(in: list) == [4])
      // Ctrl-click adds, and a second Ctrl-click on a selected row removes it.
      click(6, in: view, control: true)
      #expect(list.indicesForSelectedItems == [4, 6])
      #expect(drawnSelected(in: list) == [4, 6])
      click(4, in: view, control: true)
      #expect(list.indicesForSelectedItems == [6])
      #expect(drawnSelected(in: list) == [6])
      #expect(told == [2, 4, 6, 4])
      // Single mode: a Ctrl-click replaces the selection all the same.
      list.selectionMode = .single
      click(3, in: view, control: true)
      #expect(list.indicesForSelectedItems == [3])
      #expect(drawnSelected(in: list) == [3])
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func aListSelectsOneItemUnlessTheAppChoseAMode() {
      // Nothing set: the view gives the list single selection, and a click shows it.
      let (view, list, source) = makeView()
      defer { release(view.widget) }
      #expect(list.selectionMode == .single)
      click(5, in: view)
      click(7, in: view)
      #expect(list.indicesForSelectedItems == [7])
      #expect(drawnSelected(in: list) == [7])
      // A mode the app set before creating the view stays.
      let (multiple, multipleSource) = makeLabelList(count: 10, texts: ["a"])
      multiple.selectionMode = .multiple
      let multipleView = ReelGtkView(model: multiple, clock: .manual)
      defer { release(own(multipleView)) }
      #expect(multiple.selectionMode == .multiple)
      // A carousel keeps none: a paged list, and a banner.
      let paged = VirtualList<LabelCell>(layout: PagingLayout(insets: 8, spacing: 4))
      let pagedView = ReelGtkView(model: paged, clock: .manual)
      defer { release(own(pagedView)) }
      #expect(paged.selectionMode == .none)
      let banner = Banner<LabelCell>(layout: PagingLayout(insets: 8, spacing: 4), autoplay: .off)
      let bannerView = ReelGtkView(model: banner, clock: .manual)
      defer { release(own(bannerView)) }
      #expect(banner.list.selectionMode == .none)
      withExtendedLifetime((source, multipleSource)) {}
    }

    @Test func withSelectionTurnedOffAClickOnlyFocusesAndTells() {
      let (view, list, source) = makeView()
      defer { release(view.widget) }
      list.selectionMode = .none
      var told: [Int] = []
      view.onSelect = { told.append($0) }
      click(5, in: view)
      #expect(told == [5])
      #expect(list.focusedIndex == 5)
      #expect(list.indicesForSelectedItems.isEmpty)
      #expect(drawnSelected(in: list).isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func aPressHighlightsTheRowUntilThePointerMovesAway() {
      let (view, list, source) = makeView()
      defer { release(view.widget) }
      list.selectionMode = .single
      let frame = list.placements.first { $0.index == 3 }!.frame
      view.handleDrag(
        DragEvent(phase: .began, startX: frame.midX, startY: frame.midY, timeMilliseconds: 1))
      view.advance(to: ReelInstant(nanoseconds: 16_666_667))
      #expect(list.highlightedIndex == 3)
      #expect(flags(of: 3, in: list) & GTK_STATE_FLAG_ACTIVE.rawValue != 0)
      #expect(gtk_widget_has_css_class(host(of: 3, in: list), "highlighted") != 0)
      #expect(flags(of: 2, in: list) & GTK_STATE_FLAG_ACTIVE.rawValue == 0)
      // Moving past the click slop makes it a drag: the row is no longer pressed, and the
      // release selects nothing.
      view.handleDrag(
        DragEvent(
          phase: .changed, startX: frame.midX, startY: frame.midY, offsetY: -30,
          timeMilliseconds: 20))
      view.advance(to: ReelInstant(nanoseconds: 33_333_333))
      #expect(list.highlightedIndex == nil)
      #expect(flags(of: 3, in: list) & GTK_STATE_FLAG_ACTIVE.rawValue == 0)
      view.handleDrag(
        DragEvent(
          phase: .ended, startX: frame.midX, startY: frame.midY, offsetY: -30,
          timeMilliseconds: 40))
      #expect(list.indicesForSelectedItems.isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func spaceSelectsTheFocusedRowAndCtrlSpaceToggles() {
      let (view, list, source) = makeView()
      defer { release(view.widget) }
      list.selectionMode = .multiple
      #expect(view.handleKey(KeyEvent(named: "Down")))  // focus appears on the first row
      #expect(view.handleKey(KeyEvent(named: "Down")))
      #expect(view.handleKey(KeyEvent(named: "space")))
      #expect(list.indicesForSelectedItems == [1])
      #expect(view.handleKey(KeyEvent(named: "Down")))
      let control = GDK_CONTROL_MASK.rawValue
      #expect(view.handleKey(KeyEvent(keyval: gdk_keyval_from_name("space"), modifiers: control)))
      #expect(list.indicesForSelectedItems == [1, 2])
      #expect(view.handleKey(KeyEvent(keyval: gdk_keyval_from_name("space"), modifiers: control)))
      #expect(list.indicesForSelectedItems == [1])
      #expect(view.handleKey(KeyEvent(named: "Return")))
      #expect(list.indicesForSelectedItems == [2])
      #expect(drawnSelected(in: list) == [2])
      withExtendedLifetime(source) {}
    }

    @Test func inAGridTheArrowsAcrossTheAxisMoveByALane() {
      let list = VirtualList<LabelCell>(layout: UniformLayout(extent: 40, lanes: 3))
      list.register("row") { MainActor.assumeIsolated { LabelCell() } }
      let source = TextSource(count: 60, texts: ["a", "b"])
      list.dataSource = source
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 300, height: 200)
      view.advance(to: .zero)
      #expect(view.handleKey(KeyEvent(named: "Right")))
      #expect(list.focusedIndex == 0)
      #expect(view.handleKey(KeyEvent(named: "Right")))
      #expect(list.focusedIndex == 1)
      #expect(view.handleKey(KeyEvent(named: "Down")))
      #expect(list.focusedIndex == 4)
      #expect(view.handleKey(KeyEvent(named: "Left")))
      #expect(list.focusedIndex == 3)
      #expect(gtk_widget_has_css_class(host(of: 3, in: list), "cursor") != 0)
      withExtendedLifetime(source) {}
    }
  }
#endif
