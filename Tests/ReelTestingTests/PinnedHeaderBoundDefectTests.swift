import Reel
import ReelTesting
import Testing

/// A defect the conformance kit's cell accounting found: a pinned header's own cell was not
/// counted in the largest window once the window grew under it.
@Suite struct PinnedHeaderBoundDefectTests {
  /// An animated scroll under a pinned header that has a cell of its own: the largest window
  /// the list records (which bounds the cells alive, with the pools' caps) counts that cell.
  @Test func thePinnedHeadersOwnCellCountsInTheLargestWindow() {
    var options = ConformanceOptions()
    options.maximumCount = 200
    let violations = Conformance.run(
      ConformanceScript("scrollTo(19,true); settle")!, layout: BuiltInLayout.paging.makeLayout(),
      count: 40, subject: .sectionedRecording(footers: true), options: options)
    #expect(violations.isEmpty, "\(violations)")
  }
}
