import Reel
import ReelTesting
import Testing

/// Deliberately broken layouts, data sources and adapters: the kit must catch each one with a
/// clear message and a minimal reproduction.
@Suite struct BrokenSubjectTests {
  @Test func overlappingLayoutBreaksTheLayoutContract() {
    let report = Conformance.checkLayout(OverlappingLayout())
    print(report)
    #expect(!report.passed)
    #expect(report.violations.allSatisfy { $0.kind == .layout })
    #expect(report.violations.contains { $0.message.contains("overlap") })
  }

  @Test func overlappingLayoutIsCaughtInAListWithAMinimalScript() {
    let report = Conformance.check(layout: OverlappingLayout(), subject: .recording())
    print(report)
    #expect(!report.passed)
    #expect(report.violations.contains { $0.kind == .invariant && $0.message.contains("overlap") })
    #expect(report.minimalScript?.operations.isEmpty == true)  // broken from the first pass
  }

  @Test func staleCellIsReportedNotCrashedOn() {
    let subject = plainSubject(name: "StaleCellSource") { StaleCellSource(count: $0) }
    let report = Conformance.check(layout: UniformLayout(extent: 44), subject: subject)
    print(report)
    #expect(!report.passed)
    #expect(report.violations.contains { $0.kind == .dataSource && $0.message.contains("stale") })
    let minimal = report.minimalScript?.operations.count ?? .max
    #expect(minimal <= 2, "minimal: \(String(describing: report.minimalScript))")
  }

  @Test func countChangedWithoutReloadIsReported() {
    let subject = plainSubject(name: "DriftingCountSource") { DriftingCountSource(count: $0) }
    let report = Conformance.check(layout: UniformLayout(extent: 44), subject: subject)
    print(report)
    #expect(!report.passed)
    #expect(
      report.violations.contains {
        $0.kind == .dataSource && $0.message.contains("without reloadData()")
      })
    #expect(report.minimalScript != nil)
  }

  @Test func adapterThatDropsCellsIsReported() {
    var subject = ConformanceSubject<RecordingCell>.recording()
    subject.makeAdapter = { RecordingAdapter(dropsLastCell: true) }
    let report = Conformance.check(layout: UniformLayout(extent: 44), subject: subject)
    print(report)
    #expect(report.violations.contains { $0.kind == .adapter && $0.message.contains("not drawn") })
  }

  @Test func faithfulAdapterPassesAndIsFedKeys() {
    let adapter = RecordingAdapter()
    var subject = ConformanceSubject<RecordingCell>.recording()
    subject.makeAdapter = { adapter }
    var options = ConformanceOptions()
    options.seeds = 0..<4
    let report = Conformance.check(
      layout: PagingLayout(insets: 16, spacing: 8), axis: .horizontal, wrapping: .cyclic,
      subject: subject, options: options)
    #expect(report.passed, "\(report)")
    #expect(adapter.keysFed > 0)
  }
}
