/// A validated batch update, in the form layouts and the virtualizer use to move per-item state.
///
/// Follows UICollectionView's rules: deletions, reloads and move sources name *old* indices;
/// insertions and move destinations name *new* indices. Build one with ``BatchUpdate`` and
/// ``VirtualList/performBatchUpdates(_:)-(BatchUpdate)``, which validates it.
public struct IndexChanges: Sendable, Hashable {
  /// One item moved from an old index to a new one.
  public struct Move: Sendable, Hashable {
    /// The old index.
    public var from: Int
    /// The new index.
    public var to: Int
  }

  /// The count before the update.
  public let oldCount: Int
  /// The count after the update.
  public let newCount: Int
  /// Old indices that leave, move sources included, ascending.
  public let deleted: [Int]
  /// New indices that arrive, move destinations included, ascending.
  public let inserted: [Int]
  /// Moved items.
  public let moves: [Move]
  /// Old indices whose content changed but which stay, ascending.
  public let reloaded: [Int]
  /// Move destinations by source (old index → new index).
  private let destinations: [Int: Int]
  /// Move sources by destination (new index → old index).
  private let sources: [Int: Int]

  /// Validates and normalizes an update against the old count.
  ///
  /// - Throws: ``ReelError/invalidBatchUpdate(_:)`` when an index is out of range, named twice,
  ///   or both reloaded and deleted.
  /// - Complexity: O(d log d) for d deletions, insertions, moves and reloads in `update`; each
  ///   ``newIndex(forOld:)`` and ``oldIndex(forNew:)`` then costs O(log d).
  public init(oldCount: Int, update: BatchUpdate) throws(ReelError) {
    if let presorted = IndexChanges(presorted: update, oldCount: oldCount) {
      self = presorted
      return
    }
    var deleted = Set<Int>()
    var inserted = Set<Int>()
    for index in update.deletions {
      guard index >= 0 && index < oldCount else {
        throw .invalidBatchUpdate("deletion at \(index) is outside the old bounds 0..<\(oldCount)")
      }
      guard deleted.insert(index).inserted else {
        throw .invalidBatchUpdate("item \(index) is deleted twice")
      }
    }
    for move in update.moves {
      guard move.from >= 0 && move.from < oldCount else {
        throw .invalidBatchUpdate(
          "move source \(move.from) is outside the old bounds 0..<\(oldCount)")
      }
      guard deleted.insert(move.from).inserted else {
        throw .invalidBatchUpdate("item \(move.from) is moved or deleted twice")
      }
    }
    let newCount = oldCount - deleted.count + update.insertions.count + update.moves.count
    for index in update.insertions + update.moves.map(\.to) {
      guard index >= 0 && index < newCount else {
        throw .invalidBatchUpdate(
          "insertion or move destination \(index) is outside the new bounds 0..<\(newCount)")
      }
      guard inserted.insert(index).inserted else {
        throw .invalidBatchUpdate("new index \(index) is inserted or moved to twice")
      }
    }
    var reloaded = Set<Int>()
    for index in update.reloads {
      guard index >= 0 && index < oldCount else {
        throw .invalidBatchUpdate("reload at \(index) is outside the old bounds 0..<\(oldCount)")
      }
      guard !deleted.contains(index) else {
        throw .invalidBatchUpdate("item \(index) is both reloaded and deleted or moved")
      }
      reloaded.insert(index)
    }
    self.oldCount = oldCount
    self.newCount = newCount
    self.deleted = deleted.sorted()
    self.inserted = inserted.sorted()
    self.moves = update.moves.map { Move(from: $0.from, to: $0.to) }
    self.reloaded = reloaded.sorted()
    // Sources and destinations were checked distinct above.
    self.destinations = Dictionary(uniqueKeysWithValues: update.moves.map { ($0.from, $0.to) })
    self.sources = Dictionary(uniqueKeysWithValues: update.moves.map { ($0.to, $0.from) })
  }

  /// The common case without allocating: no moves, and every list of indices already
  /// ascending, distinct and in bounds, with no reloaded item deleted. The update's arrays are
  /// shared, not copied. `nil` for anything else, which the general validation then handles
  /// (and reports, with its messages).
  ///
  /// - Complexity: O(d) for d indices.
  private init?(presorted update: BatchUpdate, oldCount: Int) {
    guard update.moves.isEmpty else { return nil }
    let newCount = oldCount - update.deletions.count + update.insertions.count
    guard Self.isAscending(update.deletions, below: oldCount),
      Self.isAscending(update.insertions, below: newCount),
      Self.isAscending(update.reloads, below: oldCount),
      Self.areDisjoint(update.reloads, update.deletions)
    else { return nil }
    self.oldCount = oldCount
    self.newCount = newCount
    deleted = update.deletions
    inserted = update.insertions
    moves = []
    reloaded = update.reloads
    destinations = [:]
    sources = [:]
  }

