import Reel
import ReelTesting
import Testing

/// Public members whose effect no other suite asserts on its own.
@Suite struct PublicQueryTests {
  @Test func contentSizeIsTheContentAlongTheAxisAndTheViewportAcross() {
    let vertical = makeList(
      count: 10, layout: UniformLayout(extent: 40), viewport: Size(width: 300, height: 200))
    #expect(vertical.list.contentSize == Size(width: 300, height: 400))
    let horizontal = makeList(
      count: 10, layout: UniformLayout(extent: 40), axis: .horizontal,
      viewport: Size(width: 300, height: 200))
    #expect(horizontal.list.contentSize == Size(width: 400, height: 200))
    let cyclic = makeList(
      count: 10, layout: UniformLayout(extent: 40), wrapping: .cyclic,
      viewport: Size(width: 300, height: 200))
    #expect(cyclic.list.contentSize == Size(width: 300, height: 400), "one loop")
  }

  @Test func forgettingMeasurementsGoesBackToTheEstimate() {
    var layout = VariableLayout(extents: [10, 20, 30, 40], estimatedExtent: 25)
    layout.prepare(
      for: LayoutContext(
        count: 4, viewportSize: Size(width: 100, height: 100), axis: .vertical,
        wrapping: .bounded))
    #expect(layout.contentExtent == 100)
    layout.forgetMeasurements()
    #expect((0..<4).map { layout.slot(at: $0).extent } == [25, 25, 25, 25])
    #expect(layout.contentExtent == 100)
    #expect(layout.count == 4)
  }

  @Test func reloadingASectionAsksForEveryOneOfItsRowsAgain() throws {
    let source = SectionedArrayDataSource(itemCounts: [3, 3], headers: false)
    let list = VirtualList<RecordingCell>(layout: UniformLayout(extent: 20))
    source.install(on: list)
    list.viewportSize = Size(width: 100, height: 400)
    list.layoutIfNeeded()
    /// Each placed cell with the times it was prepared for reuse.
    func cells() -> [(ObjectIdentifier, Int)] {
      list.placements.map { (ObjectIdentifier($0.cell), $0.cell.reuseCount) }
    }
    let before = cells()
    var update = SectionedBatchUpdate()
    update.reloadSections([1])
    #expect(update.sectionReloads == [1])
    try list.performBatchUpdates(update)
    let after = cells()
    #expect(after.count == 6)
    #expect(
      after.prefix(3).elementsEqual(before.prefix(3)) { $0 == $1 },
      "section 0 keeps its cells, not dequeued again")
    for ((cell, reuses), (old, oldReuses)) in zip(after.suffix(3), before.suffix(3)) {
      #expect(cell != old || reuses > oldReuses, "a row of section 1 kept its cell")
    }
  }
}
