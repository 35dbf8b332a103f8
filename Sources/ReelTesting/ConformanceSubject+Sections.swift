import Reel

extension ConformanceSubject where Cell == RecordingCell {
  /// The kit's own sectioned subject: a ``SectionedArrayDataSource`` of ``RecordingCell``s
  /// tracked by a ``LifetimeTracker``, with headers and footers as asked and pinned headers.
  ///
  /// Scripts change it with section and item updates (``SectionedDataChange``); a reset splits
  /// the items into sections of 3, 0, 1, 7, 2, 12 and 5.
  ///
  /// ```swift
  /// let report = Conformance.check(
  ///   layout: VariableLayout(estimatedExtent: 30), subject: .sectionedRecording(footers: true))
  /// #expect(report.passed, "\(report)")
  /// ```
  ///
  /// - Complexity: O(s + n) per data source.
  public static func sectionedRecording(
    headers: Bool = true, footers: Bool = false, tracker: LifetimeTracker = LifetimeTracker()
  ) -> Self {
    var subject = ConformanceSubject(
      name: "SectionedArrayDataSource + RecordingCell"
        + (headers ? " with headers" : "") + (footers ? " with footers" : ""),
      register: { SectionedArrayDataSource.register(on: $0, tracker: tracker) },
      makeDataSource: { count in
        let source = SectionedArrayDataSource(itemCounts: [], headers: headers, footers: footers)
        source.apply(.reset(count: count))
        return source
      },
      standInReuseIdentifier: "item")
    subject.mutateSections = { source, change in
      (source as? SectionedArrayDataSource)?.apply(change)
    }
    subject.identityOfCell = { $0.identity }
    subject.kindOfCell = { cell in
      switch cell.reuseIdentifier {
      case "header": return .header
      case "footer": return .footer
      case "item": return .item
      default: return nil
      }
    }
    subject.tracker = tracker
    return subject
  }
}