  /// Whether `values` is strictly ascending within `0..<bound`.
  private static func isAscending(_ values: [Int], below bound: Int) -> Bool {
    guard let first = values.first, let last = values.last else { return true }
    guard first >= 0 && last < bound else { return false }
    var previous = first
    for value in values.dropFirst() {
      guard value > previous else { return false }
      previous = value
    }
    return true
  }

  /// Whether two ascending arrays share no element, by one merge walk.
  private static func areDisjoint(_ a: [Int], _ b: [Int]) -> Bool {
    var (i, j) = (0, 0)
    while i < a.count && j < b.count {
      if a[i] == b[j] { return false }
      if a[i] < b[j] { i += 1 } else { j += 1 }
    }
    return true
  }

  /// Whether the update changes nothing.
  public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && reloaded.isEmpty }

  /// The new index of an old one, or `nil` when it was deleted.
  ///
  /// - Complexity: O(log d) for d changes.
  public func newIndex(forOld index: Int) -> Int? {
    if !destinations.isEmpty, let to = destinations[index] { return to }
    if Self.contains(deleted, index) { return nil }
    return Self.skipping(inserted, index - Self.lowerBound(deleted, index))
  }

  /// The new index of an old item that keeps its cell: `nil` when it was deleted or reloaded.
  ///
  /// - Complexity: O(log d) for d changes.
  @usableFromInline
  func survivingIndex(forOld index: Int) -> Int? {
    wasReloaded(index) ? nil : newIndex(forOld: index)
  }

  /// Whether the old item at `index` was reloaded.
  ///
  /// - Complexity: O(log r) for r reloads.
  @usableFromInline
  func wasReloaded(_ index: Int) -> Bool {
    !reloaded.isEmpty && Self.contains(reloaded, index)
  }

  /// The new index of an old item that the update leaves in place — neither deleted, reloaded
  /// nor moved (it may still shift with insertions and deletions before it): the items scroll
  /// anchoring may keep still.
  ///
  /// - Complexity: O(log d) for d changes.
  @usableFromInline
  func stayingIndex(forOld index: Int) -> Int? {
    if !destinations.isEmpty && destinations[index] != nil { return nil }
    return survivingIndex(forOld: index)
  }

  /// Where a walk over ascending old indices stands in the sorted changes (see
  /// ``IndexChanges/survivingIndex(forOld:advancing:)``).
  @usableFromInline
  struct Walk {
    /// The last old index asked for.
    @usableFromInline var last = Int.min
    /// The deleted, reloaded and inserted indices the walk passed.
    @usableFromInline var deleted = 0
    @usableFromInline var reloaded = 0
    @usableFromInline var inserted = 0

    @inlinable init() {}
  }

  /// ``survivingIndex(forOld:)`` for old indices asked in ascending order: each call moves the
  /// walk forward through the sorted changes instead of searching them, so a window of w cells
  /// costs O(w + d) for d changes rather than O(w log d). The same answers in any order: an index
  /// below the last one asked, or an update with moves, is searched as before.
  ///
  /// - Complexity: amortized O(1) per ascending index.
  @inlinable
  func survivingIndex(forOld index: Int, advancing walk: inout Walk) -> Int? {
    guard index >= walk.last, moves.isEmpty else { return survivingIndex(forOld: index) }
    walk.last = index
    while walk.reloaded < reloaded.count && reloaded[walk.reloaded] < index {
      walk.reloaded &+= 1
    }
    if walk.reloaded < reloaded.count && reloaded[walk.reloaded] == index { return nil }
    while walk.deleted < deleted.count && deleted[walk.deleted] < index { walk.deleted &+= 1 }
    if walk.deleted < deleted.count && deleted[walk.deleted] == index { return nil }
    // As in `skipping`: the insertions `inserted[j]` with `inserted[j] − j ≤ rank` lie at or
    // before the answer, and `rank` never decreases along ascending old indices.
    let rank = index &- walk.deleted
    while walk.inserted < inserted.count && inserted[walk.inserted] &- walk.inserted <= rank {
      walk.inserted &+= 1
    }
    return rank &+ walk.inserted
  }

  /// The old index of a new one, or `nil` when it was inserted.
  ///
  /// - Complexity: O(log d) for d changes.
  public func oldIndex(forNew index: Int) -> Int? {
    if !sources.isEmpty, let from = sources[index] { return from }
    if Self.contains(inserted, index) { return nil }
    return Self.skipping(deleted, index - Self.lowerBound(inserted, index))
  }

  /// Carries per-item values through the update; inserted items get `fill`.
  ///
  /// - Precondition: `values.count == oldCount`.
  /// - Complexity: O(n).
  public func remap<Value>(_ values: [Value], inserted fill: Value) -> [Value] {
    precondition(
      values.count == oldCount,
      "IndexChanges.remap: expected \(oldCount) values, got \(values.count)")
    var result = [Value]()
    result.reserveCapacity(newCount)
    var nextInsert = 0
    var old = 0
    var nextDelete = 0
    for index in 0..<newCount {
      if nextInsert < inserted.count && inserted[nextInsert] == index {
        nextInsert += 1
        result.append(sources[index].map { values[$0] } ?? fill)
        continue
      }
      while nextDelete < deleted.count && deleted[nextDelete] == old {
        nextDelete += 1
        old += 1
      }
      result.append(values[old])
      old += 1
    }
    return result
  }

  /// The number of elements of an ascending array below `value`.
  private static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
    var (lo, hi) = (0, sorted.count)
    while lo < hi {
      let mid = (lo + hi) / 2
      if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
    let i = lowerBound(sorted, value)
    return i < sorted.count && sorted[i] == value
  }

  /// The `rank`-th (from 0) position that is not in `taken`, an ascending array of distinct
  /// positions.
  ///
  /// Exactly the positions `taken[j]` with `taken[j] − j ≤ rank` lie at or before the answer,
  /// and `taken[j] − j` never decreases, so one binary search counts them.
  private static func skipping(_ taken: [Int], _ rank: Int) -> Int {
    var (lo, hi) = (0, taken.count)
    while lo < hi {
      let mid = (lo + hi) / 2
      if taken[mid] - mid <= rank { lo = mid + 1 } else { hi = mid }
    }
    return rank + lo
  }
}

