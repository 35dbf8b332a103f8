import Reel
import ReelTesting
import Testing

/// The kit's bulk-measurement operation (`measureBatch`, `ConformanceOptions.bulkMeasurements`)
/// on the built-in measuring layouts, and its text and fuzz encodings.
@Suite struct BulkMeasurementConformanceTests {
  /// Every mode of the variable layout and the grid, with the extended checks (the first
  /// visible item keeps its place) and the list features (a list following its end).
  @Test(
    arguments: ListConfiguration.all().filter {
      $0.layout == .variable || $0.layout == .grid
    })
  func bulkMeasurementsConform(_ configuration: ListConfiguration) {
    var options = ConformanceOptions()
    options.bulkMeasurements = true
    options.extendedChecks = true
    options.seeds = 0..<12
    let report = Conformance.check(configuration, options: options)
    #expect(report.passed, "\(report)")
  }

  /// A script of batches alone: large, duplicated and out-of-order measurements.
  @Test func batchesAloneConform() throws {
    var options = ConformanceOptions()
    options.extendedChecks = true
    let script = try #require(
      ConformanceScript(
        "measureBatch(0,40,1); setOffset(900.0); measureBatch(3,64,2); scrollTo(70,false); "
          + "measureBatch(60,30,3); drag(-300.0,1500.0); measureBatch(80,12,4); settle"))
    for wrapping in [Wrapping.bounded, .cyclic] {
      let configuration = ListConfiguration(layout: .variable, wrapping: wrapping, count: 100)
      let violations = Conformance.run(script, on: configuration, options: options)
      #expect(violations.isEmpty, "\(wrapping): \(violations)")
    }
  }

  @Test func theOperationRoundTripsThroughText() {
    let operation = ReelOperation.measureBatch(at: 12, count: 30, seed: 7)
    #expect(operation.description == "measureBatch(12,30,7)")
    #expect(ReelOperation("measureBatch(12,30,7)") == operation)
  }

  /// Opcode 255 is a bulk measurement only with the flag: inputs decode as before without it.
  @Test func fuzzInputsDecodeBatchesOnlyWithTheFlag() {
    let bytes: [UInt8] = [2, 0, 100, 0, 78, 168, 255, 5, 0, 9, 1, 0, 255, 3, 0, 200, 2, 0]
    let plain = FuzzInput(bytes: bytes, extended: true)
    let bulk = FuzzInput(bytes: bytes, extended: true, bulkMeasurements: true)
    #expect(
      !plain.script.operations.contains { if case .measureBatch = $0 { true } else { false } })
    #expect(bulk.script.operations.first == .measureBatch(at: 5, count: 10, seed: 1))
    #expect(FuzzInput(bytes: bytes) == FuzzInput(bytes: bytes, bulkMeasurements: false))
  }
}
