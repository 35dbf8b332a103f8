import Reel
import ReelTesting
import Testing

/// The kit proven on broken subjects: each test plants one defect in a layout, data source,
/// delegate or frontend adapter, and the kit must report exactly that kind of violation, with a
/// message that names what broke, and shrink the failing script to a short reproduction.
///
/// `Docs/Testing.md` lists these tests as a table: check, subject, reported violation.
@Suite struct PlantedDefectTests {
  static func options(extended: Bool = false, seeds: Range<UInt64> = 0..<16) -> ConformanceOptions {
    var options = ConformanceOptions()
    options.extendedChecks = extended
    options.seeds = seeds
    return options
  }

  /// The report failed with violations of `kind` only, one of them saying `phrase`, and its
  /// minimal script is shorter than the failing one and still shows `kind`.
  static func expectOnly(
    _ kind: Violation.Kind, saying phrase: String, in report: ConformanceReport,
    atMost steps: Int = 6, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    print(report)
    #expect(!report.passed, "the planted defect went unnoticed", sourceLocation: sourceLocation)
    let kinds = Set(report.violations.map(\.kind))
    #expect(kinds == [kind], "reported \(kinds)", sourceLocation: sourceLocation)
    #expect(
      report.violations.contains { $0.message.contains(phrase) }, "no message says “\(phrase)”",
      sourceLocation: sourceLocation)
    let minimal = report.minimalScript?.operations.count ?? .max
    #expect(
      minimal <= steps && minimal <= report.script?.operations.count ?? 0,
      "minimal script: \(report.minimalScript.map { "\($0)" } ?? "none")",
      sourceLocation: sourceLocation)
    #expect(
      report.minimalViolations.contains { $0.kind == kind },
      "the minimal script no longer shows the defect", sourceLocation: sourceLocation)
  }

  // MARK: Subjects' own contracts

  @Test func aLayoutThatDropsInsertionsDivergesFromTheReference() {
    let report = Conformance.check(
      layout: ForgetfulVariableLayout(),
      reference: .variable(estimatedExtent: 50, spacing: 0, start: 0, end: 0),
      subject: .recording(), options: Self.options())
    Self.expectOnly(.reference, saying: "the reference", in: report)
  }

  @Test func aDataSourceThatHoardsCellsLeaksThem() {
    let subject = recordingSubject(name: "HoardingSource") {
      HoardingSource(count: $0, tracker: $1)
    }
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), subject: subject, options: Self.options())
    Self.expectOnly(.lifetime, saying: "leaked", in: report)
  }

  /// The delegate contract is the first thing broken; what follows from it (the kit then takes
  /// displayed cells for stale ones) is reported too, after it.
  @Test func anAdapterThatSwallowsDidEndDisplayingBreaksTheDelegateContract() {
    var subject = ConformanceSubject<RecordingCell>.recording()
    subject.makeAdapter = { SwallowingAdapter() }
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), subject: subject, options: Self.options())
    print(report)
    #expect(report.violations.first?.kind == .delegate, "\(report)")
    #expect(
      report.violations.contains {
        $0.kind == .delegate && $0.message.contains("according to willDisplay/didEndDisplaying")
      })
    #expect(report.minimalScript.map { $0.operations.count <= 2 } == true, "\(report)")
    #expect(report.minimalViolations.first?.kind == .delegate)
  }

  @Test func anAdapterThatDrawsADepartedCellIsReported() {
    var subject = ConformanceSubject<RecordingCell>.recording()
    subject.makeAdapter = { GhostingAdapter() }
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), subject: subject, options: Self.options())
    Self.expectOnly(.adapter, saying: "but is not placed there", in: report)
  }

  @Test func aDelegateThatFlingsPastTheEndLeavesTheListOutOfRange() {
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), subject: recordingSubject { OvershootingDelegate() },
      options: Self.options())
    Self.expectOnly(.motion, saying: "outside the scrollable range", in: report)
  }

  // MARK: Extended checks

  @Test func aDelegateThatScrollsOnAnAxisChangeMovesTheAnchor() {
    let report = Conformance.check(
      layout: UniformLayout(extent: 44), subject: recordingSubject { AxisNudgingDelegate() },
      options: Self.options(extended: true))
    Self.expectOnly(.anchoring, saying: "the axis change moved item", in: report)
  }

  @Test func aDataSourceWithoutIdentityLookupLosesTheFlingTarget() {
    let report = Conformance.check(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, count: 30,
      subject: lookupLessSubject(), options: Self.options(extended: true))
    Self.expectOnly(.motion, saying: "came to rest on", in: report)
  }
}
