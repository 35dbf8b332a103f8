/// The buffers of a diff, kept between diffs: a data source that diffs every update reuses
/// them, so a diff of n items writes into memory it already owns instead of allocating (and
/// faulting in) a handful of n-element arrays each time.
///
/// Integers only. A workspace is a value: take it out of its owner before use (so its arrays
/// are uniquely referenced and reused in place) and put it back after.
@usableFromInline
struct DiffWorkspace {
  /// Storage for ``IdentifierMatching/newIndexOfOld``.
  @usableFromInline var newIndexOfOld: [Int] = []
  /// Storage for ``IdentifierMatching/oldIndexOfNew``.
  @usableFromInline var oldIndexOfNew: [Int] = []
  /// Which old items keep their place (``LongestIncreasingRun``).
  @usableFromInline var kept: [Bool] = []
  /// The longest increasing run's tails.
  @usableFromInline var tails: [Int] = []
  /// The longest increasing run's back links.
  @usableFromInline var previous: [Int] = []

  @inlinable init() {}

  /// Takes back a matching's arrays once the diff no longer needs them.
  @inlinable
  mutating func recycle(_ matching: consuming IdentifierMatching) {
    newIndexOfOld = matching.newIndexOfOld
    oldIndexOfNew = matching.oldIndexOfNew
  }

  /// `buffer` holding `count` copies of `value`, in its own storage when that is large enough.
  @inlinable
  static func fill<T>(_ buffer: inout [T], with value: T, count: Int) {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: repeatElement(value, count: count))
  }
}
