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
