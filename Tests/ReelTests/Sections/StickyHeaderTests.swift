import ReelTesting
import Testing

@testable import Reel

/// The pinned header against a reference that walks every section, at every offset of a random
/// scroll.
@Suite struct StickyHeaderTests {
  /// The pinned header's content-space offset and section, by brute force: the last section
  /// whose header starts at or before the line, held at the line, pushed out by its section's
  /// end, never above its own place.
  func reference(
    line: Double, sections: SectionIndex, layout: some ListLayout
  ) -> (section: Int, offset: Double, extent: Double)? {
    var candidate: Int?
    for s in 0..<sections.numberOfSections
    where layout.slot(at: sections.rows(ofSection: s).lowerBound).offset <= line {
      candidate = s
    }
    guard let s = candidate else { return nil }
    let header = layout.slot(at: sections.rows(ofSection: s).lowerBound)
    let end = layout.slot(at: sections.rows(ofSection: s).upperBound - 1).end
    let offset = max(header.offset, min(line, end - header.extent))
    guard offset + header.extent > line else { return nil }
    return (s, offset, header.extent)
  }

  @Test(arguments: [
    (Axis.vertical, LayoutDirection.leftToRight, 0.0),
    (Axis.horizontal, LayoutDirection.leftToRight, 0.0),
    (Axis.horizontal, LayoutDirection.rightToLeft, 0.0),
    (Axis.vertical, LayoutDirection.leftToRight, 15.0),
  ])
  func pinnedHeaderMatchesTheReference(axis: Axis, direction: LayoutDirection, inset: Double) {
    let seed: UInt64 = 2026
    var random = SplitMix64(seed: seed)
    let counts = (0..<25).map { _ in Int.random(in: 0...12, using: &random) }
    let groups = Groups(makeGroups(counts), headers: true, footers: Bool.random(using: &random))
    let list = VirtualList<GroupCell>(
      layout: VariableLayout(
        estimatedExtent: 18, spacing: 2, insets: ContentInsets(start: 7, end: 5)),
      axis: axis, direction: direction, overscan: 1)
    groups.install(on: list)
    list.viewportSize = Size(width: 160, height: 160)
    list.pinsSectionHeaders = true
    list.pinnedHeaderInset = inset
    list.layoutIfNeeded()
    // Headers measured taller than items, as they arrive.
    for s in 0..<counts.count {
      if let row = list.sections.row(of: .header, inSection: s) {
        list.setMeasuredExtent(30, forItemAt: row)
      }
    }
    var offsets = (0..<300).map { _ in
      Double.random(in: -20...list.maximumOffset + 20, using: &random)
    }
    offsets += stride(from: 0, to: list.maximumOffset, by: 1).map { $0 }  // every hand-over
    for offset in offsets {
      list.contentOffset = offset
      let placements = list.placements
      let layout = list.layout
      let expected = reference(line: offset + inset, sections: list.sections, layout: layout)
      let pinned = placements.filter { $0.isPinned }
      guard let expected else {
        #expect(pinned.isEmpty, "seed \(seed), offset \(offset): nothing should be pinned")
        continue
      }
      #expect(pinned.count == 1, "seed \(seed), offset \(offset)")
      guard let header = pinned.first else { continue }
      #expect(placements.last?.isPinned == true, "the pinned header is drawn last")
      #expect(
        list.element(atRow: header.index) == .header(section: expected.section),
        "seed \(seed), offset \(offset)")
      #expect(header.kind == .header)
      #expect((header.cell as? LetterCell)?.label == "S\(expected.section)")
      let main = expected.offset - offset
      let frame: Rect
      if axis == .vertical {
        frame = Rect(x: 0, y: main, width: 160, height: expected.extent)
      } else if direction == .rightToLeft {
        frame = Rect(x: 160 - main - expected.extent, y: 0, width: expected.extent, height: 160)
      } else {
        frame = Rect(x: main, y: 0, width: expected.extent, height: 160)
      }
      #expect(header.frame == frame, "seed \(seed), offset \(offset)")
      // Every row is shown once: the pinned one is not also drawn in the flow.
      let rows = placements.map(\.index)
      #expect(Set(rows).count == rows.count, "seed \(seed), offset \(offset): a row is shown twice")
      #expect(list.invariantViolations().isEmpty, "seed \(seed), offset \(offset)")
    }
    #expect(list.cellsCreated <= list.largestWindowCount + list.poolCapacity)
  }

  @Test func withoutPinningNothingIsPinnedAndWithoutHeadersNothingCanBe() {
    let groups = Groups(makeGroups([5, 5, 5]), headers: false, footers: true)
    let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 60)
    list.pinsSectionHeaders = true
    list.contentOffset = 50
    #expect(!list.placements.contains { $0.isPinned })
    #expect(list.pinnedSection == nil)
  }

  @Test func aPinnedHeaderFarFromItsRowHasACellOfItsOwnThatGoesBackToThePool() {
    let groups = Groups(makeGroups([200, 3]), headers: true)
    let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20), overscan: 1)
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 100)
    list.pinsSectionHeaders = true
    list.contentOffset = 2000
    let placements = list.placements
    #expect(placements.count == list.cellsDisplayed)
    #expect(placements.last?.isPinned == true)
    #expect(list.pinnedSection == 0)
    #expect(list.cellsDisplayed == placements.count)
    list.pinsSectionHeaders = false
    #expect(!list.placements.contains { $0.isPinned })
    #expect(list.cellsDisplayed == list.placements.count)
    #expect(list.invariantViolations().isEmpty)
  }

  @Test func cyclicListsPinTheSectionOfTheLoopShownAndHandOverAtTheSeam() {
    let groups = Groups(makeGroups([4, 4, 4]), headers: true)
    let list = VirtualList<GroupCell>(
      layout: VariableLayout(estimatedExtent: 10), wrapping: .cyclic)
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 40)
    list.pinsSectionHeaders = true
    list.layoutIfNeeded()
    let period = list.layout.period.extent
    #expect(period == 150)
    var sections: [Int] = []
    for step in 0..<400 {
      list.contentOffset = Double(step)
      let pinned = list.placements.last { $0.isPinned }
      #expect(pinned != nil, "offset \(step): a cyclic list always pins a header")
      guard let pinned else { continue }
      #expect(pinned.frame.minY <= 0.0 + 1e-9, "offset \(step)")
      #expect(pinned.frame.maxY > 0, "offset \(step)")
      sections.append(list.pinnedSection!)
    }
    // Sections come in order, wrapping from the last to the first.
    var changes: [Int] = []
    for (a, b) in zip(sections, sections.dropFirst()) where a != b { changes.append(b) }
    #expect(changes == [1, 2, 0, 1, 2, 0, 1])
  }
}

@Suite struct PinnedHeaderHitTests {
  @Test func aPointOnThePinnedHeaderFindsTheHeaderNotTheRowUnderIt() {
    let groups = Groups(makeGroups([40, 40]), headers: true)
    let list = VirtualList<GroupCell>(layout: VariableLayout(estimatedExtent: 20))
    groups.install(on: list)
    list.viewportSize = Size(width: 100, height: 100)
    list.pinsSectionHeaders = true
    list.contentOffset = 105  // a row of section 0 is under the pinned header's top half
    let hit = list.placement(at: Point(x: 50, y: 5))
    #expect(hit?.isPinned == true)
    #expect(hit.map { list.element(atRow: $0.index) } == .header(section: 0))
    #expect(list.selectItem(at: Point(x: 50, y: 5)) == 0)
  }
}
