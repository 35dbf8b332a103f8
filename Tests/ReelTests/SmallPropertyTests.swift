import Reel
import Testing

/// Small public properties, each against the values that define it.
@Suite struct SmallPropertyTests {
  @Test func aSizeIsValidWhenFiniteAndNotNegative() {
    #expect(Size(width: 0, height: 0).isValid)
    #expect(Size(width: 3.5, height: 2).isValid)
    #expect(!Size(width: -1, height: 2).isValid)
    #expect(!Size(width: 1, height: .infinity).isValid)
    #expect(!Size(width: .nan, height: 1).isValid)
  }

  @Test func sectionsCountTheirHeadersAndFooters() {
    let both = SectionIndex(itemCounts: [2, 0, 3], headers: true, footers: true)
    #expect(both.hasHeaders && both.hasFooters)
    #expect(both.supplementariesPerSection == 2)
    #expect(both.numberOfRows == 5 + 3 * 2)
    let headers = SectionIndex(itemCounts: [2, 3], headers: true)
    #expect(headers.hasHeaders && !headers.hasFooters)
    #expect(headers.supplementariesPerSection == 1)
    #expect(headers.numberOfRows == 7)
    let plain = SectionIndex(itemCounts: [2, 3])
    #expect(!plain.hasHeaders && !plain.hasFooters && plain.supplementariesPerSection == 0)
    #expect(SectionIndex.maximumRows == 1 << 53)
  }

  @Test func aSectionedUpdateRecordsEachSectionChange() {
    var update = SectionedBatchUpdate()
    update.deleteSections([2])
    update.insertSections([0, 1])
    update.moveSection(3, toSection: 4)
    #expect(update.sectionDeletions == [2])
    #expect(update.sectionInsertions == [0, 1])
    #expect(update.sectionMoves.map { [$0.from, $0.to] } == [[3, 4]])
  }
}

/// A grid's lanes, worked out by hand.
@Suite struct GridLaneTests {
  /// Three lanes across 330 points with 10 between them and insets of 5: lanes of 100, at 5,
  /// 115 and 225.
  @Test func lanesSitSideBySideWithTheirSpacing() {
    var layout = UniformLayout(
      extent: 40, spacing: 4, lanes: 3, laneSpacing: 10,
      insets: ContentInsets(crossStart: 5, crossEnd: 5))
    layout.prepare(
      for: LayoutContext(
        count: 7, viewportSize: Size(width: 330, height: 600), axis: .vertical,
        wrapping: .bounded))
    let slots = (0..<7).map { layout.slot(at: $0) }
    #expect(slots.map(\.crossOffset) == [5, 115, 225, 5, 115, 225, 5])
    #expect(slots.allSatisfy { $0.crossExtent == 100 })
    #expect(slots.map(\.offset) == [0, 0, 0, 44, 44, 44, 88])
  }
}

/// A measured list's visible range at every item boundary, against brute force.
@Suite struct VariableBoundaryTests {
  /// Integer extents make every boundary exact: at the end of item k the range starts at
  /// k + 1 (item k ends there, it does not intersect), and ends after the last item starting
  /// before the interval's end.
  @Test func rangesStartingAtAnItemBoundaryLeaveThatItemOut() {
    let extents = (0..<5_000).map { Double(10 + $0 % 7) }
    var layout = VariableLayout(extents: extents, estimatedExtent: 10, spacing: 2)
    layout.prepare(
      for: LayoutContext(
        count: extents.count, viewportSize: Size(width: 100, height: 300), axis: .vertical,
        wrapping: .bounded))
    var end = 0.0
    var checked = 0
    for k in 0..<(extents.count - 1) {
      end += extents[k]
      // The interval starts where item k ends (its spacing follows it).
      let range = layout.indices(intersecting: end..<(end + 40))
      #expect(range.lowerBound == k + 1, "at the end of item \(k): \(range)")
      let slots = (k + 1)..<min(extents.count, k + 8)
      let expectedUpper = slots.last { layout.slot(at: $0).offset < end + 40 }.map { $0 + 1 }
      #expect(range.upperBound == expectedUpper, "at the end of item \(k): \(range)")
      checked += 1
      end += 2
    }
    #expect(checked == 4_999)
  }
}

/// A measured list's items span the viewport's width less both cross insets.
@Suite struct VariableCrossInsetTests {
  @Test func itemsFitBetweenBothCrossInsets() {
    var layout = VariableLayout(
      extents: [30, 40], estimatedExtent: 10, insets: ContentInsets(crossStart: 5, crossEnd: 7))
    layout.prepare(
      for: LayoutContext(
        count: 2, viewportSize: Size(width: 100, height: 300), axis: .vertical,
        wrapping: .bounded))
    for index in 0..<2 {
      #expect(layout.slot(at: index).crossOffset == 5)
      #expect(layout.slot(at: index).crossExtent == 88)
    }
  }
}
