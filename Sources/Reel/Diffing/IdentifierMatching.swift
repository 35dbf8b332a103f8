/// Which old position and which new position hold each identifier of two sequences: the
/// hashing half of Heckel's algorithm.
///
/// One hash table keyed by identifier records the old and the new position of each; the second
/// position recorded for one identifier in the same sequence is a duplicate.
@usableFromInline
struct IdentifierMatching {
  /// The new position of each old one, or -1 when the old identifier is not in the new sequence.
  @usableFromInline var newIndexOfOld: [Int]
  /// The old position of each new one, or -1 when the new identifier is not in the old sequence.
  @usableFromInline var oldIndexOfNew: [Int]

  /// Where one identifier was seen, -1 for "not in that sequence".
  @usableFromInline
  struct Sighting {
    @usableFromInline var old: Int
    @usableFromInline var new: Int

    @inlinable
    init() {
      old = -1
      new = -1
    }
  }

  /// Matches the identifiers of `old` and `new`.
  ///
  /// - Throws: ``ReelError/duplicateIdentifier(_:first:second:)`` for the first identifier that
  ///   occurs twice in `old`, else in `new`, with its two positions in that sequence.
  /// - Complexity: O(n + m) expected, with one hash and one comparison per identifier.
  @inlinable
  init<ID: Hashable>(
    old: some RandomAccessCollection<ID>, new: some RandomAccessCollection<ID>
  ) throws(ReelError) {
    var table = [ID: Sighting](minimumCapacity: old.count + new.count)
    var oldIndex = 0
    for id in old {
      let previous = Self.record(old: oldIndex, in: &table[id, default: Sighting()])
      guard previous < 0 else {
        throw .duplicateIdentifier(String(describing: id), first: previous, second: oldIndex)
      }
      oldIndex &+= 1
    }
    var newIndexOfOld = [Int](repeating: -1, count: old.count)
    var oldIndexOfNew = [Int](repeating: -1, count: new.count)
    var newIndex = 0
    var duplicate: (id: ID, first: Int)?
    for id in new {
      let seen = Self.record(new: newIndex, in: &table[id, default: Sighting()])
      if seen.new >= 0 {
        duplicate = (id, seen.new)
        break
      }
      if seen.old >= 0 {
        oldIndexOfNew[newIndex] = seen.old
        newIndexOfOld[seen.old] = newIndex
      }
      newIndex &+= 1
    }
    if let duplicate {
      throw .duplicateIdentifier(
        String(describing: duplicate.id), first: duplicate.first, second: newIndex)
    }
    self.newIndexOfOld = newIndexOfOld
    self.oldIndexOfNew = oldIndexOfNew
  }

  /// Records an old position in one table lookup, returning the old position recorded before.
  @inlinable @inline(__always)
  static func record(old index: Int, in sighting: inout Sighting) -> Int {
    let before = sighting.old
    if before < 0 { sighting.old = index }
    return before
  }

  /// Records a new position in one table lookup, returning the sighting as it was.
  @inlinable @inline(__always)
  static func record(new index: Int, in sighting: inout Sighting) -> Sighting {
    let before = sighting
    if before.new < 0 { sighting.new = index }
    return before
  }
}
