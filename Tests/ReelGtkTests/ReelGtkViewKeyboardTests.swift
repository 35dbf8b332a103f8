#if GTK
  import CGtk4
  import Reel
  import ReelBanner
  import ReelGtk
  import Testing

  /// The keyboard focus, selection and the accessible roles, on a manual clock.
  @MainActor @Suite(.serialized) struct ReelGtkViewKeyboardTests {
    init() { startGtk() }

    /// Runs frames of 1/60 s until the list stops moving (at most 10 s of frames).
    func settle(_ view: ReelGtkView<VirtualList<LabelCell>>, from frame: inout Int64) {
      for _ in 0..<600 where view.model.needsFrames {
        frame += 1
        view.advance(to: ReelInstant(nanoseconds: frame * 16_666_667))
      }
    }

    func host(of index: Int, in list: VirtualList<LabelCell>) -> UnsafeMutablePointer<GtkWidget>? {
      list.placements.first { $0.index == index }.flatMap {
        gtk_widget_get_parent($0.cell.widget.pointer)
      }
    }

    @Test func arrowsMoveTheListsFocusEndScrollsToTheLastRowAndEnterSelectsIt() {
      let (list, source) = makeLabelList(count: 300, texts: ["one", "two", "three"])
      list.selectionMode = .single
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      var selected: [Int] = []
      view.onSelect = { selected.append($0) }
      allocate(view.widget, width: 200, height: 200)
      var frame: Int64 = 0
      view.advance(to: .zero)
      #expect(view.handleKey(KeyEvent(named: "Down")))
      #expect(view.cursorIndex == 0)
      #expect(view.handleKey(KeyEvent(named: "Down")))
      #expect(view.cursorIndex == 1)
      #expect(list.focusedIndex == 1)  // the list's own focus, moved by `moveFocus`
      #expect(gtk_widget_has_css_class(host(of: 1, in: list), "cursor") != 0)
      #expect(gtk_widget_has_css_class(host(of: 0, in: list), "cursor") == 0)
      #expect(!view.handleKey(KeyEvent(named: "Left")))  // across the axis: not the list's
      #expect(view.handleKey(KeyEvent(named: "End")))
      settle(view, from: &frame)
      #expect(view.cursorIndex == 299)
      #expect(list.visibleIndices.last == 299)
      #expect(view.handleKey(KeyEvent(named: "Return")))
      #expect(selected == [299])
      #expect(view.selectedIndex == 299)
      #expect(list.indicesForSelectedItems == [299])
      #expect(gtk_widget_has_css_class(host(of: 299, in: list), "selected") != 0)
      let flags = gtk_widget_get_state_flags(host(of: 299, in: list)).rawValue
      #expect(flags & GTK_STATE_FLAG_SELECTED.rawValue != 0)
      #expect(view.handleKey(KeyEvent(named: "Page_Up")))
      settle(view, from: &frame)
      let cursor = view.cursorIndex!
      #expect(cursor < 299)
      #expect(list.visibleIndices.contains(cursor))
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func theListIsAListOfPositionedListItems() {
      let (list, source) = makeLabelList(count: 50, texts: ["a", "b"])
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 200, height: 200)
      view.advance(to: .zero)
      #expect(reel_accessible_get_role(view.widget.raw) == GTK_ACCESSIBLE_ROLE_LIST)
      #expect(gtk_widget_get_focusable(view.widget.pointer) != 0)
      for placement in list.placements {
        #expect(
          reel_accessible_get_role(host(of: placement.index, in: list))
            == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
      }
      withExtendedLifetime(source) {}
    }

    @Test func aBannerIsAGroupOfGroups() {
      let banner = Banner<LabelCell>(layout: PagingLayout(insets: 8, spacing: 4), autoplay: .off)
      banner.list.register("row") { MainActor.assumeIsolated { LabelCell() } }
      let source = TextSource(count: 5, texts: ["a", "b", "c", "d", "e"])
      banner.dataSource = source
      let view = ReelGtkView(model: banner, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 300, height: 100)
      view.advance(to: .zero)
      #expect(reel_accessible_get_role(view.widget.raw) == GTK_ACCESSIBLE_ROLE_GROUP)
      let first = banner.list.placements.first!
      #expect(
        reel_accessible_get_role(gtk_widget_get_parent(first.cell.widget.pointer))
          == GTK_ACCESSIBLE_ROLE_GROUP)
      // Right pages the banner; the cursor (focus ring) follows the resting card.
      let page = banner.currentPage!
      #expect(view.handleKey(KeyEvent(named: "Right")))
      for frame in 1...120 { view.advance(to: ReelInstant(nanoseconds: Int64(frame) * 16_666_667)) }
      #expect(banner.currentPage == (page + 1) % 5)
      let resting = banner.list.placements.first { $0.index == banner.currentPage }!
      #expect(
        gtk_widget_has_css_class(gtk_widget_get_parent(resting.cell.widget.pointer), "cursor") != 0)
      withExtendedLifetime(source) {}
    }
  }
#endif
