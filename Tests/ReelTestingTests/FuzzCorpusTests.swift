import Foundation
import ReelTesting
import Testing

/// Replays the committed fuzz corpus (Tests/Fuzz/corpus) with every check, so inputs the
/// fuzzer once needed stay green without building the fuzzer.
@Suite struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

  @Test func committedCorpusReplaysClean() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
    #expect(!files.isEmpty)
    var options = ConformanceOptions()
    options.shrink = false
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(file)))
      let input = FuzzInput(bytes: bytes)
      let violations = Conformance.run(input.script, on: input.configuration, options: options)
      #expect(violations.isEmpty, "\(file): \(input.configuration)\n\(input.script)\n\(violations)")
    }
  }

  /// Inputs the fuzzer found with the extended operations (`REEL_FUZZ_EXTENDED=1`), replayed with
  /// the extended checks.
  @Test func extendedCorpusReplaysClean() throws {
    let folder = Self.corpus.deletingLastPathComponent().appendingPathComponent("corpus-extended")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    var options = ConformanceOptions()
    options.shrink = false
    options.extendedChecks = true
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let input = FuzzInput(bytes: bytes, extended: true)
      let violations = Conformance.run(input.script, on: input.configuration, options: options)
      #expect(violations.isEmpty, "\(file): \(input.configuration)\n\(input.script)\n\(violations)")
    }
  }

  /// Inputs the fuzzer found with the list-feature operations (`REEL_FUZZ_FEATURES=1`, with
  /// `REEL_FUZZ_EXTENDED=1`): snapshots, end anchoring, saved state and selection.
  @Test func featuresCorpusReplaysClean() throws {
    let folder = Self.corpus.deletingLastPathComponent().appendingPathComponent("corpus-features")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    var options = ConformanceOptions()
    options.shrink = false
    options.extendedChecks = true
    options.listFeatures = true
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let input = FuzzInput(bytes: bytes, extended: true, listFeatures: true)
      let violations = Conformance.run(input.script, on: input.configuration, options: options)
      #expect(violations.isEmpty, "\(file): \(input.configuration)\n\(input.script)\n\(violations)")
    }
  }

  /// Inputs the fuzzer found with bulk measurements too (`REEL_FUZZ_BULK=1`, with the two
  /// above): a byte of 255 decodes as a batch of measurements, so they replay only with it.
  @Test func bulkCorpusReplaysClean() throws {
    let folder = Self.corpus.deletingLastPathComponent().appendingPathComponent("corpus-bulk")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(!files.isEmpty)
    var options = ConformanceOptions()
    options.shrink = false
    options.extendedChecks = true
    options.listFeatures = true
    options.bulkMeasurements = true
    for file in files {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      let input = FuzzInput(
        bytes: bytes, extended: true, listFeatures: true, bulkMeasurements: true)
      let violations = Conformance.run(input.script, on: input.configuration, options: options)
      #expect(violations.isEmpty, "\(file): \(input.configuration)\n\(input.script)\n\(violations)")
    }
  }

  @Test func decodingIsDeterministicAndTotal() {
    var rng = SplitMix64(seed: 99)
    for length in [0, 1, 5, 6, 7, 64, 300] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
      #expect(FuzzInput(bytes: bytes) == FuzzInput(bytes: bytes))
    }
  }
}
