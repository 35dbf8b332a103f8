/// A cell a frontend draws: a widget, a view model or anything with identity.
///
/// Cells are classes because the list tracks them by identity: a cell is either displayed at
/// exactly one virtual index or waiting in its pool, never both. Reset per-item state in
/// ``prepareForReuse()``; the list calls it just before handing a pooled cell out again.
///
/// ```swift
/// final class Row: ReusableCell {
///   var title = ""
///   func prepareForReuse() { title = "" }
/// }
/// ```
public protocol ReusableCell: AnyObject {
  /// Resets per-item state before the cell is reused for another item.
  func prepareForReuse()
}

extension ReusableCell {
  /// Does nothing.
  public func prepareForReuse() {}
}
