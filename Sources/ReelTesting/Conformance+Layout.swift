import Reel

extension Conformance {
  /// Checks a layout alone against the `ListLayout` contract, for random counts, viewports,
  /// axes and wrapping modes: slots finite, advancing and not overlapping,
  /// `indices(intersecting:)` equal to brute force, cyclic slots periodic, the content extent
  /// covering the last slot. Collects every violation.
  ///
  /// ```swift
  /// let report = Conformance.checkLayout(MyLayout())
  /// #expect(report.passed, "\(report)")
  /// ```
  ///
  /// - Complexity: O(seeds × (n + 64 intervals × candidates)), n ≤ 300 per context.
  public static func checkLayout(
    _ layout: any ListLayout, options: ConformanceOptions = ConformanceOptions()
  ) -> ConformanceReport {
    var report = ConformanceReport(subject: "layout \(type(of: layout))")
    for seed in options.seeds {
      var rng = SplitMix64(seed: seed)
      let count = ConformanceScript.randomCount(&rng, 300)
      let viewport = Size(
        width: Double(rng.int(in: 0...1_000)), height: Double(rng.int(in: 0...1_000)))
      let axis: Axis = rng.int(in: 0...1) == 0 ? .vertical : .horizontal
      let wrapping: Wrapping = rng.int(in: 0...1) == 0 ? .bounded : .cyclic
      let context = LayoutContext(
        count: count, viewportSize: viewport, axis: axis, wrapping: wrapping)
      var prepared = layout
      prepared.prepare(for: context)
      var problems: [String] = []
      checkSlots(prepared, context, &problems)
      checkIndices(prepared, context, &rng, &problems)
      report.seedsRun += 1
      guard !problems.isEmpty else { continue }
      report.failingSeeds.append(seed)
      if report.violations.isEmpty {
        report.violations = problems.map {
          Violation(step: 0, operation: nil, kind: .layout, message: "\(context): \($0)")
        }
      }
    }
    return report
  }

  static func checkSlots(
    _ layout: any ListLayout, _ context: LayoutContext, _ problems: inout [String]
  ) {
    let n = context.count
    guard n > 0 else { return }
    let cyclic = context.wrapping == .cyclic
    let period = layout.period
    if cyclic && (period.items < 1 || !period.extent.isFinite || period.extent < 0) {
      problems.append("cyclic period \(period) must have ≥ 1 item and a finite extent ≥ 0")
      return
    }
    let range = cyclic ? -period.items..<(2 * period.items) : 0..<n
    var previous: Slot?
    var recent: [Slot] = []
    for v in range {
      let s = layout.slot(at: v)
      guard s.offset.isFinite, s.extent.isFinite, s.extent >= 0, s.crossOffset.isFinite,
        s.crossExtent.isFinite
      else {
        problems.append("slot(at: \(v)) is \(s): values must be finite, extents ≥ 0")
        return
      }
      if let p = previous, s.offset < p.offset - 1e-9 {
        problems.append("slot(at: \(v)) starts at \(s.offset), before slot \(v - 1) at \(p.offset)")
        return
      }
      for (k, r) in recent.enumerated() where r.extent > 0 && s.extent > 0 {
        let mainOverlap = min(r.end, s.end) - max(r.offset, s.offset)
        let crossOverlap =
          min(r.crossOffset + r.crossExtent, s.crossOffset + s.crossExtent)
          - max(r.crossOffset, s.crossOffset)
        if mainOverlap > 1e-9 && crossOverlap > 1e-9 {
          problems.append(
            "slots \(v - recent.count + k) \(r) and \(v) \(s) overlap by \(mainOverlap)")
          return
        }
      }
      recent.append(s)
      if recent.count > 8 { recent.removeFirst() }
      previous = s
      if cyclic {
        let next = layout.slot(at: v + period.items)
        let shift = next.offset - s.offset
        if abs(shift - period.extent) > 1e-6 * max(1, abs(s.offset))
          || abs(next.extent - s.extent) > 1e-9 || abs(next.crossOffset - s.crossOffset) > 1e-9
        {
          problems.append(
            "slot(at: \(v + period.items)) is \(next), not slot(at: \(v)) \(s) shifted by the "
              + "period \(period.extent)")
          return
        }
      }
    }
    if !cyclic {
      let last = layout.slot(at: n - 1)
      if layout.contentExtent < last.end - 1e-9 {
        problems.append("contentExtent \(layout.contentExtent) ends before the last slot \(last)")
      }
    }
  }

  static func checkIndices(
    _ layout: any ListLayout, _ context: LayoutContext, _ rng: inout SplitMix64,
    _ problems: inout [String]
  ) {
    let n = context.count
    let cyclic = context.wrapping == .cyclic
    let items = cyclic ? max(layout.period.items, 1) : n
    let candidates = cyclic ? -2 * items..<(3 * items) : 0..<n
    let span = cyclic ? max(1, layout.period.extent) : max(1, layout.contentExtent)
    for _ in 0..<64 where problems.count < 8 {
      let lo = rng.double(in: -span..<(cyclic ? span : span * 1.1))
      let hi = lo + rng.double(in: 0..<(span / 2))
      let got = layout.indices(intersecting: lo..<hi)
      if n > 0 && !cyclic && (got.lowerBound < 0 || got.upperBound > n) {
        problems.append("indices(intersecting: \(lo)..<\(hi)) = \(got), outside 0..<\(n)")
        continue
      }
      guard n > 0 else {
        if !got.isEmpty { problems.append("indices(intersecting:) = \(got) with no items") }
        continue
      }
      let expected = candidates.filter { v in
        let s = layout.slot(at: v)
        return s.extent > 0 && s.offset < hi && s.end > lo
      }
      let missing = expected.filter { !got.contains($0) }
      let extra = got.filter { v in
        let s = layout.slot(at: v)
        return s.extent > 0 && !(s.offset < hi && s.end > lo)
      }
      if !missing.isEmpty || !extra.isEmpty {
        problems.append(
          "indices(intersecting: \(lo)..<\(hi)) = \(got), but brute force gives "
            + "\(expected.first.map(String.init) ?? "none")…\(expected.last.map(String.init) ?? "")"
            + " (missing \(missing.prefix(5)), extra \(extra.prefix(5)))")
      }
    }
  }
}
