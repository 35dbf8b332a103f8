// libFuzzer harness: decodes the fuzzer's bytes into a list configuration and an operation
// script (ReelTesting.FuzzInput), runs it with every conformance check after every step, and
// traps on the first script that breaks an invariant or a contract.
//
// Not a SwiftPM target: build and run it with `Tests/Fuzz/run.sh [seconds]`. With
// REEL_FUZZ_EXTENDED=1 in the environment, opcodes from 240 up decode to the extended
// operations and their checks run (ConformanceOptions.extendedChecks); with
// REEL_FUZZ_FEATURES=1, opcodes 224 to 239 decode to snapshots (animated or not), end anchoring,
// saved state and selection, a flag bit makes the list diffable, and their checks run
// (ConformanceOptions.listFeatures); with REEL_FUZZ_BULK=1, opcode 255 decodes to a bulk
// measurement (ReelOperation.measureBatch, ConformanceOptions.bulkMeasurements).
import Reel
import ReelTesting

#if canImport(Glibc)
  import Glibc
#endif

/// Whether to fuzz the extended operations and checks, read once.
let extended = getenv("REEL_FUZZ_EXTENDED").map { String(cString: $0) == "1" } ?? false
/// Whether to fuzz the snapshot and list-feature operations and checks, read once.
let features = getenv("REEL_FUZZ_FEATURES").map { String(cString: $0) == "1" } ?? false
/// Whether to fuzz bulk measurements (`measure(_:)`), read once.
let bulk = getenv("REEL_FUZZ_BULK").map { String(cString: $0) == "1" } ?? false

/// libFuzzer's entry point: runs one input and traps when it breaks anything.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = FuzzInput(
    bytes: Array(UnsafeBufferPointer(start: data, count: size)), extended: extended,
    listFeatures: features, bulkMeasurements: bulk)
  var options = ConformanceOptions()
  options.shrink = false
  options.extendedChecks = extended
  options.listFeatures = features
  options.bulkMeasurements = bulk
  let violations = Conformance.run(input.script, on: input.configuration, options: options)
  guard violations.isEmpty else {
    print("configuration: \(input.configuration)")
    print("script: \(input.script)")
    for violation in violations.prefix(20) { print(violation) }
    // Piped output is buffered: flush it before the trap, or the report is lost.
    fflush(stdout)
    fatalError("Reel conformance violation")
  }
  return 0
}
