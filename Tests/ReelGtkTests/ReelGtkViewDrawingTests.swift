#if GTK
  import CGtk4
  import Reel
  import ReelGtk
  import Testing

  /// Items whose count the test changes, for batch updates.
  final class GrowingSource: VirtualListDataSource {
    var count: Int

    init(count: Int) { self.count = count }

    func numberOfItems(in list: VirtualList<LabelCell>) -> Int { count }

    func virtualList(_ list: VirtualList<LabelCell>, cellForItemAt index: Int) -> LabelCell {
      let cell = list.dequeueReusableCell(withReuseIdentifier: "row", for: index)
      MainActor.assumeIsolated { cell.widget.setLabelText("row") }
      return cell
    }
  }

  /// Sections of `itemsPerSection` rows, each with a header.
  final class SectionSource: SectionedListDataSource {
    let sections: Int
    let itemsPerSection: Int
    var rows: CellRegistration<LabelCell, LabelCell>!
    var headers: CellRegistration<LabelCell, LabelCell>!

    init(sections: Int, itemsPerSection: Int) {
      self.sections = sections
      self.itemsPerSection = itemsPerSection
    }

    func sections(in list: VirtualList<LabelCell>) -> SectionIndex {
      SectionIndex(sections: sections, itemsPerSection: itemsPerSection, headers: true)
    }

    func virtualList(_ list: VirtualList<LabelCell>, cellForItemAt path: ItemPath) -> LabelCell {
      list.dequeueCell(rows, for: path)
    }

    func virtualList(
      _ list: VirtualList<LabelCell>, supplementaryCellOfKind kind: SupplementaryKind,
      inSection section: Int
    ) -> LabelCell {
      list.dequeueSupplementaryCell(headers, ofKind: kind, inSection: section)
    }
  }

  /// Opacity through animated updates and the pinned header's z-order, on a manual clock: what
  /// the widgets show is what the list's placements say at the list's own instants.
  @MainActor @Suite(.serialized) struct ReelGtkViewDrawingTests {
    init() { startGtk() }

    static let frame: Int64 = 16_666_667

    func host(of cell: LabelCell) -> UnsafeMutablePointer<GtkWidget>? {
      gtk_widget_get_parent(cell.widget.pointer)
    }

    @Test func anInsertedRowFadesInAndADeletedRowIsDrawnUntilItsFadeEnds() throws {
      let list = VirtualList<LabelCell>(layout: UniformLayout(extent: 30))
      list.register("row") { MainActor.assumeIsolated { LabelCell() } }
      let source = GrowingSource(count: 40)
      list.dataSource = source
      list.updateAnimation = .timed(duration: 0.25)
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 200, height: 300)
      var tick: Int64 = 0
      view.advance(to: .zero)

      source.count += 1
      try list.performBatchUpdates { $0.insert(at: 2) }
      #expect(list.needsFrames)
      // Seven frames of 16.7 ms: about half of the 0.25 s fade.
      for _ in 0..<7 {
        tick += 1
        view.advance(to: ReelInstant(nanoseconds: tick * Self.frame))
      }
      let inserted = list.placements.first { $0.index == 2 }!
      #expect(inserted.opacity > 0 && inserted.opacity < 1)
      let drawn = gtk_widget_get_opacity(host(of: inserted.cell))
      #expect(drawn > 0 && drawn < 1)
      #expect(abs(drawn - inserted.opacity) <= 1.0 / 255)
      #expect(view.conformanceViolations().isEmpty)
      while list.needsFrames && tick < 120 {
        tick += 1
        view.advance(to: ReelInstant(nanoseconds: tick * Self.frame))
      }
      #expect(gtk_widget_get_opacity(host(of: inserted.cell)) == 1)

      // A deleted row's cell departs: still drawn, fading, until its animation ends.
      let deletedCell = list.placements.first { $0.index == 5 }!.cell
      source.count -= 1
      try list.performBatchUpdates { $0.delete(at: 5) }
      for _ in 0..<7 {
        tick += 1
        view.advance(to: ReelInstant(nanoseconds: tick * Self.frame))
      }
      let departing = list.placements.first { $0.cell === deletedCell }
      #expect(departing?.isDeparting == true)
      let deletedHost = host(of: deletedCell)
      #expect(gtk_widget_get_visible(deletedHost) != 0)
      let fading = gtk_widget_get_opacity(deletedHost)
      #expect(fading > 0 && fading < 1)
      #expect(view.conformanceViolations().isEmpty)
      while list.needsFrames && tick < 240 {
        tick += 1
        view.advance(to: ReelInstant(nanoseconds: tick * Self.frame))
      }
      #expect(list.cellsDeparting == 0)
      #expect(!list.placements.contains { $0.cell === deletedCell })
      #expect(gtk_widget_get_visible(deletedHost) == 0)
      #expect(view.conformanceViolations().isEmpty)
    }

    @Test func thePinnedHeaderIsTheLastChildAboveTheRowSlidingUnderIt() {
      let list = VirtualList<LabelCell>(
        layout: SectionedLayout(itemExtent: .fixed(30), headerExtent: .fixed(24)))
      let source = SectionSource(sections: 6, itemsPerSection: 12)
      source.rows = list.register(LabelCell.self) { MainActor.assumeIsolated { LabelCell() } }
      source.headers = list.register(LabelCell.self, forSupplementaryOfKind: .header) {
        MainActor.assumeIsolated { LabelCell() }
      }
      list.dataSource = source
      list.pinsSectionHeaders = true
      let view = ReelGtkView(model: list, clock: .manual)
      defer { release(own(view)) }
      allocate(view.widget, width: 200, height: 300)
      view.advance(to: .zero)
      // Into section 1, part of a row under the pinned header.
      list.contentOffset = 24 + 12 * 30 + 24 + 45
      view.advance(to: ReelInstant(nanoseconds: Self.frame))
      let pinned = list.placements.last!
      #expect(pinned.isPinned)
      #expect(pinned.kind == .header)
      let pinnedHost = host(of: pinned.cell)
      #expect(gtk_widget_get_last_child(view.widget.pointer) == pinnedHost)
      #expect(gtk_widget_has_css_class(pinnedHost, "pinned") != 0)
      let under = list.placements.filter {
        !$0.isPinned && $0.frame.intersects(pinned.frame) && $0.frame.height > 0
      }
      #expect(!under.isEmpty)
      for row in under {
        #expect(gtk_widget_has_css_class(host(of: row.cell), "pinned") == 0)
        #expect(gtk_widget_get_next_sibling(host(of: row.cell)) != nil)  // drawn before
      }
      #expect(view.conformanceViolations().isEmpty)
    }
  }
#endif
