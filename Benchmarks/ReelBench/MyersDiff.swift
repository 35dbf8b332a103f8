import Reel

/// The baseline diff: Myers' O((N + M)·D) algorithm in linear space (the middle-snake
/// recursion), as Android's DiffUtil runs it, followed by DiffUtil's move detection (an inserted
/// item equal to a deleted one becomes a move; here found with a hash table, which favours the
/// baseline over DiffUtil's quadratic scan).
struct MyersDiff {
  private let old: [Int]
  private let new: [Int]
  /// The forward and backward furthest-reaching x per diagonal, reused by every snake search.
  private var forward: [Int] = []
  private var backward: [Int] = []
  private(set) var deletions: [Int] = []
  private(set) var insertions: [Int] = []

  /// The update from `old` to `new` (distinct identifiers in each).
  static func update(from old: [Int], to new: [Int]) -> BatchUpdate {
    var diff = MyersDiff(old: old, new: new)
    let size = old.count + new.count + 2
    diff.forward = [Int](repeating: 0, count: 2 * size + 1)
    diff.backward = diff.forward
    diff.run(0, old.count, 0, new.count)
    return diff.withMoves()
  }

  private init(old: [Int], new: [Int]) {
    self.old = old
    self.new = new
  }

  /// Pairs deleted and inserted copies of one identifier into moves.
  private func withMoves() -> BatchUpdate {
    var deletedAt = [Int: Int](minimumCapacity: deletions.count)
    for index in deletions { deletedAt[old[index]] = index }
    var update = BatchUpdate()
    var moved = Set<Int>()
    for index in insertions {
      if let from = deletedAt[new[index]] {
        update.move(from: from, to: index)
        moved.insert(from)
      } else {
        update.insert(at: index)
      }
    }
    update.delete(at: deletions.lazy.filter { !moved.contains($0) })
    return update
  }

  /// Diffs `old[aLo..<aHi]` against `new[bLo..<bHi]`, appending edits in ascending order.
  private mutating func run(_ aLo: Int, _ aHi: Int, _ bLo: Int, _ bHi: Int) {
    var (aLo, aHi, bLo, bHi) = (aLo, aHi, bLo, bHi)
    while aLo < aHi && bLo < bHi && old[aLo] == new[bLo] {
      aLo += 1
      bLo += 1
    }
    while aLo < aHi && bLo < bHi && old[aHi - 1] == new[bHi - 1] {
      aHi -= 1
      bHi -= 1
    }
    if aLo == aHi {
      insertions.append(contentsOf: bLo..<bHi)
      return
    }
    if bLo == bHi {
      deletions.append(contentsOf: aLo..<aHi)
      return
    }
    let (x, y, u, v) = middleSnake(aLo, aHi, bLo, bHi)
    run(aLo, aLo + x, bLo, bLo + y)
    run(aLo + u, aHi, bLo + v, bHi)
  }

  /// The middle snake of the range, from (x, y) to (u, v), relative to (aLo, bLo).
  private mutating func middleSnake(_ aLo: Int, _ aHi: Int, _ bLo: Int, _ bHi: Int)
    -> (Int, Int, Int, Int)
  {
    let n = aHi - aLo
    let m = bHi - bLo
    let delta = n - m
    let odd = delta & 1 != 0
    let limit = (n + m + 1) / 2
    let offset = limit + 1
    forward[offset + 1] = 0
    backward[offset + 1] = 0
    for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])
          ? forward[offset + k + 1] : forward[offset + k - 1] + 1
        var y = x - k
        let (x0, y0) = (x, y)
        while x < n && y < m && old[aLo + x] == new[bLo + y] {
          x += 1
          y += 1
        }
        forward[offset + k] = x
        let opposite = delta - k
        if odd && opposite >= -(d - 1) && opposite <= d - 1
          && x + backward[offset + opposite] >= n
        {
          return (x0, y0, x, y)
        }
      }
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])
          ? backward[offset + k + 1] : backward[offset + k - 1] + 1
        var y = x - k
        let (x0, y0) = (x, y)
        while x < n && y < m && old[aHi - 1 - x] == new[bHi - 1 - y] {
          x += 1
          y += 1
        }
        backward[offset + k] = x
        let opposite = delta - k
        if !odd && opposite >= -d && opposite <= d && x + forward[offset + opposite] >= n {
          return (n - x, m - y, n - x0, m - y0)
        }
      }
    }
    preconditionFailure("MyersDiff: no middle snake for \(n) × \(m) items")
  }
}
