import Reel
import ReelTesting
import Testing

/// The snapshot, animated-update, end-anchoring, saved-state and selection operations on every
/// built-in layout in every mode: the built-in subjects pass.
@Suite struct ListFeatureConformanceTests {
  static var options: ConformanceOptions {
    var options = ConformanceOptions()
    options.listFeatures = true
    options.seeds = 0..<8
    return options
  }

  @Test(arguments: ListConfiguration.all())
  func diffableSubjectConforms(_ configuration: ListConfiguration) {
    var configuration = configuration
    configuration.diffable = true
    let report = Conformance.check(configuration, options: Self.options)
    #expect(report.passed, "\(report)")
  }

  @Test(arguments: ListConfiguration.all())
  func arraySubjectConformsWithListFeatures(_ configuration: ListConfiguration) {
    let report = Conformance.check(configuration, options: Self.options)
    #expect(report.passed, "\(report)")
  }
}

/// The list-feature operations on sectioned subjects, and scripted checks that show each check
/// runs (a passing script with the operations the checks watch).
@Suite struct ListFeatureScriptTests {
  @Test(arguments: [false, true])
  func sectionedSubjectConformsWithListFeatures(_ footers: Bool) {
    var options = ConformanceOptions()
    options.listFeatures = true
    options.seeds = 0..<8
    let report = Conformance.check(
      layout: VariableLayout(estimatedExtent: 30), count: 60,
      subject: .sectionedRecording(footers: footers), options: options)
    #expect(report.passed, "\(report)")
  }

