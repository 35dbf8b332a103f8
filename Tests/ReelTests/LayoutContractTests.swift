import Foundation
import Reel
import ReelTestSupport
import ReelTesting
import Testing

/// The layouts' contracts: parameters validated when set, the supported range enforced at its
/// boundary, every cached figure refreshed when a parameter changes, and batch updates and count
/// changes carried through the measured-extent store.
@Suite struct LayoutContractTests {
  static func context(_ count: Int, wrapping: Wrapping = .bounded) -> LayoutContext {
    LayoutContext(
      count: count, viewportSize: Size(width: 100, height: 200), axis: .vertical,
      wrapping: wrapping)
  }

  // MARK: Parameters changed with the same count refresh every figure

  @Test func changingSpacingOnADisplayedListRefreshesTheContentExtent() {
    let source = ArrayDataSource(items: Array(0..<5))
    let list = VirtualList<RecordingCell>(layout: VariableLayout(estimatedExtent: 50))
    source.install(on: list)
    list.viewportSize = Size(width: 100, height: 200)
    list.layoutIfNeeded()
    #expect(list.maximumOffset == 50)
    var layout = list.layout as! VariableLayout
    layout.spacing = 40
    list.layout = layout
    list.layoutIfNeeded()
    #expect(list.layout.contentExtent == 410)
    #expect(list.maximumOffset == 210)
    #expect(list.layout.slot(at: 4).end == 410)
  }

  @Test func everyParameterChangeIsSeenWithoutAnotherPrepare() {
    var variable = VariableLayout(estimatedExtent: 50)
    variable.prepare(for: Self.context(5))
    variable.spacing = 40
    variable.insets = ContentInsets(start: 3, end: 7)
    #expect(variable.contentExtent == 420)
    #expect(variable.period.extent == 450)
    #expect(variable.indices(intersecting: 94..<95) == 1..<2)
    var uniform = UniformLayout(extent: 50)
    uniform.prepare(for: Self.context(5))
    uniform.spacing = 40
    #expect(uniform.contentExtent == 410)
  }

  // MARK: Batch updates and count changes through the store

  @Test func batchUpdatesMatchTheReferenceRemap() throws {
    for seed in UInt64(1)...60 {
      var rng = SplitMix64(seed: seed)
      let count = rng.int(in: 0...120)
      let extents = (0..<count).map { _ in Double(rng.int(in: 1...90)) }
      var layout = VariableLayout(extents: extents, estimatedExtent: 44, spacing: 1)
      layout.prepare(for: Self.context(count))
      var update = BatchUpdate()
      var deletable = Array(0..<count).shuffled(using: &rng)
      for _ in 0..<rng.int(in: 0...min(count, 15)) { update.delete(at: deletable.removeLast()) }
      let sources = (0..<rng.int(in: 0...min(deletable.count, 4))).map { _ in
        deletable.removeLast()
      }
      let inserts = rng.int(in: 0...10)
      let newCount = count - update.deletions.count + inserts
      var free = Array(0..<newCount).shuffled(using: &rng)
      for from in sources { update.move(from: from, to: free.removeLast()) }
      for _ in 0..<inserts { update.insert(at: free.removeLast()) }
      let changes = try IndexChanges(oldCount: count, update: update)
      layout.apply(changes)
      layout.prepare(for: Self.context(changes.newCount))
      let expected = changes.remap(extents, inserted: 44.0)
      let got = (0..<layout.count).map { layout.extent(ofItemAt: $0) }
      #expect(got == expected, "seed \(seed)")
      #expect(layout.contentExtent == expected.reduce(0, +) + Double(max(0, expected.count - 1)))
    }
  }

