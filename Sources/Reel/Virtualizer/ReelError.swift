/// Errors a caller can handle. Programming errors that cannot be recovered from stop the
/// program with a precondition message instead (see the "Misuse" article).
public enum ReelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A batch update names an index outside the bounds, or names one twice.
  case invalidBatchUpdate(String)
  /// After a batch update the data source reports a count that does not match it.
  ///
  /// The list reloads its data before throwing this, so it stays consistent.
  case inconsistentItemCount(expected: Int, reported: Int)
  /// After a sectioned batch update the data source's sections do not match it (a section's item
  /// count, the number of sections, or headers and footers turned on or off).
  ///
  /// The list reloads its data before throwing this, so it stays consistent.
  case inconsistentSectionCounts(String)
  /// An identifier occurs twice in a sequence that must hold unique identifiers: its
  /// description, and the positions of its first and second occurrences.
  case duplicateIdentifier(String, first: Int, second: Int)

  /// A sentence that names the broken contract.
  public var description: String {
    switch self {
    case .invalidBatchUpdate(let reason):
      return "invalid batch update: \(reason)"
    case .inconsistentItemCount(let expected, let reported):
      return
        "invalid batch update: the data source reports \(reported) items, but the old count and "
        + "the update give \(expected); the list reloaded its data instead"
    case .inconsistentSectionCounts(let reason):
      return "invalid batch update: \(reason); the list reloaded its data instead"
    case .duplicateIdentifier(let identifier, let first, let second):
      return
        "duplicate identifier \(identifier) at positions \(first) and \(second): the identifiers "
        + "of a list must be unique"
    }
  }
}
