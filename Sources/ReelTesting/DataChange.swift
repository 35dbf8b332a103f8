/// A change the conformance check asks a data source's model to make, before it tells the list
/// (with `reloadData()` or `performBatchUpdates(_:)`).
///
/// Indices are already valid for the current count when the subject receives them.
///
/// ```swift
/// subject.mutate = { source, change in
///   if case .insert(let at, let count) = change { model.insert(count, at: at) }
/// }
/// ```
public enum DataChange: Sendable, Hashable {
  /// Replace every item with `count` new ones (new identities).
  case reset(count: Int)
  /// Insert `count` new items at `at`.
  case insert(at: Int, count: Int)
  /// Delete `count` items starting at `at`.
  case delete(at: Int, count: Int)
  /// Move one item; `to` is its index after the move.
  case move(from: Int, to: Int)
  /// The item at `at` changed content but keeps its identity.
  case update(at: Int)
}
