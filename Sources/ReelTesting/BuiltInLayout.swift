import Reel

/// The built-in layouts in the configurations the project's own conformance tests cover.
///
/// ```swift
/// for kind in BuiltInLayout.allCases { _ = kind.makeLayout() }
/// ```
public enum BuiltInLayout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `UniformLayout(extent: 44, spacing: 2, insets: start 10, end 20)`.
  case uniform
  /// `UniformLayout(extent: 120, spacing: 8, lanes: 3, laneSpacing: 8)`: a grid.
  case grid
  /// `VariableLayout(estimatedExtent: 50, spacing: 4, insets: start 6, end 6)`, measured.
  case variable
  /// `PagingLayout(insets: 16, spacing: 8)`: the classic banner with peeking neighbours.
  case paging
  /// `PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200)`: several items per page.
  case pagingMultiple

  /// The layout's name.
  public var description: String { rawValue }

  /// A fresh layout of this kind.
  ///
  /// ```swift
  /// let layout = BuiltInLayout.grid.makeLayout()
  /// ```
  ///
  /// - Complexity: O(1).
  public func makeLayout() -> any ListLayout {
    switch self {
    case .uniform:
      return UniformLayout(extent: 44, spacing: 2, insets: ContentInsets(start: 10, end: 20))
    case .grid:
      return UniformLayout(extent: 120, spacing: 8, lanes: 3, laneSpacing: 8)
    case .variable:
      return VariableLayout(
        estimatedExtent: 50, spacing: 4, insets: ContentInsets(start: 6, end: 6))
    case .paging:
      return PagingLayout(insets: 16, spacing: 8)
    case .pagingMultiple:
      return PagingLayout(insets: 16, spacing: 8, maximumItemExtent: 200)
    }
  }

  /// The independent reference geometry for this layout, or `nil` when only the layout's own
  /// slots can serve as reference (grids and multi-item pages).
  ///
  /// ```swift
  /// let reference = BuiltInLayout.uniform.reference
  /// ```
  public var reference: ReferenceGeometry? {
    switch self {
    case .uniform: return .uniform(extent: 44, spacing: 2, start: 10, end: 20)
    case .variable: return .variable(estimatedExtent: 50, spacing: 4, start: 6, end: 6)
    case .paging: return .paging(insets: 16, spacing: 8)
    case .grid, .pagingMultiple: return nil
    }
  }
}
