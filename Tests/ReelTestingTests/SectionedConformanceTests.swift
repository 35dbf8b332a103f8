import Reel
import ReelTesting
import Testing

/// The conformance kit on sectioned data sources: the kit's own passes on every layout, axis and
/// wrapping, scripts include section updates, and broken sectioned subjects are caught.
@Suite struct SectionedConformanceTests {
  static let shapes: [(headers: Bool, footers: Bool)] = [
    (true, false), (true, true), (false, true),
  ]

  @Test(arguments: [Axis.vertical, .horizontal], [Wrapping.bounded, .cyclic])
  func theKitsSectionedSubjectConformsOnAMeasuredLayout(axis: Axis, wrapping: Wrapping) {
    for shape in Self.shapes {
      var options = ConformanceOptions()
      options.seeds = 0..<4
      options.maximumCount = 200
      let report = Conformance.check(
        layout: VariableLayout(estimatedExtent: 30), axis: axis, wrapping: wrapping, count: 60,
        subject: .sectionedRecording(headers: shape.headers, footers: shape.footers),
        options: options)
      #expect(report.passed, "\(report)")
      #expect(report.seedsRun == 4)
    }
  }

  /// Grids are left out: with lanes, a header shares its row with items and other headers
  /// until a section-aware layout gives headers the full width.
  @Test func theKitsSectionedSubjectConformsOnUniformAndPagingLayouts() {
    var options = ConformanceOptions()
    options.seeds = 0..<4
    options.maximumCount = 200
    for layout in [BuiltInLayout.uniform, .paging] {
      let report = Conformance.check(
        layout: layout.makeLayout(), count: 40, subject: .sectionedRecording(footers: true),
        options: options)
      #expect(report.passed, "\(layout): \(report)")
    }
  }

