import ReelTestSupport
import ReelTesting
import Testing

@testable import Reel

/// `SectionedLayout` against a brute-force reference that walks every row (`SectionReference`),
/// for random section shapes, layouts, axes and wrapping modes, with measurements and batch
/// updates in random order; whole-number figures keep every sum exact, so slots compare with
/// `==`. Every failure names its seed.
@Suite struct SectionedLayoutTests {
  // MARK: Against the reference

  @Test(arguments: 0..<8)
  func randomShapesAndMeasurementsMatchTheReference(batch: Int) {
    for seed in UInt64(batch * 40)..<UInt64(batch * 40 + 40) {
      var rng = SplitMix64(seed: seed)
      var layout = rng.sectionedLayout()
      var model = rng.sectionModel(
        headerExtent: layout.headerExtent.value, footerExtent: layout.footerExtent.value,
        itemExtent: layout.itemExtent.value)
      let viewport = Size(width: Double(rng.int(in: 0...400)), height: Double(rng.int(in: 0...400)))
      let axis: Axis = rng.int(in: 0...1) == 0 ? .vertical : .horizontal
      let wrapping: Wrapping = rng.int(in: 0...1) == 0 ? .bounded : .cyclic
      let context = model.context(viewport, axis, wrapping)
      layout.prepare(for: context)
      let cross = context.crossExtent
      guard compare(layout, model, cross, wrapping, &rng, "seed \(seed)") else { continue }
      let rows = model.index.numberOfRows
      guard rows > 0 else { continue }
      for step in 0..<rng.int(in: 1...30) {
        let row = rng.int(in: 0...(rows - 1))
        let value = Double(rng.int(in: 0...40))
        let before = SectionReference(model, layout, crossExtent: cross).slots
        measure(&model, row: row, value, layout)
        let change = layout.setExtent(value, forItemAt: row)
        let after = SectionReference(model, layout, crossExtent: cross).slots
        #expect(
          (change == 0) == (before == after),
          "seed \(seed) step \(step): measuring row \(row) at \(value) returned \(change)")
        if step % 7 == 0 {
          guard compare(layout, model, cross, wrapping, &rng, "seed \(seed) step \(step)")
          else { break }
        }
      }
      _ = compare(layout, model, cross, wrapping, &rng, "seed \(seed) measured")
    }
  }

  @Test func walkingConsecutiveRowsGivesTheSlotsOfSlotAt() {
    for seed in UInt64(500)..<UInt64(620) {
      var rng = SplitMix64(seed: seed)
      var layout = rng.sectionedLayout()
      let model = rng.sectionModel(
        headerExtent: layout.headerExtent.value, footerExtent: layout.footerExtent.value,
        itemExtent: layout.itemExtent.value)
      let wrapping: Wrapping = rng.int(in: 0...1) == 0 ? .bounded : .cyclic
      layout.prepare(for: model.context(Size(width: 200, height: 300), .vertical, wrapping))
      let rows = model.index.numberOfRows
      guard rows > 0 else { continue }
      for _ in 0..<rng.int(in: 0...20) {
        _ = layout.setExtent(Double(rng.int(in: 0...40)), forItemAt: rng.int(in: 0...(rows - 1)))
      }
      for _ in 0..<10 {
        let lower = wrapping == .cyclic ? rng.int(in: -rows...rows) : rng.int(in: 0...(rows - 1))
        let upper = lower + rng.int(in: 0...(wrapping == .cyclic ? 2 * rows : rows - lower))
        var walked: [Slot] = []
        layout.forEachSlot(in: lower..<upper) { walked.append($0) }
        let expected = (lower..<upper).map { layout.slot(at: $0) }
        #expect(walked == expected, "seed \(seed): rows \(lower)..<\(upper)")
      }
    }
  }

  @Test(arguments: 0..<4)
  func batchUpdatesCarryMeasuredExtentsWithTheirRows(batch: Int) throws {
    for seed in UInt64(1_000 + batch * 50)..<UInt64(1_000 + batch * 50 + 50) {
      var rng = SplitMix64(seed: seed)
      var layout = rng.sectionedLayout()
      var model = rng.sectionModel(
        headerExtent: layout.headerExtent.value, footerExtent: layout.footerExtent.value,
        itemExtent: layout.itemExtent.value)
      let viewport = Size(width: Double(rng.int(in: 0...400)), height: 300)
      let wrapping: Wrapping = rng.int(in: 0...1) == 0 ? .bounded : .cyclic
      layout.prepare(for: model.context(viewport, .vertical, wrapping))
      for round in 0..<3 {
        let rows = model.index.numberOfRows
        for _ in 0..<(rows == 0 ? 0 : rng.int(in: 0...12)) {
          let row = rng.int(in: 0...(rows - 1))
          let value = Double(rng.int(in: 0...40))
          measure(&model, row: row, value, layout)
          _ = layout.setExtent(value, forItemAt: row)
        }
        let old = model
        let moved = edit(&model, layout, &rng)
        let changes = try IndexChanges(oldCount: rows, update: update(from: old, to: model, moved))
        layout.apply(changes)
        layout.prepare(for: model.context(viewport, .vertical, wrapping))
        guard compare(layout, model, viewport.width, wrapping, &rng, "seed \(seed) round \(round)")
        else { break }
      }
    }
  }

  @Test func aShapeChangeOutsideABatchUpdateKeepsTheFirstExtentsOfEachKind() {
    var layout = SectionedLayout(
      itemExtent: .estimated(10), headerExtent: .estimated(20), footerExtent: .estimated(5),
      lanes: 2, itemSpacing: 1, sectionSpacing: 3)
    let viewport = Size(width: 100, height: 100)
    var model = SectionModel(
      sections: [
        .init(id: 0, header: 20, footer: 5, items: [(0, 10), (1, 10)]),
        .init(id: 1, header: 20, footer: 5, items: [(2, 10), (3, 10), (4, 10)]),
      ], headers: true, footers: true, flat: false)
    layout.prepare(for: model.context(viewport, .vertical, .bounded))
    for (row, value) in [(0, 31.0), (2, 17), (6, 8), (7, 12), (8, 40)] {
      measure(&model, row: row, value, layout)
      _ = layout.setExtent(value, forItemAt: row)
    }
    // Items counted across sections keep their extents by rank: [10, 17 | 10, 8, 12] becomes
    // [10, 17 | 10, 8 | 12, estimate]; headers and footers keep theirs, new ones are estimated.
    model = SectionModel(
      sections: [
        .init(id: 0, header: 31, footer: 5, items: [(0, 10), (1, 17)]),
        .init(id: 1, header: 20, footer: 40, items: [(2, 10), (3, 8)]),
        .init(id: 2, header: 20, footer: 5, items: [(4, 12), (5, 10)]),
      ], headers: true, footers: true, flat: false)
    layout.prepare(for: model.context(viewport, .vertical, .bounded))
    var rng = SplitMix64(seed: 7)
    #expect(compare(layout, model, 100, .bounded, &rng, "reshaped"))
    #expect(layout.extent(ofRow: 0) == 31 && layout.extent(ofRow: 9) == 12)
  }

  // MARK: Memory and range

  @Test func aBillionItemsInAMillionUniformSectionsStayInConstantMemory() {
    var layout = SectionedLayout(
      itemExtent: .estimated(30), headerExtent: .estimated(20), footerExtent: .fixed(4),
      lanes: 3, itemSpacing: 2, laneSpacing: 2, sectionInsets: ContentInsets(start: 6, end: 8),
      sectionSpacing: 10, insets: ContentInsets(start: 5, end: 5))
    let sections = SectionIndex(
      sections: 1_000_000, itemsPerSection: 1_000, headers: true, footers: true)
    layout.prepare(
      for: LayoutContext(
        sections: sections, viewportSize: Size(width: 320, height: 600), axis: .vertical,
        wrapping: .bounded))
    let stores = [
      layout.headers, layout.footers, layout.lines, layout.lineCounts, layout.sectionExtents,
      layout.items, layout.itemsOffEstimate,
    ]
    #expect(stores.allSatisfy { $0.denseLeafCount == 0 && $0.height == 1 })
    #expect(stores.map(\.usedBytes).reduce(0, +) < 8_192, "\(stores.map(\.usedBytes))")
    // A section: header 20, inset 6, 334 lines of 30 with 333 gaps of 2, inset 8, footer 4.
    let lines: Double = 334 * 30 + 333 * 2
    let section: Double = 20 + 6 + lines + 8 + 4 + 10
    let lastHeader = sections.rows(ofSection: 999_999).lowerBound
    #expect(layout.slot(at: lastHeader).offset == 5 + 999_999 * section)
    let lastItem = sections.numberOfRows - 2
    let lastLine = 5 + 999_999 * section + 20 + 6 + 333 * 32
    #expect(
      layout.slot(at: lastItem)
        == Slot(offset: lastLine, extent: 30, crossOffset: 0, crossExtent: 316 / 3))
    #expect(layout.contentExtent == 5 + 1_000_000 * section - 10 + 5)
    #expect(layout.indices(intersecting: lastLine..<(lastLine + 1)) == lastItem..<(lastItem + 1))
    // Measurements cost a dense leaf per store, not a copy of the shape.
    let header = sections.rows(ofSection: 500_000).lowerBound
    #expect(layout.setExtent(50, forItemAt: header) == 30)
    #expect(layout.setExtent(45, forItemAt: header + 1) == 15)
    #expect(layout.slot(at: lastHeader).offset == 5 + 999_999 * section + 45)
    #expect(
      layout.sectionFrame(500_000) == (5 + 500_000 * section)..<(5 + 500_001 * section - 10 + 45))
    let measured = [layout.headers, layout.items, layout.lines, layout.sectionExtents]
    #expect(measured.map(\.usedBytes).reduce(0, +) < 32_768, "\(measured.map(\.usedBytes))")
  }

  // MARK: Conformance and a real list

  @Test func passesTheLayoutConformanceCheck() {
    let layouts = [
      SectionedLayout(itemExtent: .estimated(44)),
      SectionedLayout(itemExtent: .fixed(30), lanes: 3, itemSpacing: 4, laneSpacing: 2),
      SectionedLayout(
        itemExtent: .estimated(12), lanes: 2, itemSpacing: 1,
        sectionInsets: ContentInsets(start: 3, end: 4, crossStart: 5, crossEnd: 6),
        insets: ContentInsets(start: 7, end: 8, crossStart: 1, crossEnd: 2)),
    ]
    for layout in layouts {
      let report = Conformance.checkLayout(layout)
      #expect(report.passed, "\(report)")
    }
  }

  @Test(arguments: [1, 3])
  func aVirtualListKeepsItsAnchorWhenRowsAboveAreMeasured(lanes: Int) {
    let h = makeList(
      count: 300, layout: SectionedLayout(itemExtent: .estimated(50), lanes: lanes, itemSpacing: 2),
      viewport: Size(width: 300, height: 400))
    h.list.contentOffset = 1_040
    let before = h.list.placements.filter { $0.frame.minY >= 0 }.first!
    for index in 0..<(6 * lanes) { h.list.setMeasuredExtent(80, forItemAt: index) }
    let after = h.list.placements.first { $0.index == before.index }!
    #expect(after.frame.minY == before.frame.minY, "item \(before.index) stays in place")
    #expect(h.list.contentOffset == 1_040 + 6 * 30)
    #expect(h.list.invariantViolations().isEmpty)
  }

  // MARK: Misuse

  @Test func aNegativeExtentStopsWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SectionedLayout(itemExtent: .estimated(10), headerExtent: .fixed(-1))
    }
    expectMessage(result, "SectionedLayout: header extent must be finite and ≥ 0, got -1.0")
  }

  @Test func measuringARowOutOfBoundsStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = SectionedLayout(itemExtent: .estimated(10), headerExtent: .estimated(5))
      layout.prepare(
        for: LayoutContext(
          sections: SectionIndex(itemCounts: [1, 2], headers: true),
          viewportSize: Size(width: 10, height: 10), axis: .vertical, wrapping: .bounded))
      _ = layout.setExtent(3, forItemAt: 5)
    }
    expectMessage(result, "SectionedLayout.setExtent: row 5 is out of bounds 0..<5")
  }

  // MARK: Helpers

  /// Compares every figure of the layout with the reference; false when something differs.
  func compare(
    _ layout: SectionedLayout, _ model: SectionModel, _ cross: Double, _ wrapping: Wrapping,
    _ rng: inout SplitMix64, _ label: String
  ) -> Bool {
    let reference = SectionReference(model, layout, crossExtent: cross)
    let rows = reference.slots.count
    var ok = true
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && ok {
        ok = false
        Issue.record("\(label): \(message())")
      }
    }
    check(layout.period.items == rows, "period \(layout.period), \(rows) rows")
    check(
      layout.period.extent == reference.periodExtent,
      "period extent \(layout.period.extent), reference \(reference.periodExtent)")
    check(
      layout.contentExtent == reference.contentExtent,
      "content \(layout.contentExtent), reference \(reference.contentExtent)")
    for (section, frame) in reference.frames.enumerated() {
      check(
        layout.sectionFrame(section) == frame,
        "section \(section): \(layout.sectionFrame(section)) ≠ \(frame)")
    }
    let cyclic = wrapping == .cyclic && reference.periodExtent > 0
    let range = cyclic ? -rows..<(2 * rows) : 0..<rows
    for v in range {
      let got = layout.slot(at: v)
      let want = reference.slot(at: v)
      check(
        got.offset == want.offset && got.extent == want.extent
          && abs(got.crossOffset - want.crossOffset) < 1e-9
          && abs(got.crossExtent - want.crossExtent) < 1e-9,
        "slot(at: \(v)) = \(got), reference \(want)")
    }
    let span = cyclic ? reference.periodExtent : reference.contentExtent + 20
    for _ in 0..<60 {
      let lo =
        Double(rng.int(in: Int(-span)...Int(2 * span))) / 2 - (cyclic ? 0 : 10)
        + layout.insets.start
      let hi = lo + Double(rng.int(in: 0...Int(span)))
      let got = layout.indices(intersecting: lo..<hi)
      let want = reference.indices(lo, hi, cyclic: cyclic)
      check(
        rows == 0 ? got.isEmpty : got == want,
        "indices(intersecting: \(lo)..<\(hi)) = \(got), reference \(want)")
    }
    return ok
  }

  /// Applies a measurement to the model, as the layout should: kinds with fixed extents ignore it.
  func measure(_ model: inout SectionModel, row: Int, _ value: Double, _ layout: SectionedLayout) {
    switch model.index.element(atRow: row) {
    case .header(let s): if layout.headerExtent.isMeasured { model.sections[s].header = value }
    case .footer(let s): if layout.footerExtent.isMeasured { model.sections[s].footer = value }
    case .item(let p):
      if layout.itemExtent.isMeasured { model.sections[p.section].items[p.item].extent = value }
    }
  }

  /// Random edits: items deleted, inserted and moved; sections deleted and inserted. Returns the
  /// identities of the moved items.
  func edit(_ model: inout SectionModel, _ layout: SectionedLayout, _ rng: inout SplitMix64)
    -> Set<Int>
  {
    var nextID = model.lastID
    defer { model.lastID = nextID }
    let item = layout.itemExtent.value
    for s in model.sections.indices {
      model.sections[s].items.removeAll { _ in rng.int(in: 0...6) == 0 }
    }
    if !model.flat {
      if !model.sections.isEmpty && rng.int(in: 0...2) == 0 {
        model.sections.remove(at: rng.int(in: 0...(model.sections.count - 1)))
      }
      if rng.int(in: 0...2) == 0 {
        nextID += 1
        let id = nextID
        let items = (0..<rng.int(in: 0...4)).map { _ in
          nextID += 1
          return (id: nextID, extent: item)
        }
        model.sections.insert(
          .init(
            id: id, header: layout.headerExtent.value, footer: layout.footerExtent.value,
            items: items), at: rng.int(in: 0...model.sections.count))
      }
    }
    guard !model.sections.isEmpty else { return [] }
    for _ in 0..<rng.int(in: 0...4) {
      let s = rng.int(in: 0...(model.sections.count - 1))
      nextID += 1
      model.sections[s].items.insert(
        (nextID, item), at: rng.int(in: 0...model.sections[s].items.count))
    }
    var moved: Set<Int> = []
    for _ in 0..<rng.int(in: 0...2) {
      let from = rng.int(in: 0...(model.sections.count - 1))
      guard !model.sections[from].items.isEmpty else { continue }
      let entry = model.sections[from].items.remove(
        at: rng.int(in: 0...(model.sections[from].items.count - 1)))
      let to = rng.int(in: 0...(model.sections.count - 1))
      model.sections[to].items.insert(entry, at: rng.int(in: 0...model.sections[to].items.count))
      moved.insert(entry.id)
    }
    return moved
  }

  /// The row-level update that turns one model into the other.
  func update(from old: SectionModel, to new: SectionModel, _ moved: Set<Int>) -> BatchUpdate {
    let oldRows = old.rowIDs
    let newRows = new.rowIDs
    let oldIndex = Dictionary(uniqueKeysWithValues: oldRows.enumerated().map { ($1, $0) })
    let newIndex = Dictionary(uniqueKeysWithValues: newRows.enumerated().map { ($1, $0) })
    var update = BatchUpdate()
    let movedIDs = Set(moved.map { "i\($0)" }).filter { oldIndex[$0] != nil && newIndex[$0] != nil }
    update.delete(at: oldRows.indices.filter { newIndex[oldRows[$0]] == nil })
    update.insert(at: newRows.indices.filter { oldIndex[newRows[$0]] == nil })
    for id in movedIDs { update.move(from: oldIndex[id]!, to: newIndex[id]!) }
    return update
  }
}
