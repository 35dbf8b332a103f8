import ReelTesting
import Testing

@testable import Reel

/// The window on its own: which slots answer for the layout, and the visible range read from
/// them, against `VariableLayout`'s own answers.
@Suite struct CellWindowTests {
  /// A window showing `range` of `layout`, with the layout's slots.
  static func window(
    showing range: Range<Int>, of layout: VariableLayout
  ) -> CellWindow<RecordingCell> {
    var window = CellWindow<RecordingCell>()
    window.start = range.lowerBound
    for v in range {
      window.entries.append(
        WindowEntry(
          cell: RecordingCell(), pool: ReusePools<RecordingCell>.Key(index: 0), index: v,
          slot: layout.slot(at: v)))
    }
    return window
  }

  @Test func theVisibleRangeReadFromTheSlotsIsTheLayouts() {
    var answered = 0
    for seed in UInt64(1)...24 {
      var rng = SplitMix64(seed: seed)
      let count = rng.int(in: 20...400)
      // Whole extents sum exactly; thirds round.
      let thirds = seed % 2 == 1
      let layout = VariableLayout(
        extents: (0..<count).map { _ in
          thirds ? Double(rng.int(in: 60...360)) / 3 : Double(rng.int(in: 20...120))
        },
        estimatedExtent: 50, spacing: [0, 1, 0.3][rng.int(in: 0...2)],
        insets: ContentInsets(start: [0, 7, 0.1][rng.int(in: 0...2)], end: 3))
      for _ in 0..<40 {
        let lower = rng.int(in: 0...(count - 2))
        let upper = rng.int(in: (lower + 2)...min(count, lower + 40))
        let window = Self.window(showing: lower..<upper, of: layout)
        // Mostly viewports inside the window, some reaching past it.
        let offset = rng.double(
          in: layout.slot(at: lower).offset..<layout.slot(at: upper - 1).end)
        let extent = rng.double(in: 1..<400)
        guard
          let found = window.visibleRange(
            offset: offset, extent: extent, count: count, inset: layout.insets.start,
            spacing: layout.spacing)
        else { continue }
        answered += 1
        let expected = layout.indices(intersecting: offset..<(offset + extent))
        #expect(found == expected, "seed \(seed): \(offset) + \(extent) read \(found)")
      }
    }
    #expect(answered > 300, "the window answered only \(answered) times")
  }

  @Test func aWindowThatDoesNotCoverTheViewportOrHasStaleSlotsDoesNotAnswer() {
    let layout = VariableLayout(extents: Array(repeating: 10, count: 100), estimatedExtent: 10)
    var window = Self.window(showing: 10..<20, of: layout)
    let read = { (window: CellWindow<RecordingCell>, offset: Double) in
      window.visibleRange(offset: offset, extent: 30, count: 100, inset: 0, spacing: 0)
    }
    #expect(read(window, 120) == 12..<15)
    // The viewport starts before the window, or ends after it: the slots cannot tell.
    #expect(read(window, 50) == nil)
    #expect(read(window, 180) == nil)
    // Any stale slot: no answer.
    window.markSlotsStale(from: 19)
    #expect(read(window, 120) == nil)
    window.slotsStale = false
    #expect(read(window, 120) == 12..<15)
    // Fewer than two entries, or entries past the count: no answer.
    #expect(
      Self.window(showing: 12..<13, of: layout).visibleRange(
        offset: 120, extent: 5, count: 100, inset: 0, spacing: 0) == nil)
    #expect(
      window.visibleRange(offset: 120, extent: 30, count: 15, inset: 0, spacing: 0) == nil)
  }

  @Test func onlySlotsBeforeTheFirstStaleOneAnswer() {
    let layout = VariableLayout(extents: (0..<50).map { Double(10 + $0) }, estimatedExtent: 10)
    var window = Self.window(showing: 5..<15, of: layout)
    #expect(window.currentSlot(of: 7) == layout.slot(at: 7))
    #expect(window.currentSlot(of: 4) == nil && window.currentSlot(of: 15) == nil)
    window.markSlotsStale(from: 9)
    window.markSlotsStale(from: 12)
    #expect(window.slotsStaleFrom == 9, "the earliest stale slot is kept")
    #expect(window.currentSlot(of: 8) == layout.slot(at: 8))
    #expect(window.currentSlot(of: 9) == nil)
    window.slotsStale = true
    #expect(window.currentSlot(of: 5) == nil)
    window.slotsStale = false
    #expect(window.currentSlot(of: 14) == layout.slot(at: 14))
  }

  @Test func theLargestCountOnlyGrows() {
    var window = CellWindow<RecordingCell>()
    window.noteDisplayed(12)
    window.noteDisplayed(7)
    #expect(window.largestCount == 12)
    window.noteDisplayed(13)
    #expect(window.largestCount == 13)
  }
}