  @Test func extendedScriptsOnSectionsConform() {
    var options = ConformanceOptions()
    options.seeds = 20..<26
    options.extendedChecks = true
    options.maximumCount = 300
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 24), count: 80, subject: .sectionedRecording(),
      options: options)
    #expect(report.passed, "\(report)")
  }

  @Test func anInsetPinLineConforms() {
    var subject = ConformanceSubject<RecordingCell>.sectionedRecording()
    subject.name += " pinned 12 below the edge"
    let register = subject.register
    subject.register = { list in
      register(list)
      list.pinnedHeaderInset = 12
    }
    var options = ConformanceOptions()
    options.seeds = 0..<4
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 30), count: 60, subject: subject, options: options)
    #expect(report.passed, "\(report)")
  }

  /// The examples of the guide's "Sectioned data sources", as written there.
  @Test func theGuidesSectionedExamples() {
    do {
      let report = Conformance.check(
        layout: VariableLayout(estimatedExtent: 30), count: 60,
        subject: .sectionedRecording(headers: true, footers: true))
      #expect(report.passed, "\(report)")
    }
    var subject = ConformanceSubject<RecordingCell>(
      name: "one section to start", register: { SectionedArrayDataSource.register(on: $0) },
      makeDataSource: { count in SectionedArrayDataSource(itemCounts: [count], footers: true) },
      standInReuseIdentifier: "item")
    subject.mutateSections = { source, change in
      (source as! SectionedArrayDataSource).apply(change)
    }
    subject.identityOfCell = { $0.identity }
    let report = Conformance.check(layout: VariableLayout(estimatedExtent: 30), subject: subject)
    #expect(report.passed, "\(report)")
  }

  @Test func sectionScriptsIncludeEverySectionUpdateAndFlatScriptsNone() {
    var kinds = Set<String>()
    for seed in UInt64(0)..<8 {
      let script = ConformanceScript(seed: seed, length: 60, sections: true)
      for op in script.operations where op.changesSections {
        kinds.insert(String(op.description.prefix { $0 != "(" }))
      }
      let flat = ConformanceScript(seed: seed, length: 60)
      #expect(!flat.operations.contains { $0.changesSections }, "seed \(seed)")
    }
    #expect(kinds == ["insertSection", "deleteSection", "moveSection", "reloadSection"])
  }

  @Test func sectionOperationsRoundTripThroughText() {
    let ops: [ReelOperation] = [
      .insertSection(at: 3, count: 7), .deleteSection(at: -2), .moveSection(from: 5, to: 0),
      .reloadSection(at: 1, count: 0),
    ]
    let script = ConformanceScript(operations: ops)
    #expect(ConformanceScript(script.description) == script)
    #expect(ops.allSatisfy { $0.changesData && $0.changesSections && !$0.isExtended })
  }

  @Test func aHandWrittenScriptOfSectionUpdatesRunsClean() {
    let script = ConformanceScript(
      "insertSection(0,3); setOffset(40.0); moveSection(0,4); deleteSection(1); "
        + "reloadSection(2,9); move(0,7); insert(5,4); delete(3,2); update(1); "
        + "measure(1,120.0); wheel(300.0); scrollTo(12,false); reload(0); insertSection(9,0); "
        + "insert(0,5); settle")!
    let violations = Conformance.run(
      script, layout: VariableLayout(estimatedExtent: 30), count: 40,
      viewport: Size(width: 200, height: 160), subject: .sectionedRecording(footers: true))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func sectionOperationsAreSkippedForFlatSubjects() {
    let script = ConformanceScript("insertSection(0,3); deleteSection(0); moveSection(0,1)")!
    let violations = Conformance.run(
      script, layout: UniformLayout(extent: 44), subject: .recording())
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func theDataChangesTellTheUpdateTheyMake() {
    var expected = SectionedBatchUpdate()
    expected.insertItems(at: [ItemPath(item: 2, section: 1), ItemPath(item: 3, section: 1)])
    #expect(
      SectionedDataChange.insertItems(at: ItemPath(item: 2, section: 1), count: 2).batchUpdate
        == expected)
    var move = SectionedBatchUpdate()
    move.moveSection(4, toSection: 0)
    #expect(SectionedDataChange.moveSection(from: 4, to: 0).batchUpdate == move)
    #expect(SectionedDataChange.reset(count: 9).batchUpdate == nil)
  }

  @Test func theKitsSectionedSourceSplitsAResetAndKeepsIdentities() {
    let source = SectionedArrayDataSource(itemCounts: [], headers: true)
    source.apply(.reset(count: 20))
    #expect(source.groups.map(\.items.count) == [3, 0, 1, 7, 2, 7])
    let moved = source.groups[3].items[0]
    source.apply(.moveItem(from: ItemPath(item: 0, section: 3), to: ItemPath(item: 1, section: 0)))
    #expect(source.groups[0].items[1] == moved)
    let ids = source.groups.map(\.id)
    #expect(Set(ids).count == ids.count)
    #expect(Set(ids).isDisjoint(with: source.groups.flatMap(\.items)))
  }

  /// Found by the kit: a header's identity whose section identity is an `Int` that no section
  /// has any more was taken for a section index, and a reload anchored on the wrong header.
  @Test func aHeaderIdentityOfASectionThatIsGoneIsNotFound() {
    let source = SectionedArrayDataSource(itemCounts: [2, 3])  // sections 0 and 3
    let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 30))
    source.install(on: list)
    list.viewportSize = Size(width: 100, height: 100)
    list.layoutIfNeeded()
    let gone = SupplementaryIdentity(kind: .header, section: AnyHashable(1))
    #expect(source.virtualList(list, indexForItemWithIdentifier: AnyHashable(gone)) == nil)
    let second = SupplementaryIdentity(kind: .header, section: AnyHashable(3))
    #expect(source.virtualList(list, indexForItemWithIdentifier: AnyHashable(second)) == 3)
  }

  // MARK: Broken sectioned subjects

  @Test func headersDrawnWithItemCellsAreReported() {
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 30), subject: brokenSubject(.headerWithItemCell))
    print(report)
    #expect(!report.passed)
    #expect(
      report.violations.contains {
        $0.kind == .reference && $0.message.contains("drawn with a cell made for items")
      })
    #expect(report.minimalScript?.operations.isEmpty == true)
  }

  @Test func headersConfiguredForAnotherSectionAreStale() {
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 30), subject: brokenSubject(.headerOfNextSection))
    print(report)
    #expect(!report.passed)
    #expect(report.violations.contains { $0.message.contains("a stale cell") })
  }

  @Test func sectionsChangedWithoutAnUpdateAreReported() {
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 30), subject: brokenSubject(.farHeaderGrowsSection))
    print(report)
    #expect(!report.passed)
    #expect(
      report.violations.contains {
        // "the sections changed from … to … without reloadData()" when the list asks for the
        // count, "… sections changed without a reload" when it asks for a cell.
        $0.kind == .dataSource && $0.message.contains("sections changed")
      })
    let minimal = report.minimalScript?.operations ?? []
    #expect(!minimal.isEmpty && minimal.count <= 2, "minimal: \(minimal)")
  }
}

