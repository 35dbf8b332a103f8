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
}