  @Test func chatScriptFollowsStopsAndResumes() {
    var options = ConformanceOptions()
    options.listFeatures = true
    let script = ConformanceScript(
      "append(3); growLast(40.0); scrollUp(600.0); append(2); prepend(4); backToEnd; append(1)")!
    let violations = Conformance.run(
      script, layout: VariableLayout(estimatedExtent: 50), subject: .diffableRecording(),
      options: options)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Found by the fuzzer (corpus-features, `restore-after-a-data-change-of-an-anchor-measured-
  /// taller`): the anchor, measured 96 tall, started 66 points above the viewport; after a data
  /// change the measurements stay behind, so it restores at its saved start at its 50-point
  /// estimate and ends above the viewport, not drawn. The restore is right (the saved start is
  /// the contract); the check looked for the anchor among the drawn items only.
  @Test func aRestoredAnchorShorterAtItsEstimateMayEndAboveTheViewport() throws {
    var options = ConformanceOptions()
    options.listFeatures = true
    options.extendedChecks = true
    let script = try #require(
      ConformanceScript(
        "measure(45824,414.0); insert(15057,12); measure(39442,96.0); wheel(-2124000.0); "
          + "saveRestore(10)"))
    let configuration = ListConfiguration(
      layout: .variable, wrapping: .cyclic, count: 2, viewport: Size(width: 390, height: 845),
      overscan: 0)
    let violations = Conformance.run(script, on: configuration, options: options)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Found by the fuzzer (corpus-bulk, `animated-snapshot-deleting-the-only-visible-item-
  /// moves-the-overscan-anchor-out`): in a 10-point viewport, one item 391 points tall covers it
  /// and the next, 383 points below the top, is drawn only in the overscan. An animated
  /// snapshot deletes the covering item and inserts others: no visible item stays, so there is
  /// no anchor and the offset stays, while the cell that showed the next item in the overscan
  /// travels out as a departing placement.
  @Test func deletingTheOnlyVisibleItemWithAnAnimatedSnapshotKeepsTheOffset() throws {
    let script = try #require(
      ConformanceScript(
        "measure(56563,16.0); delete(38828,14); insert(274,2); "
          + Array(repeating: "insert(51914,11); ", count: 16).joined()
          + "insert(65535,16); measureBatch(39680,39,3241); measureBatch(2815,4,50440); "
          + "measureBatch(43342,11,1); insert(61266,2); setOffset(2347000.0); "
          + "resize(1210.0,10.0); animatedSnapshot(58082,34,452)"))
    var configuration = ListConfiguration(
      layout: .variable, wrapping: .cyclic, count: 419, viewport: Size(width: 1275, height: 1275),
      overscan: 1)
    configuration.diffable = true
    let violations = Conformance.run(script, on: configuration, options: Self.bulkFeatures)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Found by the fuzzer (corpus-bulk, `restore-keeps-the-sums-and-a-fresh-list-may-break-a-
  /// tie-at-the-viewport-edge`): item 136 starts exactly at the viewport's end. Restoring the
  /// list's own state rebuilt its store from the same extents, summed in another order, so the
  /// anchor moved by a rounding, item 136 started just inside the viewport, and the overscan
  /// took one item more: the list now keeps extents equal to its own. A fresh list must build
  /// its store anew, so there the tie may break the other way; the check allows an item drawn
  /// only by the overscan at such a tie.
  @Test func aRestoreKeepsTheSumsAndAFreshListMayBreakATieAtTheViewportEdge() throws {
    let script = try #require(
      ConformanceScript(
        "insert(26996,16); swap(85); resize(1105.0,5.0); callbackOffset(-964.0); "
          + "callbackOffset(-974400.0); insert(55769,16); measureBatch(65535,16,65535); "
          + "measureBatch(40703,3,55074); callbackOffset(612.0); key(backward); "
          + "resize(165.0,500.0); insert(42345,6); key(backward); saveRestore(42)"))
    var configuration = ListConfiguration(
      layout: .variable, wrapping: .bounded, count: 108, viewport: Size(width: 550, height: 395),
      overscan: 3)
    configuration.diffable = true
    let violations = Conformance.run(script, on: configuration, options: Self.bulkFeatures)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Found by the fuzzer (corpus-bulk, `saved-anchor-ending-at-the-top-of-a-five-point-
  /// viewport`): four rows of 44 (spacing 2, insets 10 and 20) in a viewport 5 tall, at offset
  /// 192, where the last item ends exactly at the top: the viewport shows only the space after
  /// it, and no cell is drawn. The state saves the last item where it is, 44 points above the
  /// top, and after 3 inserts before it the restore puts it there exactly. The restore is
  /// right; the check looked for the anchor among the drawn items only.
  @Test func aViewportShowingOnlyTheSpaceAfterTheLastItemRestoresItAboveTheViewport() throws {
    let script = try #require(ConformanceScript("setOffset(192.0); saveRestore(0); saveRestore(1)"))
    let configuration = ListConfiguration(
      layout: .uniform, wrapping: .bounded, count: 4, viewport: Size(width: 0, height: 5),
      overscan: 0)
    let violations = Conformance.run(script, on: configuration, options: Self.bulkFeatures)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// Found by the fuzzer (corpus-bulk, `measure-batch-with-a-cyclic-copy-ending-a-rounding-
  /// past-the-top`): in a horizontal cyclic measured list at offset 2, item 12's copy before
  /// the loop (virtual index -1) ends where item 0 starts less the spacing, exactly at the
  /// viewport's top by the layout's sums; its frame, its first copy's a whole loop (2787.57)
  /// away, ends 6e-13 past it. The list counts item 0 as the first visible and keeps it still
  /// while the batch grows item 12 by 281 points; the check took item 12, which the rounding
  /// showed, as the one to keep. An item ending within the tolerance past the top now ties
  /// with the next one: either kept in place passes.
  @Test func anItemEndingARoundingPastTheTopTiesWithTheNextAsTheAnchor() throws {
    let script = try #require(
      ConformanceScript(
        "reload(0); insert(36494,15); insert(142,1); delete(29300,10); delete(26996,4); "
          + "measure(53414,178.0); flingChange(10.75,28400,3,true); scrollTo(11924,false); "
          + "insert(1216,8); wheel(-1938000.0); measureBatch(24063,16,65535); "
          + "measureBatch(65535,16,0)"))
    let configuration = ListConfiguration(
      layout: .variable, axis: .horizontal, wrapping: .cyclic, count: 500,
      viewport: Size(width: 390, height: 845), overscan: 1)
    let violations = Conformance.run(script, on: configuration, options: Self.bulkFeatures)
    #expect(violations.isEmpty, "\(violations)")
  }

  /// The checks of the list features, the extended operations and bulk measurements, with
  /// which the fuzzer found the scripts above.
  static var bulkFeatures: ConformanceOptions {
    var options = ConformanceOptions()
    options.listFeatures = true
    options.extendedChecks = true
    options.bulkMeasurements = true
    return options
  }
}
