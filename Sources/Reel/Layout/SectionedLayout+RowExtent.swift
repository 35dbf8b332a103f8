extension SectionedLayout {
  /// How a kind of row (items, headers or footers) gets its main-axis extent.
  ///
  /// ```swift
  /// let header = SectionedLayout.RowExtent.fixed(28)      // never measured
  /// let item = SectionedLayout.RowExtent.estimated(44)    // 44 until measured
  /// ```
  public enum RowExtent: Sendable, Hashable {
    /// Every row of the kind has this extent; measurements of the kind are ignored.
    case fixed(Double)
    /// Rows of the kind have this extent until ``SectionedLayout/setExtent(_:forItemAt:)``
    /// measures them.
    case estimated(Double)

    /// The extent rows of the kind have before any measurement.
    @inlinable public var value: Double {
      switch self {
      case .fixed(let value), .estimated(let value): return value
      }
    }

    /// Whether measurements change the extent of rows of the kind.
    @inlinable public var isMeasured: Bool {
      if case .estimated = self { return true }
      return false
    }
  }
}
