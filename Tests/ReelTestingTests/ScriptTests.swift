import Reel
import ReelTesting
import Testing

@Suite struct ScriptTests {
  @Test func textFormRoundTrips() {
    for seed in 0..<20 as Range<UInt64> {
      let script = ConformanceScript(seed: seed, length: 60)
      #expect(ConformanceScript(script.description) == script, "seed \(seed)")
    }
    #expect(ReelOperation("key(pageForward)") == .key(.pageForward))
    #expect(ReelOperation("settle") == .settle)
    #expect(ReelOperation("wobble(3)") == nil)
  }

  @Test func featureOperationsRoundTripAndAreGenerated() {
    for seed in 0..<20 as Range<UInt64> {
      let script = ConformanceScript(seed: seed, length: 60, snapshots: true, listFeatures: true)
      #expect(ConformanceScript(script.description) == script, "seed \(seed)")
    }
    let all = ConformanceScript(seed: 1, length: 400, snapshots: true, listFeatures: true)
    let names = Set(all.operations.map { "\($0)".prefix { $0 != "(" } })
    for name in [
      "snapshot", "animatedSnapshot", "append", "growLast", "prepend", "scrollUp", "backToEnd",
      "saveRestore", "select", "deselect",
    ] {
      #expect(names.contains(Substring(name)), "\(name) is never generated")
    }
    #expect(ReelOperation("backToEnd") == .backToEnd)
    #expect(
      ReelOperation("animatedSnapshot(3,8,120)")
        == .animatedSnapshot(seed: 3, changes: 8, midway: 120))
    #expect(ReelOperation("select(4,true)") == .select(at: 4, byPath: true))
    // Without the new flags, scripts are those of earlier releases.
    #expect(
      ConformanceScript(seed: 5, length: 50)
        == ConformanceScript(seed: 5, length: 50, snapshots: false, listFeatures: false))
    #expect(!ConformanceScript(seed: 5, length: 200).operations.contains { $0.isListFeature })
  }

  @Test func fuzzInputDecodesFeatureOperationsOnlyWhenAsked() {
    let header: [UInt8] = [0, 0x10, 100, 0, 80, 160]
    #expect(!FuzzInput(bytes: header).configuration.diffable)
    #expect(FuzzInput(bytes: header, listFeatures: true).configuration.diffable)
    var decoded = Set<String>()
    for code in 224..<240 {
      let bytes = header + [UInt8(code), 7, 1, 3, 9]
      let plain = FuzzInput(bytes: bytes).script.operations[0]
      #expect(!plain.isListFeature && !plain.appliesSnapshots, "\(code): \(plain)")
      let feature = FuzzInput(bytes: bytes, listFeatures: true).script.operations[0]
      #expect(feature.isListFeature || feature.appliesSnapshots, "\(code): \(feature)")
      decoded.insert(String("\(feature)".prefix { $0 != "(" }))
    }
    #expect(decoded.count == 10, "\(decoded.sorted())")
  }

  @Test func sameSeedSameScriptDifferentSeedDifferentScript() {
    #expect(ConformanceScript(seed: 3, length: 30) == ConformanceScript(seed: 3, length: 30))
    #expect(ConformanceScript(seed: 3, length: 30) != ConformanceScript(seed: 4, length: 30))
  }

  @Test func shrinkerFindsTheMinimalPair() {
    let input = Array(0..<100)
    let minimal = Shrinker.shrink(input) { $0.contains(17) && $0.contains(71) }
    #expect(minimal == [17, 71])
  }

  @Test func reportPrintsSeedViolationsAndReplay() {
    let report = Conformance.check(layout: OverlappingLayout(), subject: .recording())
    let text = report.description
    #expect(text.contains("seed 0"))
    #expect(text.contains("[invariant]"))
    #expect(text.contains("replay: Conformance.replay("))
  }
}
