/// The selection as ``Placements`` reads it: which items each ``Placement`` reports selected and
/// highlighted. Empty (``isActive`` false) when nothing is selected or highlighted, so that the
/// common path costs one test of a flag per placement.
@usableFromInline
struct PlacementSelection {
  /// Whether anything is selected or highlighted.
  @usableFromInline let isActive: Bool
  /// The selected data indices; `nil` when none.
  @usableFromInline let selected: Set<Int>?
  /// The highlighted data index, if any.
  @usableFromInline let highlighted: Int?

  /// No selection and no highlight.
  @inlinable
  init() {
    isActive = false
    selected = nil
    highlighted = nil
  }

  /// The marks of a selection model.
  init(_ model: SelectionModel) {
    selected = model.selected.isEmpty ? nil : model.selected
    highlighted = model.highlighted
    isActive = selected != nil || highlighted != nil
  }

  /// Whether a data index is selected.
  ///
  /// - Complexity: O(1).
  @inlinable
  func selects(_ index: Int) -> Bool { selected?.contains(index) ?? false }
}
