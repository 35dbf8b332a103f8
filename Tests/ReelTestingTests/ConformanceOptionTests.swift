import Reel
import ReelTesting
import Testing

/// Draws every cell with its frame's origin rounded to whole points, as a frontend drawing on a
/// pixel or character grid does.
final class RoundingAdapter: ReelFrontendAdapter {
  var list: VirtualList<RecordingCell>?
  var drawnItems: [DrawnItem] = []
  func attach(to list: VirtualList<RecordingCell>, clock: ManualClock) { self.list = list }
  func feed(_ operation: ReelOperation) -> Bool { false }
  func render() {
    guard let list else { return }
    drawnItems = list.placements.map {
      let f = $0.frame
      return DrawnItem(
        index: $0.index,
        frame: Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width, height: f.height))
    }
  }
}

/// The options and figures of a conformance check, against what they document.
@Suite struct ConformanceOptionTests {
  /// The report counts the seeds and steps it ran and lists every failing seed; with
  /// `checkReference` off, a layout that only diverges from the reference passes.
  @Test func theReferenceCheckCanBeTurnedOffAndTheReportCountsWhatRan() {
    var options = ConformanceOptions()
    options.seeds = 0..<6
    options.steps = 20
    options.shrink = false
    let reference = ReferenceGeometry.variable(estimatedExtent: 50, spacing: 0, start: 0, end: 0)
    let checked = Conformance.check(
      layout: ForgetfulVariableLayout(), reference: reference, subject: .recording(),
      options: options)
    #expect(!checked.passed)
    #expect(checked.seedsRun == 6 && checked.stepsRun == 6 * 20)
    #expect(!checked.failingSeeds.isEmpty)
    #expect(checked.failingSeeds.allSatisfy { (0..<6).contains($0) })
    #expect(checked.failingSeeds == checked.failingSeeds.sorted(), "in the order they ran")
    #expect(Set(checked.violations.map(\.kind)) == [.reference])

    options.checkReference = false
    #expect(!options.checkReference)
    let unchecked = Conformance.check(
      layout: ForgetfulVariableLayout(), reference: reference, subject: .recording(),
      options: options)
    #expect(unchecked.passed, "\(unchecked)")
    #expect(unchecked.failingSeeds.isEmpty)
    #expect(unchecked.stepsRun == 6 * 20)
  }

  /// A frontend that draws at whole points is within the default `frameTolerance` of half a
  /// point; asked for a tenth, the kit reports the cells as drawn elsewhere.
  @Test func frameToleranceDecidesHowFarADrawnFrameMayBe() {
    var subject = ConformanceSubject<RecordingCell>.recording()
    subject.makeAdapter = { RoundingAdapter() }
    var options = ConformanceOptions()
    options.seeds = 0..<4
    #expect(options.frameTolerance == 0.5)
    let layout = UniformLayout(extent: 44.3)
    let lenient = Conformance.check(layout: layout, subject: subject, options: options)
    #expect(lenient.passed, "\(lenient)")
    options.frameTolerance = 0.1
    let strict = Conformance.check(layout: layout, subject: subject, options: options)
    #expect(!strict.passed)
    #expect(Set(strict.violations.map(\.kind)) == [.adapter])
    #expect(strict.violations.contains { $0.message.contains("was not drawn there") })
  }

  /// `kindOfCell` lets the kit check that each row is drawn with a cell made for its kind: a
  /// subject that reports every cell as an item's is caught on the first header.
  @Test func kindOfCellChecksEachRowsCellIsMadeForItsKind() {
    var subject = ConformanceSubject<RecordingCell>.sectionedRecording()
    #expect(subject.kindOfCell != nil)
    var options = ConformanceOptions()
    options.seeds = 0..<2
    let passing = Conformance.check(
      layout: VariableLayout(estimatedExtent: 24), count: 40, subject: subject, options: options)
    #expect(passing.passed, "\(passing)")
    subject.kindOfCell = { _ in .item }
    let mislabelled = Conformance.check(
      layout: VariableLayout(estimatedExtent: 24), count: 40, subject: subject, options: options)
    #expect(!mislabelled.passed)
    #expect(Set(mislabelled.violations.map(\.kind)) == [.reference])
    #expect(mislabelled.violations.contains { $0.message.contains("made for items") })
  }
}