/// The ways ``BrokenSections`` breaks the sectioned data source contract.
enum SectionBreakage {
  /// Headers are dequeued from the items' reuse identifier.
  case headerWithItemCell
  /// Every header is configured as the next section's.
  case headerOfNextSection
  /// Showing the header of section 10 or later adds an item to the first section, without
  /// telling the list.
  case farHeaderGrowsSection
}

/// The kit's sectioned source, broken one way.
final class BrokenSections: SectionedListDataSource {
  let base: SectionedArrayDataSource
  let breakage: SectionBreakage
  var grown = false

  init(count: Int, breakage: SectionBreakage) {
    base = SectionedArrayDataSource(itemCounts: [], headers: true)
    base.apply(.reset(count: count))
    self.breakage = breakage
  }

  func sections(in list: VirtualList<RecordingCell>) -> SectionIndex { base.sections(in: list) }

  func virtualList(_ list: VirtualList<RecordingCell>, cellForItemAt path: ItemPath)
    -> RecordingCell
  { base.virtualList(list, cellForItemAt: path) }

  func virtualList(
    _ list: VirtualList<RecordingCell>, supplementaryCellOfKind kind: SupplementaryKind,
    inSection section: Int
  ) -> RecordingCell {
    switch breakage {
    case .headerWithItemCell:
      return list.dequeueReusableSupplementaryCell(
        ofKind: kind, withReuseIdentifier: "item", inSection: section)
    case .headerOfNextSection:
      let cell = base.virtualList(list, supplementaryCellOfKind: kind, inSection: section)
      let next = base.groups[(section + 1) % base.groups.count].id
      cell.identity = AnyHashable(SupplementaryIdentity(kind: kind, section: AnyHashable(next)))
      return cell
    case .farHeaderGrowsSection:
      if section >= 10 && !grown {
        grown = true
        base.groups[0].items.append(-1)
      }
      return base.virtualList(list, supplementaryCellOfKind: kind, inSection: section)
    }
  }

  func virtualList(_ list: VirtualList<RecordingCell>, identifierForItemAt path: ItemPath)
    -> AnyHashable?
  { base.virtualList(list, identifierForItemAt: path) }

  func virtualList(_ list: VirtualList<RecordingCell>, identifierForSection section: Int)
    -> AnyHashable?
  { base.virtualList(list, identifierForSection: section) }

  func apply(_ change: SectionedDataChange) { base.apply(change) }
}

/// The kit's sectioned subject over a broken data source.
func brokenSubject(_ breakage: SectionBreakage) -> ConformanceSubject<RecordingCell> {
  var subject = ConformanceSubject<RecordingCell>.sectionedRecording()
  subject.name = "BrokenSections(\(breakage))"
  subject.makeDataSource = { BrokenSections(count: $0, breakage: breakage) }
  subject.mutateSections = { source, change in (source as? BrokenSections)?.apply(change) }
  return subject
}
