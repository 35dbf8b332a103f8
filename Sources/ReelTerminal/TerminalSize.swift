/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size.
  ///
  /// - Complexity: O(1).
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
