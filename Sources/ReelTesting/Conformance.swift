import Reel

/// Conformance checks for data sources, layouts and frontend adapters.
///
/// Each check builds fresh lists, drives them through seeded random scripts of operations
/// (scrolls, flings, ticks, resizes, reloads, batch updates, taps, keys, measurements) and
/// checks after every step the engine's invariants, the data source and delegate contracts,
/// cell lifetimes and the placements against an independent reference model. It collects every
/// violation of the first failing seed and shrinks that script to a minimal reproduction.
///
/// ```swift
/// @Test func everyBuiltInLayoutConforms() {
///   for configuration in ListConfiguration.all() {
///     let report = Conformance.check(configuration)
///     #expect(report.passed, "\(report)")
///   }
/// }
/// ```
public enum Conformance {
  /// Checks a built-in layout configuration with the kit's own data source and cells.
  ///
  /// - Complexity: O(seeds × steps × (n + window)) with n ≤ `options.maximumCount`.
  public static func check(
    _ configuration: ListConfiguration, options: ConformanceOptions = ConformanceOptions()
  ) -> ConformanceReport {
    check(
      layout: configuration.layout.makeLayout(), axis: configuration.axis,
      wrapping: configuration.wrapping, count: configuration.count,
      viewport: configuration.viewport, overscan: configuration.overscan,
      reference: configuration.layout.reference, subject: configuration.subject, options: options,
      name: configuration.description)
  }

  /// Checks any layout (one you wrote), data source and adapter together.
  ///
  /// `reference` is the independent model to compare placements with; `nil` compares them with
  /// a freshly prepared copy of the layout (``ReferenceGeometry/layoutSlots``).
  ///
  /// ```swift
  /// let report = Conformance.check(
  ///   layout: MyLayout(), axis: .horizontal, wrapping: .cyclic, subject: .recording())
  /// #expect(report.passed, "\(report)")
  /// ```
  ///
  /// - Complexity: O(seeds × steps × (n + window)).
  public static func check<Cell: ReusableCell>(
    layout: any ListLayout, axis: Axis = .vertical, wrapping: Wrapping = .bounded,
    count: Int = 100, viewport: Size = Size(width: 390, height: 844), overscan: Int = 2,
    reference: ReferenceGeometry? = nil, subject: ConformanceSubject<Cell>,
    options: ConformanceOptions = ConformanceOptions(), name: String? = nil
  ) -> ConformanceReport {
    let label =
      name ?? "\(type(of: layout)) \(axis) \(wrapping) count=\(count) with \(subject.name)"
    var report = ConformanceReport(subject: label)
    func run(_ script: ConformanceScript) -> [Violation] {
      ScriptRunner(
        layout: layout, axis: axis, wrapping: wrapping, count: count, viewport: viewport,
        overscan: overscan, reference: reference, subject: subject, options: options
      ).run(script)
    }
    for seed in options.seeds {
      let script = ConformanceScript(
        seed: seed, length: options.steps, maximumCount: options.maximumCount,
        extended: options.extendedChecks, sections: subject.mutateSections != nil,
        snapshots: subject.diffable != nil, listFeatures: options.listFeatures,
        bulkMeasurements: options.bulkMeasurements)
      let violations = run(script)
      report.seedsRun += 1
      report.stepsRun += script.operations.count
      guard !violations.isEmpty else { continue }
      report.failingSeeds.append(seed)
      guard report.script == nil else { continue }
      report.script = script
      report.violations = violations
      if options.shrink {
        let kind = violations[0].kind
        let minimal = Shrinker.shrink(script.operations) { ops in
          run(ConformanceScript(operations: ops)).contains { $0.kind == kind }
        }
        report.minimalScript = ConformanceScript(operations: minimal)
        report.minimalViolations = run(ConformanceScript(operations: minimal))
      }
    }
    return report
  }

  /// Runs one script on a built-in configuration and returns every violation.
  ///
  /// ```swift
  /// let violations = Conformance.replay("reload(3); settle", on: configuration)
  /// ```
  ///
  /// - Complexity: O(steps × (n + window)).
  public static func run(
    _ script: ConformanceScript, on configuration: ListConfiguration,
    options: ConformanceOptions = ConformanceOptions()
  ) -> [Violation] {
    ScriptRunner(
      layout: configuration.layout.makeLayout(), axis: configuration.axis,
      wrapping: configuration.wrapping, count: configuration.count,
      viewport: configuration.viewport, overscan: configuration.overscan,
      reference: configuration.layout.reference, subject: configuration.subject, options: options
    ).run(script)
  }

  /// Runs one script on any layout and subject and returns every violation.
  ///
  /// ```swift
  /// let violations = Conformance.run(script, layout: MyLayout(), subject: .recording())
  /// ```
  ///
  /// - Complexity: O(steps × (n + window)).
  public static func run<Cell: ReusableCell>(
    _ script: ConformanceScript, layout: any ListLayout, axis: Axis = .vertical,
    wrapping: Wrapping = .bounded, count: Int = 100,
    viewport: Size = Size(width: 390, height: 844), overscan: Int = 2,
    reference: ReferenceGeometry? = nil, subject: ConformanceSubject<Cell>,
    options: ConformanceOptions = ConformanceOptions()
  ) -> [Violation] {
    ScriptRunner(
      layout: layout, axis: axis, wrapping: wrapping, count: count, viewport: viewport,
      overscan: overscan, reference: reference, subject: subject, options: options
    ).run(script)
  }

  /// Parses a script printed by a report and runs it on a built-in configuration.
  ///
  /// ```swift
  /// let violations = Conformance.replay("reload(0); insert(0,3)", on: configuration)
  /// #expect(violations.isEmpty)
  /// ```
  ///
  /// - Precondition: `text` is a valid script.
  /// - Complexity: O(steps × (n + window)).
  public static func replay(_ text: String, on configuration: ListConfiguration) -> [Violation] {
    guard let script = ConformanceScript(text) else {
      preconditionFailure("Conformance.replay: not a script: \(text)")
    }
    return run(script, on: configuration)
  }
}

extension ListConfiguration {
  /// The kit's own subject for this configuration: diffable or array-backed.
  var subject: ConformanceSubject<RecordingCell> {
    diffable ? .diffableRecording() : .recording()
  }
}