/// Changes to a list's items, applied together by ``VirtualList/performBatchUpdates(_:)-(BatchUpdate)``.
///
/// ```swift
/// var update = BatchUpdate()
/// update.delete(at: 4)
/// update.insert(at: 0)
/// update.move(from: 7, to: 2)
/// update.reload(at: 3)
/// try list.performBatchUpdates(update)
/// ```
///
/// Deletions, reloads and move sources are old indices; insertions and move destinations are
/// new indices, as in UICollectionView.
public struct BatchUpdate: Sendable, Hashable {
  /// Old indices to delete.
  public var deletions: [Int] = []
  /// New indices to insert.
  public var insertions: [Int] = []
  /// Items to move, from an old index to a new index.
  public var moves: [IndexChanges.Move] = []
  /// Old indices whose content changed.
  public var reloads: [Int] = []

  /// An empty update.
  public init() {}

  /// Deletes the item at an old index.
  public mutating func delete(at index: Int) { deletions.append(index) }
  /// Deletes the items at old indices.
  public mutating func delete(at indices: some Sequence<Int>) {
    deletions.append(contentsOf: indices)
  }
  /// Inserts an item at a new index.
  public mutating func insert(at index: Int) { insertions.append(index) }
  /// Inserts items at new indices.
  public mutating func insert(at indices: some Sequence<Int>) {
    insertions.append(contentsOf: indices)
  }
  /// Moves an item from an old index to a new index.
  public mutating func move(from old: Int, to new: Int) {
    moves.append(IndexChanges.Move(from: old, to: new))
  }
  /// Marks the content of the item at an old index as changed.
  public mutating func reload(at index: Int) { reloads.append(index) }

  /// The most indices an array of a list's spare update keeps room for (see
  /// ``removeAll(keepingCapacityUpTo:)``).
  @usableFromInline static var keptCapacity: Int { 256 }

  /// Empties the update; an array keeps its storage while its capacity is at most `limit`
  /// (so that one large update does not hold its memory for good).
  ///
  /// - Complexity: O(1), or O(d) to free the storage of d indices.
  @usableFromInline
  mutating func removeAll(keepingCapacityUpTo limit: Int) {
    Self.empty(&deletions, keepingCapacityUpTo: limit)
    Self.empty(&insertions, keepingCapacityUpTo: limit)
    Self.empty(&moves, keepingCapacityUpTo: limit)
    Self.empty(&reloads, keepingCapacityUpTo: limit)
  }

  /// Empties an array of plain values, keeping its storage while its capacity is at most
  /// `limit`; an empty array is left as it is.
  @inlinable
  static func empty<Element>(_ values: inout [Element], keepingCapacityUpTo limit: Int) {
    guard !values.isEmpty else { return }
    if values.capacity <= limit {
      values.removeLast(values.count)
    } else {
      values = []
    }
  }
}
