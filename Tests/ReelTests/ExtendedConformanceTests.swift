import ReelTesting
import Testing

@testable import Reel

/// The conformance kit's extended operations (`ConformanceOptions.extendedChecks`) on the
/// engine: each script here passes every extended check. That the checks catch what they look
/// for is shown on broken subjects in `PlantedDefectTests` (ReelTestingTests).
@Suite struct ExtendedConformanceTests {
  static var extended: ConformanceOptions {
    var options = ConformanceOptions()
    options.extendedChecks = true
    options.shrink = false
    return options
  }

  func run(_ text: String, _ configuration: ListConfiguration) -> [Violation] {
    guard let script = ConformanceScript(text) else {
      Issue.record("not a script: \(text)")
      return []
    }
    return Conformance.run(script, on: configuration, options: Self.extended)
  }

  @Test func extendedOperationsRoundTripThroughText() {
    let operations: [ReelOperation] = [
      .callbackOffset(1_234.5), .callbackResize(width: 300, height: 200), .swap(kind: 2),
      .remeasure(at: 7, extent: 100.0 / 3),
      .flingChange(velocity: -800, at: 3, count: 2, batch: true),
    ]
    for operation in operations {
      #expect(ReelOperation(operation.description) == operation, "\(operation)")
      #expect(operation.isExtended)
    }
    #expect(!ReelOperation.settle.isExtended)
    #expect(ReelOperation("flingChange(1.0,2,3)") == nil, "four arguments")
  }

  @Test func scriptsAndFuzzInputsUseExtendedOperationsOnlyWhenAsked() {
    let seed: UInt64 = 5
    let plain = ConformanceScript(seed: seed, length: 300)
    let extended = ConformanceScript(seed: seed, length: 300, extended: true)
    #expect(!plain.operations.contains { $0.isExtended }, "seed \(seed)")
    #expect(extended.operations.contains { $0.isExtended }, "seed \(seed)")
    let bytes: [UInt8] = [0, 0, 100, 0, 78, 160, 240, 1, 0, 241, 10, 10, 4, 3]
    #expect(!FuzzInput(bytes: bytes).script.operations.contains { $0.isExtended })
    let decoded = FuzzInput(bytes: bytes, extended: true).script.operations
    #expect(decoded.first == .callbackOffset(0.25))
    #expect(decoded.dropFirst().first == .callbackResize(width: 50, height: 50))
  }

  @Test func unchangedStateStaysClean() {
    // Swaps that change nothing the anchor depends on, at rest.
    let violations = run(
      "setOffset(1000.0); swap(1); swap(1); remeasure(3,50.0)",
      ListConfiguration(layout: .uniform, count: 200))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func aGridLanesSwapKeepsTheAnchorItem() {
    // A grid's lanes from 3 to 1: row 13 of the grid holds items 39–41; item 39 must stay.
    let violations = run(
      "setOffset(1664.0); swap(3)", ListConfiguration(layout: .grid, count: 1_000))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func anOffsetSetFromWillDisplayAgreesWithTheReference() {
    let violations = run(
      "callbackOffset(20000.0)", ListConfiguration(layout: .uniform, count: 1_000))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func aViewportSetFromCellForItemAtAgreesWithTheReference() {
    let violations = run(
      "resize(390.0,100.0); callbackResize(390.0,600.0)",
      ListConfiguration(layout: .uniform, count: 1_000))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func aMeasurementAtRestLeavesTheListIdleAfterOnePass() {
    let violations = run("remeasure(2,50.5)", ListConfiguration(layout: .variable, count: 100))
    #expect(violations.isEmpty, "\(violations)")
  }

  @Test func measuringTheSameFractionalExtentAgainChangesNothing() {
    let violations = run(
      "remeasure(1,33.333333333333336)", ListConfiguration(layout: .variable, count: 100))
    #expect(
      !violations.contains { $0.message.contains("again with the same extent") },
      "\(violations)")
  }

  @Test func aFlingLandsOnItsTargetAfterAnInsertion() {
    let configuration = ListConfiguration(
      layout: .paging, axis: .horizontal, count: 30, viewport: Size(width: 390, height: 200))
    let violations = run("scrollTo(10,false); flingChange(600.0,0,2,true)", configuration)
    #expect(violations.isEmpty, "\(violations)")
  }
}
