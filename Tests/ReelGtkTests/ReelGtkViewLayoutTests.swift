#if GTK
  import CGtk4
  import Reel
  import ReelGtk
  import Testing

  /// Measured rows, same-frame resizes and the scroll adjustment, on an unrooted view laid out
  /// by hand (no window, no frame clock: the view runs on a manual clock).
  @MainActor @Suite(.serialized) struct ReelGtkViewLayoutTests {
    static let texts = [
      "Ada", "Grace Brewster Murray Hopper, rear admiral and pioneer of compilers",
      "Katherine Johnson",
      String(repeating: "Margaret Hamilton wrote the Apollo flight software. ", count: 3),
    ]

    init() { startGtk() }

    /// The natural height of a cell's widget for a width: what a row of that width needs.
    func naturalHeight(_ cell: LabelCell, width: Double) -> Double {
      var natural: Int32 = 0
      gtk_widget_measure(
        cell.widget.pointer, GTK_ORIENTATION_VERTICAL, Int32(width), nil, &natural, nil, nil)
      return Double(natural)
    }

    @Test func rowsAreMeasuredHeightForWidth() {
      let (list, source) = makeLabelList(count: 1_000, texts: Self.texts)
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 240, height: 400)
      view.advance(to: .zero)
      #expect(view.conformanceViolations().isEmpty)
      let placements = Array(list.placements)
      #expect(placements.count >= 4)
      for placement in placements {
        let expected = naturalHeight(placement.cell, width: placement.frame.width)
        #expect(placement.frame.height == expected, "row \(placement.index)")
      }
      // The long texts wrap: their rows are taller than the one-word rows.
      let heights = Dictionary(grouping: placements, by: { $0.index % Self.texts.count })
        .mapValues { $0[0].frame.height }
      #expect(heights[3]! > heights[1]!)
      #expect(heights[1]! > heights[0]!)
      withExtendedLifetime(source) {}
    }

    @Test func aResizeIsLaidOutInTheSameAllocation() {
      let (list, source) = makeLabelList(count: 1_000, texts: Self.texts)
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 400, height: 400)
      view.advance(to: .zero)
      let wide = list.placements.first { $0.index == 3 }!.frame.height
      // Narrower: the allocation alone (no frame) re-lays out and re-measures.
      allocate(view.widget, width: 160, height: 400)
      #expect(list.viewportSize == Size(width: 160, height: 400))
      let row = list.placements.first { $0.index == 3 }!
      #expect(row.frame.width == 160)
      #expect(row.frame.height == naturalHeight(row.cell, width: 160))
      #expect(row.frame.height > wide)
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime(source) {}
    }

    @Test func theAdjustmentFollowsTheListAndScrollsIt() {
      let (list, source) = makeLabelList(count: 500, texts: Self.texts)
      let view = ReelGtkView(model: list, clock: .manual)
      let scrolled = ScrolledWindow(child: view.widget)
      _ = reel_g_object_ref_sink(scrolled.widget.raw)
      defer { reel_g_object_unref(scrolled.widget.raw) }
      let vadjustment = gtk_scrolled_window_get_vadjustment(
        reel_gtk_scrolled_window(scrolled.widget.raw))
      #expect(vadjustment == view.adjustment)
      allocate(view.widget, width: 300, height: 300)
      view.advance(to: .zero)
      let adjustment = view.adjustment
      #expect(gtk_adjustment_get_page_size(adjustment) == 300)
      #expect(gtk_adjustment_get_upper(adjustment) == list.contentExtent)
      #expect(gtk_adjustment_get_value(adjustment) == list.contentOffset)
      // Dragging the scrollbar sets the value: the list follows, and its first visible row with it.
      gtk_adjustment_set_value(adjustment, 2_000)
      #expect(list.contentOffset == gtk_adjustment_get_value(adjustment))
      view.advance(to: ReelInstant(nanoseconds: 16_000_000))
      #expect(list.contentOffset == gtk_adjustment_get_value(adjustment))
      #expect(gtk_adjustment_get_upper(adjustment) == list.contentExtent)
      #expect(view.conformanceViolations().isEmpty)
      withExtendedLifetime((source, scrolled)) {}
    }

    @Test func measuredRowsKeepTheScrollbarAnchored() {
      let (list, source) = makeLabelList(count: 2_000, texts: Self.texts)
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 200, height: 300)
      view.advance(to: .zero)
      // Jump far into rows that only have estimates: as they are measured, the row at the top
      // stays at the top, and the adjustment follows the anchored offset and the new extent.
      list.scrollToItem(at: 1_000, alignment: .start)
      let extentBefore = list.contentExtent
      view.advance(to: ReelInstant(nanoseconds: 16_000_000))
      #expect(list.contentExtent != extentBefore)  // measured rows differ from the estimate
      let top = list.placements.first { $0.frame.maxY > 0 }!
      #expect(top.index == 1_000)
      #expect(top.frame.minY == 0)
      #expect(gtk_adjustment_get_value(view.adjustment) == list.contentOffset)
      #expect(gtk_adjustment_get_upper(view.adjustment) == list.contentExtent)
      withExtendedLifetime(source) {}
    }
  }
#endif
