/// The outcome of a conformance check: every violation of the first failing seed, and that
/// seed's script shrunk to a minimal reproduction.
///
/// ```swift
/// let report = Conformance.check(ListConfiguration(layout: .uniform))
/// #expect(report.passed, "\(report)")     // prints the seed, the violations and the replay
/// ```
public struct ConformanceReport: Sendable, CustomStringConvertible {
  /// What was checked (layout, axis, wrapping, count, subject).
  public var subject: String
  /// Seeds run.
  public var seedsRun: Int = 0
  /// Steps run over all seeds.
  public var stepsRun: Int = 0
  /// Seeds that failed.
  public var failingSeeds: [UInt64] = []
  /// The first failing seed's script, unshrunk.
  public var script: ConformanceScript?
  /// Every violation of the first failing seed's script, in step order.
  public var violations: [Violation] = []
  /// The shortest script found that still breaks the same rule.
  public var minimalScript: ConformanceScript?
  /// The violations of ``minimalScript``.
  public var minimalViolations: [Violation] = []

  /// Creates an empty (passing) report.
  ///
  /// ```swift
  /// var report = ConformanceReport(subject: "my layout")
  /// ```
  ///
  /// - Complexity: O(1).
  public init(subject: String) { self.subject = subject }

  /// Whether no violation was found.
  public var passed: Bool { violations.isEmpty }

  /// The first failing seed.
  public var seed: UInt64? { failingSeeds.first }

  /// A readable report: the subject, the failing seeds, every violation and the minimal
  /// reproduction with the code that replays it.
  public var description: String {
    guard !passed else {
      return "conformance passed: \(subject), \(seedsRun) seeds, \(stepsRun) steps"
    }
    var lines = ["conformance FAILED: \(subject)"]
    if let seed { lines.append("seed \(seed) (failing seeds: \(failingSeeds.map(String.init)))") }
    lines.append("\(violations.count) violation(s):")
    lines += violations.prefix(40).map { "  " + $0.description }
    if violations.count > 40 { lines.append("  … and \(violations.count - 40) more") }
    if let minimal = minimalScript {
      lines.append("minimal reproduction (\(minimal.operations.count) step(s)): \(minimal)")
      lines += minimalViolations.prefix(10).map { "  " + $0.description }
      lines.append("replay: Conformance.replay(\"\(minimal)\", …)")
    }
    return lines.joined(separator: "\n")
  }
}
