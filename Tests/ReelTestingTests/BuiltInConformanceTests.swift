import Reel
import ReelTesting
import Testing

/// The kit's conformance check on every built-in layout in every mode.
@Suite struct BuiltInConformanceTests {
  @Test(arguments: ListConfiguration.all())
  func builtInLayoutConforms(_ configuration: ListConfiguration) {
    let report = Conformance.check(configuration)
    #expect(report.passed, "\(report)")
  }

  @Test(arguments: BuiltInLayout.allCases)
  func builtInLayoutKeepsTheLayoutContract(_ kind: BuiltInLayout) {
    var options = ConformanceOptions()
    options.seeds = 0..<64
    let report = Conformance.checkLayout(kind.makeLayout(), options: options)
    #expect(report.passed, "\(report)")
  }

  /// With the extended checks, a measurement keeps the first visible item in place. A
  /// measurement that changed nothing once kept its anchor past the passes, so after a jump a
  /// measurement above the viewport moved the list back to where it was before the jump.
  @Test(arguments: [Wrapping.bounded, .cyclic])
  func measurementsAfterAJumpKeepTheItemTheJumpShows(_ wrapping: Wrapping) throws {
    var options = ConformanceOptions()
    options.extendedChecks = true
    let script = try #require(
      ConformanceScript("measure(2,80.0); measure(2,80.0); scrollTo(500,false); measure(10,90.0)"))
    let configuration = ListConfiguration(
      layout: .variable, wrapping: wrapping, count: 1_000, viewport: Size(width: 390, height: 845),
      overscan: 0)
    let violations = Conformance.run(script, on: configuration, options: options)
    #expect(violations.isEmpty, "\(violations)")
  }
}
