import Foundation
import ReelTesting
import Testing

/// Replays the committed fuzz corpus (Tests/Fuzz/corpus) with every check, so inputs the
/// fuzzer once needed stay green without building the fuzzer.
@Suite struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

  /// Replays every input of `folder` (beside Tests/Fuzz/corpus), decoded as the fuzzer decoded
  /// it, with the checks of the operations it was found with.
  func replay(
    _ folder: String, extended: Bool = false, listFeatures: Bool = false,
    bulkMeasurements: Bool = false
  ) throws {
    let folder = Self.corpus.deletingLastPathComponent().appendingPathComponent(folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    var options = ConformanceOptions()
    options.shrink = false
    options.extendedChecks = extended
    options.listFeatures = listFeatures
    options.bulkMeasurements = bulkMeasurements
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let input = FuzzInput(
        bytes: bytes, extended: extended, listFeatures: listFeatures,
        bulkMeasurements: bulkMeasurements)
      let violations = Conformance.run(input.script, on: input.configuration, options: options)
      #expect(violations.isEmpty, "\(file): \(input.configuration)\n\(input.script)\n\(violations)")
    }
  }

  @Test func committedCorpusReplaysClean() throws {
    try replay("corpus")
  }

  /// Inputs the fuzzer found with the extended operations (`REEL_FUZZ_EXTENDED=1`), replayed with
  /// the extended checks.
  @Test func extendedCorpusReplaysClean() throws {
    try replay("corpus-extended", extended: true)
  }

  /// Inputs the fuzzer found with the list-feature operations (`REEL_FUZZ_FEATURES=1`, with
  /// `REEL_FUZZ_EXTENDED=1`): snapshots, end anchoring, saved state and selection.
  @Test func featuresCorpusReplaysClean() throws {
    try replay("corpus-features", extended: true, listFeatures: true)
  }

  /// Inputs the fuzzer found with bulk measurements too (`REEL_FUZZ_BULK=1`, with the two
  /// above): a byte of 255 decodes as a batch of measurements, so they replay only with it.
  @Test func bulkCorpusReplaysClean() throws {
    try replay("corpus-bulk", extended: true, listFeatures: true, bulkMeasurements: true)
  }

  @Test func decodingIsDeterministicAndTotal() {
    var rng = SplitMix64(seed: 99)
    for length in [0, 1, 5, 6, 7, 64, 300] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
      #expect(FuzzInput(bytes: bytes) == FuzzInput(bytes: bytes))
    }
  }
}