  @Test func countChangesOfAHugeEstimatedListDoNotRebuild() {
    var layout = VariableLayout(estimatedExtent: 50)
    layout.prepare(for: Self.context(1_000_000_000))
    #expect(layout.contentExtent == 50_000_000_000)
    _ = layout.setExtent(80, forItemAt: 999_999_999)
    layout.prepare(for: Self.context(2_000_000_000))
    #expect(layout.extent(ofItemAt: 999_999_999) == 80)
    #expect(layout.contentExtent == 100_000_000_030)
    layout.prepare(for: Self.context(1_000_000_000))
    #expect(layout.contentExtent == 50_000_000_030)
    #expect(
      layout.indices(intersecting: 49_999_999_950..<49_999_999_960) == 999_999_999..<1_000_000_000)
  }

  @Test func remeasuringWithTheSameFractionalExtentReportsNoChange() {
    var layout = VariableLayout(estimatedExtent: 50)
    layout.prepare(for: Self.context(100))
    let third = 100.0 / 3
    #expect(layout.setExtent(third, forItemAt: 7) == third - 50)
    for _ in 0..<100_000 { #expect(layout.setExtent(third, forItemAt: 7) == 0) }
    #expect(layout.slot(at: 8).offset == 7 * 50 + third)
  }

  // MARK: The supported range, at its boundary

  @Test func theLargestSupportedUniformListIsExact() {
    var layout = UniformLayout(extent: 1)
    layout.prepare(for: Self.context(1 << 53))
    #expect(layout.contentExtent == LayoutContext.maximumContentExtent)
    #expect(layout.slot(at: (1 << 53) - 1).offset == LayoutContext.maximumContentExtent - 1)
    var wide = UniformLayout(extent: 2)
    wide.prepare(for: Self.context(1 << 52))
    #expect(wide.contentExtent == LayoutContext.maximumContentExtent)
    var measured = VariableLayout(estimatedExtent: 1)
    measured.prepare(for: Self.context(1 << 53))
    #expect(measured.contentExtent == LayoutContext.maximumContentExtent)
  }

  // MARK: Exit tests: every message names the broken contract

  @Test func uniformCountBeyondTheSupportedRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 2)
      layout.prepare(for: LayoutContractTests.context((1 << 52) + 1))
    }
    expectMessage(result, "count × (extent + spacing) ≤ 2^53")
  }

  @Test func uniformCountBeyondTwoToTheFiftyThree() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 1)
      layout.prepare(for: LayoutContractTests.context((1 << 53) + 1))
    }
    expectMessage(result, "supported range is count ≤ 2^53")
  }

  @Test func variableContentBeyondTheSupportedRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = VariableLayout(estimatedExtent: 1)
      layout.prepare(for: LayoutContractTests.context((1 << 53) + 2))
    }
    expectMessage(result, "content extent (items and spacing) of at most 2^53")
  }

  @Test func measurementBeyondTheSupportedRange() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = VariableLayout(estimatedExtent: 1)
      layout.prepare(for: LayoutContractTests.context(1 << 53))
      _ = layout.setExtent(4, forItemAt: 0)
    }
    expectMessage(result, "content extent (items and spacing) of at most 2^53")
  }

  @Test func cyclicGridWhosePeriodOverflows() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 1, lanes: 1 << 20)
      layout.prepare(for: LayoutContractTests.context((1 << 53) - 1, wrapping: .cyclic))
    }
    expectMessage(result, "lcm(9007199254740991, 1048576) is beyond the supported range")
  }

  @Test func lcmOverflow() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = CyclicMath.lcm(Int.max, 2)
    }
    expectMessage(result, "lcm(9223372036854775807, 2) overflows Int")
  }

  @Test func negativeUniformExtent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 44)
      layout.extent = -30
    }
    expectMessage(result, "UniformLayout: extent must be finite and ≥ 0, got -30.0")
  }

  @Test func uniformExtentAndSpacingBothZero() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 44)
      layout.extent = 0
    }
    expectMessage(result, "UniformLayout: extent + spacing must be > 0")
  }

  @Test func uniformLanesBelowOne() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 44)
      layout.lanes = 0
    }
    expectMessage(result, "UniformLayout: lanes must be ≥ 1, got 0")
  }

  @Test func negativeLaneSpacing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = UniformLayout(extent: 44)
      layout.laneSpacing = -1
    }
    expectMessage(result, "UniformLayout: lane spacing must be finite and ≥ 0, got -1.0")
  }

  @Test func pagingThresholdOutsideZeroToOne() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = PagingLayout(insets: 16, spacing: 8)
      layout.threshold = 1.5
    }
    expectMessage(result, "PagingLayout: threshold must be in 0...1, got 1.5")
  }

  @Test func pagingNegativeSpacing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = PagingLayout(insets: 16, spacing: 8)
      layout.spacing = -8
    }
    expectMessage(result, "PagingLayout: spacing must be finite and ≥ 0, got -8.0")
  }

  @Test func pagingNonFiniteInsets() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = PagingLayout(insets: 16, spacing: 8)
      layout.insets = .infinity
    }
    expectMessage(result, "PagingLayout: insets must be finite and ≥ 0, got inf")
  }

  @Test func pagingZeroMaximumItemExtent() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = PagingLayout(insets: 16, spacing: 8)
      layout.maximumItemExtent = 0
    }
    expectMessage(result, "PagingLayout: maximumItemExtent must be finite and > 0 when given")
  }

  @Test func negativeContentInset() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var insets = ContentInsets.all(4)
      insets.start = -5
    }
    expectMessage(result, "ContentInsets: insets must be finite and ≥ 0, got -5.0")
  }

  @Test func negativeVariableSpacing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = VariableLayout(estimatedExtent: 50)
      layout.spacing = -1
    }
    expectMessage(result, "VariableLayout: spacing must be finite and ≥ 0, got -1.0")
  }

  @Test func nonFiniteEstimate() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = VariableLayout(estimatedExtent: 50)
      layout.estimatedExtent = .nan
    }
    expectMessage(result, "VariableLayout: estimated extent must be finite and ≥ 0, got nan")
  }

  @Test func negativeContextCount() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var context = LayoutContractTests.context(3)
      context.count = -1
    }
    expectMessage(result, "LayoutContext: count must be ≥ 0, got -1")
  }

  @Test func extentOfAnItemOutOfBounds() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var layout = VariableLayout(estimatedExtent: 50)
      layout.prepare(for: LayoutContractTests.context(3))
      _ = layout.extent(ofItemAt: 3)
    }
    expectMessage(result, "VariableLayout.extent(ofItemAt:): index 3 is out of bounds 0..<3")
  }
}
