import Reel
import ReelTesting
import Testing

/// Deliberately broken diffable subjects, layouts and data sources: the snapshot, animation,
/// end-anchoring, saved-state and selection checks catch each one with its own message.
@Suite struct BrokenListFeatureTests {
  static var options: ConformanceOptions {
    var options = ConformanceOptions()
    options.listFeatures = true
    options.shrink = false
    return options
  }

  func run(
    _ text: String, _ subject: ConformanceSubject<RecordingCell>,
    layout: any ListLayout = UniformLayout(extent: 44), count: Int = 100
  ) -> [Violation] {
    let violations = Conformance.run(
      ConformanceScript(text)!, layout: layout, count: count, subject: subject,
      options: Self.options)
    print(violations.map(\.description).joined(separator: "\n"))
    return violations
  }

  @Test func reconfiguresAppliedAsReloadsAreCaught() {
    let violations = run("update(3); snapshot(5,12)", reconfiguresAsReloads())
    #expect(
      violations.contains {
        $0.kind == .snapshot && $0.message.contains("was reconfigured but its displayed cell")
      })
    // The same script on the kit's own diffable subject passes.
    #expect(run("update(3); snapshot(5,12)", .diffableRecording()).isEmpty)
  }

  @Test func aSnapshotNotShownAsGivenIsCaught() {
    let violations = run("snapshot(5,3)", dropsLastItem())
    #expect(
      violations.contains {
        $0.kind == .snapshot
          && $0.message.contains("the data source has 97 items, the snapshot 98")
      })
    let report = Conformance.check(layout: UniformLayout(extent: 44), subject: dropsLastItem())
    #expect(!report.passed)
    #expect(report.minimalScript.map { $0.operations.count <= 2 } == true, "\(report)")
  }

  @Test func aDepartingCellHandedToTheDataSourceIsCaught() {
    let violations = run("animatedSnapshot(1,8,100)", cachesCellsByIdentifier(), count: 10)
    #expect(
      violations.contains {
        $0.kind == .animation && $0.message.contains("still animating out")
      })
  }

  @Test func aStaleContentExtentDriftsFromTheEnd() {
    let violations = run("growLast(60.0); append(2)", .recording(), layout: StaleTotalLayout())
    #expect(
      violations.contains {
        $0.kind == .endAnchoring && $0.message.contains("a drift of")
      })
    let good = run(
      "growLast(60.0); append(2)", .recording(), layout: VariableLayout(estimatedExtent: 50))
    #expect(good.isEmpty)
  }

  @Test func identitiesScrollStateCannotKeepAreReported() {
    let violations = run("setOffset(900.0); saveRestore(1)", opaqueIdentities())
    #expect(
      violations.contains {
        $0.kind == .savedState && $0.message.contains("is not kept by ScrollState")
      })
    #expect(run("setOffset(900.0); saveRestore(1)", .recording()).isEmpty)
  }

  @Test func aSelectionLostThroughAReloadIsCaught() {
    let subject = plainSubject(name: "identities without lookup") {
      IdentitiesWithoutLookup(count: $0)
    }
    let violations = run("select(3,false); reload(100)", subject)
    #expect(
      violations.contains {
        $0.kind == .selection && $0.message.contains("the selection lost item 3")
      })
    #expect(run("select(3,false); reload(100)", .recording()).isEmpty)
  }
}
