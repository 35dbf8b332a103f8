import Reel
import ReelTesting
import Testing

/// Minimal reproductions found by the conformance kit and the fuzzer, kept as regression tests.
@Suite struct ConformanceRegressionTests {
  static let cases: [(String, ListConfiguration)] = [
    // A viewport grown from a zero main extent had no anchor, so the bounded offset was never
    // clamped back into the scrollable range.
    (
      "resize(0.0,832.0); setOffset(33720.00046575041); resize(881.0,866.0)",
      ListConfiguration(layout: .uniform, axis: .horizontal, count: 7)
    ),
    (
      "resize(429.0,6.0); setOffset(3960.2689887333104); resize(218.0,689.0)",
      ListConfiguration(layout: .variable, count: 7)
    ),
    (
      "resize(0.0,1034.0); reload(2); resize(844.0,556.0)",
      ListConfiguration(layout: .pagingMultiple, axis: .horizontal, count: 7)
    ),
    // An animation (key End) kept its old destination after the viewport grew, so it came to
    // rest beyond the new maximum offset.
    (
      "key(end); resize(1090.0,629.0); settle",
      ListConfiguration(layout: .uniform, axis: .horizontal, count: 1_000)
    ),
    ("key(end); resize(808.0,1017.0); settle", ListConfiguration(layout: .variable, count: 1_000)),
    (
      "insert(804,7); key(end); resize(1090.0,629.0); settle",
      ListConfiguration(layout: .grid, axis: .horizontal, count: 7)
    ),
    // Measuring an item smaller while resting at the end left the offset past the new end.
    (
      "reload(9); wheel(42922.99556238167); measure(525,17.0)",
      ListConfiguration(layout: .variable, axis: .horizontal, count: 100)
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func minimalReproductionStaysFixed(_ number: Int) {
    let (script, configuration) = Self.cases[number]
    let violations = Conformance.replay(script, on: configuration)
    #expect(violations.isEmpty, "\(configuration): \(script)\n\(violations)")
  }

  /// Reproductions that need the list features' operations and checks (saved state, snapshots,
  /// end anchoring, selection) and the extended checks.
  static let featureCases: [(String, ListConfiguration)] = [
    // A horizontal viewport 5 points wide between zero-extent pages 8 points apart draws
    // nothing; its saved anchor, restored after items were inserted before it, is undrawn at its
    // saved position too.
    (
      "resize(5.0,1155.0); setOffset(2207900.0); saveRestore(1)",
      ListConfiguration(
        layout: .paging, axis: .horizontal, wrapping: .cyclic, count: 949,
        viewport: Size(width: 1275, height: 180), overscan: 0)
    ),
    // Grid items longer than the viewport: a snapshot that deleted the first item of the first
    // visible line has the next item of that line as its anchor.
    (
      "insert(56027,10); scrollTo(20932,false); delete(38828,14); delete(38828,14)",
      {
        var configuration = ListConfiguration(
          layout: .grid, axis: .horizontal, wrapping: .cyclic, count: 140,
          viewport: Size(width: 90, height: 5), overscan: 0)
        configuration.diffable = true
        return configuration
      }()
    ),
  ]

  @Test(arguments: 0..<featureCases.count)
  func minimalFeatureReproductionStaysFixed(_ number: Int) throws {
    let (text, configuration) = Self.featureCases[number]
    let script = try #require(ConformanceScript(text))
    var options = ConformanceOptions()
    options.shrink = false
    options.extendedChecks = true
    options.listFeatures = true
    let violations = Conformance.run(script, on: configuration, options: options)
    #expect(violations.isEmpty, "\(configuration): \(text)\n\(violations)")
  }
}
